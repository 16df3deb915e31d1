"""The checkers state arrays, board tables and move encoding: the one place that defines them.

Squares: internal index ``i = n - 1`` for the standard square number ``n`` (1..32).
Square 1 is at Black's side (the top of the diagram, Black at the top): row
``r = i // 4`` (row 0 is Black's back row, row 7 White's), and on the 8x8 board
square ``i`` sits at column ``2 * (i % 4) + (1 if r is even else 0)``. Black
men move towards higher numbers, White men towards lower numbers.

State: a tuple of two uint64 arrays (see :func:`new_arrays`)::

    pos   uint64[POS_SIZE]
          pos[BLACK], pos[WHITE]   32-bit occupancy boards of each colour (bit i = square i+1)
          pos[KINGS]               the kings of both colours
          pos[SIDE]                0 black to move, 1 white to move
          pos[QUIET]               plies since the last capture or man move (the 40-move rule)
          pos[PLY]                 moves made since loading (depth of the undo stack)
    hist  uint64[capacity, HIST_WIDTH]   one row per ply p
          hist[p, U_CAPKINGS]      the captured pieces that were kings (move made at ply p)
          hist[p, U_CROWNED]       1 when that move crowned a man
          hist[p, U_QUIET]         pos[QUIET] before that move
          hist[p, HASH]            Zobrist hash of the position at ply p

As in chess, two arrays of one dtype keep numba's per-call reference counting cheap.

Move encoding (a positive int64; 0 means "no move")::

    bits 0-4     from square index (0..31)
    bits 5-9     to square index
    bits 10-41   the captured squares as a 32-bit mask (0 for a simple move)

So two jump sequences from the same square to the same square over different
pieces are different moves (OEIS A133046 counting); sequences that capture the
same set of pieces between the same squares (a king circling a ring of pieces
either way round) are one move. A simple move has from != to, a jump has a
non-empty mask, so no move is 0. Crowning is not encoded: a man ending on the
far row is crowned.
"""

from __future__ import annotations

import numpy as np

BLACK, WHITE = 0, 1
KINGS = 2
SIDE, QUIET, PLY = 3, 4, 5
POS_SIZE = 8

U_CAPKINGS, U_CROWNED, U_QUIET, HASH = range(4)
HIST_WIDTH = 4

TO_SHIFT = 5
CAP_SHIFT = 10

DRAW_PLIES = 80
"""The 40-move rule: this many plies by both sides without a capture or a man move draw."""

FULL = np.uint64(0xFFFFFFFF)
ZERO = np.uint64(0)
ONE = np.uint64(1)
"""uint64 constants: mixing Python ints into uint64 board arithmetic makes numba use floats."""


def encode(frm: int, to: int, captured: int = 0) -> int:
    return frm | (to << TO_SHIFT) | (captured << CAP_SHIFT)


def move_from(move: int) -> int:
    return int(move) & 31


def move_to(move: int) -> int:
    return (int(move) >> TO_SHIFT) & 31


def move_captured(move: int) -> int:
    return int(move) >> CAP_SHIFT


def row_col(i: int) -> tuple[int, int]:
    """(row, column) on the 8x8 board of square index ``i`` (row 0 at the top, Black's side)."""
    r = i // 4
    return r, 2 * (i % 4) + (1 if r % 2 == 0 else 0)


def _tables() -> tuple[np.ndarray, np.ndarray]:
    at = {row_col(i): i for i in range(32)}
    neigh = np.full((32, 4), -1, dtype=np.int64)
    jump = np.full((32, 4), -1, dtype=np.int64)
    # directions: 0 up-left, 1 up-right (towards row 0, White's forward), 2 down-left, 3 down-right
    deltas = ((-1, -1), (-1, 1), (1, -1), (1, 1))
    for i in range(32):
        r, c = row_col(i)
        for d, (dr, dc) in enumerate(deltas):
            neigh[i, d] = at.get((r + dr, c + dc), -1)
            jump[i, d] = at.get((r + 2 * dr, c + 2 * dc), -1)
    return neigh, jump


NEIGH, JUMP = _tables()
"""NEIGH[i, d]: the square next to i in direction d; JUMP[i, d]: two steps away; -1 off board."""
BIT = np.array([1 << i for i in range(32)], dtype=np.uint64)
CROWN_ROW = np.array([0xF0000000, 0x0000000F], dtype=np.uint64)
"""CROWN_ROW[colour]: where that colour's men are crowned (Black: 29-32, White: 1-4)."""
BACK_ROW = np.array([0x0000000F, 0xF0000000], dtype=np.uint64)
"""BACK_ROW[colour]: that colour's own back row."""
CENTRE = np.uint64(sum(1 << (n - 1) for n in (14, 15, 18, 19, 10, 11, 22, 23)))
"""The central squares 10, 11, 14, 15, 18, 19, 22, 23."""

_rng = np.random.default_rng(0xC4EC6E25)
Z_PIECE = _rng.integers(0, np.iinfo(np.uint64).max, size=(4, 32), dtype=np.uint64, endpoint=True)
"""Z_PIECE[colour + 2 * is_king, square]."""
Z_SIDE = _rng.integers(0, np.iinfo(np.uint64).max, dtype=np.uint64, endpoint=True)
"""XORed in when White is to move."""


def new_arrays(capacity: int) -> tuple:
    """Empty state arrays with ``capacity`` plies of history (capacity is the first axis)."""
    return (np.zeros(POS_SIZE, dtype=np.uint64), np.zeros((capacity, HIST_WIDTH), dtype=np.uint64))
