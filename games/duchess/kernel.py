"""The Duchess kernel: exactly the names of :mod:`gamecore.kernel_api`, bound by the algorithms.

Only a façade: the rules live in movegen (legal moves, the pass, ``gen_moves``
itself), makemove (make/unmake, the incremental hash, value and piece bits), rules (results,
the hash from scratch, checks), features (the ``duchess-rs`` features and their
incremental value) and search_support (move ordering, the null move). Arrays and
move encoding: :mod:`games.duchess.layout`; rule choices: :mod:`games.duchess.rules_table`.

When is the game won? After a move by a player of team T only the other team
T' can have become all checkmated (the mover's own King is safe), and turns
alternate between teams, so the next player is in T'. Hence: the team to move
has lost exactly when the player to move is checkmated and so is each partner.
``gen_moves`` returns no move then (and a pass otherwise), ``status`` says LOSS.
"""

from __future__ import annotations

from gamecore.jit import kernel
from games.duchess.features import (
    COUNT,
    features,
    value_additive,
    value_incremental,
    value_is_incremental,
    value_refresh,
)
from games.duchess.layout import HASH, PLY, SEAT
from games.duchess.makemove import make_move, unmake_move
from games.duchess.movegen import gen_moves, gen_noisy
from games.duchess.neighbourhoods import cell_codes
from games.duchess.rules import hash_full, king_attacked, repeated, status, surely_has_moves
from games.duchess.search_support import (
    make_null,
    move_target,
    null_move_ok,
    order_key,
    unmake_null,
)

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
    "move_target",
    "null_move_ok",
    "order_key",
    "ply_of",
    "repeated",
    "side_to_move",
    "status",
    "surely_has_moves",
    "team_to_move",
    "unmake_move",
    "unmake_null",
    "value_additive",
    "value_incremental",
    "value_is_incremental",
    "value_refresh",
]

FEATURE_COUNT = COUNT


@kernel
def side_to_move(st):
    """The seat (turn-order position) that moves next."""
    return st[0][SEAT]


@kernel
def team_to_move(st):
    """Seats alternate between the teams: team = seat % 2."""
    return st[0][SEAT] & 1


@kernel
def hash_of(st):
    return st[1][st[0][PLY], HASH]


@kernel
def ply_of(st):
    return st[0][PLY]
