"""Checkers passes the gamecore conformance kit, from the start and from positions with
multi-jumps, king rings and crowning."""

from gamecore.testing import GameConformance

TRICKY = (
    # a king that can jump round a ring of four men (both ways round is one move)
    "B:W9,10,17,18,30:BK6,1",
    # multi-jumps for both sides, kings on both sides
    "W:WK10,28,25,21:B6,7,14,15,23,K27,17",
    # a black man that crowns in the middle of what would otherwise be a double jump
    "B:W27,28,20,K3:B23,24,12",
    # few pieces: the endgame where kings shuffle (repetition, 40-move rule)
    "W:WK14:BK5,K32",
)


class TestCheckers(GameConformance):
    game_name = "checkers"
    max_plies = 80
    perft_depth = 3
    start_positions = TRICKY
