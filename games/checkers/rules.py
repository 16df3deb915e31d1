"""Checkers results (no move loses; threefold repetition and the 40-move rule draw)
and the hash from scratch."""

from __future__ import annotations

import numpy as np

from gamecore.bits import lsb
from gamecore.history import repetitions
from gamecore.jit import kernel
from gamecore.kernel_api import DRAW, LOSS, ONGOING
from games.checkers.layout import (
    BIT,
    DRAW_PLIES,
    HASH,
    KINGS,
    ONE,
    PLY,
    QUIET,
    SIDE,
    Z_PIECE,
    Z_SIDE,
    ZERO,
)


@kernel
def king_attacked(st, player):
    """Checkers kings are never in check."""
    return False


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


@kernel
def repeated(st):
    """Whether the current position occurred before since the last capture or man's move
    (the search scores a repetition below its root as a draw)."""
    pos, hist = st
    return repetitions(hist, HASH, np.int64(pos[PLY]), np.int64(pos[QUIET]), 2) >= 1
