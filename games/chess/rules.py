"""How a chess game ends, and the hash recomputed from scratch.

Kept apart from move generation: these run once per node in a search (or only
in tests), never inside the generator's loops. The evaluation features are in
:mod:`games.chess.features`.
"""

from __future__ import annotations

import numpy as np

from gamecore.bits import lsb
from gamecore.history import repetitions
from gamecore.jit import kernel
from gamecore.kernel_api import DRAW, LOSS, ONGOING
from games.chess.bitboards import DARK_SQUARES, LIGHT_SQUARES, ONE, PAWN_ATTACKS, ZERO
from games.chess.layout import (
    BISHOP,
    CASTLE,
    EP,
    HALFMOVE,
    HASH,
    KING,
    KNIGHT,
    NO_SQUARE,
    PAWN,
    PLY,
    QUEEN,
    ROOK,
    SIDE,
    WHITE_OCC,
)
from games.chess.movegen import is_attacked, square_attacked
from games.chess.zobrist import Z_CASTLE, Z_EP, Z_PIECE, Z_SIDE


@kernel
def king_attacked(st, player):
    """Whether ``player``'s king (0 white, 1 black) is attacked by the other colour."""
    pos = st[0]
    occ = pos[WHITE_OCC] | pos[WHITE_OCC + 1]
    return is_attacked(pos, lsb(pos[6 * player + KING]), occ, player ^ 1)


@kernel
def _dead(pawns_rooks_queens, knights, bishops):
    """Insufficient material, from the bitboards of both colours together."""
    if pawns_rooks_queens:
        return False
    minors = knights | bishops
    if (minors & (minors - ONE)) == ZERO:
        return True  # at most one minor piece
    if knights:
        return False
    return (bishops & DARK_SQUARES) == ZERO or (bishops & LIGHT_SQUARES) == ZERO


@kernel
def earlier_occurrences(st):
    """How often the current position occurred before with the same side to move.

    Only positions since the last capture or pawn move can repeat (the halfmove
    clock), and only those since the arrays were loaded are known; positions an
    odd number of plies back have the other side to move.
    """
    pos, hist = st[0], st[1]
    return repetitions(hist, HASH, np.int64(pos[PLY]), np.int64(pos[HALFMOVE]), 2)


@kernel
def is_repetition(st):
    """Whether the current position occurred twice before (threefold repetition)."""
    return earlier_occurrences(st) >= 2


@kernel
def repeated(st):
    """Whether the current position occurred before (the search scores a repetition below
    its root as a draw)."""
    return earlier_occurrences(st) >= 1


@kernel
def insufficient_material(st):
    """No sequence of legal moves can mate: K v K, K+minor v K, or only same-coloured bishops."""
    pos = st[0]
    heavy = pos[PAWN] | pos[6 + PAWN] | pos[ROOK] | pos[6 + ROOK] | pos[QUEEN] | pos[6 + QUEEN]
    return _dead(heavy, pos[KNIGHT] | pos[6 + KNIGHT], pos[BISHOP] | pos[6 + BISHOP])


@kernel
def status(st, n_legal):
    """ONGOING, LOSS (checkmated) or DRAW for the side to move; see kernel_api.status.

    ``n_legal`` < 0 (moves not generated) skips mate and stalemate. Reads the
    arrays once up front and has one exit, which keeps numba's reference
    counting out of the compiled code.
    """
    pos, hist = st[0], st[1]
    us = np.int64(pos[SIDE])
    them = us ^ 1
    halfmove = np.int64(pos[HALFMOVE])
    king_sq = lsb(pos[6 * us + KING])
    occ = pos[WHITE_OCC] | pos[WHITE_OCC + 1]
    heavy = pos[PAWN] | pos[6 + PAWN] | pos[ROOK] | pos[6 + ROOK] | pos[QUEEN] | pos[6 + QUEEN]
    knights = pos[KNIGHT] | pos[6 + KNIGHT]
    bishops = pos[BISHOP] | pos[6 + BISHOP]
    o = 6 * them
    t_pawns = pos[o + PAWN]
    t_knights = pos[o + KNIGHT]
    t_diagonal = pos[o + BISHOP] | pos[o + QUEEN]
    t_orthogonal = pos[o + ROOK] | pos[o + QUEEN]
    t_king = pos[o + KING]
    repeated = repetitions(hist, HASH, np.int64(pos[PLY]), halfmove, 2) >= 2

    result = ONGOING
    if n_legal == 0:
        checked = square_attacked(
            king_sq, occ, them, t_pawns, t_knights, t_diagonal, t_orthogonal, t_king
        )
        result = LOSS if checked else DRAW
    elif halfmove >= 100 or repeated or _dead(heavy, knights, bishops):
        result = DRAW
    return result


@kernel
def hash_full(st):
    """The Zobrist hash recomputed from the bitboards and scalars (tests compare it to hash_of)."""
    pos = st[0]
    h = ZERO
    for code in range(12):
        b = pos[code]
        while b:
            sq = lsb(b)
            b &= b - ONE
            h ^= Z_PIECE[code, sq]
    us = np.int64(pos[SIDE])
    if us == 1:
        h ^= Z_SIDE
    h ^= Z_CASTLE[np.int64(pos[CASTLE])]
    ep = np.int64(pos[EP])
    if ep != NO_SQUARE and PAWN_ATTACKS[us ^ 1, ep] & pos[6 * us + PAWN]:
        h ^= Z_EP[ep & 7]
    return h
