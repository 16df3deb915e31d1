"""Which pieces attack a cell: shared by legality (kernel) and the evaluation features.

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
    PAWN,
    RAY_BISHOP,
    RAY_ROOK,
    ROOK_LEN,
    ROOK_RAYS,
    STEPS,
)


@kernel
def attackers(pos, cfg, cell, by_team, stop_at_one):
    """How many pieces of ``by_team`` attack ``cell`` (at most 1 when ``stop_at_one``)."""
    count = 0
    for i in range(KNIGHT_TO.shape[2]):
        d = KNIGHT_TO[cfg, cell, i]
        if d < 0:
            break
        p = pos[d]
        if p > 0 and ((p >> 4) & 1) == by_team and LEAPS[p & 15]:
            count += 1
            if stop_at_one:
                return count
    for i in range(KSTEP.shape[2]):
        d = KSTEP[cfg, cell, i]
        if d < 0:
            break
        p = pos[d]
        if p > 0 and ((p >> 4) & 1) == by_team and STEPS[p & 15]:
            count += 1
            if stop_at_one:
                return count
    for i in range(DIAG.shape[2]):
        d = DIAG[cfg, cell, i]
        if d < 0:
            break
        p = pos[d]
        if p > 0 and (p & 15) == PAWN and ((p >> 4) & 1) == by_team:
            count += 1
            if stop_at_one:
                return count
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
                    count += 1
                    if stop_at_one:
                        return count
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
                    count += 1
                    if stop_at_one:
                        return count
                break
    return count


@kernel
def attacked(pos, cfg, cell, by_team):
    """Whether any piece of ``by_team`` attacks ``cell``."""
    return attackers(pos, cfg, cell, by_team, True) > 0
