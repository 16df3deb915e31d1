"""The ``duchess-rs`` feature set: material, mating terms and rotation-symmetric piece squares.

Everything is seen from the team to move: pieces of the mover's team count +1,
pieces of the other team -1 (signed features), or, for the mating terms, the
mover's team ("own") and the other team ("opp") get separate features. Every
player's pieces are turned into chair 0's frame (cell ``c`` of the player at
chair ``k`` becomes ``c - 26 k`` mod 156, the vortex stays 156), as in the
thesis, so one table of 9 x 157 piece-square weights serves every chair and
turning the whole position by a chair leaves the vector unchanged.

Feature table (N = 1435)::

    group      indices     size
    material   0-7         8      own-team minus other-team count of Q R B N P W D F
    mating     8-21        14     8 + 2 * term + rel (rel 0 own team, 1 other team)
    psq        22-1434     1413   22 + 157 * type + frame cell, type K Q R B N P W D F = 0..8

Mating terms (counts summed over the team's players):

    king_mobility        King steps onto a cell it may enter (empty or an enemy piece
                         other than a King) that the other team does not attack
    king_zone_attacked   King steps attacked by the other team
    in_check             players in check
    zone_pressure        attacks by the team on enemy King zones (each enemy King's cell and
                         King steps; one count per attacking piece and cell, a fortress that
                         reaches a cell both ways counts twice)
    wizard_neighbours    pieces of the team next to a Wizard of the team (per Wizard)
    king_trapped         Kings in check with no King step they may safely enter: checkmate
                         unless the check can be blocked or its piece taken
    checkmated           players checkmated (in check, no legal move): they pass until a
                         partner releases them, and a team wins when all of the other
                         team's players are at once, so each one held is progress towards
                         the win that a 4-ply search cannot see

Version 2 added ``king_trapped``, version 3 ``checkmated``; :func:`upgrade_theta`
carries older weights forward (the new weights start at zero, every other weight
keeps its meaning).

:func:`feature_name` spells out any index.
"""

from __future__ import annotations

import numpy as np

from gamecore.game import FeatureSet
from gamecore.jit import kernel
from games.duchess.attacks import attack_counts
from games.duchess.layout import (
    CFG,
    KING,
    KING_AT,
    KSTEP,
    LETTER,
    PLAYERS,
    PLY,
    SEAT,
    SEAT_CHAIR,
    WIZ_AT,
)
from games.duchess.mesh import CHAIRS, N_CELLS, rotate
from games.duchess.movegen import has_legal_move

NAME = "duchess-rs"
VERSION = 3
MATERIAL_LETTERS = "QRBNPWDF"
TERMS = (
    "king_mobility",
    "king_zone_attacked",
    "in_check",
    "zone_pressure",
    "wizard_neighbours",
    "king_trapped",
    "checkmated",
)
(T_MOBILITY, T_ZONE_ATTACKED, T_IN_CHECK, T_PRESSURE, T_WIZARD, T_TRAPPED, T_MATED) = range(
    len(TERMS)
)
MATERIAL = 0
MATE = MATERIAL + len(MATERIAL_LETTERS)
PSQ = MATE + 2 * len(TERMS)
PSQ_TYPES = 9
COUNT = PSQ + PSQ_TYPES * N_CELLS
FEATURE_SET = FeatureSet(NAME, VERSION, COUNT)
GROUPS = (("material", MATERIAL, MATE), ("mating", MATE, PSQ), ("psq", PSQ, COUNT))

MAT_SLOT = np.full(10, -1, dtype=np.int64)
"""MAT_SLOT[type]: the material feature of a piece type (-1 for the King)."""
for _i, _x in enumerate(MATERIAL_LETTERS):
    MAT_SLOT[LETTER.index(_x)] = MATERIAL + _i
ROT = np.array([[rotate(c, k) for c in range(N_CELLS)] for k in range(CHAIRS)], dtype=np.int64)
"""ROT[k, f]: the cell of chair k's player that is cell f in chair 0's frame."""


def mate_index(term: int, rel: int) -> int:
    return MATE + 2 * term + rel


def psq_index(piece_type: int, frame_cell: int) -> int:
    """Index of the piece-square feature of type code ``piece_type`` (1..9) on a frame cell."""
    return PSQ + N_CELLS * (piece_type - 1) + frame_cell


def feature_name(i: int) -> str:
    """A readable name of feature ``i``."""
    from games.duchess.notation import cell_name

    if not 0 <= i < COUNT:
        raise IndexError(f"duchess-rs has features 0..{COUNT - 1}, not {i}")
    if i < MATE:
        return f"material {MATERIAL_LETTERS[i - MATERIAL]} (own team - other team)"
    if i < PSQ:
        term, rel = divmod(i - MATE, 2)
        return f"{('own', 'opp')[rel]} {TERMS[term]}"
    t, f = divmod(i - PSQ, N_CELLS)
    return f"psq {LETTER[t + 1]} on {cell_name(f)} (chair 0's frame)"


FEATURE_NAMES = tuple(feature_name(i) for i in range(COUNT))


def upgrade_theta(version: int, theta: np.ndarray) -> np.ndarray | None:
    """Weights for feature-set ``version`` as weights for this version (None: unknown).

    Version 1 had no ``king_trapped`` term and version 2 no ``checkmated``: their
    weights are inserted, at zero, after the older mating terms.
    """
    missing = {1: 4, 2: 2}.get(version)
    if missing is None or theta.shape != (COUNT - missing,):
        return None
    return np.insert(theta, mate_index(T_TRAPPED + 2 - missing // 2, 0), np.zeros(missing))


@kernel
def features(st, idx, val):
    """φ(st) for the team to move (see the module docstring); returns the number written."""
    pos = st[0]
    cfg = pos[CFG]
    players = pos[PLAYERS]
    us = pos[SEAT] & 1
    # Material and mating features sit at buffer position == index (0 .. PSQ-1) while summing.
    for k in range(PSQ):
        idx[k] = k
        val[k] = 0.0
    n = PSQ
    # Material and piece squares. Frame cell f at a time: pieces of different chairs that share
    # a frame cell and a type add up into one entry, found among the entries of this cell.
    for f in range(N_CELLS):
        first = n
        for seat in range(players):
            c = ROT[SEAT_CHAIR[cfg, seat], f]
            p = pos[c]
            if p <= 0 or (p >> 4) != seat:
                continue
            t = p & 15
            v = 1.0 if (seat & 1) == us else -1.0
            k = PSQ + N_CELLS * (t - 1) + f
            found = False
            for j in range(first, n):
                if idx[j] == k:
                    val[j] += v
                    found = True
                    break
            if not found:
                idx[n] = k
                val[n] = v
                n += 1
            if MAT_SLOT[t] >= 0:
                val[MAT_SLOT[t]] += v
    _mating_terms(pos, cfg, players, us, val, idx[n:])  # idx[:n] holds entries
    # Drop the zero entries (absent terms, piece squares that cancelled out).
    m = 0
    for j in range(n):
        if val[j] != 0.0:
            idx[m] = idx[j]
            val[m] = val[j]
            m += 1
    return m


@kernel
def _mating_terms(pos, cfg, players, us, val, scratch):
    """Add the mating terms, per King, to ``val[MATE:PSQ]`` (indexed by feature).

    ``scratch``: an int64 array of at least ``2 * N_CELLS`` entries this may overwrite,
    for both teams' attack counts (:func:`attack_counts`)."""
    counts = scratch[: 2 * N_CELLS]
    attack_counts(pos, cfg, counts)
    for q in range(players):
        kc = pos[KING_AT + q]
        team = q & 1
        enemy = team ^ 1
        rel = 0 if team == us else 1
        erel = 1 - rel
        by_enemy = enemy * N_CELLS
        here = counts[by_enemy + kc]
        if here > 0:
            val[MATE + 2 * T_IN_CHECK + rel] += 1.0
        val[MATE + 2 * T_PRESSURE + erel] += here
        free = 0
        for i in range(KSTEP.shape[2]):
            z = KSTEP[cfg, kc, i]
            if z < 0:
                break
            a = counts[by_enemy + z]
            if a > 0:
                val[MATE + 2 * T_ZONE_ATTACKED + rel] += 1.0
                val[MATE + 2 * T_PRESSURE + erel] += a
            else:
                p = pos[z]
                if p == 0 or (((p >> 4) & 1) == enemy and (p & 15) != KING):
                    free += 1
        val[MATE + 2 * T_MOBILITY + rel] += free
        if here > 0 and free == 0:
            val[MATE + 2 * T_TRAPPED + rel] += 1.0
            if not has_legal_move(pos, q, scratch):
                val[MATE + 2 * T_MATED + rel] += 1.0
        w = pos[WIZ_AT + q]
        if w >= 0:
            for i in range(KSTEP.shape[2]):
                z = KSTEP[cfg, w, i]
                if z < 0:
                    break
                p = pos[z]
                if p > 0 and ((p >> 4) & 1) == team:
                    val[MATE + 2 * T_WIZARD + rel] += 1.0


FRAME = np.array([[rotate(c, CHAIRS - k) for c in range(N_CELLS)] for k in range(CHAIRS)])
"""FRAME[k, c]: the frame cell of chair k's cell c (the inverse of ROT)."""


@kernel
def value_is_incremental():
    return True


@kernel
def value_refresh(st, theta):
    """Write θ's weight of each seat's pieces by type and cell into the state's table, and
    the additive part of θ·φ (material and piece squares) for the current ply.

    ``make_move`` then keeps that part up to date: red-yellow-magenta minus
    blue-green-cyan, one entry per ply, so unmake restores it by lowering the ply.
    """
    pos, acc, table = st[0], st[2], st[3]
    cfg = pos[CFG]
    players = pos[PLAYERS]
    for seat in range(players):
        chair = SEAT_CHAIR[cfg, seat]
        for t in range(1, PSQ_TYPES + 1):
            material = theta[MAT_SLOT[t]] if MAT_SLOT[t] >= 0 else 0.0
            for c in range(N_CELLS):
                table[seat, t, c] = theta[PSQ + N_CELLS * (t - 1) + FRAME[chair, c]] + material
    total = 0.0
    for c in range(N_CELLS):
        p = pos[c]
        if p > 0:
            seat = p >> 4
            v = table[seat, p & 15, c]
            total += v if (seat & 1) == 0 else -v
    acc[pos[PLY]] = total


@kernel
def value_additive(st):
    """Material and piece squares for the team to move, from the accumulator."""
    pos = st[0]
    additive = st[2][pos[PLY]]
    return additive if (pos[SEAT] & 1) == 0 else -additive


@kernel
def value_incremental(st, theta, idx, val):
    """θ·φ for the team to move: the accumulated additive part plus the mating terms."""
    pos = st[0]
    us = pos[SEAT] & 1
    value = value_additive(st)
    for k in range(MATE, PSQ):
        val[k] = 0.0
    _mating_terms(pos, pos[CFG], pos[PLAYERS], us, val, idx)
    for k in range(MATE, PSQ):
        value += theta[k] * val[k]
    return value
