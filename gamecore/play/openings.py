"""Opening books: fixed lists of opening lines that matches and training start from.

A book is a text file with one opening per line: moves in the game's own
notation separated by spaces, played from the standard start position;
``#`` starts a comment. A game may ship named books (``Game.opening_books``,
e.g. checkers' ``three-move`` ballots); anything else names a file.

Matches read chess books in the formats engine testers use as well
(:func:`load_openings`, :mod:`gamecore.play.chess_books`): EPD positions, PGN games
and polyglot ``.bin`` books. Their openings may start from a position of their own
(:class:`Opening`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from gamecore.errors import BadMove, BadOption, BadPosition
from gamecore.files import read_input_text
from gamecore.game import Game
from gamecore.kernel_api import ONGOING

CHESS_FORMATS = (".epd", ".pgn", ".bin")
"""Book files read by python-chess, for chess matches (the suffix says which)."""


@dataclass(frozen=True)
class Opening:
    """Where a game of a match starts: ``moves`` played from ``start`` (a position in the
    game's own notation; None: the standard start)."""

    moves: list[int] = field(default_factory=list)
    start: str | None = None

    def state(self, game: Game):
        """The position after the opening."""
        state = game.initial_state() if self.start is None else game.state_from_text(self.start)
        for move in self.moves:
            state.push_unchecked(move)
        return state


def load_openings(
    game: Game, spec: str, plies: int | None = None, count: int = 10, seed: int = 0
) -> list[Opening]:
    """A match's openings from a book: a move-list book (any game) or, for chess, an EPD,
    PGN or polyglot file (:mod:`gamecore.play.chess_books`); ``plies`` cuts PGN lines and
    sets the length of polyglot lines, ``count`` and ``seed`` draw the polyglot lines."""
    suffix = Path(spec).suffix.lower()
    if suffix in CHESS_FORMATS and spec not in game.opening_books:
        if game.name != "chess":
            raise BadOption(
                f"opening book {Path(spec).name!r}: {suffix} books are chess's; "
                f"{game.name} reads books of move lists"
            )
        from gamecore.play.chess_books import read_chess_book

        lines = read_chess_book(game, book_path(game, spec), plies, count, seed)
        return [Opening(moves, start) for moves, start in lines]
    if plies is not None:
        raise BadOption("--book-plies applies to .pgn and .bin books")
    return [Opening(moves) for moves in load_book(game, spec)]


def book_path(game: Game, spec: str) -> Path:
    """The file a book name (shipped with ``game``) or path refers to."""
    shipped = game.opening_books
    if spec in shipped:
        return shipped[spec]
    path = Path(spec)
    if not path.is_file():
        names = ", ".join(shipped) or "none"
        raise BadOption(
            f"opening book {spec!r} is neither a file nor a book of {game.name} "
            f"(shipped books: {names})"
        )
    return path


def load_book(game: Game, spec: str) -> list[list[int]]:
    """Every opening of the book as a list of moves; a bad line is a one-line error."""
    path = book_path(game, spec)
    text = read_input_text(path, "opening book")
    openings: list[list[int]] = []
    for number, line in enumerate(text.splitlines(), 1):
        moves = line.split("#", 1)[0].split()
        if not moves:
            continue
        state = game.initial_state()
        try:
            for move in moves:
                if state.status() != ONGOING:
                    raise BadMove(f"the game is over before {move!r}")
                state.push_text(move)
        except (BadMove, BadPosition) as exc:
            raise BadOption(f"opening book {path.name} line {number}: {exc}") from None
        if state.status() != ONGOING:
            raise BadOption(f"opening book {path.name} line {number}: the opening ends the game")
        openings.append(list(state.history))
    if not openings:
        raise BadOption(f"opening book {str(path)!r} has no openings")
    return openings
