"""Hand-set duchess-rs weights: the shipped ``games/duchess/weights/default.npz``.

θ is in hundredths of a pawn for the team to move. Material follows the
thesis' starting values (pawn 5, bishop and knight 10, rook and wizard 15,
duchess 20, fortress and queen 25) scaled so that a pawn is 100. The mating
terms are small and symmetric (the other team's feature gets the negated
weight): free King steps help, attacked King steps and checks hurt the team
that suffers them, pressure on the enemy Kings' zones helps the attacker (a
team wins only by mating all the enemy Kings at once, so it must go after
them), and pieces standing next to their team's Wizards can teleport. The
piece-square weights start at zero, for the learners to fill in.

Regenerate the shipped file with ``python -m games.duchess.default_weights``;
a test checks that it is byte-identical to what this module writes.
"""

from __future__ import annotations

import numpy as np

from gamecore.weights import write_hand_set
from games.duchess import features as F

MATERIAL = {"Q": 500, "R": 300, "B": 200, "N": 200, "P": 100, "W": 300, "D": 400, "F": 500}
"""Per piece type, own team minus other team (the thesis' values x 20)."""

MATING = {
    F.T_MOBILITY: 5,
    F.T_ZONE_ATTACKED: -10,
    F.T_IN_CHECK: -50,
    F.T_PRESSURE: 8,
    F.T_WIZARD: 3,
}
"""Weight of the mover's team's mating term; the other team's is the negation."""

DESCRIPTION = (
    "Hand-set duchess-rs weights in hundredths of a pawn: material P100 B200 N200 R300 W300 "
    "D400 F500 Q500 (the thesis' values), small King-safety and mating terms, zero piece squares."
)


def build_theta() -> np.ndarray:
    """θ for duchess-rs, built from the tables above."""
    theta = np.zeros(F.COUNT)
    for i, letter in enumerate(F.MATERIAL_LETTERS):
        theta[F.MATERIAL + i] = MATERIAL[letter]
    for term, w in MATING.items():
        theta[F.mate_index(term, 0)] = w
        theta[F.mate_index(term, 1)] = -w
    return theta


def main(argv: list[str] | None = None) -> None:
    write_hand_set("duchess", build_theta(), DESCRIPTION, argv)


if __name__ == "__main__":
    main()
