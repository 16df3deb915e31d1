"""The hand-set Duchess weights with heavier mating terms, matched against a random team."""

import gamecore
from gamecore.weights import Weights, resolve_weights
from games.duchess import features as F

game = gamecore.get_game("duchess")
base = resolve_weights(game, "default").theta.copy()


def save(name, theta):
    Weights.for_game(game, theta).save(name)


mated = base.copy()
mated[F.mate_index(F.T_MATED, 0)], mated[F.mate_index(F.T_MATED, 1)] = -300, 300
save("hand-mated300.npz", mated)
trapped = mated.copy()
trapped[F.mate_index(F.T_TRAPPED, 0)], trapped[F.mate_index(F.T_TRAPPED, 1)] = -100, 100
save("hand-mated300-trapped100.npz", trapped)
pressure = mated.copy()
pressure[F.mate_index(F.T_PRESSURE, 0)], pressure[F.mate_index(F.T_PRESSURE, 1)] = 30, -30
save("hand-mated300-press30.npz", pressure)
