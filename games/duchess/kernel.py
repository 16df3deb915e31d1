"""The Duchess kernel: exactly the names of :mod:`gamecore.kernel_api`.

Legal moves of every piece along the mesh tables (pawns step orthogonally any
way and take diagonally any way; teleports next to the team's Wizards; one
move per promotion choice on the vortex), a pass for a player with no legal
move, make/unmake in place with an undo row per ply and an incremental Zobrist
hash (board, lost-piece boxes, seat to move), and results: a team wins when
every player of the other team is checkmated at once; a full round of passes,
the 150-ply quiet rule, threefold repetition and the move limit draw.

Legality is "the mover's own King is not attacked afterwards". A piece that is
not the King, moved while its King is not in check, can only expose the King
along a rook or bishop line through its start cell (``layout.ONLINE``); every
other move is tried on the board and tested.

When is the game won? After a move by a player of team T only the other team
T' can have become all checkmated (the mover's own King is safe), and turns
alternate between teams, so the next player is in T'. Hence: the team to move
has lost exactly when the player to move is checkmated and so is each partner.
``gen_moves`` returns no move then (and a pass otherwise), ``status`` says LOSS.
Arrays and move encoding: :mod:`games.duchess.layout`; rule choices:
:mod:`games.duchess.rules_table`.
"""

from __future__ import annotations

import numpy as np

from gamecore.history import repetitions
from gamecore.jit import kernel
from gamecore.kernel_api import DRAW, LOSS, ONGOING
from games.duchess import rules_table as R
from games.duchess.attacks import attacked
from games.duchess.features import (  # noqa: F401  (kernel API)
    COUNT,
    features,
    value_incremental,
    value_is_incremental,
    value_refresh,
)
from games.duchess.layout import (
    ADJ,
    BISHOP_LEN,
    BISHOP_RAYS,
    BOX,
    CFG,
    DIAG,
    GAME_PLY,
    HASH,
    KING,
    KING_AT,
    KNIGHT_TO,
    KSTEP,
    LEAPS,
    LIMIT,
    ONLINE,
    ORTH,
    PASS,
    PASSES,
    PAWN,
    PLAYERS,
    PLY,
    PROMO_SHIFT,
    PROMO_TYPES,
    QUIET,
    RAY_BISHOP,
    RAY_ROOK,
    ROOK_LEN,
    ROOK_RAYS,
    SEAT,
    TO_SHIFT,
    U_CAPTURED,
    U_PASSES,
    U_QUIET,
    VALUE,
    WIZ_AT,
    WIZARD,
    Z_BOX,
    Z_PIECE,
    Z_SEAT,
)
from games.duchess.mesh import N_CELLS, VORTEX

QUIET_LIMIT = R.QUIET_LIMIT
REPEATS_BEFORE = R.REPETITIONS - 1
PASS_ROUND_DRAWS = R.PASS_ROUND_DRAWS
KINGS_MAY_TELEPORT = R.KINGS_MAY_TELEPORT
PROMO_FROM_BOX = R.PROMOTION_TAKES_FROM_BOX

ALL, NOISY, EXISTS = 0, 1, 2
"""Modes of the generator: every legal move, the noisy ones, or stop at the first legal move."""

NULL_MIN_PIECES = 3
"""null_move_ok wants this many pieces besides King and pawns for the mover: with fewer,
having to move can hurt (zugzwang) and passing would misjudge the position."""


# -- move generation ------------------------------------------------------------------------------


@kernel
def _legal(pos, cfg, seat, frm, to, kc, in_check, king_move):
    """Whether moving the piece ``frm`` -> ``to`` leaves the mover's King unattacked."""
    if not in_check and not king_move and not ONLINE[cfg, kc, frm]:
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
def _add(pos, out, n, start, mode, cfg, seat, frm, to, t, kc, in_check, dedupe):
    """Add the move(s) of the piece of type ``t`` from ``frm`` to ``to`` if legal.

    A pawn arriving on the vortex gives one move per lost promotable type (or a plain
    move when there is none). In EXISTS mode nothing is written: returns 1 when legal.
    """
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
    if not _legal(pos, cfg, seat, frm, to, kc, in_check, t == KING):
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
def _gen(pos, out, seat, mode):
    """The legal moves of ``seat`` (not a pass) by ``mode``: ALL, NOISY or EXISTS."""
    cfg = pos[CFG]
    players = pos[PLAYERS]
    team = seat & 1
    enemy = team ^ 1
    kc = pos[KING_AT + seat]
    in_check = attacked(pos, cfg, kc, enemy)
    has_wizards = False
    for q in range(team, players, 2):
        if pos[WIZ_AT + q] >= 0:
            has_wizards = True
    n = np.int64(0)
    for s in range(N_CELLS):
        p = pos[s]
        if p <= 0 or (p >> 4) != seat:
            continue
        t = p & 15
        start = n
        if t == PAWN:
            for i in range(ORTH.shape[2]):
                to = ORTH[cfg, s, i]
                if to < 0:
                    break
                if pos[to] == 0:
                    n = _add(pos, out, n, start, mode, cfg, seat, s, to, t, kc, in_check, False)
                    if mode == EXISTS and n > 0:
                        return n
            for i in range(DIAG.shape[2]):
                to = DIAG[cfg, s, i]
                if to < 0:
                    break
                if pos[to] != 0 and _target(pos, to, enemy):
                    n = _add(pos, out, n, start, mode, cfg, seat, s, to, t, kc, in_check, False)
                    if mode == EXISTS and n > 0:
                        return n
        elif t in (KING, WIZARD):
            for i in range(KSTEP.shape[2]):
                to = KSTEP[cfg, s, i]
                if to < 0:
                    break
                if _target(pos, to, enemy):
                    n = _add(pos, out, n, start, mode, cfg, seat, s, to, t, kc, in_check, False)
                    if mode == EXISTS and n > 0:
                        return n
        else:
            if LEAPS[t]:
                for i in range(KNIGHT_TO.shape[2]):
                    to = KNIGHT_TO[cfg, s, i]
                    if to < 0:
                        break
                    if _target(pos, to, enemy):
                        n = _add(pos, out, n, start, mode, cfg, seat, s, to, t, kc, in_check, False)
                        if mode == EXISTS and n > 0:
                            return n
            if RAY_ROOK[t]:
                for r in range(ROOK_RAYS.shape[2]):
                    if ROOK_RAYS[cfg, s, r, 0] < 0:
                        break
                    for i in range(ROOK_LEN):
                        to = ROOK_RAYS[cfg, s, r, i]
                        if to < 0:
                            break
                        if _target(pos, to, enemy):
                            n = _add(
                                pos,
                                out,
                                n,
                                start,
                                mode,
                                cfg,
                                seat,
                                s,
                                to,
                                t,
                                kc,
                                in_check,
                                False,
                            )
                            if mode == EXISTS and n > 0:
                                return n
                        if pos[to] != 0:
                            break
            if RAY_BISHOP[t]:
                for r in range(BISHOP_RAYS.shape[2]):
                    if BISHOP_RAYS[cfg, s, r, 0] < 0:
                        break
                    for i in range(BISHOP_LEN):
                        to = BISHOP_RAYS[cfg, s, r, i]
                        if to < 0:
                            break
                        if _target(pos, to, enemy):
                            n = _add(
                                pos,
                                out,
                                n,
                                start,
                                mode,
                                cfg,
                                seat,
                                s,
                                to,
                                t,
                                kc,
                                in_check,
                                False,
                            )
                            if mode == EXISTS and n > 0:
                                return n
                        if pos[to] != 0:
                            break
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
                    n = _add(pos, out, n, start, mode, cfg, seat, s, to, t, kc, in_check, True)
                    if mode == EXISTS and n > 0:
                        return n
    return n


@kernel
def _checkmated(pos, out, seat):
    """In check with no legal move."""
    cfg = pos[CFG]
    if not attacked(pos, cfg, pos[KING_AT + seat], (seat & 1) ^ 1):
        return False
    return _gen(pos, out, seat, EXISTS) == 0


@kernel
def _team_mated(pos, out, seat):
    """Whether ``seat`` (known to have no legal move) and every partner are checkmated."""
    cfg = pos[CFG]
    if not attacked(pos, cfg, pos[KING_AT + seat], (seat & 1) ^ 1):
        return False
    for q in range(seat & 1, pos[PLAYERS], 2):
        if q != seat and not _checkmated(pos, out, q):
            return False
    return True


@kernel
def gen_moves(st, out):
    """Every legal move; a lone pass when there is none; nothing when the mover's team has lost."""
    pos = st[0]
    seat = pos[SEAT]
    n = _gen(pos, out, seat, ALL)
    if n > 0:
        return n
    if _team_mated(pos, out, seat):
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
    return _gen(pos, out, pos[SEAT], NOISY)


# -- make / unmake --------------------------------------------------------------------------------


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
    if t == KING:
        pos[KING_AT + seat] = frm
    elif t == WIZARD:
        pos[WIZ_AT + seat] = frm
    if taken != 0:
        vs = taken >> 4
        vt = taken & 15
        pos[BOX + 16 * vs + vt] -= 1
        if vt == WIZARD:
            pos[WIZ_AT + vs] = to
    pos[QUIET] = np.int64(hist[ply, U_QUIET])
    pos[PASSES] = np.int64(hist[ply, U_PASSES])
    pos[SEAT] = seat
    pos[GAME_PLY] -= 1
    pos[PLY] = ply


# -- facts and results -----------------------------------------------------------------------------


@kernel
def side_to_move(st):
    """The seat (turn-order position) that moves next."""
    return st[0][SEAT]


@kernel
def team_to_move(st):
    """Seats alternate between the teams: team = seat % 2."""
    return st[0][SEAT] & 1


@kernel
def king_attacked(st, player):
    """Whether seat ``player``'s King is attacked by the other team (False for an empty seat)."""
    pos = st[0]
    if player < 0 or player >= pos[PLAYERS]:
        return False
    return attacked(pos, pos[CFG], pos[KING_AT + player], (player & 1) ^ 1)


@kernel
def hash_of(st):
    return st[1][st[0][PLY], HASH]


@kernel
def ply_of(st):
    return st[0][PLY]


@kernel
def hash_full(st):
    """The Zobrist hash recomputed from the board, the boxes and the seat to move."""
    pos = st[0]
    h = np.uint64(0)
    for c in range(N_CELLS):
        p = pos[c]
        if p > 0:
            h ^= Z_PIECE[p >> 4, p & 15, c]
    for s in range(pos[PLAYERS]):
        for t in range(1, 10):
            h ^= Z_BOX[s, t, pos[BOX + 16 * s + t]]
    return h ^ Z_SEAT[pos[SEAT]]


@kernel
def status(st, n_legal):
    """LOSS when the team to move is all checkmated (no legal move); DRAW by a full round of
    passes, the quiet-ply limit, threefold repetition or the move limit; else ONGOING."""
    pos, hist = st[0], st[1]
    if n_legal == 0:
        return LOSS
    players = pos[PLAYERS]
    if PASS_ROUND_DRAWS and pos[PASSES] >= players:
        return DRAW
    quiet = pos[QUIET]
    if quiet >= QUIET_LIMIT:
        return DRAW
    if pos[LIMIT] > 0 and pos[GAME_PLY] >= pos[LIMIT]:
        return DRAW
    if repetitions(hist, HASH, pos[PLY], quiet, players) >= REPEATS_BEFORE:
        return DRAW
    return ONGOING


# -- search support ----------------------------------------------------------------------------


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


FEATURE_COUNT = COUNT
