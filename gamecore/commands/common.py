"""Arguments shared by several sub-commands: which game, which position."""

from __future__ import annotations

import argparse
from typing import Any

from gamecore.bounds import is_digits
from gamecore.commands import validate
from gamecore.errors import BadOption
from gamecore.executor import Executor, default_workers, make_executor
from gamecore.game import Game
from gamecore.registry import get_game
from gamecore.state import State


def add_game_arguments(parser: argparse.ArgumentParser, optional: bool = False) -> None:
    """GAME and its -o options (``optional``: GAME may be left out, the command says when)."""
    parser.add_argument(
        "game",
        nargs="?" if optional else None,
        help="registered game name (see `gamecore games`)",
    )
    parser.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="game option, e.g. -o players=4 (repeatable)",
    )


def add_worker_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--workers",
        type=validate.workers,
        metavar="N",
        help=f"worker processes playing games at once (default: all {default_workers()} cores; "
        "on a cluster, its CPUs)",
    )
    parser.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="run the games on a Ray cluster: HOST:PORT of its head, `auto` for the head "
        'started on this machine (`ray start --head`); needs pip install "gamecore[ray]"',
    )


def executor_from_args(args: argparse.Namespace) -> Executor | None:
    """The executor --workers/--cluster ask for; None for one local worker (play in-process)."""
    if args.cluster:
        return make_executor(args.workers, args.cluster)
    workers = default_workers() if args.workers is None else args.workers
    return None if workers == 1 else make_executor(workers)


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
        whole = value.removeprefix("-")
        options[key] = int(value) if is_digits(whole) else value
    return options


def game_from_args(args: argparse.Namespace) -> Game:
    return get_game(args.game, **parse_options(args.option))


def state_from_args(game: Game, args: argparse.Namespace) -> State:
    """The position named by --position, with --moves played on it."""
    state = game.initial_state() if args.position is None else game.state_from_text(args.position)
    for text in args.moves:
        state.push_text(text)
    return state
