"""Agents from OpenSpiel and PettingZoo seated as gamecore players.

A player spec ``API:NAME[:KEY=VALUE,...]`` names one, wherever gamecore takes
a player (``gamecore match``, ``tournament``, the window's ``--players``):

- ``openspiel:mcts`` — OpenSpiel's MCTS bot with random rollouts. Options:
  ``simulations`` (per move; default: as many as fit the match's time per
  move, the search running until the move's deadline), ``rollouts`` (per leaf, 1), ``uct`` (the
  exploration constant, 2), ``seed``.
- ``openspiel:random`` — OpenSpiel's uniform random bot.
- ``openspiel:MODULE.FACTORY`` — ``FACTORY(game, seat, seed)`` returns a
  ``pyspiel.Bot`` for one seat of the OpenSpiel game ``game``.
- ``pettingzoo:random`` — a uniform choice among the actions the mask allows.
- ``pettingzoo:MODULE.POLICY`` — ``POLICY(observation, agent)`` returns an
  action, given the environment's observation dict (see :mod:`gamecore.interop.pettingzoo`).

Each choice goes through the adapter exactly as in the library: a move of
several actions is several calls. That makes these players as slow as the
adapters (see BENCHMARKS.md) and as fair as gamecore's own: the same matches,
clocks and Elo tools rate them.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

import numpy as np

from gamecore.errors import BadOption
from gamecore.game import Game
from gamecore.play.players import Choice
from gamecore.search import Limits
from gamecore.state import State

APIS = ("openspiel", "pettingzoo")
BUILT_IN = {"openspiel": ("mcts", "random"), "pettingzoo": ("random",)}
MCTS_OPTIONS = {"simulations": int, "rollouts": int, "uct": float, "seed": int}
UNBOUNDED_SIMULATIONS = 2**40
"""The simulation count of a time-filling MCTS: its deadline ends it first."""
MIN_SIMULATIONS = 2
"""OpenSpiel's MCTS expands the root on its second simulation: with one it has no move."""


def is_external(text: str) -> bool:
    """Whether a player spec names an agent from another library."""
    return text.partition(":")[0] in APIS and ":" in text


@dataclass(frozen=True)
class ExternalSpec:
    """A parsed ``API:NAME[:OPTIONS]`` spec; :meth:`make` builds the player in any process."""

    text: str
    api: str
    bot: str
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def label(self) -> str:
        """The player's name in tables and records: ``openspiel-mcts``."""
        return f"{self.api}-{self.bot}"

    @classmethod
    def parse(cls, text: str) -> ExternalSpec:
        """The spec ``text`` names; :class:`BadOption` in one line if it is malformed or its
        library or callable cannot be loaded."""
        api, _, rest = text.partition(":")
        bot, _, option_text = rest.partition(":")
        if api not in APIS or not bot:
            raise BadOption(f"player {text!r}: write {'|'.join(APIS)}:NAME[:KEY=VALUE,...]")
        from gamecore.interop import require

        require("pyspiel" if api == "openspiel" else "pettingzoo", f"player {text!r}")
        options = _parse_options(text, option_text, bot if bot == "mcts" else None)
        if bot not in BUILT_IN[api]:
            _load_callable(text, bot)
        return cls(text, api, bot, options)

    def check_limits(self, limits: Limits) -> None:
        """A time-filling MCTS needs a time per move: :class:`BadOption` before play starts."""
        if self.bot == "mcts" and "simulations" not in dict(self.options) and not limits.time:
            raise BadOption(
                f"player {self.text!r} fills the time per move, and the match gives none "
                "(add :simulations=N, or give a time per move or a time control)"
            )

    def make(self, game: Game, limits: Limits, seed: int) -> ExternalPlayer:
        options = dict(self.options)
        if self.api == "pettingzoo":
            policy = None if self.bot == "random" else _load_callable(self.text, self.bot)
            return PolicyPlayer(game, policy, self.label, seed)
        return SpielPlayer(game, self.bot, options, limits, self.label, seed)


def _parse_options(text: str, option_text: str, kind: str | None) -> tuple[tuple[str, Any], ...]:
    if not option_text:
        return ()
    if kind != "mcts":
        raise BadOption(f"player {text!r}: only openspiel:mcts takes options")
    parsed = []
    for pair in option_text.split(","):
        key, eq, value = pair.partition("=")
        if key not in MCTS_OPTIONS or not eq:
            raise BadOption(
                f"player {text!r}: unknown option {pair!r} (use {', '.join(MCTS_OPTIONS)}=VALUE)"
            )
        try:
            number = MCTS_OPTIONS[key](value)
        except ValueError:
            raise BadOption(f"player {text!r}: {key} must be a number, not {value!r}") from None
        least = {"simulations": MIN_SIMULATIONS, "rollouts": 1}.get(key)
        if (least is not None and number < least) or (key == "uct" and not number > 0):
            bound = f"at least {least}" if least else "above 0"
            raise BadOption(f"player {text!r}: {key} must be {bound}")
        parsed.append((key, number))
    return tuple(parsed)


def _load_callable(text: str, dotted: str) -> Callable:
    module_name, _, attribute = dotted.rpartition(".")
    if not module_name:
        raise BadOption(f"player {text!r}: {dotted!r} is neither built in nor MODULE.CALLABLE")
    try:
        found = getattr(import_module(module_name), attribute)
    except (ImportError, AttributeError) as exc:
        raise BadOption(f"player {text!r}: cannot load {dotted}: {exc}") from None
    if not callable(found):
        raise BadOption(f"player {text!r}: {dotted} is not callable")
    return found


class ExternalPlayer:
    """What both adapters' players share: a name, and no state between games."""

    name: str

    def new_game(self) -> None:
        pass

    def stop(self) -> None:
        """Ask a running :meth:`choose` (in another thread) to answer now with its best so
        far; players that answer at once ignore it."""

    def resume(self) -> None:
        """Forget a stop asked for: the next :meth:`choose` runs its full length."""


class PolicyPlayer(ExternalPlayer):
    """A PettingZoo policy: ``policy(observation, agent) -> action``, one call per action."""

    def __init__(self, game: Game, policy: Callable | None, name: str, seed: int) -> None:
        from gamecore.interop.pettingzoo import agent_names

        self.game = game
        self.policy = policy
        self.name = name
        self.agents = agent_names(game)
        self.rng = np.random.default_rng(seed)

    def choose(self, state: State) -> Choice:
        from gamecore.interop.actions import ActionMenu
        from gamecore.interop.pettingzoo import observation_of

        menu = ActionMenu(state)
        seat = state.player
        chosen: tuple[int, ...] = ()
        while (move := menu.move_of(chosen)) is None:
            observation = observation_of(state, seat, menu, chosen)
            if self.policy is None:
                allowed = np.flatnonzero(observation["action_mask"])
                action = int(allowed[self.rng.integers(len(allowed))])
            else:
                action = int(self.policy(observation, self.agents[seat]))
            if action not in menu.next_actions(chosen):
                raise BadOption(f"policy {self.name} chose action {action}, which is not legal")
            chosen = (*chosen, action)
        return Choice(move)


class SpielPlayer(ExternalPlayer):
    """An OpenSpiel bot on the OpenSpiel form of the game, asked for one action at a time."""

    def __init__(
        self,
        game: Game,
        bot: str,
        options: dict[str, Any],
        limits: Limits,
        name: str,
        seed: int,
    ) -> None:
        from gamecore.interop.openspiel import SpielGame

        self.spiel = SpielGame(game)
        self.kind = bot
        self.options = options
        self.limits = limits
        self.name = name
        self.seed = int(options.get("seed", seed))
        self._bots: dict[int, Any] = {}
        self._stopping = threading.Event()

    def _bot(self, seat: int) -> Any:
        if seat not in self._bots:
            self._bots[seat] = self._new_bot(seat)
        return self._bots[seat]

    def _new_bot(self, seat: int) -> Any:
        if self.kind == "mcts":
            from open_spiel.python.algorithms import mcts

            from gamecore.interop.clocked_mcts import ClockedMCTSBot

            rng = np.random.RandomState(self.seed + seat)
            evaluator = mcts.RandomRolloutEvaluator(self.options.get("rollouts", 1), rng)
            return ClockedMCTSBot(
                self.spiel,
                self.options.get("uct", 2.0),
                self.options.get("simulations", UNBOUNDED_SIMULATIONS),
                evaluator,
                random_state=rng,
                min_simulations=MIN_SIMULATIONS,
                stopping=self._stopping,
            )
        if self.kind == "random":
            import pyspiel

            return pyspiel.make_uniform_random_bot(seat, self.seed + seat)
        return _load_callable(f"openspiel:{self.kind}", self.kind)(self.spiel, seat, self.seed)

    def stop(self) -> None:
        self._stopping.set()

    def resume(self) -> None:
        self._stopping.clear()

    def choose(self, state: State) -> Choice:
        spiel_state = self.spiel.state_from(state)
        bot = self._bot(state.player)
        plies = len(state.history)
        deadline = self._deadline()
        while len(spiel_state.core.history) == plies:
            actions = spiel_state.legal_actions()
            if len(actions) == 1:  # nothing to choose: keep the time for the choices left
                spiel_state.apply_action(actions[0])
                continue
            if deadline is not None:
                bot.deadline = self._step_deadline(spiel_state, actions, deadline)
            spiel_state.apply_action(int(bot.step(spiel_state)))
        return Choice(spiel_state.core.history[-1])

    def _deadline(self) -> float | None:
        """When a time-filling MCTS must have chosen its move (None: a fixed count)."""
        if self.kind != "mcts" or "simulations" in self.options:
            return None
        if self.limits.time is None:
            raise BadOption(
                f"{self.name}: give openspiel:mcts:simulations=N, or a time per move to fill"
            )
        return time.perf_counter() + self.limits.time

    @staticmethod
    def _step_deadline(spiel_state: Any, actions: list[int], deadline: float) -> float:
        """The move's deadline for its last action; half the time left for an action that
        more actions follow (a promotion's piece, a checkers jump's next hop)."""
        menu, chosen = spiel_state.menu, spiel_state.chosen
        if all(menu.move_of((*chosen, a)) is not None for a in actions):
            return deadline
        now = time.perf_counter()
        return now + max(0.0, deadline - now) / 2
