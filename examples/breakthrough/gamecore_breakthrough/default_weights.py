"""Hand-set Breakthrough weights: the shipped ``weights/default.npz``.

A piece is worth 100, and more the further it stands (the race is the game):
+0, +5, +10, +20, +35, +60, +100 on rows 1 to 7 seen from its owner. The
opponent's pieces get the same values negated, in the mover's frame.
Rebuild with ``python -m gamecore_breakthrough.default_weights``.
"""

from __future__ import annotations

import numpy as np

from gamecore.weights import write_hand_set

from .kernel import CELLS, SIZE

ADVANCE = (0, 5, 10, 20, 35, 60, 100, 0)
"""Bonus of a piece by its row counted from its owner's home row (row 8 ends the game)."""

DESCRIPTION = "Hand-set Breakthrough piece squares: 100 a piece plus 0-100 for how far it stands."


def build_theta() -> np.ndarray:
    own = np.array([100.0 + ADVANCE[cell // SIZE] for cell in range(CELLS)])
    # An opponent's piece on mover-frame cell c stands 7 - row(c) rows from its own home.
    opp = np.array([-(100.0 + ADVANCE[SIZE - 1 - cell // SIZE]) for cell in range(CELLS)])
    return np.concatenate([own, opp])


def main(argv: list[str] | None = None) -> None:
    write_hand_set("breakthrough", build_theta(), DESCRIPTION, argv)


if __name__ == "__main__":
    main()
