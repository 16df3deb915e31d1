"""Which pieces attack which cells: ``attacked`` for legality, ``attack_counts`` for the
evaluation's mating terms.

A piece attacks the cells it could capture on: sliders along their first
occupied cell of each line, knights, duchesses and fortresses by their knight
jumps, kings and wizards one step, pawns their diagonal neighbours. Teleports
attack nothing (they never take). Teams are ``(code >> 4) & 1``: a piece code
is ``16 * seat + type`` and team = seat % 2.
"""

from __future__ import annotations

from gamecore.jit import kernel
from games.duchess.layout import (
    BISHOP_LEN,
    BISHOP_RAYS,
    DIAG,
    KNIGHT_TO,
    KSTEP,
    LEAPS,
    OCC,
    OCC_WORDS,
    PAWN,
    PLAYERS,
    RAY_BISHOP,
    RAY_ROOK,
    ROOK_LEN,
    ROOK_RAYS,
    STEPS,
)
from games.duchess.mesh import N_CELLS
from games.duchess.occupancy import first_cell


@kernel
def attacked(pos, cfg, cell, by_team):
    """Whether any piece of ``by_team`` attacks ``cell``."""
    for i in range(KNIGHT_TO.shape[2]):
        d = KNIGHT_TO[cfg, cell, i]
        if d < 0:
            break
        p = pos[d]
        if p > 0 and ((p >> 4) & 1) == by_team and LEAPS[p & 15]:
            return True
    for i in range(KSTEP.shape[2]):
        d = KSTEP[cfg, cell, i]
        if d < 0:
            break
        p = pos[d]
        if p > 0 and ((p >> 4) & 1) == by_team and STEPS[p & 15]:
            return True
    for i in range(DIAG.shape[2]):
        d = DIAG[cfg, cell, i]
        if d < 0:
            break
        p = pos[d]
        if p > 0 and (p & 15) == PAWN and ((p >> 4) & 1) == by_team:
            return True
    for r in range(ROOK_RAYS.shape[2]):
        if ROOK_RAYS[cfg, cell, r, 0] < 0:
            break
        for i in range(ROOK_LEN):
            d = ROOK_RAYS[cfg, cell, r, i]
            if d < 0:
                break
            p = pos[d]
            if p != 0:
                if ((p >> 4) & 1) == by_team and RAY_ROOK[p & 15]:
                    return True
                break
    for r in range(BISHOP_RAYS.shape[2]):
        if BISHOP_RAYS[cfg, cell, r, 0] < 0:
            break
        for i in range(BISHOP_LEN):
            d = BISHOP_RAYS[cfg, cell, r, i]
            if d < 0:
                break
            p = pos[d]
            if p != 0:
                if ((p >> 4) & 1) == by_team and RAY_BISHOP[p & 15]:
                    return True
                break
    return False


@kernel
def attack_counts(pos, cfg, counts):
    """Write into ``counts[team * N_CELLS + cell]`` how many times each team's pieces
    attack each cell, a piece that reaches it two ways (a Fortress's jump and line) twice;
    ``counts`` holds at least ``2 * N_CELLS`` entries.

    One pass over the pieces, each marking what it attacks, costs less than asking
    :func:`attacked`'s question cell by cell once a dozen cells around each of six Kings
    need counts (the evaluation's mating terms). The attack relations are symmetric (a
    knight jump, King step, pawn diagonal or line leads back the same way), so a piece
    marks exactly the cells whose own look-up would find it.
    """
    for i in range(2 * N_CELLS):
        counts[i] = 0
    for seat in range(pos[PLAYERS]):
        base = (seat & 1) * N_CELLS
        for w in range(OCC_WORDS):
            word = pos[OCC + OCC_WORDS * seat + w]
            while word != 0:
                s = first_cell(word, w)
                word &= word - 1
                t = pos[s] & 15
                if t == PAWN:
                    _mark_steps(counts, base, DIAG[cfg, s])
                elif STEPS[t]:
                    _mark_steps(counts, base, KSTEP[cfg, s])
                else:
                    if LEAPS[t]:
                        _mark_steps(counts, base, KNIGHT_TO[cfg, s])
                    if RAY_ROOK[t]:
                        _mark_lines(pos, counts, base, ROOK_RAYS[cfg, s], ROOK_LEN)
                    if RAY_BISHOP[t]:
                        _mark_lines(pos, counts, base, BISHOP_RAYS[cfg, s], BISHOP_LEN)


@kernel
def _mark_steps(counts, base, targets):
    """Count a piece's attacks on the cells ``targets`` lists (-1 ends the list)."""
    for i in range(targets.shape[0]):
        d = targets[i]
        if d < 0:
            break
        counts[base + d] += 1


@kernel
def _mark_lines(pos, counts, base, rays, length):
    """Count a slider's attacks along its lines ``rays[r, i]``, up to each first piece."""
    for r in range(rays.shape[0]):
        if rays[r, 0] < 0:
            break
        for i in range(length):
            d = rays[r, i]
            if d < 0:
                break
            counts[base + d] += 1
            if pos[d] != 0:
                break
