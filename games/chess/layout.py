"""The chess state arrays and the move encoding: the one place that defines both.

Squares are 0..63 with a1 = 0, b1 = 1, ..., h8 = 63 (``file + 8 * rank``).

State: a tuple of four arrays (see :func:`new_arrays`)::

    pos   uint64[POS_SIZE]                 the position
          pos[code]              bitboard of each of the 12 piece codes
          pos[WHITE_OCC + c]     occupancy of colour c
          pos[BOARD + sq]        mailbox: the piece code on sq, or EMPTY
          pos[SIDE], pos[CASTLE], pos[EP], pos[HALFMOVE], pos[FULLMOVE], pos[PLY]
    hist  uint64[capacity, HIST_WIDTH]     one row per ply p (p < pos[PLY] for the undo part)
          hist[p, U_CAPTURED .. U_HALFMOVE]  what the move made at ply p destroyed:
                                             captured code, castling, ep square, halfmove clock
          hist[p, HASH]                      Zobrist hash of the position at ply p
    acc   float64[capacity, 2]             the additive part of θ·φ (material and piece
                                           squares) at ply p, for white (0) and for black
                                           (1) to move: see ``features.value_refresh``
    table float64[2 * 12 * 64]             θ's weight of piece code c on square sq when
                                           side v is to move: table[2 * (64 * c + sq) + v]
                                           (flat: one index to compute, not three)

The position and its history are uint64: bitboards and hashes in their natural
type; small integers read from them must be cast (``np.int64(pos[SIDE])``)
before arithmetic, because numba turns ``uint64 op int64`` into float64.

Piece code = 6 * colour + type, colour 0 white / 1 black, type P N B R Q K = 0..5.

``pos[EP]`` is the en passant target square only when a pawn of the side to
move could capture there (pseudo-legally); otherwise ``NO_SQUARE``. That keeps
the hash (which includes the ep file exactly when ``pos[EP]`` is set) true to
FIDE's "same position" in practice, and lets the FEN writer follow X-FEN.

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
"""pos[WHITE_OCC + colour] is the occupancy of that colour."""
PIECE_LETTERS = "PNBRQKpnbrqk"
"""Letter of each piece code (FEN spelling)."""

# -- pos ----------------------------------------------------------------------------

BOARD = 16
"""pos[BOARD + sq] is the mailbox."""
SIDE, CASTLE, EP, HALFMOVE, FULLMOVE, PLY = range(BOARD + 64, BOARD + 70)
POS_SIZE = BOARD + 72
NO_SQUARE = 64

WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO = 1, 2, 4, 8

# -- hist -----------------------------------------------------------------------------

U_CAPTURED, U_CASTLE, U_EP, U_HALFMOVE, HASH = range(5)
HIST_WIDTH = 5

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
    """Empty state arrays with ``capacity`` plies of history (capacity is the first axis of
    ``hist`` and ``acc``)."""
    pos = np.zeros(POS_SIZE, dtype=np.uint64)
    pos[BOARD : BOARD + 64] = EMPTY
    pos[EP] = NO_SQUARE
    pos[FULLMOVE] = 1
    hist = np.zeros((capacity, HIST_WIDTH), dtype=np.uint64)
    acc = np.zeros((capacity, 2), dtype=np.float64)
    table = np.zeros(2 * 12 * 64, dtype=np.float64)
    return (pos, hist, acc, table)
