"""Duchess neighbourhoods (seed 001): mesh lines and knight steps, from the board's own mesh.

Slots: the centre, the nearest piece along each rook line (up to six, the
vortex has six) and each bishop line (up to six), then the cells a knight
reaches (up to twelve), all as :func:`games.duchess.mesh.build_mesh` finds
them on the full board. Line slots follow the mesh's edge and vertex order,
which turns with the board; knight slots are put in the same turning order
(sorted in the first chair's frame), so slot ``k`` of a cell and of the cell
one chair round mean the same direction. Cells are in the mover's frame: the
board turned so that the seat to move sits in chair 0; folded flaps are
absent (-1), and a line into one simply finds nothing.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from gamecore.jit import kernel
from gamecore.neighbourhoods import Relations
from games.duchess import rules_table as R
from games.duchess.features import FRAME
from games.duchess.layout import CFG, PRESENT, SEAT, SEAT_CHAIR
from games.duchess.mesh import (
    CHAIRS,
    N_CELLS,
    PER_CHAIR,
    VORTEX,
    build_mesh,
    ray_table,
    rotate,
)

KINDS = len(R.PIECE_LETTERS)
"""K Q R B N P W D F: codes 1..9 for the mover's team, 10..18 for the other team."""
ROOK_SLOTS = BISHOP_SLOTS = 6
KNIGHT_SLOTS = 12


def _turned_knight_steps(mesh) -> list[list[int]]:
    """Knight targets per cell, listed in chair 0's sorted order and turned with the board."""
    out = []
    for c in range(N_CELLS):
        if c == VORTEX:
            out.append(list(mesh.knight[c]))
            continue
        chair = c // PER_CHAIR
        home = sorted(mesh.knight[rotate(c, CHAIRS - chair)])
        out.append([rotate(t, chair) for t in home])
    return out


@cache
def relations() -> Relations:
    mesh = build_mesh()
    longest = max(
        len(ray) for rays in (mesh.rook_rays, mesh.bishop_rays) for cell in rays for ray in cell
    )
    lines = np.concatenate(
        [
            ray_table(mesh, "rook_rays", ROOK_SLOTS, longest),
            ray_table(mesh, "bishop_rays", BISHOP_SLOTS, longest),
        ],
        axis=1,
    )
    steps = np.full((N_CELLS, KNIGHT_SLOTS), -1, dtype=np.int64)
    for c, targets in enumerate(_turned_knight_steps(mesh)):
        steps[c, : len(targets)] = targets
    return Relations(
        lines=lines,
        steps=steps,
        line_names=tuple(f"rook line {k}" for k in range(ROOK_SLOTS))
        + tuple(f"bishop line {k}" for k in range(BISHOP_SLOTS)),
        step_names=tuple(f"knight step {k}" for k in range(KNIGHT_SLOTS)),
        kinds=KINDS,
    )


@kernel
def cell_codes(st, out):
    """Occupants from the mover's team: 0 empty, 1..9 its K Q R B N P W D F, 10..18 the other
    team's, -1 for cells this board lacks; the board turned to put the mover in chair 0."""
    pos = st[0]
    cfg = pos[CFG]
    seat = pos[SEAT]
    chair = SEAT_CHAIR[cfg, seat]
    team = seat & 1
    for c in range(N_CELLS):  # FRAME[chair] is a permutation: every cell written once
        code = -1
        if PRESENT[cfg, c]:
            p = pos[c]
            code = 0 if p <= 0 else (p & 15) + (0 if ((p >> 4) & 1) == team else KINDS)
        out[FRAME[chair, c]] = code
