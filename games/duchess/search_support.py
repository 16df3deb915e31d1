"""Duchess search support: capture/promotion ordering keys and the null move."""

from __future__ import annotations

import numpy as np

from gamecore.jit import kernel
from games.duchess.layout import (
    KING,
    OCC,
    OCC_WORDS,
    PASS,
    PAWN,
    PROMO_SHIFT,
    SEAT,
    TO_SHIFT,
    VALUE,
)
from games.duchess.makemove import _pass, _unpass
from games.duchess.occupancy import first_cell
from games.duchess.rules import mover_in_check

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
    if mover_in_check(st):
        return False
    pieces = 0
    for w in range(OCC_WORDS):
        word = pos[OCC + OCC_WORDS * seat + w]
        while word != 0:
            t = pos[first_cell(word, w)] & 15
            word &= word - 1
            if t != KING and t != PAWN:
                pieces += 1
    return pieces >= NULL_MIN_PIECES


@kernel
def make_null(st):
    """Hand the turn on without moving (not counted as a pass for the pass-round draw)."""
    _pass(st[0], st[1], st[2], False)


@kernel
def unmake_null(st):
    _unpass(st[0], st[1])
