"""The checkers kernel: exactly the names of :mod:`gamecore.kernel_api`.

Legal moves with compulsory captures and complete multi-jumps (a man that
reaches the far row is crowned and stops), make/unmake in place with an undo
row per ply and an incremental Zobrist hash, results (no move loses; threefold
repetition and the 40-move rule draw), the ``checkers-chinook`` features
(:mod:`games.checkers.features`), move
ordering and the null move. Arrays and move encoding: :mod:`games.checkers.layout`.
"""

from __future__ import annotations

import numpy as np

from gamecore.bits import lsb, popcount
from gamecore.history import repetitions
from gamecore.jit import kernel
from gamecore.kernel_api import DRAW, LOSS, ONGOING
from games.checkers.features import COUNT, features  # noqa: F401  (kernel API)
from games.checkers.layout import (
    BIT,
    CAP_SHIFT,
    CROWN_ROW,
    DRAW_PLIES,
    FULL,
    HASH,
    JUMP,
    KINGS,
    NEIGH,
    PLY,
    QUIET,
    SIDE,
    TO_SHIFT,
    U_CAPKINGS,
    U_CROWNED,
    U_QUIET,
    Z_PIECE,
    Z_SIDE,
)

ZERO = np.uint64(0)
ONE = np.uint64(1)
NULL_MIN_PIECES = 6
"""null_move_ok needs at least this many pieces on each side: with fewer, running out of
safe moves (zugzwang, "the move") decides checkers endings and passing would be a lie."""


# -- move generation ------------------------------------------------------------------


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


# -- make / unmake ------------------------------------------------------------------------


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


# -- facts and results ----------------------------------------------------------------------


@kernel
def side_to_move(st):
    """0 when Black moves, 1 when White moves."""
    return np.int64(st[0][SIDE])


@kernel
def team_to_move(st):
    """The same as side_to_move."""
    return np.int64(st[0][SIDE])


@kernel
def king_attacked(st, player):
    """Checkers kings are never in check."""
    return False


@kernel
def hash_of(st):
    return st[1][np.int64(st[0][PLY]), HASH]


@kernel
def ply_of(st):
    return np.int64(st[0][PLY])


@kernel
def hash_full(st):
    """The Zobrist hash recomputed from the boards."""
    pos = st[0]
    h = ZERO
    for colour in range(2):
        b = pos[colour]
        while b != ZERO:
            s = lsb(b)
            b &= b - ONE
            if (pos[KINGS] & BIT[s]) != ZERO:
                h ^= Z_PIECE[colour + 2, s]
            else:
                h ^= Z_PIECE[colour, s]
    if pos[SIDE] != ZERO:
        h ^= Z_SIDE
    return h


@kernel
def status(st, n_legal):
    """LOSS with no legal move; DRAW by threefold repetition or the 40-move rule; else ONGOING."""
    pos, hist = st
    us = np.int64(pos[SIDE])
    if n_legal == 0 or pos[us] == ZERO:
        return LOSS
    quiet = np.int64(pos[QUIET])
    if quiet >= DRAW_PLIES:
        return DRAW
    if repetitions(hist, HASH, np.int64(pos[PLY]), quiet, 2) >= 2:
        return DRAW
    return ONGOING


# -- search support ----------------------------------------------------------------------------


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


# -- features ---------------------------------------------------------------------------------

FEATURE_COUNT = COUNT
