"""Cost of one neighbourhood-network evaluation (seed 001), next to the linear one.

Usage: python benchmarks/network_speed.py [--reps 20000] [--repeats 5] [--depth 3]
       python benchmarks/network_speed.py --two-ply [--repeats 5]

Per position of ``search_speed.py`` (chess: the perft suite's middlegames;
Duchess: the six-player midgame and positions of six, four and two players),
the median time of: the search's linear evaluation (``evaluate`` of the bound
search kernel, with the shipped default weights); the network's inputs
(``cell_codes`` and ``gather``) plus its value, with pairs and with triples;
and the same plus the full gradient. Each is a compiled loop of ``--reps``
calls, timed ``--repeats`` times. Prints a Markdown table; then a second one
of whole searches to ``--depth`` (tournament parameters, a fresh table each)
with the linear evaluation and with the network as the search's evaluation:
nodes per second, medians of ``--repeats``.

``--two-ply`` prints only a third table: seed 001's agents' search, a
full-width 2-ply search with no quiescence (``SearchParams.plain``), with
pairs and triples from random weights: nodes, milliseconds (median of
``--repeats``) and the multiply-adds of the network's tuple sums it made
(every evaluated position's neighbourhoods times the tuple weights each
sums), the figure to set against a machine of the paper's day.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numba
import numpy as np
from search_speed import eval_costs, positions

from gamecore.evaluations import evaluation_named
from gamecore.neighbourhoods import gather
from gamecore.network.model import (
    initial_weights,
    network_gradient,
    network_shape,
    network_value,
)
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.weights import resolve_weights


def make_loops(cell_codes):
    """Compiled loops over one position: inputs + value, and inputs + value + gradient."""

    @numba.njit
    def value_loop(st, codes, lines, steps, n_codes, inputs, theta, order, first, mean, x, y, reps):
        total = 0.0
        for _ in range(reps):
            cell_codes(st, codes)
            gather(codes, lines, steps, n_codes, inputs)
            p, _ = network_value(inputs, theta, order, first, mean, x, y)
            total += p
        return total

    @numba.njit
    def gradient_loop(
        st, codes, lines, steps, n_codes, inputs, theta, order, first, mean, grad, x, y, dx, reps
    ):
        total = 0.0
        for _ in range(reps):
            cell_codes(st, codes)
            gather(codes, lines, steps, n_codes, inputs)
            p, _ = network_gradient(inputs, theta, order, first, mean, grad, 1.0, x, y, dx)
            total += p
        return total

    return value_loop, gradient_loop


def timed(fn, args, reps: int, repeats: int) -> float:
    fn(*args, 10)
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn(*args, reps)
        runs.append((time.perf_counter() - start) / reps * 1e9)
    return statistics.median(runs)


def network_costs(states, reps: int, repeats: int) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for name, state in states.items():
        game = state.game
        relations = game.neighbourhood_relations()
        value_loop, gradient_loop = make_loops(game.kernel.cell_codes)
        codes = np.zeros(relations.cells, dtype=np.int64)
        inputs = np.zeros((relations.cells, relations.slots), dtype=np.int64)
        x = np.zeros((relations.cells, relations.slots))
        y = np.zeros(relations.cells)
        dx = np.zeros(relations.slots)
        row = {}
        for expansion in ("pairs", "triples"):
            shape = network_shape(relations, expansion)
            theta = initial_weights(shape, 1)
            grad = np.zeros_like(theta)
            common = (state.arrays, codes, relations.lines, relations.steps, relations.codes)
            tail = (shape.order, shape.first_tuple, shape.mean)
            row[f"{expansion} value"] = timed(
                value_loop, (*common, inputs, theta, *tail, x, y), reps, repeats
            )
            row[f"{expansion} value+gradient"] = timed(
                gradient_loop, (*common, inputs, theta, *tail, grad, x, y, dx), reps, repeats
            )
        out[name] = row
    return out


def search_speeds(states, depth: int, repeats: int) -> dict[str, dict[str, tuple[int, float]]]:
    """Per position and evaluation: (nodes, median nodes per second) of a search to ``depth``."""
    out: dict[str, dict[str, tuple[int, float]]] = {}
    for name, state in states.items():
        game = state.game
        row = {}
        for label in ("linear", "network-pairs", "network-triples"):
            evaluation = evaluation_named(game, label)
            if label == "linear":
                theta = resolve_weights(game, "default").theta.copy()
            else:
                theta = evaluation.initial_weights(1)
            searcher = Searcher(
                game, theta, SearchParams.tournament(), tt_megabytes=64, evaluation=evaluation
            )
            searcher.search(state, Limits(depth=1))  # compile or load first
            speeds, nodes = [], 0
            for _ in range(repeats):
                searcher.clear()
                info = searcher.search(state, Limits(depth=depth))
                nodes = info.nodes
                speeds.append(info.nps)
            row[label] = (nodes, statistics.median(speeds))
        out[name] = row
    return out


def two_ply_table(repeats: int) -> None:
    print("| position (2 plies, no quiescence) | network | nodes | ms | tuple multiply-adds |")
    print("| --- | --- | ---: | ---: | ---: |")
    _, states = positions("chess")
    for name, state in states.items():
        game = state.game
        for label in ("network-pairs", "network-triples"):
            evaluation = evaluation_named(game, label)
            shape = evaluation.shape
            searcher = Searcher(game, evaluation.initial_weights(1), SearchParams.plain(),
                                evaluation=evaluation)  # fmt: skip
            searcher.search(state, Limits(depth=1))  # compile or load first
            times, nodes = [], 0
            for _ in range(repeats):
                searcher.clear()
                start = time.perf_counter()
                info = searcher.search(state, Limits(depth=2))
                times.append(time.perf_counter() - start)
                nodes = info.nodes
            work = nodes * shape.relations.cells * shape.tuple_count  # blank centres too
            print(f"| chess: {name} | {label} | {nodes:,} | {statistics.median(times) * 1e3:.2f} "
                  f"| {work:,} |")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--depth", type=int, default=3, help="depth of the timed searches")
    parser.add_argument("--two-ply", action="store_true", help="only seed 001's 2-ply search")
    args = parser.parse_args()
    if args.two_ply:
        two_ply_table(args.repeats)
        return
    columns = ("pairs value", "pairs value+gradient", "triples value", "triples value+gradient")
    print(f"| position | linear, ns | {' | '.join(c + ', ns' for c in columns)} |")
    print("| --- | ---: |" + " ---: |" * len(columns))
    for game_name in ("chess", "duchess"):
        _, states = positions(game_name)
        by_game: dict = {}
        for name, state in states.items():
            by_game.setdefault(state.game, {})[name] = state
        for variant, group in by_game.items():
            theta = resolve_weights(variant, "default").theta
            linear = eval_costs(variant, group, theta, args.reps, args.repeats)
            network = network_costs(group, args.reps // 10, args.repeats)
            for name in group:
                cells = " | ".join(f"{network[name][c]:,.0f}" for c in columns)
                print(f"| {game_name}: {name} | {linear[name][1]:,.0f} | {cells} |")
    print()
    labels = ("linear", "network-pairs", "network-triples")
    print(f"| position (search to depth {args.depth}) | " + " | ".join(labels) + " |")
    print("| --- |" + " ---: |" * len(labels))
    for game_name in ("chess", "duchess"):
        _, states = positions(game_name)
        speeds = search_speeds(states, args.depth, args.repeats)
        for name, row in speeds.items():
            cells = " | ".join(f"{row[k][1]:,.0f} n/s ({row[k][0]:,} nodes)" for k in labels)
            print(f"| {game_name}: {name} | {cells} |")


if __name__ == "__main__":
    main()
