"""The transposition table: per position, a lower and an upper bound on its value.

Storing both bounds (not one value plus a flag) is what TreeStrap(αβ) needs:
after a training search it walks the table from the root and moves the
evaluation of every stored position towards whichever bound it violates
(Veness et al. 2009, Algorithm 2). The bounds must therefore be correct, not
just good enough for move ordering: a result that failed low is an upper
bound, one that failed high a lower bound, one inside the window both.

The table is a :class:`Table` of parallel numpy arrays, one slot per hash index
(``key & mask``), so it is allocated once, sized by the caller, and probed
inside numba without allocation. Values are stored relative to the node (mate
distances counted from the node, not from the root), so an entry is valid
wherever in the tree the position recurs.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from gamecore.jit import kernel

#: Bytes one slot takes: key, two bounds, move, depth, generation.
ENTRY_BYTES = 8 + 8 + 8 + 8 + 2 + 2

INF = 1.0e9
NO_DEPTH = -1


class Table(NamedTuple):
    """One array per entry field, indexed by slot."""

    keys: np.ndarray
    """uint64 position hash (0: empty)."""
    lower: np.ndarray
    """Lower bound on the value (relative to the node)."""
    upper: np.ndarray
    """Upper bound on the value."""
    move: np.ndarray
    """int64 best move (0: none)."""
    depth: np.ndarray
    """int16 depth the bounds were searched to (NO_DEPTH: empty)."""
    generation: np.ndarray
    """int16 search number that wrote the entry."""


def new_table(megabytes: float) -> Table:
    """A table of the largest power-of-two slot count fitting in ``megabytes``."""
    slots = 1
    while slots * 2 * ENTRY_BYTES <= megabytes * 1024 * 1024:
        slots *= 2
    return Table(
        keys=np.zeros(slots, dtype=np.uint64),
        lower=np.full(slots, -INF),
        upper=np.full(slots, INF),
        move=np.zeros(slots, dtype=np.int64),
        depth=np.full(slots, NO_DEPTH, dtype=np.int16),
        generation=np.zeros(slots, dtype=np.int16),
    )


def clear(tt: Table) -> None:
    """Forget every entry (TreeStrap clears the table before each training search)."""
    tt.keys[:] = 0
    tt.lower[:] = -INF
    tt.upper[:] = INF
    tt.move[:] = 0
    tt.depth[:] = NO_DEPTH
    tt.generation[:] = 0


@kernel
def probe(tt, key):
    """The slot holding ``key``, or -1."""
    keys = tt.keys
    slot = np.int64(key & np.uint64(keys.shape[0] - 1))
    if keys[slot] == key and tt.depth[slot] != NO_DEPTH:
        return slot
    return np.int64(-1)


@kernel
def store(tt, key, depth, value, alpha, beta, move, generation):
    """Record that a search of ``depth`` with window (alpha, beta) returned ``value``.

    Same position at the same depth: the bounds tighten. Otherwise the slot is
    replaced when the new search is at least as deep or the old entry is from
    an earlier search; a deeper entry of this search is kept.
    """
    keys, lower, upper, moves, depths, gens = tt
    slot = np.int64(key & np.uint64(keys.shape[0] - 1))
    same = keys[slot] == key and depths[slot] == depth
    if not same:
        if depths[slot] <= depth or gens[slot] != generation:
            keys[slot] = key
            lower[slot] = -INF
            upper[slot] = INF
            depths[slot] = depth
            moves[slot] = 0
        else:
            return
    if value <= alpha:
        upper[slot] = min(upper[slot], value)
    elif value >= beta:
        lower[slot] = max(lower[slot], value)
    else:
        lower[slot] = value
        upper[slot] = value
    if lower[slot] > upper[slot]:  # inconsistent after a search instability: keep the newest
        if value <= alpha:
            lower[slot] = -INF
        else:
            upper[slot] = INF
    if move != 0:
        moves[slot] = move
    gens[slot] = generation
