"""Players: anything that picks a move in a position. Training, matches and the GUI seat them.

A player has a ``name``, ``new_game()`` and ``choose(state) -> Choice`` (the move and, if it
searched, what the search saw; random movers return no search info). Learners are wrapped the
same way so the trainer can seat them against anything.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gamecore.game import Game
from gamecore.learners.base import Learner
from gamecore.search import Limits, Searcher, SearchInfo, SearchParams
from gamecore.state import State
from gamecore.weights import Weights


@dataclass
class Choice:
    """A player's move and, if it searched, what the search saw."""

    move: int
    info: SearchInfo | None = None


class RandomPlayer:
    """Plays a uniformly random legal move (the baseline opponent of ``--vs random``)."""

    def __init__(self, rng: np.random.Generator, name: str = "random") -> None:
        self.rng = rng
        self.name = name

    def new_game(self) -> None:
        pass

    def choose(self, state: State) -> Choice:
        moves = state.legal_moves()
        return Choice(moves[int(self.rng.integers(len(moves)))])


class SearchPlayer:
    """Searches with fixed weights (tournament mode unless told otherwise)."""

    def __init__(
        self,
        game: Game,
        weights: Weights,
        limits: Limits,
        name: str = "engine",
        params: SearchParams | None = None,
        tt_megabytes: float = 16,
        threads: int = 1,
    ) -> None:
        weights.check_fits(game)
        self.name = name
        self.limits = limits
        self.searcher = Searcher(
            game,
            weights.theta.copy(),
            params,
            tt_megabytes=tt_megabytes,
            evaluation=weights.evaluation(game),
            threads=threads,
        )

    def new_game(self) -> None:
        self.searcher.clear()

    def choose(self, state: State) -> Choice:
        info = self.searcher.search(state, self.limits)
        return Choice(info.best_move, info)


class LearnerPlayer:
    """A learner seated as a player: every move it chooses also updates its weights."""

    def __init__(self, learner: Learner, limits: Limits, name: str = "learner") -> None:
        self.learner = learner
        self.limits = limits
        self.name = name

    def new_game(self) -> None:
        """A game of its own: the last game's table, killers and history are forgotten
        (most learners clear them at every search anyway; a match must not rely on it)."""
        self.learner.searcher.clear()
        self.learner.begin_game()

    def choose(self, state: State) -> Choice:
        info = self.learner.search_and_learn(state, self.limits)
        return Choice(info.best_move, info)
