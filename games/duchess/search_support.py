"""Duchess search support: capture/promotion ordering keys and the null move."""

from __future__ import annotations

import numpy as np

from gamecore.jit import kernel
from games.duchess.attacks import attacked
from games.duchess.layout import (
    CFG,
    KING,
    KING_AT,
    PASS,
    PAWN,
    PROMO_SHIFT,
    SEAT,
    TO_SHIFT,
    VALUE,
)
from games.duchess.makemove import _pass, _unpass
from games.duchess.mesh import N_CELLS

NULL_MIN_PIECES = 3
"""null_move_ok wants this many pieces besides King and pawns for the mover: with fewer,
having to move can hurt (zugzwang) and passing would misjudge the position."""


@kernel
def order_key(st, move):
    """MVV-LVA for captures plus the promoted piece's value; 0 for a quiet move or a pass."""
    pos = st[0]
    if move == PASS:
        return np.int64(0)
    frm = move & 255
    to = (move >> TO_SHIFT) & 255
    promo = (move >> PROMO_SHIFT) & 15
    key = np.int64(0)
    taken = pos[to]
    if taken != 0:
        key += 1 + 8 * VALUE[taken & 15] + (VALUE[1] - VALUE[pos[frm] & 15]) // 5
    if promo != 0:
        key += 1 + 8 * VALUE[promo]
    return key


@kernel
def move_target(st, move):
    """The cell a move lands on, -1 for a pass (for the search's recapture extension)."""
    if move == PASS:
        return np.int64(-1)
    return (move >> TO_SHIFT) & 255


@kernel
def null_move_ok(st):
    """Only when not in check and with NULL_MIN_PIECES pieces (see there)."""
    pos = st[0]
    seat = pos[SEAT]
    if attacked(pos, pos[CFG], pos[KING_AT + seat], (seat & 1) ^ 1):
        return False
    pieces = 0
    for c in range(N_CELLS):
        p = pos[c]
        if p > 0 and (p >> 4) == seat and (p & 15) != KING and (p & 15) != PAWN:
            pieces += 1
    return pieces >= NULL_MIN_PIECES


@kernel
def make_null(st):
    """Hand the turn on without moving (not counted as a pass for the pass-round draw)."""
    _pass(st[0], st[1], st[2], False)


@kernel
def unmake_null(st):
    _unpass(st[0], st[1])
