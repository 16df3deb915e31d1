"""A PettingZoo AEC environment for any registered game.

Agents are the game's seats, named by the game's seat name and number in PettingZoo's
``<descriptor>_<number>`` style (``white_0``/``black_1``, Duchess's ``red_0`` …
``cyan_5``). Each observation is a dict, as in PettingZoo's
classic environments:

- ``observation``: :meth:`~gamecore.game.Game.observe` from that agent's seat, a
  float32 array in [0, 1] (by default one plane per piece kind and seat over
  the board's cells, the observer's own pieces first, then a plane of ones
  when the observer is to move);
- ``action_mask``: int8, 1 for each action the agent may take now (all zero
  when it is not the agent's turn).

Actions are the game's spelling of moves (:mod:`gamecore.interop.actions`). A move of
several actions (a checkers multi-jump, a promotion) is chosen one action at
a time by the same agent: ``agent_selection`` stays put and the mask offers
only the continuations, until the move is complete and is played. A seat with
no legal move is offered its pass. Rewards come at the end, by team: +1 to
every seat of the winning team, -1 to the others, 0 each for a draw. A game
still going after ``max_plies`` plies is truncated (default: the ply limit of
``gamecore match``, 200 moves per player).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from gamecore.errors import BadMove, BadOption
from gamecore.game import Game
from gamecore.interop.actions import ActionMenu, ActionPath
from gamecore.play.game_length import resolve_max_plies
from gamecore.registry import get_game
from gamecore.state import State

RENDER_MODES = ("ansi", "human")


def agent_names(game: Game) -> list[str]:
    """The agents of ``game``'s environment, one per seat: ``<seat name>_<seat>``."""
    return [f"{name}_{seat}" for seat, name in enumerate(game.player_names)]


def observation_of(
    state: State, seat: int, menu: ActionMenu | None, chosen: ActionPath = ()
) -> dict[str, np.ndarray]:
    """What ``seat`` observes: the position, and the actions it may take after ``chosen``
    (none without a ``menu``: it is not that seat's turn)."""
    game = state.game
    mask = np.zeros(game.action_count(), dtype=np.int8)
    if menu is not None:
        mask[menu.next_actions(chosen)] = 1
    return {"observation": game.observe(state.arrays, seat), "action_mask": mask}


class GameEnv(AECEnv):
    """One game of ``game`` at a time, played seat by seat (PettingZoo's AEC API)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "name": "gamecore_v0",
        "is_parallelizable": False,
    }

    @classmethod
    def of(
        cls, name: str, max_plies: int | None = None, render_mode: str | None = None, **options: Any
    ) -> GameEnv:
        """The environment of registered game ``name`` with game ``options`` (``players=4``)."""
        return cls(get_game(name, **options), max_plies=max_plies, render_mode=render_mode)

    def __init__(
        self, game: Game, max_plies: int | None = None, render_mode: str | None = None
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise BadOption(f"render_mode {render_mode!r}: use one of {', '.join(RENDER_MODES)}")
        self.game = game
        self.render_mode = render_mode
        self.max_plies = resolve_max_plies(game, max_plies)
        self.metadata = {**self.metadata, "name": f"gamecore_{game.name}_v0"}  # type: ignore[misc]
        self.possible_agents = agent_names(game)
        count = game.action_count()
        observation = spaces.Box(0.0, 1.0, game.observation_shape(), np.float32)
        mask = spaces.Box(0, 1, (count,), np.int8)
        self._action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self._observation_spaces = {
            agent: spaces.Dict({"observation": observation, "action_mask": mask})
            for agent in self.possible_agents
        }
        self.state_now: State = game.initial_state()
        self._menu = ActionMenu(self.state_now)
        self._chosen: ActionPath = ()

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game; ``options={"position": TEXT}`` starts from that position string."""
        position = (options or {}).get("position")
        game = self.game
        self.state_now = game.state_from_text(position) if position else game.initial_state()
        self._menu = ActionMenu(self.state_now)
        self._chosen = ()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state_now.player]
        if self.state_now.is_terminal():
            self._finish()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        done = self.terminations.get(agent, True) or self.truncations.get(agent, True)
        to_move = agent == self.agent_selection and not done
        return observation_of(self.state_now, seat, self._menu if to_move else None, self._chosen)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or int(action) not in self._menu.next_actions(self._chosen):
            raise BadMove(
                f"{self.game.name}: action {action!r} is not legal for {agent} now "
                "(take one whose action_mask entry is 1)"
            )
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._chosen = (*self._chosen, int(action))
        move = self._menu.move_of(self._chosen)
        if move is not None:
            self._play(move)
        self._accumulate_rewards()

    def _play(self, move: int) -> None:
        state = self.state_now
        state.push_unchecked(move)
        self._chosen = ()
        self.agent_selection = self.possible_agents[state.player]
        if state.is_terminal():
            self._finish()
        elif len(state.history) >= self.max_plies:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self._menu = ActionMenu(state)

    def _finish(self) -> None:
        """The game is over: every seat's reward is its team's result."""
        returns = self.state_now.returns()
        self.rewards = {agent: returns[seat] for seat, agent in enumerate(self.possible_agents)}
        self.terminations = dict.fromkeys(self.agents, True)
        result = self.game.describe_result(self.state_now)
        self.infos = {agent: {"result": result} for agent in self.agents}

    def render(self) -> str | None:
        """The board as text (``ansi`` returns it, ``human`` prints it)."""
        if self.render_mode is None:
            return None
        text = self.game.board_diagram(self.state_now.arrays)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
