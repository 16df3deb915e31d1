"""How large depth-4 six-player Duchess searches get with caps on quiescence's depth
(``SearchParams.quiescence_plies``), and how often the capped search picks another move.

Usage: python benchmarks/quiescence_depth.py [--positions 60] [--seed 1] [--caps 4,6,8,12]

Plays ``--positions`` six-player games of 40 to 159 seeded random moves and searches each
final position to depth 4 (the game's default search parameters, a 3M-node limit) under two
weightings: the hand-set weights, and small random weights (normal, σ 0.01) standing in for
the first games of learning, where the evaluation is nearly flat. For each cap (and none) it
prints the median, 99th percentile and largest node counts, the searches stopped by the
node limit, and the share of positions whose move differs from the uncapped search's.
"""

from __future__ import annotations

import argparse

import numpy as np

import gamecore
from gamecore.search import Limits, Searcher
from gamecore.search.params import resolve
from gamecore.state import State
from gamecore.values import MAX_PLY
from gamecore.weights import Weights

NODE_LIMIT = 3_000_000


def random_positions(game: gamecore.Game, count: int, seed: int) -> list[State]:
    rng = np.random.default_rng(seed)
    positions: list[State] = []
    while len(positions) < count:
        state = game.initial_state()
        for _ in range(int(rng.integers(40, 160))):
            moves = state.legal_moves()
            if not moves:
                break
            state.push(moves[int(rng.integers(len(moves)))])
        if state.status() == gamecore.ONGOING:
            positions.append(state)
    return positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--caps", default="4,6,8,12")
    args = parser.parse_args()
    game = gamecore.get_game("duchess")
    positions = random_positions(game, args.positions, args.seed)
    weightings = {
        "hand-set": Weights.default(game).theta,
        "random σ 0.01": np.random.default_rng(0).normal(0.0, 0.01, game.feature_set.count),
    }
    caps = [MAX_PLY, *(int(c) for c in args.caps.split(","))]
    base = resolve(game, None)
    print(f"{len(positions)} positions, depth 4, node limit {NODE_LIMIT:,}\n")
    print("| weights | cap | median nodes | 99th pct | largest | at the limit | other move |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, theta in weightings.items():
        uncapped_moves: list[int] = []
        for cap in caps:
            searcher = Searcher(game, theta, base._replace(quiescence_plies=cap))
            nodes, moves = [], []
            for state in positions:
                searcher.clear()
                info = searcher.search(state.copy(), Limits(depth=4, nodes=NODE_LIMIT))
                nodes.append(info.nodes)
                moves.append(info.best_move)
            if cap == MAX_PLY:
                uncapped_moves = moves
            counts = np.array(nodes)
            other = np.mean([a != b for a, b in zip(moves, uncapped_moves, strict=True)])
            label = "none" if cap == MAX_PLY else str(cap)
            print(
                f"| {name} | {label} | {np.median(counts):,.0f} | "
                f"{np.percentile(counts, 99):,.0f} | {counts.max():,} | "
                f"{int((counts >= NODE_LIMIT).sum())} | {other:.0%} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
