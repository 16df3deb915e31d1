"""Make and unmake in place: XOR the bitboards, patch the mailbox, keep the hash incremental.

``make_move`` pushes what it can not recompute (captured piece, castling
rights, en passant square, halfmove clock) onto the history row of the
current ply and writes the new hash, and the new additive part of the
evaluation (``features.value_refresh``), into the next row; ``unmake_move``
pops the row, so hash and evaluation are restored by decrementing the ply.
Nothing is allocated or copied. See :mod:`games.chess.layout` for the arrays
and the move encoding.
"""

from __future__ import annotations

import numpy as np

from gamecore.jit import kernel
from games.chess.bitboards import BIT, PAWN_ATTACKS
from games.chess.layout import (
    BLACK_OO,
    BLACK_OOO,
    BOARD,
    CASTLE,
    CASTLING,
    DOUBLE_PUSH,
    EMPTY,
    EN_PASSANT,
    EP,
    FLAG_SHIFT,
    FULLMOVE,
    HALFMOVE,
    HASH,
    NO_SQUARE,
    PAWN,
    PLY,
    PROMO_SHIFT,
    ROOK,
    SIDE,
    TO_SHIFT,
    U_CAPTURED,
    U_CASTLE,
    U_EP,
    U_HALFMOVE,
    WHITE_OCC,
    WHITE_OO,
    WHITE_OOO,
)
from games.chess.zobrist import Z_CASTLE, Z_EP, Z_PIECE, Z_SIDE


def _castle_masks() -> np.ndarray:
    """CASTLE_KEEP[sq]: the rights that survive a move from or to ``sq``."""
    keep = np.full(64, 15, dtype=np.int64)
    keep[4] = 15 & ~(WHITE_OO | WHITE_OOO)
    keep[7] = 15 & ~WHITE_OO
    keep[0] = 15 & ~WHITE_OOO
    keep[60] = 15 & ~(BLACK_OO | BLACK_OOO)
    keep[63] = 15 & ~BLACK_OO
    keep[56] = 15 & ~BLACK_OOO
    return keep


CASTLE_KEEP = _castle_masks()
# Castling rook squares indexed by the king's destination (g1, c1, g8, c8).
ROOK_FROM = np.zeros(64, dtype=np.int64)
ROOK_TO = np.zeros(64, dtype=np.int64)
for _king_to, _rook_from, _rook_to in ((6, 7, 5), (2, 0, 3), (62, 63, 61), (58, 56, 59)):
    ROOK_FROM[_king_to] = _rook_from
    ROOK_TO[_king_to] = _rook_to
del _king_to, _rook_from, _rook_to


@kernel
def make_move(st, move):
    """Play the legal ``move`` and push its undo row."""
    pos, hist, acc, table = st
    ply = np.int64(pos[PLY])
    us = np.int64(pos[SIDE])
    them = us ^ 1
    frm = move & 63
    to = (move >> TO_SHIFT) & 63
    flag = move >> FLAG_SHIFT
    piece = np.int64(pos[BOARD + frm])
    captured = np.int64(pos[BOARD + to])
    rights = np.int64(pos[CASTLE])
    ep = np.int64(pos[EP])
    halfmove = np.int64(pos[HALFMOVE])

    h = hist[ply, HASH] ^ Z_SIDE
    if ep != NO_SQUARE:
        h ^= Z_EP[ep & 7]
    to_bit = BIT[to]
    move_bits = BIT[frm] | to_bit
    h ^= Z_PIECE[piece, frm] ^ Z_PIECE[piece, to]
    new_halfmove = halfmove + 1
    # the additive part of θ·φ with white (white_value) and black to move
    white_value = acc[ply, 0] - table[2 * (64 * piece + frm)]
    black_value = acc[ply, 1] - table[2 * (64 * piece + frm) + 1]

    if captured != EMPTY:
        pos[captured] ^= to_bit
        pos[WHITE_OCC + them] ^= to_bit
        h ^= Z_PIECE[captured, to]
        new_halfmove = 0
        white_value -= table[2 * (64 * captured + to)]
        black_value -= table[2 * (64 * captured + to) + 1]

    landed = piece
    new_ep = NO_SQUARE
    if piece == 6 * us + PAWN:
        new_halfmove = 0
        promo = (move >> PROMO_SHIFT) & 7
        if promo:
            landed = 6 * us + promo
            pos[piece] ^= to_bit
            pos[landed] ^= to_bit
            h ^= Z_PIECE[piece, to] ^ Z_PIECE[landed, to]
        elif flag == EN_PASSANT:
            cap_sq = to ^ 8
            cap_piece = 6 * them + PAWN
            cap_bit = BIT[cap_sq]
            pos[cap_piece] ^= cap_bit
            pos[WHITE_OCC + them] ^= cap_bit
            pos[BOARD + cap_sq] = EMPTY
            h ^= Z_PIECE[cap_piece, cap_sq]
            white_value -= table[2 * (64 * cap_piece + cap_sq)]
            black_value -= table[2 * (64 * cap_piece + cap_sq) + 1]
        elif flag == DOUBLE_PUSH:
            mid = (frm + to) >> 1
            if PAWN_ATTACKS[us, mid] & pos[6 * them + PAWN]:
                new_ep = mid
                h ^= Z_EP[mid & 7]
    elif flag == CASTLING:
        rook = 6 * us + ROOK
        rook_from = ROOK_FROM[to]
        rook_to = ROOK_TO[to]
        rook_bits = BIT[rook_from] | BIT[rook_to]
        pos[rook] ^= rook_bits
        pos[WHITE_OCC + us] ^= rook_bits
        pos[BOARD + rook_from] = EMPTY
        pos[BOARD + rook_to] = rook
        h ^= Z_PIECE[rook, rook_from] ^ Z_PIECE[rook, rook_to]
        white_value += table[2 * (64 * rook + rook_to)] - table[2 * (64 * rook + rook_from)]
        black_value += table[2 * (64 * rook + rook_to) + 1] - table[2 * (64 * rook + rook_from) + 1]

    new_rights = rights & CASTLE_KEEP[frm] & CASTLE_KEEP[to]
    if new_rights != rights:
        h ^= Z_CASTLE[rights] ^ Z_CASTLE[new_rights]

    pos[piece] ^= move_bits
    pos[WHITE_OCC + us] ^= move_bits
    pos[BOARD + frm] = EMPTY
    pos[BOARD + to] = landed
    pos[CASTLE] = new_rights
    pos[EP] = new_ep
    pos[HALFMOVE] = new_halfmove
    pos[FULLMOVE] = np.int64(pos[FULLMOVE]) + us
    pos[SIDE] = them
    pos[PLY] = ply + 1
    hist[ply, U_CAPTURED] = captured
    hist[ply, U_CASTLE] = rights
    hist[ply, U_EP] = ep
    hist[ply, U_HALFMOVE] = halfmove
    hist[ply + 1, HASH] = h
    acc[ply + 1, 0] = white_value + table[2 * (64 * landed + to)]
    acc[ply + 1, 1] = black_value + table[2 * (64 * landed + to) + 1]


@kernel
def unmake_move(st, move):
    """Take back ``move``, the last move made, from its undo row."""
    pos, hist = st[0], st[1]
    ply = np.int64(pos[PLY]) - 1
    them = np.int64(pos[SIDE])
    us = them ^ 1
    frm = move & 63
    to = (move >> TO_SHIFT) & 63
    flag = move >> FLAG_SHIFT
    captured = np.int64(hist[ply, U_CAPTURED])
    to_bit = BIT[to]

    piece = np.int64(pos[BOARD + to])
    if (move >> PROMO_SHIFT) & 7:
        pawn = 6 * us + PAWN
        pos[piece] ^= to_bit
        pos[pawn] ^= to_bit
        piece = pawn
    if captured != EMPTY:
        pos[captured] ^= to_bit
        pos[WHITE_OCC + them] ^= to_bit
    elif flag == EN_PASSANT:
        cap_sq = to ^ 8
        cap_piece = 6 * them + PAWN
        cap_bit = BIT[cap_sq]
        pos[cap_piece] ^= cap_bit
        pos[WHITE_OCC + them] ^= cap_bit
        pos[BOARD + cap_sq] = cap_piece
    elif flag == CASTLING:
        rook = 6 * us + ROOK
        rook_from = ROOK_FROM[to]
        rook_to = ROOK_TO[to]
        rook_bits = BIT[rook_from] | BIT[rook_to]
        pos[rook] ^= rook_bits
        pos[WHITE_OCC + us] ^= rook_bits
        pos[BOARD + rook_to] = EMPTY
        pos[BOARD + rook_from] = rook

    move_bits = BIT[frm] | to_bit
    pos[piece] ^= move_bits
    pos[WHITE_OCC + us] ^= move_bits
    pos[BOARD + frm] = piece
    pos[BOARD + to] = captured
    pos[CASTLE] = hist[ply, U_CASTLE]
    pos[EP] = hist[ply, U_EP]
    pos[HALFMOVE] = hist[ply, U_HALFMOVE]
    pos[FULLMOVE] = np.int64(pos[FULLMOVE]) - us
    pos[SIDE] = us
    pos[PLY] = ply
