"""A game's moves as a fixed, finite set of actions, for the adapters in :mod:`gamecore.interop`.

PettingZoo and OpenSpiel both want a move to be a number below a fixed count
(a ``Discrete`` space; OpenSpiel's ``num_distinct_actions``), while gamecore
moves are packed integers with no small bound (a checkers jump carries the set
of pieces it takes). A game therefore spells each move as a short sequence of
*actions* (:meth:`~gamecore.game.Game.move_actions`): a chess move is
``from*64 + to``, a promotion adds a second action naming the piece, a checkers
jump is one action per hop. The mover picks the actions one at a time; the
move is played when the sequence names exactly one legal move. This is how
OpenSpiel's own checkers spells multi-jumps, and it keeps the action count
small (4,100 for chess instead of every (from, to, piece) triple).

:class:`ActionMenu` is one position's legal moves indexed that way.
"""

from __future__ import annotations

from gamecore.errors import PluginError
from gamecore.state import State

ActionPath = tuple[int, ...]
"""The actions spelling one move, in the order they are chosen."""


class ActionMenu:
    """The legal moves of one position, each spelled as the actions that choose it.

    Checks the game's spelling as it goes: two legal moves with the same
    actions, too many actions (or none), an action outside ``0 .. action_count-1``,
    or a move whose actions begin another move's (the chooser could not tell when
    a move is complete) raise :class:`~gamecore.errors.PluginError` naming the game and the moves.
    """

    __slots__ = ("_children", "_moves", "action_count")

    def __deepcopy__(self, memo: dict) -> ActionMenu:
        """Shared, not copied: a menu never changes once made (OpenSpiel clones states
        many times a move)."""
        return self

    def __init__(self, state: State) -> None:
        game = state.game
        self.action_count = game.action_count()
        self._moves: dict[ActionPath, int] = {}
        self._children: dict[ActionPath, set[int]] = {}
        for move in state.legal_moves():
            path = tuple(int(a) for a in game.move_actions(state.arrays, move))
            self._check(state, move, path)
            self._moves[path] = move
            for depth, action in enumerate(path):
                self._children.setdefault(path[:depth], set()).add(action)
        for path in self._moves:
            if path in self._children:
                raise PluginError(
                    f"{game.name}: move {state.move_text(self._moves[path])!r} is spelled by "
                    f"actions {list(path)} that also begin a longer move's actions"
                )

    def _check(self, state: State, move: int, path: ActionPath) -> None:
        game = state.game
        if not 0 < len(path) <= game.max_actions_per_move:
            raise PluginError(
                f"{game.name}: move {state.move_text(move)!r} is spelled by {len(path)} actions "
                f"(max_actions_per_move is {game.max_actions_per_move})"
            )
        bad = [a for a in path if not 0 <= a < self.action_count]
        if bad:
            raise PluginError(
                f"{game.name}: move {state.move_text(move)!r} has action {bad[0]} outside "
                f"0..{self.action_count - 1}"
            )
        if path in self._moves:
            other = state.move_text(self._moves[path])
            raise PluginError(
                f"{game.name}: moves {other!r} and {state.move_text(move)!r} are both spelled "
                f"by actions {list(path)} (override Game.move_actions: see docs/ecosystem.md)"
            )

    def next_actions(self, chosen: ActionPath = ()) -> list[int]:
        """The actions that may follow ``chosen`` (the start of some legal move), ascending."""
        return sorted(self._children.get(chosen, ()))

    def move_of(self, chosen: ActionPath) -> int | None:
        """The legal move ``chosen`` spells completely, or None while it is still a prefix."""
        return self._moves.get(chosen)

    def path_of(self, move: int) -> ActionPath:
        """The actions of legal ``move`` (ValueError if it is not legal here)."""
        for path, candidate in self._moves.items():
            if candidate == move:
                return path
        raise ValueError(f"move {move} is not legal here")

    def __len__(self) -> int:
        """Legal moves."""
        return len(self._moves)
