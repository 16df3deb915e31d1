"""Checkers make/unmake: in place, an undo row per ply and the incremental Zobrist hash."""

from __future__ import annotations

import numpy as np

from gamecore.bits import lsb
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
    Z_PIECE,
    Z_SIDE,
    ZERO,
)


@kernel
def make_move(st, move):
    """Play the legal ``move``, pushing its undo row and the new hash."""
    pos, hist = st
    ply = np.int64(pos[PLY])
    us = np.int64(pos[SIDE])
    them = us ^ 1
    frm = move & 31
    to = (move >> TO_SHIFT) & 31
    cap = np.uint64(move >> CAP_SHIFT)
    fb = BIT[frm]
    tb = BIT[to]
    h = hist[ply, HASH]
    kings = pos[KINGS]
    crowned = ZERO
    if (kings & fb) != ZERO:
        is_king = True
        h ^= Z_PIECE[us + 2, frm] ^ Z_PIECE[us + 2, to]
        kings = (kings & ~fb) | tb
    else:
        is_king = False
        if (CROWN_ROW[us] & tb) != ZERO:
            kings |= tb
            crowned = ONE
            h ^= Z_PIECE[us, frm] ^ Z_PIECE[us + 2, to]
        else:
            h ^= Z_PIECE[us, frm] ^ Z_PIECE[us, to]
    pos[us] = (pos[us] & ~fb) | tb
    capk = cap & kings
    if cap != ZERO:
        c = cap
        while c != ZERO:
            s = lsb(c)
            c &= c - ONE
            if (capk & BIT[s]) != ZERO:
                h ^= Z_PIECE[them + 2, s]
            else:
                h ^= Z_PIECE[them, s]
        pos[them] ^= cap
        kings &= ~cap
    pos[KINGS] = kings
    hist[ply, U_CAPKINGS] = capk
    hist[ply, U_CROWNED] = crowned
    hist[ply, U_QUIET] = pos[QUIET]
    if cap != ZERO or not is_king:
        pos[QUIET] = ZERO
    else:
        pos[QUIET] += ONE
    pos[SIDE] = np.uint64(them)
    pos[PLY] = np.uint64(ply + 1)
    hist[ply + 1, HASH] = h ^ Z_SIDE


@kernel
def unmake_move(st, move):
    """Take back ``move``, the last move made."""
    pos, hist = st
    ply = np.int64(pos[PLY]) - 1
    them = np.int64(pos[SIDE])
    us = them ^ 1
    frm = move & 31
    to = (move >> TO_SHIFT) & 31
    cap = np.uint64(move >> CAP_SHIFT)
    fb = BIT[frm]
    tb = BIT[to]
    kings = pos[KINGS]
    if hist[ply, U_CROWNED] != ZERO:
        kings &= ~tb
    elif (kings & tb) != ZERO:
        kings = (kings & ~tb) | fb
    pos[us] = (pos[us] & ~tb) | fb
    pos[them] |= cap
    pos[KINGS] = kings | hist[ply, U_CAPKINGS]
    pos[QUIET] = hist[ply, U_QUIET]
    pos[SIDE] = np.uint64(us)
    pos[PLY] = np.uint64(ply)
