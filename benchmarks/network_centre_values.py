"""Seed 001's Table 5.1 from a chess network's weights: the learned centre values per piece.

Usage: python benchmarks/network_centre_values.py WEIGHTS.npz [WEIGHTS.npz ...]

A neighbourhood's centre input is the base weight of (centre piece, centre
slot, itself, not adjacent): the network's own worth of a piece, a
probability in [0, 1] like the paper's "material evaluation terms". Printed
as a Markdown table for the mover's pieces and the opponent's, next to the
paper's values after about 2,500 games (2-tuple agent, GD).
"""

from __future__ import annotations

import sys

import gamecore
from gamecore.weights import Weights

PIECES = ("King", "Queen", "Rook", "Bishop", "Knight", "Pawn")
CODES = {"Pawn": 1, "Knight": 2, "Bishop": 3, "Rook": 4, "Queen": 5, "King": 6}
"""Own piece codes of chess ``cell_codes``; the opponent's are 6 higher."""
PAPER = {
    "mover": (0.51354, 0.7158, 0.63394, 0.60757, 0.61083, 0.54027),
    "opponent": (0.51354, 0.29919, 0.38528, 0.41552, 0.41471, 0.47008),
}


def centre_values(path: str) -> dict[str, list[float]]:
    game = gamecore.get_game("chess")
    weights = Weights.load(path, game)
    shape = weights.evaluation(game).shape
    if shape is None:
        raise SystemExit(f"{path}: linear weights, not a network")
    relations = shape.relations
    rows: dict[str, list[float]] = {"mover": [], "opponent": []}
    for side, offset in (("mover", 0), ("opponent", relations.kinds)):
        for piece in PIECES:
            code = CODES[piece] + offset
            rows[side].append(float(weights.theta[relations.base_index(code, 0, code, False)]))
    return rows


def main(paths: list[str]) -> None:
    print("| weights | side | " + " | ".join(PIECES) + " |")
    print("| --- | --- |" + " --- |" * len(PIECES))
    for side, values in PAPER.items():
        print(
            f"| Levinson & Weber, Table 5.1 | {side} | "
            + " | ".join(f"{v:.3f}" for v in values)
            + " |"
        )
    for path in paths:
        for side, values in centre_values(path).items():
            print(f"| {path} | {side} | " + " | ".join(f"{v:.3f}" for v in values) + " |")


if __name__ == "__main__":
    main(sys.argv[1:])
