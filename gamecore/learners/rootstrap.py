"""RootStrap(αβ): only the root moves, towards the value of its alpha-beta search.

The baseline of Veness et al. (2009): one update per search, H(root) ←
V(root), with the same training-mode search TreeStrap(αβ) uses.

Compiled part: ``move_towards`` in :mod:`gamecore.algorithms.learning`.
"""

from __future__ import annotations

from gamecore.learners.base import Learner
from gamecore.search import Limits, SearchInfo
from gamecore.state import State


class RootStrap(Learner):
    name = "rootstrap"
    default_step = 1e-5

    def search_and_learn(self, state: State, limits: Limits) -> SearchInfo:
        self.searcher.clear()
        info = self.searcher.search(state, limits)
        gradient, squares = self._buffers()
        self.move_towards(state.arrays, info.score.value, gradient, squares)
        self._apply(gradient, squares, info)
        return info
