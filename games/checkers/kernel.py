"""The checkers kernel: exactly the names of :mod:`gamecore.kernel_api`, bound by the algorithms.

Only a façade: the rules live in movegen (compulsory captures, complete
multi-jumps, ``gen_moves`` itself), makemove (make/unmake and the incremental
hash), rules (results, the hash from scratch), features (the ``checkers-chinook``
features) and search_support (move ordering, the null move). Arrays and move
encoding: :mod:`games.checkers.layout`.
"""

from __future__ import annotations

import numpy as np

from gamecore.jit import kernel
from games.checkers.features import COUNT, features
from games.checkers.layout import HASH, PLY, SIDE
from games.checkers.makemove import make_move, unmake_move
from games.checkers.movegen import gen_moves, gen_noisy
from games.checkers.neighbourhoods import cell_codes
from games.checkers.rules import hash_full, king_attacked, repeated, status
from games.checkers.search_support import make_null, null_move_ok, order_key, unmake_null

__all__ = [
    "cell_codes",
    "features",
    "gen_moves",
    "gen_noisy",
    "hash_full",
    "hash_of",
    "king_attacked",
    "make_move",
    "make_null",
    "null_move_ok",
    "order_key",
    "ply_of",
    "repeated",
    "side_to_move",
    "status",
    "team_to_move",
    "unmake_move",
    "unmake_null",
]

FEATURE_COUNT = COUNT


@kernel
def side_to_move(st):
    """0 when Black moves, 1 when White moves."""
    return np.int64(st[0][SIDE])


@kernel
def team_to_move(st):
    """The same as side_to_move."""
    return np.int64(st[0][SIDE])


@kernel
def hash_of(st):
    return st[1][np.int64(st[0][PLY]), HASH]


@kernel
def ply_of(st):
    return np.int64(st[0][PLY])
