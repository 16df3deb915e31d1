"""Chess opening books in the formats engine testers use, read by python-chess.

* ``.epd`` — one position per line (FEN's first four fields, then optional
  operations such as ``id "..."``, which are ignored); each game starts there.
* ``.pgn`` — each game's main line from its start (its ``FEN`` tag, if any), cut
  after ``--book-plies`` plies (default: the whole line).
* ``.bin`` — a polyglot book: ``--openings`` lines of ``--book-plies`` plies (8
  unless told), each move drawn from the book's entries for the position with
  their weights as odds (python-chess's ``weighted_choice``), seeded by
  ``--seed``; a line ends early where the book has no move. Repeated lines are
  drawn again, up to a limit.

A position gamecore cannot read, a move that is not legal or an opening that
ends the game is a one-line error naming the line or game.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import chess
import chess.pgn
import chess.polyglot

from gamecore.errors import BadMove, BadOption, BadPosition
from gamecore.files import check_input, read_input_text
from gamecore.game import Game
from gamecore.kernel_api import ONGOING

Line = tuple[list[int], str | None]
"""An opening's moves and the position they start from (None: the standard start)."""
POLYGLOT_PLIES = 8
"""Plies of a polyglot line unless ``--book-plies`` says."""
DRAWS_PER_LINE = 50
"""Polyglot draws tried per line wanted before settling for fewer distinct lines."""


def read_chess_book(game: Game, path: Path, plies: int | None, count: int, seed: int) -> list[Line]:
    suffix = path.suffix.lower()
    if suffix == ".epd":
        openings = _epd(game, path)
    elif suffix == ".pgn":
        openings = _pgn(game, path, plies)
    else:
        openings = _polyglot(game, path, POLYGLOT_PLIES if plies is None else plies, count, seed)
    if not openings:
        raise BadOption(f"opening book {str(path)!r} has no openings")
    return openings


def _opening(game: Game, board: chess.Board, where: str) -> Line:
    """The opening of a python-chess board: its moves and its root position."""
    root = board.root()
    start = None if root.fen() == chess.STARTING_FEN else root.fen()
    try:
        state = game.initial_state() if start is None else game.state_from_text(start)
        moves = []
        for move in board.move_stack:
            moves.append(state.parse_move(move.uci()))
            state.push(moves[-1])
    except (BadMove, BadPosition) as exc:
        raise BadOption(f"{where}: {exc}") from None
    if state.status() != ONGOING:
        raise BadOption(f"{where}: the opening ends the game")
    return moves, start


def _epd(game: Game, path: Path) -> list[Line]:
    openings = []
    text = read_input_text(path, "opening book")
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        where = f"opening book {path.name} line {number}"
        try:
            board, _operations = chess.Board.from_epd(line.strip())
        except ValueError as exc:
            raise BadOption(f"{where}: {str(exc).splitlines()[0][:80]}") from None
        openings.append(_opening(game, board, where))
    return openings


def _pgn(game: Game, path: Path, plies: int | None) -> list[Line]:
    openings = []
    stream = io.StringIO(read_input_text(path, "opening book"))
    number = 0
    while True:
        try:
            record = chess.pgn.read_game(stream)
        except ValueError as exc:
            raise BadOption(f"opening book {path.name}: {str(exc).splitlines()[0][:80]}") from None
        if record is None:
            break
        number += 1
        where = f"opening book {path.name} game {number}"
        if record.errors:
            raise BadOption(f"{where}: {str(record.errors[0]).splitlines()[0][:80]}")
        board = record.board()
        for ply, move in enumerate(record.mainline_moves()):
            if plies is not None and ply >= plies:
                break
            board.push(move)
        openings.append(_opening(game, board, where))
    return openings


def _polyglot(game: Game, path: Path, plies: int, count: int, seed: int) -> list[Line]:
    rng = random.Random(seed)
    check_input(path, "opening book")
    lines: dict[tuple[str, ...], Line] = {}
    try:
        with chess.polyglot.open_reader(path) as reader:
            if reader.get(chess.Board()) is None:
                raise BadOption(f"opening book {path.name}: no move for the start position")
            for _ in range(count * DRAWS_PER_LINE):
                if len(lines) == count:
                    break
                board = chess.Board()
                while board.ply() < plies and not board.is_game_over():
                    try:
                        entry = reader.weighted_choice(board, random=rng)
                    except IndexError:  # out of book
                        break
                    if entry.move not in board.legal_moves:
                        raise BadOption(f"opening book {path.name}: an illegal move {entry.move}")
                    board.push(entry.move)
                key = tuple(move.uci() for move in board.move_stack)
                if key not in lines and not board.is_game_over():
                    lines[key] = _opening(game, board, f"opening book {path.name}")
    except (OSError, ValueError) as exc:
        raise BadOption(f"opening book {path.name}: not a polyglot book ({exc})") from None
    return list(lines.values())
