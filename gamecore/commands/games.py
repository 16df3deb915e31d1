"""``gamecore games``: list the registered games and the weights each one ships."""

from __future__ import annotations

import argparse
from importlib.resources.abc import Traversable

from gamecore.errors import GamecoreError
from gamecore.registry import game_class, game_names
from gamecore.weights import Weights


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "games",
        help="list the registered games and their shipped weights",
        description="List the registered games. Under each, the names of the weights it "
        "ships: any of them (and zeros, default, random) can be given as a player or "
        "--weights wherever weights are taken; under them, the strength each learned set "
        "was measured at.",
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
            named = cls.named_weights()
        except GamecoreError as exc:
            print(f"{'':12s} weights: unreadable ({exc})")
            continue
        print(f"{'':12s} weights: {', '.join(named) or 'none (default plays with zeros)'}")
        for weights_name, entry in named.items():
            strength = _strength(entry)
            if strength:
                print(f"{'':14s}{weights_name}: {strength}")
    return 0


def _strength(entry: Traversable) -> str | None:
    """The measured strength a shipped weights file records (None if it records none)."""
    try:
        strength = Weights.load(str(entry)).metadata.get("strength")
    except GamecoreError:
        return None
    return strength if isinstance(strength, str) else None
