"""How closely players keep a time per move: gamecore's search and OpenSpiel's MCTS.

- Connect Four's plain-Python search (the example plugin, zero weights) from the start
  position, ``Searcher.search(state, Limits(time=B))`` for budgets of 1, 5 and 20 ms:
  how far each search runs past its budget.
- ``openspiel:mcts`` filling a time per move on Connect Four: the seconds each move took
  against the time it was given.

Prints medians and maxima over ``--repeats`` searches (or moves) each.

    python benchmarks/time_limits.py --repeats 10
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from gamecore.interop.external import ExternalSpec
from gamecore.registry import get_game
from gamecore.search import Limits, Searcher

BUDGETS = (0.001, 0.005, 0.02)


def search_overruns(repeats: int) -> None:
    game = get_game("connect4")
    searcher = Searcher(game, np.zeros(game.feature_set.count))
    state = game.initial_state()
    searcher.search(state, Limits(depth=3))  # first use off the clock
    for budget in BUDGETS:
        overruns, depths = [], []
        for _ in range(repeats):
            started = time.perf_counter()
            result = searcher.search(state, Limits(time=budget))
            overruns.append((time.perf_counter() - started - budget) * 1000)
            depths.append(result.depth)
        print(
            f"search, {budget * 1000:g} ms: past the budget by a median "
            f"{statistics.median(overruns):.2f} ms, max {max(overruns):.2f} ms; "
            f"depths {min(depths)}-{max(depths)}"
        )


def mcts_time_use(repeats: int, seconds: float) -> None:
    game = get_game("connect4")
    player = ExternalSpec.parse("openspiel:mcts").make(game, Limits(time=seconds), seed=0)
    state = game.initial_state()
    player.choose(state)  # imports and first calls off the clock
    shares = []
    for _ in range(repeats):
        started = time.perf_counter()
        player.choose(state)
        shares.append((time.perf_counter() - started) / seconds)
    print(
        f"openspiel:mcts, {seconds:g} s a move: used a median {statistics.median(shares):.1%} "
        f"of its time (min {min(shares):.1%}, max {max(shares):.1%})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=10)
    parser.add_argument("--mcts-seconds", type=float, default=0.2)
    args = parser.parse_args()
    search_overruns(args.repeats)
    mcts_time_use(args.repeats, args.mcts_seconds)


if __name__ == "__main__":
    main()
