"""Any registered game as an OpenSpiel Python game, so OpenSpiel's algorithms run on it.

``spiel_game("duchess", players=4)`` returns a ``pyspiel.Game``; each gamecore
game is also registered with OpenSpiel as ``python_gamecore_<name>`` (with the
game's own options and ``max_plies`` as parameters), so
``pyspiel.load_game("python_gamecore_duchess(players=4)")`` works once this
module is imported. States spell moves as the game's actions
(:mod:`gamecore.interop.actions`): a move of several actions is chosen one action at a
time by the same player. Returns are by team (+1 / -1, 0 for a draw); a game
still going after ``max_plies`` plies ends as a draw. Observations
(``observation_tensor``) are :meth:`~gamecore.game.Game.observe`.

OpenSpiel calls back into Python for every state operation, so its
algorithms run at Python speed here (see BENCHMARKS.md for the cost per step).
"""

from __future__ import annotations

import inspect
from typing import Any

import numpy as np
import pyspiel

from gamecore.errors import GamecoreError
from gamecore.game import Game
from gamecore.interop.actions import ActionMenu, ActionPath
from gamecore.play.game_length import resolve_max_plies
from gamecore.registry import game_class, game_names, get_game
from gamecore.state import State

PREFIX = "python_gamecore_"
MAX_PLIES = "max_plies"


def spiel_name(game_name: str) -> str:
    """The OpenSpiel short name of a gamecore game."""
    return PREFIX + game_name


def spiel_game(name: str, max_plies: int | None = None, **options: Any) -> SpielGame:
    """The OpenSpiel game of registered game ``name`` with its ``options``."""
    return SpielGame(get_game(name, **options), max_plies, options)


def _option_defaults(name: str) -> dict[str, Any]:
    """The game's keyword options with their defaults (OpenSpiel parameters must have one)."""
    found = {}
    for parameter in inspect.signature(game_class(name).__init__).parameters.values():
        named = parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY)
        if named and isinstance(parameter.default, int | float | str | bool):
            found[parameter.name] = parameter.default
    return found


_registered: dict[str, pyspiel.GameType] = {}


def _even_teams(game: Game) -> bool:
    """Both teams have as many seats, so the ±1 team returns sum to zero."""
    teams = [game.team_of(seat) for seat in range(game.num_players)]
    return teams.count(0) == teams.count(1)


def register(name: str) -> pyspiel.GameType:
    """Register gamecore game ``name`` with OpenSpiel (once) and return its game type."""
    if name in _registered:
        return _registered[name]
    game = get_game(name)
    game_type = pyspiel.GameType(
        short_name=spiel_name(name),
        long_name=f"gamecore {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM
        if _even_teams(game)
        else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.num_players,
        min_num_players=1,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**_option_defaults(name), MAX_PLIES: 0},
    )
    pyspiel.register_game(game_type, SpielGame.loader(name))
    _registered[name] = game_type
    return game_type


def register_all() -> list[str]:
    """Register every registered gamecore game with OpenSpiel (done on import, so that
    ``pyspiel.load_game("python_gamecore_NAME(...)")`` works at once); the names of the
    games that could not be, a plugin that fails to load being its own problem only."""
    failed = []
    for name in game_names():
        try:
            register(name)
        except (GamecoreError, ImportError, TypeError, ValueError):
            failed.append(name)
    return failed


class SpielGame(pyspiel.Game):
    """A gamecore game seen by OpenSpiel: its facts, and states that wrap :class:`State`."""

    def __init__(
        self, core: Game, max_plies: int | None = None, options: dict[str, Any] | None = None
    ) -> None:
        self.core = core
        self.max_plies = resolve_max_plies(core, max_plies)
        self._start: tuple[State, ActionMenu | None] | None = None
        game_type = register(core.name)
        info = pyspiel.GameInfo(
            num_distinct_actions=core.action_count(),
            max_chance_outcomes=0,
            num_players=core.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if _even_teams(core) else None,
            max_game_length=self.max_plies * core.max_actions_per_move,
        )
        # Every parameter, defaults included: OpenSpiel writes a game's name with all of them
        # when it loads one back (a serialized state's), and the two must read alike.
        parameters = {**_option_defaults(core.name), **(options or {}), MAX_PLIES: max_plies or 0}
        super().__init__(game_type, info, parameters)

    @staticmethod
    def loader(name: str) -> type[SpielGame]:
        """What OpenSpiel calls with a parameter dict (``pyspiel.load_game``): a subclass, not
        a function, because OpenSpiel's registry releases what it holds after Python has
        shut down, and a class (which refers to itself) is never freed before then, while a
        function would be, aborting the interpreter on exit."""

        def load(self: SpielGame, params: dict[str, Any] | None = None) -> None:
            options = dict(params or {})
            max_plies = int(options.pop(MAX_PLIES, 0) or 0) or None
            SpielGame.__init__(self, get_game(name, **options), max_plies, options)

        return type(f"SpielGame_{name}", (SpielGame,), {"__init__": load})

    def new_initial_state(self) -> SpielState:
        """A fresh start (OpenSpiel's clone makes one too, then copies the state's
        attributes into it): the start position and its menu are made once and copied."""
        if self._start is None:
            start = self.core.initial_state()
            self._start = (start, None if start.is_terminal() else ActionMenu(start))
        start, menu = self._start
        return SpielState(self, start.copy(), (), menu)

    def state_from(self, state: State) -> SpielState:
        """The OpenSpiel state of a gamecore position (with its history)."""
        return SpielState(self, state.copy())

    def make_py_observer(self, iig_obs_type=None, params=None) -> BoardObserver:
        return BoardObserver(self.core)


class SpielState(pyspiel.State):
    """One gamecore position, plus the actions chosen so far of a move not yet complete."""

    def __init__(
        self,
        game: SpielGame,
        state: State,
        chosen: ActionPath = (),
        menu: ActionMenu | None = None,
    ) -> None:
        super().__init__(game)
        self.core = state
        self.max_plies = game.max_plies
        self.chosen = chosen
        self._over = state.is_terminal() or len(state.history) >= self.max_plies
        self.menu = menu if menu is not None or self._over else ActionMenu(state)

    def current_player(self) -> int:
        return pyspiel.PlayerId.TERMINAL if self._over else self.core.player

    def _menu(self) -> ActionMenu:
        """The action menu of the position (there is none once the game is over)."""
        if self.menu is None:
            raise RuntimeError("the game is over: no actions")
        return self.menu

    def _legal_actions(self, player: int) -> list[int]:
        if self._over or player != self.core.player:
            return []
        return self._menu().next_actions(self.chosen)

    def _apply_action(self, action: int) -> None:
        chosen = (*self.chosen, int(action))
        move = self._menu().move_of(chosen)
        if move is None:
            self.chosen = chosen
            return
        self.core.push_unchecked(move)
        self.chosen = ()
        self._over = self.core.is_terminal() or len(self.core.history) >= self.max_plies
        self.menu = None if self._over else ActionMenu(self.core)

    def _action_to_string(self, player: int, action: int) -> str:
        """The move the action completes, else the moves it may begin."""
        if self._over:
            return f"action {action}"
        chosen = (*self.chosen, int(action))
        move = self._menu().move_of(chosen)
        if move is not None:
            return self.core.move_text(move)
        return f"action {action} (a move of several actions)"

    def is_terminal(self) -> bool:
        return self._over

    def returns(self) -> list[float]:
        return self.core.returns() if self._over else [0.0] * self.core.game.num_players

    def __str__(self) -> str:
        return self.core.to_text()

    # clone(), child(), serialize() and pickling are OpenSpiel's own: they copy or pickle
    # this object's attributes (the State copies itself, the menu is shared) and keep the
    # history, move number and history string that OpenSpiel holds.


class BoardObserver:
    """OpenSpiel's observer protocol over :meth:`Game.observe` (what AlphaZero reads)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.tensor = np.zeros(int(np.prod(game.observation_shape())), np.float32)
        self.dict = {"observation": self.tensor.reshape(game.observation_shape())}

    def set_from(self, state: SpielState, player: int) -> None:
        self.dict["observation"][...] = self.game.observe(state.core.arrays, player)

    def string_from(self, state: SpielState, player: int) -> str:
        return str(state)


register_all()
