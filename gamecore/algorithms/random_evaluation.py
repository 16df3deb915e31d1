"""Beal's random evaluation: a fresh uniform number at every position evaluated.

Seed 001's §6.2 opponent (after Beal & Smith): a search whose leaves get
random values is far from random play, since the maximum of more random
numbers is larger, so it steers towards positions with many moves — a
mobility evaluation for free. Nothing learns it; its θ is the game's linear
one, unread, so the search's bookkeeping (accumulators) works unchanged.
Numba keeps its own random state: :func:`seed` seeds it.
"""

import numpy as np

from gamecore import kernel_api as game
from gamecore.jit import kernel

BOUND_TO = game
"""The game's kernel, which every template imports (``gamecore.binding``); unread here."""

RANDOM_RANGE = 100.0
"""Values are uniform in ±RANDOM_RANGE value units."""


@kernel
def search_value(st, ctx):
    return np.random.uniform(-RANDOM_RANGE, RANDOM_RANGE)


@kernel
def bounded_value(st, ctx, margin, low, high):
    """``search_value``: a random value has no part to be lazy with."""
    return search_value(st, ctx)


@kernel
def value_and_gradient(st, ctx):
    return search_value(st, ctx), np.int64(0)


@kernel
def seed(value):
    """Seed the compiled code's random numbers (numba's own state, not numpy's)."""
    np.random.seed(value)
