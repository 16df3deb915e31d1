"""python-chess at the edges: boards, SAN and PGN for a chess :class:`~gamecore.state.State`.

The kernel never sees python-chess; these helpers translate through FEN and
UCI, which both sides spell the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import chess
import chess.pgn

from gamecore.kernel_api import DRAW, LOSS, ONGOING, WIN
from games.chess import move_to_uci

if TYPE_CHECKING:
    from gamecore.state import State


def root_fen(state: State) -> str:
    """The FEN the state's history starts from (where its arrays were loaded)."""
    root = state.copy()
    while root.history:
        root.pop()
    return root.to_text()


def to_board(state: State) -> chess.Board:
    """A python-chess board at the same position, with the state's history as its move stack."""
    board = chess.Board(root_fen(state))
    for move in state.history:
        board.push(chess.Move.from_uci(move_to_uci(move)))
    return board


def from_board(board: chess.Board) -> State:
    """A chess State at ``board``'s position, replaying its move stack from its root."""
    from gamecore.registry import get_game

    state = get_game("chess").state_from_text(board.root().fen())
    for move in board.move_stack:
        state.push(state.parse_move(move.uci()))
    return state


def move_to_san(state: State, move: int) -> str:
    """Standard algebraic notation of ``move`` (legal in ``state``), e.g. ``Nf3``, ``exd8=Q+``."""
    return chess.Board(state.to_text()).san(chess.Move.from_uci(move_to_uci(move)))


def result_text(state: State) -> str:
    """The PGN result of the state: ``1-0``, ``0-1``, ``1/2-1/2`` or ``*`` while it goes on."""
    result = state.status()
    if result == ONGOING:
        return "*"
    if result == DRAW:
        return "1/2-1/2"
    winner = state.team if result == WIN else 1 - state.team
    assert result in (WIN, LOSS)
    return "1-0" if winner == 0 else "0-1"


def to_pgn(state: State, headers: dict[str, str] | None = None) -> str:
    """The state's history as a PGN game (SetUp/FEN headers when it did not start at the start)."""
    game = chess.pgn.Game.from_board(to_board(state))
    game.headers["Result"] = result_text(state)
    for key, value in (headers or {}).items():
        game.headers[key] = value
    return str(game)


__all__ = ["from_board", "move_to_san", "result_text", "root_fen", "to_board", "to_pgn"]


def python_chess_perft(board: chess.Board, depth: int) -> int:
    """Perft by python-chess push/pop: the oracle for our counts and the speed reference."""
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += python_chess_perft(board, depth - 1)
        board.pop()
    return total
