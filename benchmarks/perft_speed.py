"""Chess perft speed: gamecore's compiled generic perft against python-chess, same run.

Usage: python benchmarks/perft_speed.py [--depth 5] [--reference-depth 4] [--repeats 5]

Both count with full make/unmake at every node (python-chess: push/pop over
``board.legal_moves``), so the ratio compares like with like. Prints medians
and the ratio of the medians as a Markdown table.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

import chess
import numpy as np

import gamecore
from gamecore.binding import bind
from games.chess.interop import python_chess_perft


def timed(fn) -> tuple[int, float]:
    start = time.perf_counter()
    nodes = fn()
    return nodes, time.perf_counter() - start


def gamecore_nps(depth: int, repeats: int) -> tuple[int, list[float]]:
    game = gamecore.get_game("chess")
    state = game.initial_state()
    perft = bind(game, "gamecore.algorithms.perft").perft
    moves = np.zeros((depth + 1, game.max_moves), dtype=np.int64)
    perft(state.arrays, np.int64(1), moves)  # load the compiled code before timing
    runs = [timed(lambda: int(perft(state.arrays, np.int64(depth), moves))) for _ in range(repeats)]
    return runs[0][0], [n / t for n, t in runs]


def reference_nps(depth: int, repeats: int) -> tuple[int, list[float]]:
    board = chess.Board()
    runs = [timed(lambda: python_chess_perft(board, depth)) for _ in range(repeats)]
    return runs[0][0], [n / t for n, t in runs]


def cli_seconds(*args: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "gamecore", *args], check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--reference-depth", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    nodes, ours = gamecore_nps(args.depth, args.repeats)
    ref_nodes, ref = reference_nps(args.reference_depth, args.repeats)
    warm = [cli_seconds("perft", "chess", "--depth", "1") for _ in range(args.repeats)]
    ours_med, ref_med = statistics.median(ours), statistics.median(ref)

    print("| measurement | nodes | median nodes/s | runs |")
    print("| --- | ---: | ---: | ---: |")
    print(f"| gamecore perft({args.depth}) | {nodes:,} | {ours_med:,.0f} | {args.repeats} |")
    print(
        f"| python-chess perft({args.reference_depth}) | {ref_nodes:,} | {ref_med:,.0f} |"
        f" {args.repeats} |"
    )
    print(f"\nratio of medians: {ours_med / ref_med:.1f}x")
    print(
        f"warm start, `gamecore perft chess --depth 1` in a new process: median "
        f"{statistics.median(warm):.2f} s (min {min(warm):.2f}, max {max(warm):.2f})"
    )


if __name__ == "__main__":
    main()
