"""What the generic search asks of chess beyond the rules: move ordering and the null move."""

from __future__ import annotations

import numpy as np

from gamecore.jit import kernel
from games.chess.layout import (
    BOARD,
    CASTLE,
    EMPTY,
    EN_PASSANT,
    EP,
    FLAG_SHIFT,
    FULLMOVE,
    HALFMOVE,
    HASH,
    KING,
    NO_SQUARE,
    PAWN,
    PLY,
    PROMO_SHIFT,
    SIDE,
    TO_SHIFT,
    U_CAPTURED,
    U_CASTLE,
    U_EP,
    U_HALFMOVE,
    WHITE_OCC,
)
from games.chess.zobrist import Z_EP, Z_SIDE

# Rough piece values for ordering only (P N B R Q K); the evaluation learns its own.
ORDER_VALUE = np.array([1, 3, 3, 5, 9, 0], dtype=np.int64)


@kernel
def order_key(st, move):
    """MVV-LVA: most valuable victim first, least valuable attacker among equals;
    promotions by the promoted piece's value. 0 for a quiet move."""
    pos = st[0]
    frm = move & 63
    to = (move >> TO_SHIFT) & 63
    promo = (move >> PROMO_SHIFT) & 7
    victim = np.int64(pos[BOARD + to])
    if victim != EMPTY:
        victim_value = ORDER_VALUE[victim % 6]
    elif (move >> FLAG_SHIFT) == EN_PASSANT:
        victim_value = ORDER_VALUE[PAWN]
    else:
        victim_value = 0
    if victim_value == 0 and promo == 0:
        return np.int64(0)
    attacker = np.int64(pos[BOARD + frm]) % 6
    return 1 + 16 * (victim_value + ORDER_VALUE[promo]) - attacker


@kernel
def move_target(st, move):
    """The square a move lands on (for the search's recapture extension)."""
    return (move >> TO_SHIFT) & 63


@kernel
def extends_move(st, move):
    """A pawn moving to its seventh rank: the passed-pawn extension of seed 004."""
    pos = st[0]
    piece = np.int64(pos[BOARD + (move & 63)])
    if piece == EMPTY or piece % 6 != PAWN:
        return False
    rank = ((move >> TO_SHIFT) & 63) >> 3
    return rank == (6 if piece < 6 else 1)


@kernel
def null_move_ok(st):
    """Only with a piece besides king and pawns: pawn endings are full of zugzwang."""
    pos = st[0]
    us = np.int64(pos[SIDE])
    own = pos[WHITE_OCC + us]
    return (own ^ pos[6 * us + PAWN] ^ pos[6 * us + KING]) != 0


@kernel
def make_null(st):
    """Pass the move: side flips, the en passant chance lapses, the clocks run."""
    pos, hist = st[0], st[1]
    ply = np.int64(pos[PLY])
    us = np.int64(pos[SIDE])
    ep = np.int64(pos[EP])
    h = hist[ply, HASH] ^ Z_SIDE
    if ep != NO_SQUARE:
        h ^= Z_EP[ep & 7]
    hist[ply, U_CAPTURED] = EMPTY
    hist[ply, U_CASTLE] = pos[CASTLE]
    hist[ply, U_EP] = ep
    hist[ply, U_HALFMOVE] = pos[HALFMOVE]
    hist[ply + 1, HASH] = h
    acc = st[2]  # nothing moved: the additive value carries over (features.value_refresh)
    acc[ply + 1, 0] = acc[ply, 0]
    acc[ply + 1, 1] = acc[ply, 1]
    pos[EP] = NO_SQUARE
    pos[HALFMOVE] = np.int64(pos[HALFMOVE]) + 1
    pos[FULLMOVE] = np.int64(pos[FULLMOVE]) + us
    pos[SIDE] = us ^ 1
    pos[PLY] = ply + 1


@kernel
def unmake_null(st):
    pos, hist = st[0], st[1]
    ply = np.int64(pos[PLY]) - 1
    us = np.int64(pos[SIDE]) ^ 1
    pos[EP] = hist[ply, U_EP]
    pos[HALFMOVE] = hist[ply, U_HALFMOVE]
    pos[FULLMOVE] = np.int64(pos[FULLMOVE]) - us
    pos[SIDE] = us
    pos[PLY] = ply
