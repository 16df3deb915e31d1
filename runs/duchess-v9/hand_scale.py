"""Material, mating terms and piece-square spread of weights files on the hand-set scale:
each file's weights times the least-squares ratio of the hand-set material to its own.

    python runs/duchess-v9/hand_scale.py [-o players=N] FILE...
"""
import sys

import numpy as np

from gamecore.registry import get_game
from gamecore.weights import Weights
from games.duchess import features as F

args = sys.argv[1:]
options = {}
if args[:1] == ["-o"]:
    key, _, value = args[1].partition("=")
    options[key] = value
    args = args[2:]
game = get_game("duchess", **options)
hand = Weights.default(game).theta
material = slice(F.MATERIAL, F.MATE)
for path in args:
    theta = Weights.load(path, game).theta
    k = float(hand[material] @ theta[material] / (theta[material] @ theta[material]))
    print(path, f"ratio {k:.3f}")
    print("  material", dict(zip(F.MATERIAL_LETTERS, np.round(theta[material] * k).astype(int).tolist())))
    print("  mating (own, other per term)", np.round(theta[F.MATE : F.PSQ] * k).astype(int).tolist())
    print("  piece squares rms", round(float(np.sqrt(np.mean(theta[F.PSQ :] ** 2)) * k), 1))
