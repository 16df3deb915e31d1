"""Opening books: fixed lists of opening lines that matches and training start from.

A book is a text file with one opening per line: moves in the game's own
notation separated by spaces, played from the standard start position;
``#`` starts a comment. A game may ship named books (``Game.opening_books``,
e.g. checkers' ``three-move`` ballots); anything else names a file.
"""

from __future__ import annotations

from pathlib import Path

from gamecore.errors import BadMove, BadOption, BadPosition
from gamecore.files import read_input_text
from gamecore.game import Game
from gamecore.kernel_api import ONGOING


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
