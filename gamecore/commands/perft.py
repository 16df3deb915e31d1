"""``gamecore perft``: count the leaves of the legal-move tree (a move generator's checksum)."""

from __future__ import annotations

import argparse
import time

import numpy as np

from gamecore.binding import bind
from gamecore.commands import validate
from gamecore.commands.common import (
    add_game_arguments,
    add_position_arguments,
    game_from_args,
    state_from_args,
)


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "perft",
        help="count legal move sequences to a depth",
        description="Count the legal move sequences of DEPTH plies from a position: the "
        "move generator's checksum, to compare with published counts. --divide prints the "
        "count below each first move.",
    )
    add_game_arguments(parser)
    add_position_arguments(parser)
    parser.add_argument(
        "--depth", type=validate.perft_depth, required=True, help="plies to count (0 to 64)"
    )
    parser.add_argument("--divide", action="store_true", help="print the count below each move")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    game = game_from_args(args)
    state = state_from_args(game, args)
    algorithms = bind(game, "gamecore.algorithms.perft")
    state.reserve(args.depth)
    moves = np.zeros((args.depth + 1, game.max_moves), dtype=np.int64)
    depth = np.int64(args.depth)
    counts = np.zeros(game.max_moves, dtype=np.int64)
    divide = args.divide and args.depth > 0
    # Compile (or load from the cache) before the clock starts.
    if divide:
        algorithms.divide(state.arrays, np.int64(1), moves, counts)
    else:
        algorithms.perft(state.arrays, np.int64(0), moves)

    start = time.perf_counter()
    if divide:
        n = algorithms.divide(state.arrays, depth, moves, counts)
        root = zip(moves[depth][:n], counts[:n], strict=True)
        rows = sorted((state.move_text(int(m)), int(c)) for m, c in root)
        nodes = sum(c for _, c in rows)
        elapsed = time.perf_counter() - start
        for text, count in rows:
            print(f"{text}: {count}")
        print(f"moves {n}")
    else:
        nodes = int(algorithms.perft(state.arrays, depth, moves))
        elapsed = time.perf_counter() - start
    nps = nodes / elapsed if elapsed > 0 else float("inf")
    print(f"time {elapsed:.3f} s  nps {nps:,.0f}")
    print(f"nodes {nodes}")
    return 0
