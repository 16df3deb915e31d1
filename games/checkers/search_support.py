"""Checkers search support: capture/crowning ordering keys and the null move."""

from __future__ import annotations

import numpy as np

from gamecore.bits import popcount
from gamecore.jit import kernel
from games.checkers.layout import (
    BIT,
    CAP_SHIFT,
    CROWN_ROW,
    HASH,
    KINGS,
    ONE,
    PLY,
    QUIET,
    SIDE,
    TO_SHIFT,
    U_CAPKINGS,
    U_CROWNED,
    U_QUIET,
    Z_SIDE,
    ZERO,
)

NULL_MIN_PIECES = 6
"""null_move_ok needs at least this many pieces on each side: with fewer, running out of
safe moves (zugzwang, "the move") decides checkers endings and passing would be a lie."""


@kernel
def order_key(st, move):
    """Captures by pieces taken (kings count extra), crowning next; 0 for a quiet step."""
    pos = st[0]
    us = np.int64(pos[SIDE])
    cap = np.uint64(move >> CAP_SHIFT)
    key = np.int64(0)
    if cap != ZERO:
        key += 16 * popcount(cap) + 8 * popcount(cap & pos[KINGS])
    frm = move & 31
    to = (move >> TO_SHIFT) & 31
    if (pos[KINGS] & BIT[frm]) == ZERO and (CROWN_ROW[us] & BIT[to]) != ZERO:
        key += 4
    return key


@kernel
def null_move_ok(st):
    """Only with at least NULL_MIN_PIECES pieces on each side (see there)."""
    pos = st[0]
    return popcount(pos[0]) >= NULL_MIN_PIECES and popcount(pos[1]) >= NULL_MIN_PIECES


@kernel
def make_null(st):
    """Pass the turn (counts as a quiet ply)."""
    pos, hist = st
    ply = np.int64(pos[PLY])
    hist[ply, U_CAPKINGS] = ZERO
    hist[ply, U_CROWNED] = ZERO
    hist[ply, U_QUIET] = pos[QUIET]
    pos[QUIET] += ONE
    pos[SIDE] ^= ONE
    pos[PLY] = np.uint64(ply + 1)
    hist[ply + 1, HASH] = hist[ply, HASH] ^ Z_SIDE


@kernel
def unmake_null(st):
    pos, hist = st
    ply = np.int64(pos[PLY]) - 1
    pos[QUIET] = hist[ply, U_QUIET]
    pos[SIDE] ^= ONE
    pos[PLY] = np.uint64(ply)
