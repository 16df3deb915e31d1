"""Checkers neighbourhoods (seed 001): the four diagonals through each square.

Slots: the centre, then the nearest piece along each diagonal (forward-left,
forward-right, back-left, back-right, as the mover sees the board), from the
board's own neighbour table. Checkers has no leapers beyond its jumps, which
run along the same diagonals. A king's four diagonals are alike; a man, which
only moves forward, has only its left-right mirror image (the base weights
are averaged accordingly after each game). Cells are square indices in the mover's frame:
for Black the board is turned half round (index ``31 - i``), so "forward" is
always towards the opponent.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from gamecore.jit import kernel
from gamecore.neighbourhoods import Relations, lines_from_steps
from games.checkers.layout import BIT, BLACK, KINGS, NEIGH, SIDE, WHITE

KINDS = 2
"""man, king: codes 1-2 for the mover's pieces, 3-4 for the opponent's."""


@cache
def relations() -> Relations:
    return Relations(
        lines=lines_from_steps(32, NEIGH),
        steps=np.zeros((32, 0), dtype=np.int64),
        line_names=("forward-left", "forward-right", "back-left", "back-right"),
        step_names=(),
        kinds=KINDS,
        symmetric=((1, 2, 3, 4),),
        mirror=(0, 2, 1, 4, 3),
        directional=(1,),
    )


@kernel
def cell_codes(st, out):
    """Occupants from the mover's side: 0 empty, 1 own man, 2 own king, 3 and 4 the
    opponent's; the board turned half round when Black moves."""
    pos = st[0]
    side = np.int64(pos[SIDE])
    own = pos[WHITE] if side == 1 else pos[BLACK]
    kings = pos[KINGS]
    occupied = pos[BLACK] | pos[WHITE]
    for i in range(32):
        cell = i if side == 1 else 31 - i
        bit = BIT[i]
        if occupied & bit == 0:
            out[cell] = 0
        else:
            code = 2 if kings & bit else 1
            out[cell] = code if own & bit else code + KINDS
