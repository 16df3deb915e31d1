"""Lazy SMP: nodes per second and time to depth with 1 and N search threads.

Usage: python benchmarks/threads_speed.py [--game chess|duchess] [--depth 9]
           [--threads 2] [--repeats 5]

The positions of ``search_speed.py`` (chess: the perft suite's middlegames;
Duchess: a six-player midgame and positions of two, four and six players),
the shipped default weights, the game's default search parameters and a 64 MB
table, cleared before every search. Each repeat searches every position to the
depth once with one thread and once with N, alternately, so both see the same
machine. Nodes are those of every thread; time to depth is the wall-clock time
of the whole search. Prints a Markdown table of medians and the ratios.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))

from search_speed import positions

from gamecore.search import Limits, Searcher
from gamecore.search.params import resolve as resolve_search_params
from gamecore.weights import Weights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("chess", "duchess"), default="chess")
    parser.add_argument("--depth", type=int, default=9)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    game, states = positions(args.game)
    theta = np.ascontiguousarray(Weights.default(game).theta)
    counts = (1, args.threads)
    searchers = {
        (name, n): Searcher(
            state.game, theta, resolve_search_params(state.game, None), 64, threads=n
        )
        for name, state in states.items()
        for n in counts
    }
    for (name, _), searcher in searchers.items():  # load the compiled search
        searcher.search(states[name], Limits(depth=3))
    runs: dict[tuple[str, int], list[tuple[int, float]]] = {key: [] for key in searchers}
    for _ in range(args.repeats):
        for name, state in states.items():
            for n in counts:
                searcher = searchers[name, n]
                searcher.clear()
                info = searcher.search(state, Limits(depth=args.depth))
                runs[name, n].append((info.nodes, info.seconds))

    print(f"{args.game}, depth {args.depth}, median of {args.repeats}, 64 MB table\n")
    print("| position | threads | nodes | s to depth | nodes/s | nodes/s ratio | speed-up |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name in states:
        base = runs[name, 1]
        base_nps = statistics.median(n / s for n, s in base)
        base_s = statistics.median(s for _, s in base)
        for n in counts:
            results = runs[name, n]
            nps = statistics.median(nodes / s for nodes, s in results)
            seconds = statistics.median(s for _, s in results)
            nodes = statistics.median(nodes for nodes, _ in results)
            print(
                f"| {name} | {n} | {nodes:,.0f} | {seconds:.2f} | {nps:,.0f} | "
                f"{nps / base_nps:.2f} | {base_s / seconds:.2f} |"
            )

    def total(n: int, repeat: int) -> tuple[int, float]:
        """Nodes and seconds of every position in one repeat, with ``n`` threads."""
        pairs = [r[repeat] for (_, m), r in runs.items() if m == n]
        return sum(p[0] for p in pairs), sum(p[1] for p in pairs)

    for n in counts[1:]:
        nps = statistics.median(
            (total(n, i)[0] / total(n, i)[1]) / (total(1, i)[0] / total(1, i)[1])
            for i in range(args.repeats)
        )
        speedup = statistics.median(total(1, i)[1] / total(n, i)[1] for i in range(args.repeats))
        print(
            f"\nall positions, {n} threads against 1: nodes/s {nps:.2f}x, "
            f"time to depth {speedup:.2f}x"
        )


if __name__ == "__main__":
    main()
