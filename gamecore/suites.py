"""Test suites: positions with known best moves, in an EPD-like line format for any game.

One position per line::

    POSITION bm MOVE [MOVE ...]; id "NAME";

POSITION is whatever the game's ``state_from_text`` reads (a FEN for chess),
MOVE whatever its ``parse_move`` reads (the game's own notation; SAN too for
chess), several when more than one move counts as a solution; ``#`` starts a
comment line. ``benchmarks/make_suite.py`` writes suites for every game;
``gamecore tune-search`` solves them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gamecore.errors import BadMove, BadOption, BadPosition
from gamecore.files import read_input_text
from gamecore.game import Game


@dataclass(frozen=True)
class SuitePosition:
    name: str
    position: str
    """The position as the game's text."""
    best: tuple[int, ...]
    """The moves that solve it."""


def parse_suite(game: Game, text: str, where: str = "suite") -> list[SuitePosition]:
    """Every position of a suite's ``text``; :class:`BadOption` naming the line at fault."""
    positions = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        position, sep, rest = line.partition(" bm ")
        if not sep:
            raise BadOption(f"{where} line {number}: no ' bm ' (best moves) in {line[:60]!r}")
        fields = [field.strip() for field in rest.split(";") if field.strip()]
        if not fields:
            raise BadOption(f"{where} line {number}: no best move after 'bm'")
        name = f"{Path(where).stem}.{number}"
        for field in fields[1:]:
            key, _, value = field.partition(" ")
            if key == "id":
                name = value.strip().strip('"')
        try:
            state = game.state_from_text(position.strip())
            best = tuple(state.parse_move(move) for move in fields[0].split())
        except (BadPosition, BadMove) as exc:
            raise BadOption(f"{where} line {number}: {exc}") from None
        positions.append(SuitePosition(name, position.strip(), best))
    if not positions:
        raise BadOption(f"{where} has no positions")
    return positions


def read_suite(game: Game, path: str) -> list[SuitePosition]:
    return parse_suite(game, read_input_text(path, "suite", BadOption), path)


def suite_line(game: Game, position: str, best: list[int], name: str) -> str:
    """The line :func:`parse_suite` reads back as this position."""
    state = game.state_from_text(position)
    moves = " ".join(state.move_text(move) for move in best)
    return f'{position} bm {moves}; id "{name}";'
