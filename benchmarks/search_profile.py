"""Branching factor and search depth per move in self-play (the Duchess thesis, Figures 9, 10).

Usage:
    python benchmarks/search_profile.py GAME [-o players=6] [--weights FILE]
        [--games 4] [--time-per-move 1.0] [--max-plies 300] [--out PREFIX]
        [--search-params SPEC]

Plays ``--games`` self-play games with the given weights (default: the
game's hand-set weights), a search of ``--time-per-move`` seconds for every
move, from seeded random two-ply openings. Records the number of legal
moves of every position met (the branching factor) and the last completed
depth of every search. Prints both histograms as markdown tables with their
medians, and writes ``PREFIX-branching.png`` and ``PREFIX-depth.png``.
"""

from __future__ import annotations

import argparse
from collections import Counter
from statistics import median

import numpy as np

import gamecore
from gamecore.commands.common import parse_options
from gamecore.kernel_api import ONGOING
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.search.params import resolve as resolve_search_params
from gamecore.weights import Weights


def play(
    game,
    weights: Weights,
    games: int,
    seconds: float,
    max_plies: int,
    seed: int,
    params: SearchParams | None = None,
):
    rng = np.random.default_rng(seed)
    searcher = Searcher(game, weights.theta, params)
    branching: list[int] = []
    depths: list[int] = []
    nps: list[float] = []
    for _ in range(games):
        state = game.initial_state()
        for _ in range(2):
            moves = state.legal_moves()
            state.push(moves[int(rng.integers(len(moves)))])
        searcher.clear()
        while state.status() == ONGOING and len(state.history) < max_plies:
            branching.append(len(state.legal_moves()))
            infos = list(searcher.iterate(state, Limits(time=seconds)))
            complete = [info for info in infos if info.complete]
            depths.append(complete[-1].depth if complete else 0)
            if complete and complete[-1].seconds > 0:
                nps.append(complete[-1].nps)
            state.push(infos[-1].best_move)
    return branching, depths, nps


def histogram(values: list[int], bucket: int) -> list[tuple[str, int]]:
    counts = Counter(v // bucket for v in values)
    rows = []
    for b in range(min(counts), max(counts) + 1):
        label = str(b * bucket) if bucket == 1 else f"{b * bucket}-{b * bucket + bucket - 1}"
        rows.append((label, counts.get(b, 0)))
    return rows


def plot(rows: list[tuple[str, int]], xlabel: str, title: str, out: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4))
    ax.bar(range(len(rows)), [n for _, n in rows], color="#4a6fa5")
    ax.set_xticks(range(len(rows)), [label for label, _ in rows], rotation=60, fontsize=7)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("positions")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("-o", "--option", action="append", default=[])
    parser.add_argument("--weights")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--time-per-move", type=float, default=1.0)
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=None)
    parser.add_argument("--search-params", default=None, metavar="SPEC")
    args = parser.parse_args()
    game = gamecore.get_game(args.game, **parse_options(args.option))
    weights = Weights.load(args.weights, game) if args.weights else Weights.default(game)
    params = resolve_search_params(game, args.search_params)
    branching, depths, nps = play(
        game, weights, args.games, args.time_per_move, args.max_plies, args.seed, params
    )
    prefix = args.out or f"{game.name}-profile"
    bf_rows = histogram(branching, 10)
    depth_rows = histogram(depths, 1)
    print(f"{len(branching)} positions in {args.games} games, {args.time_per_move} s per move")
    print(f"branching factor: median {median(branching)}, max {max(branching)}")
    print(f"completed depth: median {median(depths)}, max {max(depths)}")
    print(f"search speed: median {median(nps):,.0f} nodes/s\n")
    print("| legal moves | positions |\n| --- | ---: |")
    for label, n in bf_rows:
        print(f"| {label} | {n} |")
    print("\n| depth | moves |\n| ---: | ---: |")
    for label, n in depth_rows:
        print(f"| {label} | {n} |")
    plot(bf_rows, "legal moves", f"{game.name}: branching factor", f"{prefix}-branching.png")
    plot(
        depth_rows,
        "completed depth",
        f"{game.name}: depth in {args.time_per_move} s",
        f"{prefix}-depth.png",
    )


if __name__ == "__main__":
    main()
