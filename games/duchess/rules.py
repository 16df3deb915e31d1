"""Duchess results and position facts.

A team wins when every player of the other team is checkmated at once (the
generator returns no move then, see :mod:`games.duchess.kernel`); a full round of
passes, the 150-ply quiet rule, threefold repetition and the move limit draw.
"""

from __future__ import annotations

import numpy as np

from gamecore.history import repetitions
from gamecore.jit import kernel
from gamecore.kernel_api import DRAW, LOSS, ONGOING
from games.duchess import rules_table as R
from games.duchess.attacks import attacked
from games.duchess.layout import (
    BOX,
    CFG,
    CHECK_UNKNOWN,
    CHECKED,
    GAME_PLY,
    HASH,
    IN_CHECK,
    KING_AT,
    LIMIT,
    NOT_IN_CHECK,
    PASSES,
    PLAYERS,
    PLY,
    QUIET,
    SEAT,
    Z_BOX,
    Z_PIECE,
    Z_SEAT,
)
from games.duchess.mesh import N_CELLS

QUIET_LIMIT = R.QUIET_LIMIT
REPEATS_BEFORE = R.REPETITIONS - 1
PASS_ROUND_DRAWS = R.PASS_ROUND_DRAWS


@kernel
def king_attacked(st, player):
    """Whether seat ``player``'s King is attacked by the other team (False for an empty seat)."""
    pos = st[0]
    if player < 0 or player >= pos[PLAYERS]:
        return False
    if player == pos[SEAT]:
        return mover_in_check(st)
    return attacked(pos, pos[CFG], pos[KING_AT + player], (player & 1) ^ 1)


@kernel
def mover_in_check(st):
    """Whether the player to move is in check: scanned once per position, then read from
    ``hist[ply, CHECKED]`` (see ``layout.CHECKED``)."""
    pos, hist = st[0], st[1]
    ply = pos[PLY]
    known = hist[ply, CHECKED]
    if known != CHECK_UNKNOWN:
        return known == IN_CHECK
    seat = pos[SEAT]
    checked = attacked(pos, pos[CFG], pos[KING_AT + seat], (seat & 1) ^ 1)
    hist[ply, CHECKED] = IN_CHECK if checked else NOT_IN_CHECK
    return checked


@kernel
def surely_has_moves(st):
    """When the player to move is not in check: a player with no move passes, and only a
    team whose players are all checkmated (in check, without a move) is left with none."""
    return not king_attacked(st, st[0][SEAT])


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


@kernel
def repeated(st):
    """Whether the current position occurred before, with the same seat to move, since the
    last capture (the search scores a repetition below its root as a draw)."""
    pos, hist = st[0], st[1]
    return repetitions(hist, HASH, pos[PLY], pos[QUIET], pos[PLAYERS]) >= 1
