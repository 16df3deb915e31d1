"""Arguments shared by several sub-commands: which game, which position."""

from __future__ import annotations

import argparse
from typing import Any

from gamecore.errors import BadOption
from gamecore.game import Game
from gamecore.registry import get_game
from gamecore.state import State


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="registered game name (see `gamecore games`)")
    parser.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="game option, e.g. -o players=4 (repeatable)",
    )


def add_position_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--position", metavar="TEXT", help="start position (default: standard)")
    parser.add_argument(
        "--moves", nargs="+", default=[], metavar="MOVE", help="moves played from the position"
    )


def parse_options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise BadOption(f"game option {pair!r} is not KEY=VALUE")
        options[key] = int(value) if value.lstrip("-").isdigit() else value
    return options


def game_from_args(args: argparse.Namespace) -> Game:
    return get_game(args.game, **parse_options(args.option))


def state_from_args(game: Game, args: argparse.Namespace) -> State:
    """The position named by --position, with --moves played on it."""
    state = game.initial_state() if args.position is None else game.state_from_text(args.position)
    for text in args.moves:
        state.push_text(text)
    return state
