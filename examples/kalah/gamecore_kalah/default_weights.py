"""Hand-set Kalah weights: the shipped ``gamecore_kalah/weights/default.npz``.

The store difference and nothing else: +100 a seed in the mover's store, -100
a seed in the opponent's, 0 for seeds in houses. It is what the game is scored
by at its end, and a baseline a learner of the house weights should beat.
Rebuild with ``python -m gamecore_kalah.default_weights``; a test checks the
shipped file equals :func:`build_theta`.
"""

from __future__ import annotations

import numpy as np

from gamecore.weights import write_hand_set

from .kernel import FEATURES, OPP_STORE, OWN_STORE

DESCRIPTION = "Hand-set Kalah store difference: +100 a seed in the own store, -100 in the other."


def build_theta() -> np.ndarray:
    theta = np.zeros(FEATURES)
    theta[OWN_STORE] = 100.0
    theta[OPP_STORE] = -100.0
    return theta


def main(argv: list[str] | None = None) -> None:
    write_hand_set("kalah", build_theta(), DESCRIPTION, argv)


if __name__ == "__main__":
    main()
