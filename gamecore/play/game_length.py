"""How long a game may run before it is adjudicated a draw, for matches and environments."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamecore.bounds import MAX_PLIES, is_whole
from gamecore.errors import BadOption

if TYPE_CHECKING:
    from gamecore.game import Game

MOVES_PER_PLAYER = 200
"""A match adjudicates a draw once every player has made this many moves: 400 plies in
chess, 1,200 in six-player Duchess, where a team must mate three Kings at once and 400
plies would give each player only 67 moves."""


def default_max_plies(game: Game) -> int:
    """The ply limit of a match when none is given: :data:`MOVES_PER_PLAYER` for every player."""
    return MOVES_PER_PLAYER * game.num_players


def resolve_max_plies(game: Game, max_plies: int | None) -> int:
    """``max_plies`` checked (:class:`BadOption` unless a whole number from 1 to
    :data:`~gamecore.bounds.MAX_PLIES`), or :func:`default_max_plies` for None."""
    if max_plies is None:
        return default_max_plies(game)
    if not (is_whole(max_plies) and 1 <= max_plies <= MAX_PLIES):
        raise BadOption(
            f"max_plies {max_plies!r}: give a whole number of plies from 1 to {MAX_PLIES}"
        )
    return int(max_plies)
