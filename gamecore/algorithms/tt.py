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

Several search threads share one table (Lazy SMP) without locks, as strong
engines do (Hyatt and Mann's lockless hashing): a slot's key is stored XORed
with a check of its bounds, move and depth. A slot that two threads wrote at
once holds fields of both, its check no longer matches, and a probe sees a miss
instead of a torn entry. Probes copy the fields out before checking them, so a
write that lands after the check cannot reach the caller either.
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
    """uint64 position hash XOR :func:`entry_check` of the slot's fields."""
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


CHECK_LOWER = np.uint64(0x9E3779B97F4A7C15)
CHECK_UPPER = np.uint64(0xC2B2AE3D27D4EB4F)
CHECK_MOVE = np.uint64(0x165667B19E3779F9)
CHECK_SCALE = 1024.0
"""Bounds enter the check at 1/1024 of a value unit: finer than any gap between two values a
search tells apart, and well inside int64 for ``±INF``."""


@kernel
def entry_check(lower, upper, move, depth):
    """A 64-bit mix of an entry's fields; any field changed changes it (almost surely)."""
    lo = np.uint64(np.int64(lower * CHECK_SCALE))
    hi = np.uint64(np.int64(upper * CHECK_SCALE))
    return lo * CHECK_LOWER ^ hi * CHECK_UPPER ^ np.uint64(move) * CHECK_MOVE ^ np.uint64(depth)


@kernel
def slot_of(tt, key):
    return np.int64(key & np.uint64(tt.keys.shape[0] - 1))


@kernel
def read(tt, key):
    """``(found, lower, upper, move, depth)`` of ``key``'s entry, copied out and checked."""
    slot = slot_of(tt, key)
    stored = tt.keys[slot]
    lower = tt.lower[slot]
    upper = tt.upper[slot]
    move = tt.move[slot]
    depth = tt.depth[slot]
    found = depth != NO_DEPTH and stored ^ entry_check(lower, upper, move, depth) == key
    return found, lower, upper, move, depth


@kernel
def probe(tt, key):
    """The slot holding ``key``, or -1 (for single-threaded readers: the learners)."""
    found, _, _, _, _ = read(tt, key)
    if found:
        return slot_of(tt, key)
    return np.int64(-1)


@kernel
def store(tt, key, depth, value, alpha, beta, move, generation):
    """Record that a search of ``depth`` with window (alpha, beta) returned ``value``.

    Same position at the same depth: the bounds tighten. Otherwise the slot is
    replaced when the new search is at least as deep or the old entry is from
    an earlier search; a deeper entry of this search is kept. The new fields are
    worked out in locals and written with the key last (see the module's docstring).
    """
    slot = slot_of(tt, key)
    found, lower, upper, old_move, old_depth = read(tt, key)
    if not (found and old_depth == depth):
        if old_depth <= depth or tt.generation[slot] != generation:
            lower = -INF
            upper = INF
            old_move = 0
        else:
            return
    if value <= alpha:
        upper = min(upper, value)
    elif value >= beta:
        lower = max(lower, value)
    else:
        lower = value
        upper = value
    if lower > upper:  # inconsistent after a search instability: keep the newest
        if value <= alpha:
            lower = -INF
        else:
            upper = INF
    if move != 0:
        old_move = move
    d = np.int16(depth)
    tt.lower[slot] = lower
    tt.upper[slot] = upper
    tt.move[slot] = old_move
    tt.depth[slot] = d
    tt.generation[slot] = generation
    tt.keys[slot] = key ^ entry_check(lower, upper, old_move, d)
