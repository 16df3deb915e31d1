"""How large a depth-1 Duchess search gets in random positions, with and without the cap on
full-width check evasions in quiescence (``SearchParams.check_evasion_plies``).

Usage: python benchmarks/quiescence_size.py [--positions 300] [--seed 6]

Plays ``--positions`` random six-player games of 20 to 299 seeded random moves, searches
each final position to depth 1 with the hand-set weights, and prints the median, 99th
percentile and largest node counts; then searches the largest one to depths 1-3 with
caps of 2, 4, 6, 8 and 100 plies (100: no cap), with the move and value found.
"""

from __future__ import annotations

import argparse

import numpy as np

import gamecore
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.weights import Weights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=6)
    args = parser.parse_args()
    game = gamecore.get_game("duchess")
    theta = Weights.default(game).theta
    uncapped = Searcher(game, theta, SearchParams.tournament()._replace(check_evasion_plies=100))
    rng = np.random.default_rng(args.seed)
    sizes: list[tuple[int, str]] = []
    for _ in range(args.positions):
        state = game.initial_state()
        for _ in range(int(rng.integers(20, 300))):
            moves = state.legal_moves()
            if not moves or state.status() != 0:
                break
            state.push(moves[int(rng.integers(len(moves)))])
        uncapped.clear()
        sizes.append((uncapped.search(state.copy(), Limits(depth=1)).nodes, state.to_text()))
    nodes = np.array([n for n, _ in sizes])
    print(
        f"depth 1, no cap, {len(nodes)} positions: median {np.median(nodes):.0f}, "
        f"99th percentile {np.percentile(nodes, 99):.0f}, largest {nodes.max()}"
    )
    worst = max(sizes)[1]
    print("\n| cap | depth 1 nodes | depth 2 nodes | depth 3 nodes | move, value at depth 3 |")
    print("| ---: | ---: | ---: | ---: | --- |")
    for cap in (2, 4, 6, 8, 100):
        searcher = Searcher(
            game, theta, SearchParams.tournament()._replace(check_evasion_plies=cap)
        )
        row = []
        for depth in (1, 2, 3):
            searcher.clear()
            info = searcher.search(game.state_from_text(worst), Limits(depth=depth))
            row.append(info.nodes)
        state = game.state_from_text(worst)
        print(
            f"| {cap} | {row[0]:,} | {row[1]:,} | {row[2]:,} | "
            f"{state.move_text(info.best_move)}, {info.score.value:.0f} |"
        )


if __name__ == "__main__":
    main()
