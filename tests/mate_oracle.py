"""Quiet mates in two, and a brute-force oracle for forced mates, through python-chess only."""

from __future__ import annotations

import chess

QUIET_MATES_IN_2 = [  # no mate in one; every first move that forces mate in two is quiet
    "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1",
    "N7/8/8/2k1K3/8/5Q2/8/8 w - - 0 1",
    "8/8/k7/1R5K/7R/8/8/8 w - - 0 1",
    "K7/8/8/4R3/8/2R5/8/7k w - - 0 1",
    "k6n/3K4/8/8/8/8/3Q4/8 w - - 0 1",
    "6R1/8/8/4B3/2K5/8/k7/8 w - - 0 1",
    "k7/8/2N5/8/8/3K4/4Q3/n7 w - - 0 1",
    "8/8/8/4K2k/6N1/3Q4/8/8 w - - 0 1",
]


def mating_moves(board: chess.Board, moves: int) -> set[str]:
    """The first moves that force mate within ``moves`` moves (a brute-force oracle)."""
    found = set()
    for move in list(board.legal_moves):
        board.push(move)
        if board.is_checkmate():
            forced = True
        elif moves == 1 or board.is_game_over():
            forced = False
        else:
            forced = all(_loses(board, reply, moves - 1) for reply in list(board.legal_moves))
        board.pop()
        if forced:
            found.add(move.uci())
    return found


def _loses(board: chess.Board, reply: chess.Move, moves: int) -> bool:
    board.push(reply)
    try:
        return bool(mating_moves(board, moves))
    finally:
        board.pop()
