"""Duchess make/unmake: in place, with an undo row per ply, the incremental Zobrist hash
(board, lost-piece boxes, seat to move), each seat's piece bits (``occupancy``) and the
value accumulator
(see ``features.value_refresh``). A pass hands the turn on and counts towards the
pass-round draw; the null move is a pass that does not count.
"""

from __future__ import annotations

import numpy as np

from gamecore.jit import kernel
from games.duchess import rules_table as R
from games.duchess.layout import (
    BOX,
    CHECK_UNKNOWN,
    CHECKED,
    GAME_PLY,
    HASH,
    KING,
    KING_AT,
    PASS,
    PASSES,
    PAWN,
    PLAYERS,
    PLY,
    PROMO_SHIFT,
    QUIET,
    SEAT,
    TO_SHIFT,
    U_CAPTURED,
    U_PASSES,
    U_QUIET,
    WIZ_AT,
    WIZARD,
    Z_BOX,
    Z_PIECE,
    Z_SEAT,
)
from games.duchess.occupancy import occupy, vacate

PROMO_FROM_BOX = R.PROMOTION_TAKES_FROM_BOX


@kernel
def _pass(pos, hist, acc, count_pass):
    ply = pos[PLY]
    acc[ply + 1] = acc[ply]
    seat = pos[SEAT]
    hist[ply, U_CAPTURED] = 0
    hist[ply, U_QUIET] = pos[QUIET]
    hist[ply, U_PASSES] = pos[PASSES]
    if count_pass:
        pos[PASSES] += 1
    pos[QUIET] += 1
    nxt = (seat + 1) % pos[PLAYERS]
    pos[SEAT] = nxt
    pos[GAME_PLY] += 1
    pos[PLY] = ply + 1
    hist[ply + 1, HASH] = hist[ply, HASH] ^ Z_SEAT[seat] ^ Z_SEAT[nxt]
    hist[ply + 1, CHECKED] = CHECK_UNKNOWN


@kernel
def _unpass(pos, hist):
    ply = pos[PLY] - 1
    pos[QUIET] = np.int64(hist[ply, U_QUIET])
    pos[PASSES] = np.int64(hist[ply, U_PASSES])
    pos[SEAT] = (pos[SEAT] + pos[PLAYERS] - 1) % pos[PLAYERS]
    pos[GAME_PLY] -= 1
    pos[PLY] = ply


@kernel
def make_move(st, move):
    """Play the legal ``move`` (or the pass), pushing its undo row, the new hash and the
    new value accumulator (see ``features.value_refresh``)."""
    pos, hist, acc, table = st
    if move == PASS:
        _pass(pos, hist, acc, True)
        return
    ply = pos[PLY]
    seat = pos[SEAT]
    frm = move & 255
    to = (move >> TO_SHIFT) & 255
    promo = (move >> PROMO_SHIFT) & 15
    p = pos[frm]
    t = p & 15
    taken = pos[to]
    h = hist[ply, HASH] ^ Z_PIECE[seat, t, frm]
    gained = -table[seat, t, frm]
    hist[ply, U_CAPTURED] = np.uint64(taken)
    hist[ply, U_QUIET] = np.uint64(pos[QUIET])
    hist[ply, U_PASSES] = np.uint64(pos[PASSES])
    if taken != 0:
        vs = taken >> 4
        vt = taken & 15
        h ^= Z_PIECE[vs, vt, to]
        vacate(pos, vs, to)
        lost = table[vs, vt, to]
        gained += lost if (vs & 1) != (seat & 1) else -lost
        k = BOX + 16 * vs + vt
        h ^= Z_BOX[vs, vt, pos[k]] ^ Z_BOX[vs, vt, pos[k] + 1]
        pos[k] += 1
        if vt == WIZARD:
            pos[WIZ_AT + vs] = -1
    nt = t
    if promo != 0:
        nt = promo
        if PROMO_FROM_BOX:
            k = BOX + 16 * seat + promo
            h ^= Z_BOX[seat, promo, pos[k]] ^ Z_BOX[seat, promo, pos[k] - 1]
            pos[k] -= 1
    pos[frm] = 0
    pos[to] = 16 * seat + nt
    vacate(pos, seat, frm)
    occupy(pos, seat, to)
    h ^= Z_PIECE[seat, nt, to]
    gained += table[seat, nt, to]
    acc[ply + 1] = acc[ply] + (gained if (seat & 1) == 0 else -gained)
    if t == KING:
        pos[KING_AT + seat] = to
    elif nt == WIZARD:
        pos[WIZ_AT + seat] = to
    if taken != 0 or t == PAWN:
        pos[QUIET] = 0
    else:
        pos[QUIET] += 1
    pos[PASSES] = 0
    nxt = (seat + 1) % pos[PLAYERS]
    pos[SEAT] = nxt
    pos[GAME_PLY] += 1
    pos[PLY] = ply + 1
    hist[ply + 1, HASH] = h ^ Z_SEAT[seat] ^ Z_SEAT[nxt]
    hist[ply + 1, CHECKED] = CHECK_UNKNOWN


@kernel
def unmake_move(st, move):
    """Take back ``move``, the last move made (the accumulator of its ply is still there)."""
    pos, hist = st[0], st[1]
    if move == PASS:
        _unpass(pos, hist)
        return
    ply = pos[PLY] - 1
    seat = (pos[SEAT] + pos[PLAYERS] - 1) % pos[PLAYERS]
    frm = move & 255
    to = (move >> TO_SHIFT) & 255
    promo = (move >> PROMO_SHIFT) & 15
    nt = pos[to] & 15
    t = nt
    if promo != 0:
        t = PAWN
        if PROMO_FROM_BOX:
            pos[BOX + 16 * seat + promo] += 1
        if promo == WIZARD:
            pos[WIZ_AT + seat] = -1
    taken = np.int64(hist[ply, U_CAPTURED])
    pos[frm] = 16 * seat + t
    pos[to] = taken
    vacate(pos, seat, to)
    occupy(pos, seat, frm)
    if t == KING:
        pos[KING_AT + seat] = frm
    elif t == WIZARD:
        pos[WIZ_AT + seat] = frm
    if taken != 0:
        vs = taken >> 4
        vt = taken & 15
        pos[BOX + 16 * vs + vt] -= 1
        occupy(pos, vs, to)
        if vt == WIZARD:
            pos[WIZ_AT + vs] = to
    pos[QUIET] = np.int64(hist[ply, U_QUIET])
    pos[PASSES] = np.int64(hist[ply, U_PASSES])
    pos[SEAT] = seat
    pos[GAME_PLY] -= 1
    pos[PLY] = ply
