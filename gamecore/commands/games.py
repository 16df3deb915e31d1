"""``gamecore games``: list the registered games and the weights each one ships."""

from __future__ import annotations

import argparse

from gamecore.errors import GamecoreError
from gamecore.registry import game_class, game_names


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "games",
        help="list the registered games and their shipped weights",
        description="List the registered games. Under each, the names of the weights it "
        "ships: any of them (and zeros, default, random) can be given as a player or "
        "--weights wherever weights are taken.",
    )
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
        try:
            shipped = ", ".join(cls.named_weights()) or "none (default plays with zeros)"
        except GamecoreError as exc:
            shipped = f"unreadable ({exc})"
        print(f"{'':12s} weights: {shipped}")
    return 0
