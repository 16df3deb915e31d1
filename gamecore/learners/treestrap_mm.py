"""TreeStrap(minimax): a full-width minimax search, every interior node moved to its value.

Veness et al. (2009), Algorithm 1. The search to depth D visits every node
(no pruning, so no bounds: every interior value is exact), evaluates the
leaves with the heuristic, and moves H(s) of every interior node s towards
its minimax value. The move played is the minimax choice. With a time limit
the depth grows one ply at a time while the next pass is predicted to fit;
only the deepest completed pass updates θ.

Compiled part: ``minimax_strap`` in :mod:`gamecore.algorithms.learning`.
"""

from __future__ import annotations

import time

import numpy as np

from gamecore.learners.base import Learner
from gamecore.search import Limits, Score, SearchInfo
from gamecore.state import State
from gamecore.values import INF, MAX_PLY

DEFAULT_DEPTH = 2


class TreeStrapMinimax(Learner):
    name = "treestrap-mm"
    default_step = 1e-6

    def search_and_learn(self, state: State, limits: Limits) -> SearchInfo:
        state.reserve(MAX_PLY + 1)
        start = time.perf_counter()
        max_depth = limits.depth or (MAX_PLY - 1 if limits.time else DEFAULT_DEPTH)
        best: tuple[SearchInfo, np.ndarray, np.ndarray, np.ndarray] | None = None
        for depth in range(1, max_depth + 1):
            pass_start = time.perf_counter()
            best = self._minimax_pass(state, depth, start)
            elapsed = time.perf_counter() - start
            if limits.time is not None:
                last = time.perf_counter() - pass_start
                branching = max(2.0, len(state.legal_moves()))
                if elapsed + last * branching > limits.time:
                    break
            if limits.nodes is not None and best[0].nodes >= limits.nodes:
                break
        assert best is not None
        info, gradient, squares, stats = best
        self._stats[:] = stats
        self._apply(gradient, squares, info)
        return info

    def _minimax_pass(
        self, state: State, depth: int, start: float
    ) -> tuple[SearchInfo, np.ndarray, np.ndarray, np.ndarray]:
        """One full-width pass: the root's choice, its gradient, squares and statistics."""
        k = self.kernel
        ctx = self.searcher.ctx
        gradient, squares = self._buffers()
        stats = np.zeros(k.STATS_SIZE)
        self._allow_quiescence()
        self.searcher.refresh(state.arrays)
        team = state.team
        best_value, best_move = -INF, 0
        for move in state.legal_moves():
            state.push_unchecked(move)
            value = k.minimax_strap(
                state.arrays,
                ctx,
                self.searcher.params,
                np.int64(depth - 1),
                np.int64(1),
                self.quiet_leaves,
                self.scale,
                gradient,
                squares,
                stats,
            )
            if state.team != team:
                value = -value
            state.pop()
            if value > best_value:
                best_value, best_move = value, move
        # The root is an interior node too.
        self.move_towards(state.arrays, best_value, gradient, squares, stats)
        info = SearchInfo(
            depth,
            Score.from_value(best_value),
            best_move,
            [best_move],
            int(stats[k.VISITED]),
            depth,
            time.perf_counter() - start,
        )
        return info, gradient, squares, stats
