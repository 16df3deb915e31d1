"""Duchess move generation: the legal moves of every piece along the mesh tables.

Pawns step orthogonally any way and take diagonally any way; Wizards let the
team's pieces teleport next to them; a pawn reaching the vortex gives one move
per promotion choice. A player with no legal move passes; a team whose every
player is checkmated has no move at all (see :mod:`games.duchess.kernel`).

Legality is "the mover's own King is not attacked afterwards". A piece that is
not the King, moved while its King is not in check, can only expose the King
along the rook or bishop line from the King through its start cell
(``layout.LINE_OF``), and only if it is pinned there: generating all moves,
such a piece is looked at once along that line; King moves, moves out of
check and the captures of a pinnable piece in quiescence are tried on the
board and tested.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from gamecore.jit import kernel
from games.duchess import rules_table as R
from games.duchess.attacks import attacked
from games.duchess.layout import (
    ADJ,
    BISHOP_LEN,
    BISHOP_LINE,
    BISHOP_RAYS,
    BOX,
    CFG,
    DIAG,
    KING,
    KING_AT,
    KNIGHT_TO,
    KSTEP,
    LEAPS,
    LINE_OF,
    OCC,
    OCC_WORDS,
    ORTH,
    PASS,
    PAWN,
    PLAYERS,
    PROMO_SHIFT,
    PROMO_TYPES,
    RAY_BISHOP,
    RAY_ROOK,
    ROOK_LEN,
    ROOK_RAYS,
    SEAT,
    TO_SHIFT,
    VALUE,
    WIZ_AT,
    WIZARD,
)
from games.duchess.mesh import VORTEX
from games.duchess.occupancy import first_cell
from games.duchess.rules import mover_in_check

KINGS_MAY_TELEPORT = R.KINGS_MAY_TELEPORT

ALL, NOISY, EXISTS = 0, 1, 2
"""Modes of the generator: every legal move, the noisy ones, or stop at the first legal move."""


class Mover(NamedTuple):
    """What every candidate move of one generator call shares: the record ``_add`` reads."""

    pos: np.ndarray
    out: np.ndarray
    mode: int
    """ALL, NOISY or EXISTS."""
    cfg: int
    """The seating configuration (index into the mesh tables)."""
    seat: int
    king_cell: int


@kernel
def _legal(pos, cfg, seat, frm, to, kc, test, king_move):
    """Whether moving the piece ``frm`` -> ``to`` leaves the mover's King unattacked; only
    tried on the board when ``test`` (see ``_needs_test``), else legal."""
    if not test:
        return True
    moved = pos[frm]
    taken = pos[to]
    pos[to] = moved
    pos[frm] = 0
    k = to if king_move else kc
    bad = attacked(pos, cfg, k, (seat & 1) ^ 1)
    pos[frm] = moved
    pos[to] = taken
    return not bad


@kernel
def _needs_test(pos, cfg, kc, s, t, enemy, in_check, mode):
    """Whether the moves of the piece of type ``t`` on ``s`` must each be tried on the board:
    out of check, King moves, and a piece that may be pinned. Generating all moves, a piece
    on a line from its King is looked at once (pinned or not); for the few captures of
    quiescence each is tried instead."""
    if in_check or t == KING:
        return True
    line = LINE_OF[cfg, kc, s]
    if line < 0:
        return False
    if mode == NOISY:
        return True
    if line < BISHOP_LINE:
        return _pinned(pos, ROOK_RAYS[cfg, kc, line], s, enemy, RAY_ROOK)
    return _pinned(pos, BISHOP_RAYS[cfg, kc, line - BISHOP_LINE], s, enemy, RAY_BISHOP)


@kernel
def _pinned(pos, ray, s, enemy, slides):
    """Whether the piece on ``s``, on the King's ``ray``, shields it from an ``enemy`` piece
    that ``slides`` along it: nothing between King and ``s``, then that piece first."""
    behind = False
    for i in range(ray.shape[0]):
        d = ray[i]
        if d < 0:
            return False
        if d == s:
            behind = True
            continue
        p = pos[d]
        if p != 0:
            return behind and ((p >> 4) & 1) == enemy and slides[p & 15]
    return False


@kernel
def _put(out, n, start, move, dedupe):
    """Append ``move`` (unless ``dedupe`` and it is already in out[start:n]); the new count."""
    if dedupe:
        for i in range(start, n):
            if out[i] == move:
                return n
    if n >= out.shape[0]:
        raise IndexError("duchess move buffer overflow: max_moves is too small")
    out[n] = move
    return n + 1


@kernel
def _add(g, n, start, frm, to, t, dedupe, test):
    """Add the move(s) of the piece of type ``t`` from ``frm`` to ``to`` if legal.

    ``g`` is the generator call's :class:`Mover`; ``test``: whether the move must be tried
    on the board for legality (``_needs_test``). A pawn arriving on the vortex gives one
    move per lost promotable type (or a plain move when there is none). In EXISTS mode
    nothing is written: returns 1 when legal.
    """
    pos, out, mode, cfg, seat = g.pos, g.out, g.mode, g.cfg, g.seat
    capture = pos[to] != 0
    promotes = False
    if t == PAWN and to == VORTEX:
        for j in range(PROMO_TYPES.shape[0]):
            if pos[BOX + 16 * seat + PROMO_TYPES[j]] > 0:
                promotes = True
                break
    if mode == NOISY and not promotes:
        if not capture:
            return n
        victim = pos[to]
        if VALUE[victim & 15] < VALUE[t] and attacked(pos, cfg, to, (victim >> 4) & 1):
            return n  # a capture that obviously loses material: not worth a quiescence node
    if not _legal(pos, cfg, seat, frm, to, g.king_cell, test, t == KING):
        return n
    if mode == EXISTS:
        return n + 1
    base = np.int64(frm) | (np.int64(to) << TO_SHIFT)
    if promotes:
        for j in range(PROMO_TYPES.shape[0]):
            pt = PROMO_TYPES[j]
            if pos[BOX + 16 * seat + pt] > 0:
                n = _put(out, n, start, base | (np.int64(pt) << PROMO_SHIFT), dedupe)
        return n
    return _put(out, n, start, base, dedupe)


@kernel
def _target(pos, to, enemy):
    """Whether a piece may move onto ``to``: empty, or an enemy piece that is not a King."""
    q = pos[to]
    return q == 0 or (((q >> 4) & 1) == enemy and (q & 15) != KING)


@kernel
def _slide(g, n, start, s, t, enemy, rays, length, test):
    """Add the moves of the slider of type ``t`` on ``s`` along ``rays`` (rook or bishop
    lines of at most ``length`` cells); in EXISTS mode stop at the first legal one."""
    pos, cfg = g.pos, g.cfg
    for r in range(rays.shape[2]):
        if rays[cfg, s, r, 0] < 0:
            break
        if g.mode == NOISY:  # only the first occupied cell of the line can be taken
            for i in range(length):
                to = rays[cfg, s, r, i]
                if to < 0:
                    break
                if pos[to] != 0:
                    if _target(pos, to, enemy):
                        n = _add(g, n, start, s, to, t, False, test)
                    break
            continue
        for i in range(length):
            to = rays[cfg, s, r, i]
            if to < 0:
                break
            if _target(pos, to, enemy):
                n = _add(g, n, start, s, to, t, False, test)
                if g.mode == EXISTS and n > 0:
                    return n
            if pos[to] != 0:
                break
    return n


@kernel
def _gen(pos, out, seat, mode, in_check):
    """The legal moves of ``seat`` (not a pass) by ``mode``: ALL, NOISY or EXISTS."""
    cfg = pos[CFG]
    players = pos[PLAYERS]
    team = seat & 1
    enemy = team ^ 1
    kc = pos[KING_AT + seat]
    has_wizards = False
    for q in range(team, players, 2):
        if pos[WIZ_AT + q] >= 0:
            has_wizards = True
    g = Mover(pos, out, mode, cfg, seat, kc)
    n = np.int64(0)
    for word in range(OCC_WORDS):
        pieces = pos[OCC + OCC_WORDS * seat + word]
        while pieces != 0:
            s = first_cell(pieces, word)
            pieces &= pieces - 1
            t = pos[s] & 15
            start = n
            test = _needs_test(pos, cfg, kc, s, t, enemy, in_check, mode)
            if t == PAWN:
                for i in range(ORTH.shape[2]):
                    to = ORTH[cfg, s, i]
                    if to < 0:
                        break
                    if pos[to] == 0 and (mode != NOISY or to == VORTEX):  # noisy: promotions only
                        n = _add(g, n, start, s, to, t, False, test)
                        if mode == EXISTS and n > 0:
                            return n
                for i in range(DIAG.shape[2]):
                    to = DIAG[cfg, s, i]
                    if to < 0:
                        break
                    if pos[to] != 0 and _target(pos, to, enemy):
                        n = _add(g, n, start, s, to, t, False, test)
                        if mode == EXISTS and n > 0:
                            return n
            elif t in (KING, WIZARD):
                for i in range(KSTEP.shape[2]):
                    to = KSTEP[cfg, s, i]
                    if to < 0:
                        break
                    if mode == NOISY and pos[to] == 0:
                        continue  # a step onto an empty cell takes nothing
                    if _target(pos, to, enemy):
                        n = _add(g, n, start, s, to, t, False, test)
                        if mode == EXISTS and n > 0:
                            return n
            else:
                if LEAPS[t]:
                    for i in range(KNIGHT_TO.shape[2]):
                        to = KNIGHT_TO[cfg, s, i]
                        if to < 0:
                            break
                        if mode == NOISY and pos[to] == 0:
                            continue
                        if _target(pos, to, enemy):
                            n = _add(g, n, start, s, to, t, False, test)
                            if mode == EXISTS and n > 0:
                                return n
                if RAY_ROOK[t]:
                    n = _slide(g, n, start, s, t, enemy, ROOK_RAYS, ROOK_LEN, test)
                    if mode == EXISTS and n > 0:
                        return n
                if RAY_BISHOP[t]:
                    n = _slide(g, n, start, s, t, enemy, BISHOP_RAYS, BISHOP_LEN, test)
                    if mode == EXISTS and n > 0:
                        return n
            if not has_wizards or (t == KING and not KINGS_MAY_TELEPORT):
                continue
            if mode == NOISY and t != PAWN:
                continue
            # Teleports: next to a team Wizard (not itself) -> any empty cell next to one. A Wizard
            # may also teleport next to a partner's Wizard from anywhere.
            enabled = False
            for q in range(team, players, 2):
                w = pos[WIZ_AT + q]
                if w >= 0 and w != s and ADJ[cfg, w, s]:
                    enabled = True
            for q in range(team, players, 2):
                w = pos[WIZ_AT + q]
                if w < 0 or w == s:
                    continue
                if not enabled and not (t == WIZARD and q != seat):
                    continue
                for i in range(KSTEP.shape[2]):
                    to = KSTEP[cfg, w, i]
                    if to < 0:
                        break
                    if pos[to] == 0:
                        n = _add(g, n, start, s, to, t, True, test)
                        if mode == EXISTS and n > 0:
                            return n
    return n


@kernel
def checkmated(pos, out, seat):
    """In check with no legal move."""
    cfg = pos[CFG]
    if not attacked(pos, cfg, pos[KING_AT + seat], (seat & 1) ^ 1):
        return False
    return _gen(pos, out, seat, EXISTS, True) == 0


@kernel
def has_legal_move(pos, seat, scratch):
    """Whether ``seat`` has a legal move (a pass aside), for the evaluation.

    EXISTS mode writes no move, so any int64 array lends an empty view as the
    buffer (a write would fail loudly on its zero length, not corrupt ``scratch``).
    """
    in_check = attacked(pos, pos[CFG], pos[KING_AT + seat], (seat & 1) ^ 1)
    return _gen(pos, scratch[:0], seat, EXISTS, in_check) > 0


@kernel
def _team_mated(pos, out, seat):
    """Whether the partners of ``seat`` (in check, known to have no legal move) are all
    checkmated too."""
    for q in range(seat & 1, pos[PLAYERS], 2):
        if q != seat and not checkmated(pos, out, q):
            return False
    return True


@kernel
def gen_moves(st, out):
    """Every legal move; a lone pass when there is none; nothing when the mover's team has lost."""
    pos = st[0]
    seat = pos[SEAT]
    in_check = mover_in_check(st)
    n = _gen(pos, out, seat, ALL, in_check)
    if n > 0:
        return n
    if in_check and _team_mated(pos, out, seat):
        return np.int64(0)
    out[0] = PASS
    return np.int64(1)


@kernel
def gen_noisy(st, out):
    """The legal promotions, and the legal captures that do not obviously lose material.

    A capture is left to the full-width search when the taken piece is worth less than
    the taker (``layout.VALUE``) and its team defends the cell. Six players with many
    captures each made plain capture quiescence explode (millions of nodes at depth 3
    with untrained weights, where stand-pat rarely cuts); this is the cheap half of a
    static exchange test.
    """
    pos = st[0]
    return _gen(pos, out, pos[SEAT], NOISY, mover_in_check(st))
