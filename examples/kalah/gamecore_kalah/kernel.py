"""Kalah(6,4) rules as a gamecore kernel: fourteen seed counts in numpy arrays, compiled by numba.

The state is a tuple of arrays (made by ``Kalah.new_arrays``):

* ``pits``   int8[14]: the seeds in each pit, in sowing order: south's houses
  a..f (0..5), south's store (6), north's houses a..f (7..12), north's store
  (13). Each side's houses are lettered from its own left, so sowing runs up
  the indices and wraps from 13 to 0; the house opposite pit ``p`` is ``12 - p``.
  48 seeds fit an int8 with room to spare;
* ``info``   int64[2]: the seat to move (0 south, 1 north), the ply;
* ``hashes`` uint64[capacity]: the Zobrist hash of the position at each ply;
* ``undo``   int8[capacity, 15]: before the move made at each ply, the 14 counts
  and the seat that moved. A sowing can touch every pit (up to 48 seeds go round
  more than three times) and a capture or the end of the game moves more, so a
  copy of the counts is the simplest exact record; the seat is kept because an
  extra turn leaves it to move, so the side to move after a move does not say
  who made it.

A move is the house sown, ``1..6``, counted from the mover's left as the mover
sees it (its notation is the letter a-f): 0 stays free to mean "no move".

The game ends after a move that leaves either side's houses empty: the seeds
still in the other side's houses go to its store at once, inside ``make_move``.
So every position after a move has seeds on both sides or on neither, and
``gen_moves`` finds no move exactly when the game is over.

Positions never recur: a store never loses seeds, and a move that puts none in
a store only shifts the mover's seeds towards its store, which cannot go on
for ever. So the default ``repeated`` (always False) is right, and there is no
repetition rule.

Left to gamecore's defaults: kings (none), the null move (a pass is no lower
bound in Kalah, where zugzwang is common in the ending) and an incremental
value (fourteen features are cheap to write at every node).

Every hash constant is a ``uint64``: numba turns ``uint64`` mixed with a plain
``int64`` into a float.
"""

import numpy as np

from gamecore.jit import kernel
from gamecore.kernel_api import DRAW, LOSS, ONGOING, WIN

HOUSES = 6
PITS = 14
SEEDS = 48
"""Four seeds in each of twelve houses: every position holds exactly this many."""
SOUTH, NORTH = 0, 1
SOUTH_STORE, NORTH_STORE = 6, 13
SIDE, PLY = 0, 1
INFO_LEN = 2
UNDO_LEN = PITS + 1
UNDO_SEAT = PITS
"""Column of ``undo`` holding the seat that made the move."""
LAP = PITS - 1
"""Pits one sowing lap visits: all but the opponent's store."""

# Features, from the mover's side (see ``features``).
OWN_STORE, OPP_STORE = 0, 1
OWN_HOUSES = 2
OPP_HOUSES = OWN_HOUSES + HOUSES
FEATURES = OPP_HOUSES + HOUSES

_rng = np.random.default_rng(20260512)
ZOBRIST = _rng.integers(1, 2**63, size=(PITS, SEEDS + 1), dtype=np.int64).astype(np.uint64)
"""A key per (pit, seed count), zero counts included, so a pit's key changes with every seed."""
ZOBRIST_SIDE = np.uint64(_rng.integers(1, 2**63, dtype=np.int64))


@kernel
def houses_empty(pits, seat):
    """True when ``seat`` has no seed in any of its houses."""
    base = 7 * seat
    seeds = 0
    for h in range(HOUSES):
        seeds += pits[base + h]
    return seeds == 0


@kernel
def sowing_key(pits, seat, house):
    """What sowing ``house`` (0..5) of ``seat`` would do, worked out without sowing.

    0: nothing special; 1: the last seed lands in the own store (an extra turn);
    k >= 2: a capture of k seeds (the opposite house's and the last seed).

    Counted in the mover's lap, 0..12 (its houses 0..5, its store 6, the
    opponent's houses 7..12 in their own order), where the last of n seeds
    sown from h lands on (h + n) mod 13 and the house opposite own house r is
    12 - r. The last seed lands in an empty house only when it is the first
    seed that house gets: n < 13 onto a house that was empty, or n = 13 back
    into the emptied start house (the opposite house then got a seed on the
    way round). With more than 13 seeds every pit had one before the last.
    """
    base = 7 * seat
    n = np.int64(pits[base + house])
    last = (house + n) % LAP
    if last == HOUSES:
        return 1
    if last > HOUSES or n > LAP:
        return 0
    opposite = 12 - base - last
    if n == LAP:
        return np.int64(pits[opposite]) + 2
    if pits[base + last] != 0:
        return 0
    # Landing left of the start means the sowing went round, past every opponent house.
    seeds = np.int64(pits[opposite]) + (1 if last < house else 0)
    return seeds + 1 if seeds > 0 else 0


@kernel
def gen_moves(st, out):
    """The mover's non-empty houses, left to right; none once the game is over."""
    pits, info = st[0], st[1]
    base = 7 * info[SIDE]
    n = 0
    for h in range(HOUSES):
        if pits[base + h] != 0:
            out[n] = h + 1
            n += 1
    return n


@kernel
def gen_noisy(st, out):
    """Captures and moves that end in the own store: the tactics a static count misses."""
    pits, info = st[0], st[1]
    seat = info[SIDE]
    base = 7 * seat
    n = 0
    for h in range(HOUSES):
        if pits[base + h] != 0 and sowing_key(pits, seat, h) > 0:
            out[n] = h + 1
            n += 1
    return n


@kernel
def order_key(st, move):
    """Captures by the seeds they take (2 or more), then extra turns (1); the rest 0."""
    pits, info = st[0], st[1]
    return sowing_key(pits, info[SIDE], move - 1)


@kernel
def make_move(st, move):
    pits, info, hashes, undo = st
    seat = info[SIDE]
    ply = info[PLY]
    for p in range(PITS):
        undo[ply, p] = pits[p]
    undo[ply, UNDO_SEAT] = seat
    base = 7 * seat
    store = base + HOUSES
    skip = NORTH_STORE if seat == SOUTH else SOUTH_STORE
    pos = base + move - 1
    seeds = np.int64(pits[pos])
    pits[pos] = 0
    while seeds > 0:
        pos += 1
        if pos == PITS:
            pos = 0
        if pos != skip:
            pits[pos] += 1
            seeds -= 1
    again = pos == store
    if base <= pos < store and pits[pos] == 1 and pits[12 - pos] > 0:
        pits[store] += pits[12 - pos] + 1
        pits[12 - pos] = 0
        pits[pos] = 0
    if houses_empty(pits, SOUTH) or houses_empty(pits, NORTH):
        for h in range(HOUSES):
            pits[SOUTH_STORE] += pits[h]
            pits[h] = 0
            pits[NORTH_STORE] += pits[7 + h]
            pits[7 + h] = 0
    key = hashes[ply]
    for p in range(PITS):
        if undo[ply, p] != pits[p]:
            key ^= ZOBRIST[p, undo[ply, p]] ^ ZOBRIST[p, pits[p]]
    if not again:
        key ^= ZOBRIST_SIDE
        info[SIDE] = 1 - seat
    hashes[ply + 1] = key
    info[PLY] = ply + 1


@kernel
def unmake_move(st, move):
    pits, info, _, undo = st
    ply = info[PLY] - 1
    for p in range(PITS):
        pits[p] = undo[ply, p]
    info[SIDE] = undo[ply, UNDO_SEAT]
    info[PLY] = ply


@kernel
def side_to_move(st):
    return st[1][SIDE]


@kernel
def team_to_move(st):
    return st[1][SIDE]


@kernel
def status(st, n_legal):
    """Over when the mover has no seed in its houses (then neither side has); the fuller
    store wins, 24-24 draws. With ``n_legal == -1`` the six houses are looked at here."""
    pits, info = st[0], st[1]
    if n_legal > 0:
        return ONGOING
    seat = info[SIDE]
    if n_legal < 0 and not houses_empty(pits, seat):
        return ONGOING
    mine = pits[7 * seat + HOUSES]
    theirs = pits[7 * (1 - seat) + HOUSES]
    if mine > theirs:
        return WIN
    if mine < theirs:
        return LOSS
    return DRAW


@kernel
def hash_of(st):
    return st[2][st[1][PLY]]


@kernel
def hash_full(st):
    pits, info = st[0], st[1]
    h = np.uint64(0)
    for p in range(PITS):
        h ^= ZOBRIST[p, pits[p]]
    if info[SIDE] == NORTH:
        h ^= ZOBRIST_SIDE
    return h


@kernel
def ply_of(st):
    return st[1][PLY]


@kernel
def features(st, idx, val):
    """Seed counts, from the mover's side; only non-zero counts are written.

    * 0: seeds in the mover's store; 1: in the opponent's store;
    * 2..7: in the mover's houses a..f; 8..13: in the opponent's houses a..f,
      each side's houses lettered from its own left.

    "My house a" then means the same for either seat, and the same position seen
    by the other seat swaps the own and opponent blocks. The values are raw counts
    (0..48), on purpose: this plugin is a plain yardstick for the learners, and
    every feature counts the same unit, seeds, so each weight is the worth of one
    seed in one place and no 0/1 term sits beside the counts to be starved of
    updates (docs/plugins.md, "Value scale and feature design"). A weight of 100
    a seed keeps evaluations within ±4,800.
    """
    pits, info = st[0], st[1]
    own = 7 * info[SIDE]
    opp = 7 - own
    n = 0
    for whose in range(2):
        base = own if whose == 0 else opp
        count = pits[base + HOUSES]
        if count != 0:
            idx[n] = OWN_STORE + whose
            val[n] = float(count)
            n += 1
    for whose in range(2):
        base = own if whose == 0 else opp
        for h in range(HOUSES):
            count = pits[base + h]
            if count != 0:
                idx[n] = OWN_HOUSES + HOUSES * whose + h
                val[n] = float(count)
                n += 1
    return n
