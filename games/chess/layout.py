"""The chess state arrays and the move encoding: the one place that defines both.

Squares are 0..63 with a1 = 0, b1 = 1, ..., h8 = 63 (``file + 8 * rank``).

State (a tuple, see :func:`new_arrays`)::

    bb    uint64[14]            bitboards: bb[code] for the 12 piece codes, bb[WHITE_OCC + colour]
    board int8[64]              mailbox: the piece code on each square, or EMPTY
    sc    int64[8]              scalars, indexed by SIDE, CASTLE, EP, HALFMOVE, FULLMOVE, PLY
    undo  int64[capacity, 4]    per ply: captured code, castling, ep square, halfmove clock
    hist  uint64[capacity]      hist[p] = Zobrist hash of the position at ply p (hist[PLY] is now)

Piece code = 6 * colour + type, colour 0 white / 1 black, type P N B R Q K = 0..5.

``sc[EP]`` is the en passant target square only when a pawn of the side to move
could capture there (pseudo-legally); otherwise ``NO_SQUARE``. That keeps the
hash (which includes the ep file exactly when ``sc[EP]`` is set) true to FIDE's
"same position" in practice, and lets the FEN writer follow X-FEN.

Castling rights are 4 bits: ``WHITE_OO | WHITE_OOO | BLACK_OO | BLACK_OOO``.

Move encoding (a positive int64; 0 means "no move" and can not occur because
from != to)::

    bits 0-5    from square
    bits 6-11   to square (castling: the king's destination, e1g1 style)
    bits 12-14  promotion piece type (KNIGHT..QUEEN), 0 for none
    bits 15-16  flag: NORMAL, EN_PASSANT, CASTLING or DOUBLE_PUSH
"""

from __future__ import annotations

import numpy as np

# -- pieces -------------------------------------------------------------------

WHITE, BLACK = 0, 1
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(6)
EMPTY = 12
"""Mailbox value of an empty square."""
WHITE_OCC = 12
"""bb[WHITE_OCC + colour] is the occupancy of that colour."""
PIECE_LETTERS = "PNBRQKpnbrqk"
"""Letter of each piece code (FEN spelling)."""

# -- scalars --------------------------------------------------------------------

SIDE, CASTLE, EP, HALFMOVE, FULLMOVE, PLY = range(6)
N_SCALARS = 8
NO_SQUARE = 64

WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO = 1, 2, 4, 8

# -- undo rows ------------------------------------------------------------------

U_CAPTURED, U_CASTLE, U_EP, U_HALFMOVE = range(4)
N_UNDO = 4

# -- moves ----------------------------------------------------------------------

NORMAL, EN_PASSANT, CASTLING, DOUBLE_PUSH = range(4)
TO_SHIFT = 6
PROMO_SHIFT = 12
FLAG_SHIFT = 15


def encode(frm: int, to: int, promo: int = 0, flag: int = NORMAL) -> int:
    """The move integer (Python side; kernels inline the same arithmetic)."""
    return frm | (to << TO_SHIFT) | (promo << PROMO_SHIFT) | (flag << FLAG_SHIFT)


def move_from(move: int) -> int:
    return move & 63


def move_to(move: int) -> int:
    return (move >> TO_SHIFT) & 63


def move_promo(move: int) -> int:
    return (move >> PROMO_SHIFT) & 7


def move_flag(move: int) -> int:
    return (move >> FLAG_SHIFT) & 3


def square_name(sq: int) -> str:
    return "abcdefgh"[sq & 7] + "12345678"[sq >> 3]


def new_arrays(capacity: int) -> tuple:
    """Empty state arrays with ``capacity`` plies of history (capacity is the first axis)."""
    bb = np.zeros(14, dtype=np.uint64)
    board = np.full(64, EMPTY, dtype=np.int8)
    sc = np.zeros(N_SCALARS, dtype=np.int64)
    sc[EP] = NO_SQUARE
    undo = np.zeros((capacity, N_UNDO), dtype=np.int64)
    hist = np.zeros(capacity, dtype=np.uint64)
    return (bb, board, sc, undo, hist)
