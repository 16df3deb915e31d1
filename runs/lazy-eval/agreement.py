"""How often a lazy search (SearchParams.lazy_margin) picks another move than the full one.

Positions: seeded random walks of 20 to 99 plies from the start, 2, 4 and 6 players.
Tournament search to a fixed depth with the given weights, margin 0 against each margin;
prints per player count and margin the share of the same best move, the median and largest
|value difference| and the ratio of nodes.

Usage: python runs/lazy-eval/agreement.py [--depth 5] [--positions 20] [--weights default]
           [--margins 100,200,300,400]
"""

from __future__ import annotations

import argparse
import statistics

import numpy as np

import gamecore
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.weights import resolve_weights


def walks(game, count: int, seed: int):
    rng = np.random.default_rng(seed)
    while count > 0:
        state = game.initial_state()
        for _ in range(int(rng.integers(20, 100))):
            if state.is_terminal():
                break
            state.push(int(rng.choice(state.legal_moves())))
        if not state.is_terminal():
            count -= 1
            yield state


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--weights", default="default")
    parser.add_argument("--players", default="6,4,2")
    parser.add_argument("--margins", default="100,200,300,400")
    args = parser.parse_args()
    margins = [float(m) for m in args.margins.split(",")]
    print(f"weights {args.weights}, depth {args.depth}, {args.positions} positions per count\n")
    print("| players | margin | same move | median abs value diff | largest | nodes, lazy / full |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for players in [int(p) for p in args.players.split(",")]:
        game = gamecore.get_game("duchess", players=players)
        theta = resolve_weights(game, args.weights).theta
        results = {m: [] for m in [0.0, *margins]}
        for state in walks(game, args.positions, players):
            for margin in results:
                params = SearchParams.tournament()._replace(lazy_margin=margin)
                info = Searcher(game, theta, params).search(state, Limits(depth=args.depth))
                results[margin].append((info.best_move, info.score.value, info.nodes))
        full = results[0.0]
        for margin in margins:
            lazy = results[margin]
            same = sum(a[0] == b[0] for a, b in zip(full, lazy, strict=True)) / len(full)
            diffs = [abs(a[1] - b[1]) for a, b in zip(full, lazy, strict=True)]
            nodes = sum(b[2] for b in lazy) / sum(a[2] for a in full)
            print(
                f"| {players} | {margin:g} | {same:.0%} | {statistics.median(diffs):.0f} | "
                f"{max(diffs):.0f} | {nodes:.2f} |"
            )


if __name__ == "__main__":
    main()
