"""TD-Leaf(λ): the principal leaf of each search moves towards the next search's value.

Baxter, Tridgell & Weaver's TD-Leaf, as Schaeffer et al. applied it to
Chinook (seed 002): the prediction P_t of a search is its value, whose
gradient is φ of the principal leaf (the position at the end of the
principal variation, whose value was backed up to the root). Online TD(λ)
with eligibility traces, one sequence per learning team:

    δ_t = P_t − P_{t−1};   θ += rule(δ_t·e_{t−1});   e_t = λ·e_{t−1} + ∇P_t

and at the end of the game the last prediction is compared with the result
(±MAX_EVAL for a win or loss, 0 for a draw). With the logistic loss the
predictions are win probabilities σ(value/S), so δ_t is a difference of
probabilities and ∇P_t is taken as φ of the leaf (the cross-entropy
gradient, as for the other learners). Values are from the learning team's
point of view throughout.

Compiled part: ``accumulate_features`` in :mod:`gamecore.algorithms.learning`.
"""

from __future__ import annotations

import numpy as np

from gamecore.learners.base import Learner
from gamecore.search import Limits, SearchInfo
from gamecore.state import State
from gamecore.values import MAX_EVAL


class TDLeaf(Learner):
    name = "tdleaf"
    default_step = 1e-5

    def __init__(self, *args, lam: float = 0.95, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lam = lam
        self._trace: dict[int, np.ndarray] = {}
        self._previous: dict[int, float] = {}

    def begin_game(self) -> None:
        super().begin_game()
        self._trace.clear()
        self._previous.clear()

    def search_and_learn(self, state: State, limits: Limits) -> SearchInfo:
        team = state.team
        self.searcher.clear()
        info = self.searcher.search(state, limits)
        prediction = float(np.clip(info.score.value, -MAX_EVAL, MAX_EVAL))
        gradient = self._leaf_gradient(state, info.pv, team)
        self._td_step(team, prediction, info)
        trace = self._trace.get(team)
        self._trace[team] = gradient if trace is None else self.lam * trace + gradient
        self._previous[team] = prediction
        return info

    def end_game(self, state: State, learner_team: int | None) -> None:
        winner = state.winner_team()
        for team in list(self._previous):
            outcome = 0.0 if winner is None else (MAX_EVAL if winner == team else -MAX_EVAL)
            self._td_step(team, outcome, None)

    def _td_step(self, team: int, prediction: float, info: SearchInfo | None) -> None:
        if team not in self._previous:
            return
        previous, trace = self._previous[team], self._trace[team]
        k = self.kernel
        error = k.update_error(prediction, previous, self.scale)
        self._stats[k.UPDATED] = 1
        self._stats[k.ABS_ERROR] = abs(prediction - previous)
        self._apply(error * trace, trace * trace, info)

    def _leaf_gradient(self, state: State, pv: list[int], team: int) -> np.ndarray:
        """φ of the principal leaf, signed for ``team`` (zero if the line ends the game)."""
        gradient = np.zeros_like(self.theta)
        leaf = state.copy()
        for move in pv:
            leaf.push_unchecked(move)
        if not leaf.is_terminal():
            sign = 1.0 if leaf.team == team else -1.0
            self.kernel.accumulate_features(leaf.arrays, self.searcher.ctx, sign, gradient)
        return gradient
