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
    from gamecore.play.records import MoveNote
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


def to_pgn(
    state: State, headers: dict[str, str] | None = None, notes: list[MoveNote] | None = None
) -> str:
    """The state's history as a PGN game (SetUp/FEN headers when it did not start at the
    start), each move's note as its comment (cutechess's style: ``{+0.31/7 0.10s}``, the
    evaluation in pawns from the mover's side, ``+M3`` for mate in three moves; a note past
    the last move is a closing comment)."""
    game = chess.pgn.Game.from_board(to_board(state))
    game.headers["Result"] = result_text(state)
    for key, value in (headers or {}).items():
        game.headers[key] = value
    node: chess.pgn.GameNode = game
    for index, note in enumerate(notes or []):
        following = node.next()
        if following is None or index >= len(state.history):
            node.comment = "; ".join(filter(None, (node.comment, note_text(note))))
            break
        node = following
        node.comment = note_text(note)
    return str(game)


def note_text(note: MoveNote) -> str:
    """A move's comment: ``+0.31/7 0.10s``, ``-M2/5 0.02s``, ``book``, ``0.00s``."""
    parts = [note.text] if note.text else []
    if note.mate is not None:
        moves = (abs(note.mate) + 1) // 2
        parts.append(f"{'+' if note.mate > 0 else '-'}M{moves}/{note.depth or 0}")
    elif note.value is not None:
        parts.append(f"{note.value / 100:+.2f}/{note.depth or 0}")
    if note.seconds is not None:
        parts.append(f"{note.seconds:.2f}s")
    return " ".join(parts)


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
