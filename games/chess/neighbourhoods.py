"""Chess neighbourhoods (seed 001): the paper's 17-vector, from the board's own directions.

Slots: the centre, the nearest piece left and right along the rank, down and
up the file, along the four diagonals, then the eight knight squares. After
each game the base weights are averaged over the two ranks, the two files,
the four diagonals and the eight knight squares; for pawns, which only go
forward, over left-right mirror images only (the paper's §5.4). Cells
are squares in the mover's frame: for Black the board is flipped rank for
rank, so "up the file" is always towards the opponent and one set of weights
serves both colours.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from gamecore.jit import kernel
from gamecore.neighbourhoods import Relations, lines_from_steps
from games.chess.layout import BOARD, EMPTY, SIDE

LINE_DIRECTIONS = (
    ("rank left", -1, 0),
    ("rank right", 1, 0),
    ("file down", 0, -1),
    ("file up", 0, 1),
    ("diagonal down-left", -1, -1),
    ("diagonal down-right", 1, -1),
    ("diagonal up-left", -1, 1),
    ("diagonal up-right", 1, 1),
)
KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
KINDS = 6
"""P N B R Q K: code 1 + type for the mover's pieces, 7 + type for the opponent's."""


def _target(square: int, df: int, dr: int) -> int:
    f, r = square % 8 + df, square // 8 + dr
    return f + 8 * r if 0 <= f < 8 and 0 <= r < 8 else -1


@cache
def relations() -> Relations:
    neighbour = np.array(
        [[_target(sq, df, dr) for _, df, dr in LINE_DIRECTIONS] for sq in range(64)],
        dtype=np.int64,
    )
    steps = np.array(
        [[_target(sq, df, dr) for df, dr in KNIGHT_STEPS] for sq in range(64)], dtype=np.int64
    )
    return Relations(
        lines=lines_from_steps(64, neighbour),
        steps=steps,
        line_names=tuple(name for name, _, _ in LINE_DIRECTIONS),
        step_names=tuple(f"knight {df:+d},{dr:+d}" for df, dr in KNIGHT_STEPS),
        kinds=KINDS,
        symmetric=((1, 2), (3, 4), (5, 6, 7, 8), tuple(range(9, 17))),
        mirror=(
            0,
            2,
            1,
            3,
            4,
            6,
            5,
            8,
            7,
            *(9 + KNIGHT_STEPS.index((-df, dr)) for df, dr in KNIGHT_STEPS),
        ),
        directional=(1,),
    )


@kernel
def cell_codes(st, out):
    """Occupants from the mover's side: 0 empty, 1..6 own P N B R Q K, 7..12 the opponent's;
    the board flipped for Black."""
    pos = st[0]
    side = np.int64(pos[SIDE])
    flip = 56 * side
    for sq in range(64):
        code = np.int64(pos[BOARD + sq])
        cell = sq ^ flip
        if code == EMPTY:
            out[cell] = 0
        else:
            colour = code // 6
            out[cell] = 1 + code % 6 + (0 if colour == side else KINDS)
