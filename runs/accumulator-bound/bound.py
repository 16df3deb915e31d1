"""The most an accumulator of the additive terms could save in chess and checkers search.

Duchess keeps material and piece squares as an accumulator updated by make_move
(games/duchess/makemove.py), because its features cost some 30-60 move generations.
For chess (chess-meep: material and the P N B R Q piece-square tables are additive)
and checkers (checkers-chinook: the 128 piece squares are; men and kings are phased),
this times, on each game's benchmark positions, one static evaluation (features + θ·φ
with the shipped weights) as it is and with the additive terms left out -- what an
accumulator would remove at best, before paying for its upkeep in every make/unmake --
and one search node (tournament search, fixed depth, the same positions). The saving
per node is at most the evaluation's difference (at most one evaluation per node).

Usage: python runs/accumulator-bound/bound.py [--repeats 5] [--reps 200000]

The two evaluations are timed in alternation, 3 x repeats rounds; medians.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numba
import numpy as np

import gamecore
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.weights import Weights

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from search_speed import positions, random_walk

CHESS_ADDITIVE = (
    """            if k:
                idx[n] = MATERIAL + MATERIAL_SIZE * s + t
                val[n] = k
                n += 1
""",
    """            base = PSQT + PSQT_SIZE * s + 64 * t
            while b:
                sq = lsb(b)
                b &= b - ONE
                idx[n] = base + (sq ^ flip)
                val[n] = 1.0
                n += 1
""",
)
CHECKERS_ADDITIVE = (
    """        b = own
        while b != ZERO:
            s = lsb(b)
            b &= b - ONE
            view = s if us == 0 else 31 - s
            kind = 2 * rel + (1 if (kings & BIT[s]) != ZERO else 0)
            idx[n] = PSQ + 32 * kind + view
            val[n] = 1.0
            n += 1
""",
)


def without(module_name: str, cuts: tuple[str, ...]):
    """The game's ``features`` compiled from its source with the additive blocks cut (with
    the same ``kernel`` decorator, so both are compiled alike)."""
    module = sys.modules[module_name]
    source = Path(module.__file__).read_text()
    for cut in cuts:
        assert source.count(cut) == 1, cut[:40]
        source = source.replace(cut, "")
    path = Path(tempfile.mkdtemp()) / "features_cut.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("features_cut", path)
    cut_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cut_module)
    return cut_module.features


def loop_for(features):
    @numba.njit
    def evaluate_loop(st, theta, idx, val, reps):
        total = 0.0
        for _ in range(reps):
            n = features(st, idx, val)
            value = 0.0
            for i in range(n):
                value += theta[idx[i]] * val[i]
            total += value
        return total

    return evaluate_loop


def per_call_ns(loops, st, theta, idx, val, reps, repeats):
    """Median ns per call of each loop, the loops alternated round by round."""
    for loop in loops:
        loop(st, theta, idx, val, 10)
    runs = [[] for _ in loops]
    for _ in range(repeats):
        for loop, times in zip(loops, runs, strict=True):
            start = time.perf_counter()
            loop(st, theta, idx, val, reps)
            times.append((time.perf_counter() - start) / reps * 1e9)
    return [statistics.median(times) for times in runs]


def game_positions(name: str):
    if name == "chess":
        return positions("chess")
    game = gamecore.get_game("checkers")
    return game, {f"{p} random plies": random_walk(game, p, p) for p in (10, 20, 30)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--reps", type=int, default=200_000)
    args = parser.parse_args()
    for name, cuts, depth in (("chess", CHESS_ADDITIVE, 8), ("checkers", CHECKERS_ADDITIVE, 14)):
        game, states = game_positions(name)
        theta = np.ascontiguousarray(Weights.default(game).theta)
        full = loop_for(game.kernel.features)
        cut = loop_for(without(game.kernel.features.py_func.__module__, cuts))
        size = game.feature_set.count
        idx, val = np.zeros(size + 64, np.int64), np.zeros(size + 64, np.float64)
        print(
            f"\n{name}: tournament search at depth {depth}, {args.repeats} runs; "
            f"evaluation in a compiled loop of {args.reps:,}\n"
        )
        print(
            "| position | ns per node | ns per evaluation | without the additive terms "
            "| saved | saved per node, at most |"
        )
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        for label, state in states.items():
            searcher = Searcher(game, theta, SearchParams.tournament(), tt_megabytes=64)
            searcher.clear()
            searcher.search(state, Limits(depth=3))
            per_node = []
            for _ in range(args.repeats):
                searcher.clear()
                info = searcher.search(state, Limits(depth=depth))
                per_node.append(info.seconds / info.nodes * 1e9)
            node = statistics.median(per_node)
            st = state.arrays
            a, b = per_call_ns((full, cut), st, theta, idx, val, args.reps, 3 * args.repeats)
            print(
                f"| {label} | {node:.0f} | {a:.0f} | {b:.0f} | {a - b:.0f} | {(a - b) / node:.1%} |"
            )


if __name__ == "__main__":
    main()
