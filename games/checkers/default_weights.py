"""Hand-set checkers-chinook weights: the shipped ``games/checkers/weights/default.npz``.

θ is in hundredths of a man (a man is 100) for the side to move's own
features; the opponent's features get the same weights negated (its
piece-square tables also turned round, i -> 31 - i, since all squares are
seen from the mover's side), so a position and its colour-flipped twin agree.

Per phase (opening, middlegame, early endgame, endgame): a king is worth 130
early and 150 late (when kings decide); the back-row guard, bridge and
triangle matter while the opponent has men to crown (less so in the
endgame); advancement (tempo) is mildly bad early and good late; mobility,
centre, runaways, exposed, frozen and trapped pieces carry the usual signs.

Regenerate the shipped file with ``python -m games.checkers.default_weights``;
a test checks it equals what :func:`build_theta` makes.
"""

from __future__ import annotations

import numpy as np

from gamecore.weights import write_hand_set
from games.checkers import features as F

PER_PHASE = {
    F.T_MEN: (100, 100, 100, 100),
    F.T_KINGS: (130, 135, 145, 150),
    F.T_MOBILITY: (2, 2, 3, 4),
    F.T_BACKROW: (6, 5, 3, 0),
    F.T_BRIDGE: (10, 8, 4, 0),
    F.T_TRIANGLE: (8, 6, 2, 0),
    F.T_CENTRE: (4, 4, 3, 2),
    F.T_TEMPO: (-1, 0, 1, 2),
    F.T_BALANCE: (-3, -3, -2, 0),
    F.T_LOOSE: (-2, -3, -3, -2),
    F.T_FROZEN: (0, -1, -2, -4),
    F.T_TRAPPED: (-10, -15, -20, -25),
    F.T_DOGHOLE: (-10, -10, -5, 0),
    F.T_RUNAWAY: (10, 20, 30, 40),
    F.T_EXPOSED: (-5, -8, -10, -12),
}
"""Weights of the mover's own term by phase; the opponent's are the negation."""

DESCRIPTION = (
    "Hand-set checkers-chinook weights in hundredths of a man: man 100, king 130-150 by "
    "phase, back-row guard, bridge and triangle early, runaways, mobility, centre, tempo, "
    "penalties for loose, frozen, trapped, exposed and dog-holed pieces."
)


def _man_square(sq: int) -> float:
    """Small bonus of an own man by square: the centre, and no edge early."""
    r, c = divmod(sq, 4)
    col = 2 * c + (1 if r % 2 == 0 else 0)
    return 2.0 if 2 <= col <= 5 and 2 <= r <= 5 else 0.0


def _king_square(sq: int) -> float:
    """Kings belong in the middle, not on the edge."""
    r, c = divmod(sq, 4)
    col = 2 * c + (1 if r % 2 == 0 else 0)
    edge = min(r, 7 - r, col, 7 - col)
    return 3.0 * min(edge, 2) - 3.0


def build_theta() -> np.ndarray:
    """θ for checkers-chinook, built from the tables above."""
    theta = np.zeros(F.COUNT)
    for term, weights in PER_PHASE.items():
        for p, w in enumerate(weights):
            theta[F.index(term, 0, p)] = w
            theta[F.index(term, 1, p)] = -w
    man = np.array([_man_square(s) for s in range(32)])
    king = np.array([_king_square(s) for s in range(32)])
    theta[F.PSQ : F.PSQ + 32] = man
    theta[F.PSQ + 32 : F.PSQ + 64] = king
    # The opponent's pieces are on squares as the mover sees them: turn the tables round.
    theta[F.PSQ + 64 : F.PSQ + 96] = -man[::-1]
    theta[F.PSQ + 96 : F.PSQ + 128] = -king[::-1]
    return theta


def main(argv: list[str] | None = None) -> None:
    write_hand_set("checkers", build_theta(), DESCRIPTION, argv)


if __name__ == "__main__":
    main()
