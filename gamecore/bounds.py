"""The ranges every limit, count and step must lie in, for the CLI and for checkpoints alike.

Beyond these a value is a typo or damage, not a request: a depth past the
search's per-ply buffers, a time limit of years, a game longer than its
history arrays should grow. ``gamecore.commands.validate`` reads command-line
options against them; :meth:`~gamecore.training.config.TrainConfig.check` reads a
training configuration (from the CLI or a checkpoint) against the same.
"""

import math

import numpy as np

from gamecore.values import MAX_PLY

MAX_SEARCH_DEPTH = MAX_PLY - 1
"""Deepest search the compiled search's fixed per-ply buffers allow."""
MAX_PERFT_DEPTH = 64
"""Perft recurses once per ply; depth 64 is far beyond any count that finishes."""
MAX_NODES = 10**15
MAX_SECONDS = 1e6
"""Longest time limit accepted (about eleven days)."""
MAX_GAMES = 10**9
MAX_PLIES = 100_000
"""Longest game allowed before adjudication: each ply keeps history in the state arrays."""
MAX_OPENING_PLIES = 1000
MAX_STEP = 1e6
MAX_WORKERS = 4096
MAX_THREADS = 512
"""Search threads of one engine (Stockfish's own limit is 1024)."""
MAX_SEED = 2**63 - 1


def is_whole(value: object) -> bool:
    """A whole number (numpy's too), not a bool: ranges are checked only on real counts."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def is_digits(text: str) -> bool:
    """Plain ASCII digits only, as a count in text must be: ``str.isdigit`` alone would
    accept superscripts and other scripts' digits that ``int`` refuses or misreads."""
    return text.isascii() and text.isdigit()


def is_finite_number(value: object) -> bool:
    """A finite int or float (numpy's too), not a bool."""
    return (
        isinstance(value, (int, float, np.integer, np.floating))
        and not isinstance(value, (bool, np.bool_))
        and math.isfinite(value)
    )
