"""TreeStrap(αβ): every position the alpha-beta search bounded moves inside its bounds.

Veness, Uther, Silver & Blair (2009), Algorithm 2: after each training-mode
search (transposition table cleared first), walk the table from the root;
for every stored position searched to at least ``min_depth`` whose heuristic
value lies below its lower bound, or above its upper bound, add its error
towards the violated bound times φ(s) to the gradient; the update rule turns
the gradient into Δθ, applied once, after the search.

Compiled part: ``treestrap_walk`` in :mod:`gamecore.algorithms.learning`.
"""

from __future__ import annotations

import numpy as np

from gamecore.learners.base import Learner
from gamecore.search import Limits, SearchInfo
from gamecore.state import State
from gamecore.values import MAX_PLY, ONE_PLY


class TreeStrapAlphaBeta(Learner):
    name = "treestrap-ab"
    default_step = 5e-7

    def __init__(self, *args, min_depth: int = 1, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if min_depth < 1:
            raise ValueError("TreeStrap(αβ) needs a minimum depth of at least 1")
        self.min_depth = min_depth
        self._seen = np.zeros(self.searcher.tt.keys.shape[0], dtype=np.int64)
        self._stamp = 0

    def search_and_learn(self, state: State, limits: Limits) -> SearchInfo:
        self.searcher.clear()
        info = self.searcher.search(state, limits)
        gradient, squares = self._walk(state)
        self._apply(gradient, squares, info)
        return info

    def compile_learning(self, state: State) -> None:
        self.searcher.clear()
        self._walk(state)  # an empty table: the walk ends at the root, compiled all the same

    def _walk(self, state: State) -> tuple[np.ndarray, np.ndarray]:
        """Σ eᵢφᵢ and Σ φᵢ² over the positions of the table the last search left."""
        self._stamp += 1
        gradient, squares = self._buffers()
        state.reserve(MAX_PLY + 1)
        self._allow_quiescence()
        self.kernel.treestrap_walk(
            state.arrays,
            self.searcher.ctx,
            self.searcher.params,
            np.int64(self.min_depth * ONE_PLY),
            self.quiet_leaves,
            self.scale,
            gradient,
            squares,
            self._seen,
            np.int64(self._stamp),
            np.int64(0),
            self._stats,
        )
        return gradient, squares
