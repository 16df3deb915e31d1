"""The chess kernel: exactly the names of :mod:`gamecore.kernel_api`, bound by the algorithms.

Only a façade: the rules live in movegen (legal moves, ``gen_moves`` itself),
makemove (make/unmake, the incremental hash and evaluation), rules (results,
hash from scratch), features (the chess-meep evaluation features and the
incremental value) and search_support (move ordering, the null move).
"""

from __future__ import annotations

import numpy as np

from gamecore.jit import kernel
from games.chess.features import (
    features,
    value_additive,
    value_incremental,
    value_is_incremental,
    value_refresh,
)
from games.chess.layout import HASH, PLY, SIDE
from games.chess.makemove import make_move, unmake_move
from games.chess.movegen import gen_moves, gen_noisy
from games.chess.neighbourhoods import cell_codes
from games.chess.rules import hash_full, king_attacked, repeated, status
from games.chess.search_support import (
    extends_move,
    make_null,
    move_target,
    null_move_ok,
    order_key,
    unmake_null,
)

__all__ = [
    "cell_codes",
    "extends_move",
    "features",
    "gen_moves",
    "gen_noisy",
    "hash_full",
    "hash_of",
    "king_attacked",
    "make_move",
    "make_null",
    "move_target",
    "null_move_ok",
    "order_key",
    "ply_of",
    "repeated",
    "side_to_move",
    "status",
    "team_to_move",
    "unmake_move",
    "unmake_null",
    "value_additive",
    "value_incremental",
    "value_is_incremental",
    "value_refresh",
]


@kernel
def side_to_move(st):
    """0 when white moves, 1 when black moves."""
    return np.int64(st[0][SIDE])


@kernel
def team_to_move(st):
    """The same as side_to_move: each chess side is its own team."""
    return np.int64(st[0][SIDE])


@kernel
def hash_of(st):
    """The incrementally maintained hash of the current position."""
    return st[1][np.int64(st[0][PLY]), HASH]


@kernel
def ply_of(st):
    """Moves made since the arrays were loaded."""
    return np.int64(st[0][PLY])
