"""Argument types that refuse impossible numbers before any work starts.

Every numeric option of the CLI is read through one of these, so a value
that is not a number, is not finite, or lies outside what the program can
do is a one-line usage error (exit code 2) naming the option and the
allowed range — never a hang on ``inf``, an allocation of gigabytes for a
huge depth, or a recursion that overflows the stack.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from gamecore.bounds import (
    MAX_GAMES,
    MAX_NODES,
    MAX_OPENING_PLIES,
    MAX_PERFT_DEPTH,
    MAX_PLIES,
    MAX_SEARCH_DEPTH,
    MAX_SECONDS,
    MAX_SEED,
    MAX_STEP,
    MAX_THREADS,
    MAX_WORKERS,
)
from gamecore.interop.uci import MAX_HASH_MB

CUT = 40
"""Characters of a bad value quoted in an error."""


def quoted(text: str) -> str:
    """``text`` for an error message, cut to a readable length."""
    return repr(text if len(text) <= CUT else text[:CUT] + "…")


def integer(least: int, most: int) -> Callable[[str], int]:
    """An argparse type: a whole number in [least, most]."""

    def parse(text: str) -> int:
        try:
            value: int | None = int(text.strip())
        except ValueError:
            value = None
        if value is None or not least <= value <= most:
            raise argparse.ArgumentTypeError(
                f"must be a whole number from {least:,} to {most:,}, not {quoted(text)}"
            )
        return value

    parse.__name__ = "integer"
    return parse


def real(least: float, most: float, *, above: bool = False) -> Callable[[str], float]:
    """An argparse type: a finite number in [least, most] (``above``: greater than least)."""

    def parse(text: str) -> float:
        try:
            value = float(text.strip())
        except ValueError:
            value = math.nan
        low_ok = value > least if above else value >= least
        if not math.isfinite(value) or not low_ok or value > most:
            low = f"more than {least:g}" if above else f"at least {least:g}"
            raise argparse.ArgumentTypeError(
                f"must be a number {low} and at most {most:g}, not {quoted(text)}"
            )
        return value

    parse.__name__ = "number"
    return parse


depth = integer(1, MAX_SEARCH_DEPTH)
level = integer(1, 10)
perft_depth = integer(0, MAX_PERFT_DEPTH)
nodes = integer(1, MAX_NODES)
hash_megabytes = integer(1, MAX_HASH_MB)
frames = integer(1, 10**9)
seconds = real(0.0, MAX_SECONDS, above=True)
games = integer(0, MAX_GAMES)
plies = integer(1, MAX_PLIES)
opening_plies = integer(0, MAX_OPENING_PLIES)
workers = integer(1, MAX_WORKERS)
threads = integer(1, MAX_THREADS)
seed = integer(0, MAX_SEED)
every = integer(1, MAX_GAMES)
elo = real(-1e5, 1e5)
step = real(0.0, MAX_STEP, above=True)
fraction = real(0.0, 1.0)
positive_fraction = real(0.0, 1.0, above=True)
share = real(0.0, MAX_STEP)
decay = real(0.0, 0.5)
