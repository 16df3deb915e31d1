"""Extra-turn Nim, a test game in which a team can move twice in a row.

One heap; a move takes 1, 2 or 3 stones (move = stones taken); taking exactly
two (and not the last ones) gives the same player another move; whoever takes
the last stone wins.
Two seats, one per team. The state is ``(info int64[3], hist int64[capacity, 2])``:
info = heap, seat to move, ply; hist[p] = (seat before ply p, unused).

The kernel defines only the required functions (no noisy moves, kings or null
move), so it also tests gamecore's defaults for the optional ones;
``tests.toys.compiled_nim`` compiles the same functions with numba.
"""

import numpy as np

from gamecore import FeatureSet, Game
from gamecore.geometry import Cell, Geometry
from gamecore.kernel_api import LOSS, ONGOING

HEAP, SEAT, PLY = 0, 1, 2
KEYS = np.arange(1, 65, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15 >> 8)


def gen_moves(st, out):
    heap = st[0][HEAP]
    n = 0
    for take in (1, 2, 3):
        if take <= heap:
            out[n] = take
            n += 1
    return n


def make_move(st, move):
    info, hist = st
    hist[info[PLY], 0] = info[SEAT]
    info[HEAP] -= move
    if move != 2 or info[HEAP] == 0:  # the extra turn, unless the game just ended
        info[SEAT] = 1 - info[SEAT]
    info[PLY] += 1


def unmake_move(st, move):
    info, hist = st
    info[PLY] -= 1
    info[HEAP] += move
    info[SEAT] = hist[info[PLY], 0]


def side_to_move(st):
    return st[0][SEAT]


def team_to_move(st):
    return st[0][SEAT]


def status(st, n_legal):
    return LOSS if st[0][HEAP] == 0 else ONGOING


def hash_of(st):
    """Computed afresh: the position is two numbers, so there is nothing to update."""
    return KEYS[st[0][HEAP]] ^ np.uint64(st[0][SEAT])


hash_full = hash_of


def ply_of(st):
    return st[0][PLY]


def features(st, idx, val):
    """One-hot heap size (0..63), from the mover's side."""
    idx[0] = st[0][HEAP]
    val[0] = 1.0
    return 1


class ExtraTurnNim(Game):
    """Take 1-3 stones; taking two moves again; the last stone wins."""

    name = "extra-turn-nim"
    kernel_module = "tests.toys.extra_turn_nim"
    max_moves = 3
    feature_set = FeatureSet("nim-heap", 1, 64)

    def new_arrays(self, capacity):
        return (np.zeros(3, dtype=np.int64), np.zeros((capacity, 2), dtype=np.int64))

    def start_text(self):
        return "21 0"

    def load_text(self, arrays, text):
        heap, seat = (int(x) for x in text.split())
        arrays[0][:] = (heap, seat, 0)

    def position_text(self, arrays):
        return f"{arrays[0][HEAP]} {arrays[0][SEAT]}"

    def move_to_text(self, arrays, move):
        return str(move)

    def geometry(self):
        return Geometry(
            (Cell(0, "heap", ((0, 0), (1, 0), (1, 1), (0, 1)), (200, 200, 200)),),
            ((0, 0, 0), (255, 255, 255)),
            ("first", "second"),
        )

    def pieces(self, arrays):
        return []

    def move_cells(self, arrays, move):
        return (-1, -1)

    def action_count(self):
        return 3

    def move_actions(self, arrays, move):
        """Stones taken, less one: every move has the same (no) cells."""
        return (move - 1,)
