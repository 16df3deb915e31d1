"""Checkers move generation: compulsory captures and complete multi-jumps.

A man that reaches the far row is crowned and its move ends there; pieces
jumped stay on the board until the move is over (neither jumped twice nor
landed on). Move encoding: :mod:`games.checkers.layout`.
"""

from __future__ import annotations

import numpy as np

from gamecore.bits import lsb
from gamecore.jit import kernel
from games.checkers.layout import (
    BIT,
    CAP_SHIFT,
    CROWN_ROW,
    FULL,
    JUMP,
    KINGS,
    NEIGH,
    ONE,
    SIDE,
    TO_SHIFT,
    ZERO,
)


@kernel
def _add(out, n, start, frm, to, cap):
    """Append a jump unless the same (from, to, captured set) is already in out[start:n]."""
    move = np.int64(frm) | (np.int64(to) << TO_SHIFT) | (np.int64(cap) << CAP_SHIFT)
    for i in range(start, n):
        if out[i] == move:
            return n
    out[n] = move
    return n + 1


@kernel
def _jumps(out, n, start, frm, sq, cap, opp, empty, king, lo, hi, crown):
    """Extend the jump sequence of the piece from ``frm`` now on ``sq`` having taken ``cap``.

    Captured pieces stay on the board until the move ends (they can be neither
    jumped again nor landed on); the mover's own start square counts as empty.
    """
    extended = False
    for d in range(lo, hi):
        land = JUMP[sq, d]
        if land < 0:
            continue
        mb = BIT[NEIGH[sq, d]]
        lb = BIT[land]
        if (opp & mb) == ZERO or (cap & mb) != ZERO or (empty & lb) == ZERO:
            continue
        extended = True
        if not king and (crown & lb) != ZERO:
            n = _add(out, n, start, frm, land, cap | mb)
        else:
            n = _jumps(out, n, start, frm, land, cap | mb, opp, empty, king, lo, hi, crown)
    if not extended and cap != ZERO:
        n = _add(out, n, start, frm, sq, cap)
    return n


@kernel
def _can_jump(own, opp, kings, empty, us):
    """Whether any piece of ``us`` has a jump (men forward only, kings both ways)."""
    men = own & ~kings
    pieces = own
    while pieces != ZERO:
        s = lsb(pieces)
        pieces &= pieces - ONE
        lo = 0
        hi = 4
        if (men & BIT[s]) != ZERO:
            lo = 2 if us == 0 else 0
            hi = lo + 2
        for d in range(lo, hi):
            land = JUMP[s, d]
            if land >= 0 and (opp & BIT[NEIGH[s, d]]) != ZERO and (empty & BIT[land]) != ZERO:
                return True
    return False


@kernel
def _generate(pos, out, noisy_only):
    us = np.int64(pos[SIDE])
    own = pos[us]
    opp = pos[us ^ 1]
    kings = pos[KINGS]
    empty = ~(own | opp) & FULL
    crown = CROWN_ROW[us]
    men_lo = np.int64(2) if us == 0 else np.int64(0)
    n = np.int64(0)
    if _can_jump(own, opp, kings, empty, us):
        pieces = own
        while pieces != ZERO:
            s = lsb(pieces)
            pieces &= pieces - ONE
            king = (kings & BIT[s]) != ZERO
            lo = 0 if king else men_lo
            hi = 4 if king else men_lo + 2
            n = _jumps(
                out,
                np.int64(n),
                np.int64(n),
                np.int64(s),
                np.int64(s),
                ZERO,
                opp,
                empty | BIT[s],
                king,
                np.int64(lo),
                np.int64(hi),
                crown,
            )
        return n
    pieces = own
    while pieces != ZERO:
        s = lsb(pieces)
        pieces &= pieces - ONE
        king = (kings & BIT[s]) != ZERO
        if noisy_only and king:
            continue
        lo = 0 if king else men_lo
        hi = 4 if king else men_lo + 2
        for d in range(lo, hi):
            t = NEIGH[s, d]
            if t >= 0 and (empty & BIT[t]) != ZERO:
                if noisy_only and (crown & BIT[t]) == ZERO:
                    continue
                out[n] = s | (t << TO_SHIFT)
                n += 1
    return n


@kernel
def gen_moves(st, out):
    """Every legal move: the jumps when there is one (captures are compulsory), else the steps."""
    return _generate(st[0], out, False)


@kernel
def gen_noisy(st, out):
    """The captures when there are any, otherwise the steps that crown a man."""
    return _generate(st[0], out, True)
