"""Othello rules as a gamecore kernel: bitboards in numpy arrays, compiled by numba.

The state is a tuple of arrays (made by ``Othello.new_arrays``):

* ``discs``  uint64[2]: one bitboard per seat, 0 black, 1 white; bit ``cell``
  is set where that seat has a disc, cell = 8 * row + column, row 0 at the top
  (row "1" of the notation), column 0 the a-file;
* ``info``   int64[2]: the seat to move, the ply;
* ``hashes`` uint64[capacity]: the Zobrist hash of the position at each ply;
* ``flips``  uint64[capacity]: the discs turned over by the move made at each
  ply — all that ``unmake_move`` needs to put them back.

A move is ``cell + 1`` (1..64), or ``PASS`` (65) when the mover has no disc
move but the opponent has one: 0 stays free to mean "no move". When neither
side can place a disc, ``gen_moves`` returns no move and the game is over.

The optional hooks are left to gamecore's defaults: there are no kings, no
captures for quiescence to resolve, no move worth ordering first, and no null
move (zugzwang decides many Othello endings, so a pass is no safe lower
bound).

Every constant a kernel reads is a ``uint64`` (shift amounts included): numba
turns ``uint64`` mixed with a plain ``int64`` into a float.
"""

import numpy as np

from gamecore.bits import lsb, popcount
from gamecore.jit import kernel
from gamecore.kernel_api import DRAW, LOSS, ONGOING, WIN

SIZE = 8
CELLS = SIZE * SIZE
PASS = CELLS + 1
SIDE, PLY = 0, 1
BLACK, WHITE = 0, 1

ZERO = np.uint64(0)
ONE = np.uint64(1)
FILE_A = np.uint64(sum(1 << (8 * r) for r in range(SIZE)))
FILE_H = np.uint64(int(FILE_A) << 7)
FULL = np.uint64(2**64 - 1)

# The eight directions as (row step, column step); a step moves a bit by 8 * dr + dc.
# A step to the right may not land on the a-file (it wrapped around a row end), nor
# a step to the left on the h-file; up and down steps fall off the board by themselves.
_STEPS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
SHIFT = np.array([abs(8 * dr + dc) for dr, dc in _STEPS], dtype=np.uint64)
SHIFT_UP = np.array([8 * dr + dc > 0 for dr, dc in _STEPS], dtype=np.bool_)
LANDS_ON = np.array(
    [~FILE_A if dc == 1 else ~FILE_H if dc == -1 else FULL for _, dc in _STEPS], dtype=np.uint64
)

_rng = np.random.default_rng(20260301)
ZOBRIST = _rng.integers(1, 2**63, size=(CELLS, 2), dtype=np.int64).astype(np.uint64)
ZOBRIST_SIDE = np.uint64(_rng.integers(1, 2**63, dtype=np.int64))
TURN_OVER = ZOBRIST[:, 0] ^ ZOBRIST[:, 1]
"""What a disc changing colour on each cell does to the hash."""


@kernel
def step(bits, d):
    """Every disc of ``bits`` moved one cell in direction ``d``; discs leaving the board vanish."""
    if SHIFT_UP[d]:
        return (bits << SHIFT[d]) & LANDS_ON[d]
    return (bits >> SHIFT[d]) & LANDS_ON[d]


@kernel
def mobility(own, opp):
    """The empty cells where the owner of ``own`` can place a disc: one mask for all of them.

    In each direction, grow runs of opponent discs out of the own discs (a run
    is at most six long) and keep the empty cell just past a run's end.
    """
    empty = ~(own | opp)
    moves = ZERO
    for d in range(8):
        run = step(own, d) & opp
        for _ in range(5):
            run |= step(run, d) & opp
        moves |= step(run, d) & empty
    return moves


@kernel
def flips_of(own, opp, bit):
    """The opponent discs that a disc placed on ``bit`` turns over (0: the move is illegal)."""
    flips = ZERO
    for d in range(8):
        line = ZERO
        x = step(bit, d)
        while x & opp != ZERO:
            line |= x
            x = step(x, d)
        if x & own != ZERO:
            flips |= line
    return flips


@kernel
def gen_moves(st, out):
    """Disc moves in cell order; the pass alone when only the opponent can move; else none."""
    discs, info, _, _ = st
    side = info[SIDE]
    own = discs[side]
    opp = discs[1 - side]
    moves = mobility(own, opp)
    if moves == ZERO:
        if mobility(opp, own) != ZERO:
            out[0] = PASS
            return 1
        return 0
    n = 0
    while moves != ZERO:
        out[n] = lsb(moves) + 1
        n += 1
        moves &= moves - ONE
    return n


@kernel
def make_move(st, move):
    discs, info, hashes, flips = st
    side = info[SIDE]
    ply = info[PLY]
    h = hashes[ply] ^ ZOBRIST_SIDE
    turned = ZERO
    if move != PASS:
        cell = move - 1
        bit = ONE << np.uint64(cell)
        own = discs[side]
        opp = discs[1 - side]
        turned = flips_of(own, opp, bit)
        discs[side] = own | bit | turned
        discs[1 - side] = opp ^ turned
        h ^= ZOBRIST[cell, side]
        rest = turned
        while rest != ZERO:
            h ^= TURN_OVER[lsb(rest)]
            rest &= rest - ONE
    flips[ply] = turned
    hashes[ply + 1] = h
    info[PLY] = ply + 1
    info[SIDE] = 1 - side


@kernel
def unmake_move(st, move):
    discs, info, _, flips = st
    ply = info[PLY] - 1
    side = 1 - info[SIDE]
    if move != PASS:
        turned = flips[ply]
        discs[side] ^= (ONE << np.uint64(move - 1)) | turned
        discs[1 - side] |= turned
    info[PLY] = ply
    info[SIDE] = side


@kernel
def side_to_move(st):
    return st[1][SIDE]


@kernel
def team_to_move(st):
    return st[1][SIDE]


@kernel
def status(st, n_legal):
    """Over when neither side can place a disc; then more discs win, equal counts draw.

    With ``n_legal == -1`` (moves not generated) mobility is checked here: it costs
    two mask computations, and quiescence must not evaluate a finished game.
    """
    discs, info = st[0], st[1]
    own = discs[info[SIDE]]
    opp = discs[1 - info[SIDE]]
    if n_legal > 0:
        return ONGOING
    if n_legal < 0 and (mobility(own, opp) != ZERO or mobility(opp, own) != ZERO):
        return ONGOING
    mine = popcount(own)
    theirs = popcount(opp)
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
    discs, info = st[0], st[1]
    h = ZERO
    for seat in range(2):
        rest = discs[seat]
        while rest != ZERO:
            h ^= ZOBRIST[lsb(rest), seat]
            rest &= rest - ONE
    if info[SIDE] == WHITE:
        h ^= ZOBRIST_SIDE
    return h


@kernel
def ply_of(st):
    return st[1][PLY]


@kernel
def features(st, idx, val):
    """Cells and mobility, from the mover's side.

    0..63: the mover's discs, 64..127: the opponent's (one binary feature per
    cell); 128, 129: how many cells the mover and the opponent could place a
    disc on; 130, 131: the mover's and the opponent's disc counts times the
    square of the share of the board filled. Cell weights alone cannot say
    that few discs and many moves are strong in the middle game, nor that
    only the disc count matters at the end; mobility and the late-weighted
    counts can.
    """
    discs, info = st[0], st[1]
    n = 0
    for whose in range(2):
        rest = discs[info[SIDE] if whose == 0 else 1 - info[SIDE]]
        while rest != ZERO:
            idx[n] = whose * CELLS + lsb(rest)
            val[n] = 1.0
            n += 1
            rest &= rest - ONE
    own = discs[info[SIDE]]
    opp = discs[1 - info[SIDE]]
    mine = popcount(own)
    theirs = popcount(opp)
    filled = (mine + theirs) / CELLS
    for whose in range(2):
        moves = popcount(mobility(own, opp) if whose == 0 else mobility(opp, own))
        if moves:
            idx[n] = 2 * CELLS + whose
            val[n] = float(moves)
            n += 1
    for whose in range(2):
        idx[n] = 2 * CELLS + 2 + whose
        val[n] = (mine if whose == 0 else theirs) * filled * filled
        n += 1
    return n
