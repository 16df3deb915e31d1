"""Positions of a suite solved in a fixed time, by several sets of search parameters.

    python benchmarks/solve_suite.py chess games/chess/suites/tactics-holdout.txt \\
        --params default evolved.json --random 10 --time 1

Seed 004's Table 2: each position is searched from an empty table for
``--time`` seconds (one core); it counts as solved when the last completed
iteration's best move is a suite move. ``--random N`` adds N random
organisms (random chromosomes, as the GA starts from) and reports their
mean. Prints a Markdown table: parameters, solved, share, mean depth reached.
"""

from __future__ import annotations

import argparse
import random
import sys

import numpy as np

from gamecore.registry import get_game
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.search.params import resolve
from gamecore.search.tuning import CHROMOSOME_BITS, decode
from gamecore.suites import SuitePosition, read_suite
from gamecore.weights import resolve_weights


def solved_in_time(
    game, positions: list[SuitePosition], theta, params: SearchParams, seconds: float
) -> tuple[int, float]:
    """(positions solved, mean depth of the last completed iteration)."""
    searcher = Searcher(game, theta, params, tt_megabytes=64)
    solved = 0
    depths = []
    for position in positions:
        searcher.clear()
        last = None
        for info in searcher.iterate(game.state_from_text(position.position), Limits(time=seconds)):
            if info.complete:
                last = info
        depths.append(last.depth if last else 0)
        solved += last is not None and last.best_move in position.best
    return solved, float(np.mean(depths))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("suite")
    parser.add_argument("--params", nargs="+", default=["default"], metavar="SPEC")
    parser.add_argument("--random", type=int, default=0, metavar="N")
    parser.add_argument("--time", type=float, default=1.0)
    parser.add_argument("--weights", default="default")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = get_game(args.game)
    positions = read_suite(game, args.suite)
    theta = resolve_weights(game, args.weights).theta
    print(f"{len(positions)} positions of {args.suite}, {args.time:g} s each\n")
    print("| parameters | solved | share | mean depth |")
    print("| --- | ---: | ---: | ---: |")
    for spec in args.params:
        solved, depth = solved_in_time(game, positions, theta, resolve(game, spec), args.time)
        print(f"| {spec} | {solved} | {100 * solved / len(positions):.1f}% | {depth:.1f} |")
        sys.stdout.flush()
    if args.random:
        rng = random.Random(args.seed)
        results = []
        for _ in range(args.random):
            bits = [rng.randint(0, 1) for _ in range(CHROMOSOME_BITS)]
            params = decode(bits, resolve(game, None))
            results.append(solved_in_time(game, positions, theta, params, args.time))
        solved = np.mean([r[0] for r in results])
        low, high = min(r[0] for r in results), max(r[0] for r in results)
        depth = np.mean([r[1] for r in results])
        print(
            f"| {args.random} random organisms (mean; {low} to {high}) | {solved:.1f} | "
            f"{100 * solved / len(positions):.1f}% | {depth:.1f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
