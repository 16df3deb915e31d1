"""``gamecore games``: list the registered games."""

from __future__ import annotations

import argparse

from gamecore.errors import GamecoreError
from gamecore.registry import game_class, game_names


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("games", help="list the registered games")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    for name in game_names():
        try:
            cls = game_class(name)
        except GamecoreError as exc:
            print(f"{name:12s} (broken plugin: {exc})")
            continue
        summary = (cls.__doc__ or "").strip().splitlines()[0] if cls.__doc__ else ""
        print(f"{name:12s} {summary}")
    return 0
