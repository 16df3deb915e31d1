"""Make a tactical test suite for any game: positions with one clearly best move.

    python benchmarks/make_suite.py chess --positions 300 --out tactics.txt \\
        --holdout tactics-holdout.txt --stockfish /usr/games/stockfish --label-depth 16
    python benchmarks/make_suite.py checkers --positions 200 --label-depth 9 ...
    python benchmarks/make_suite.py duchess --positions 100 --label-depth 4 ...

Candidate positions come from games of the game's default weights against
themselves (search depth ``--source-depth``, random openings, and a random
move with probability ``--noise`` so that blunders leave tactics on the
board), sampled after the opening. A candidate is labelled by a deep search —
Stockfish with two principal variations for chess (``--stockfish``), else
gamecore's own multi-PV search (:func:`gamecore.search.analysis.top_moves`) — and
kept only when

* its best move beats the second best by at least ``--margin`` (centipawns
  for Stockfish, evaluation units for gamecore), so the solution is unique;
* a ``--shallow-depth`` search with the shipped weights does not already
  play it, so finding it takes search, which is what tuning measures;
* it is not already decided (the best score within ±``--decided``).

A share ``--holdout-share`` of the kept positions (chosen by ``--seed``) goes
to ``--holdout``, the part that tuning never sees. Both files start with a
comment giving the command that made them. Suites are read by ``gamecore
tune-search --suite`` (format: :mod:`gamecore.suites`).
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path

import chess
import chess.engine
import numpy as np
from tqdm import tqdm

from gamecore.registry import get_game
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.search.analysis import top_moves
from gamecore.state import State
from gamecore.suites import suite_line
from gamecore.values import MAX_EVAL
from gamecore.weights import Weights

MATE_CP = 100_000


def candidates(game, rng: np.random.Generator, args: argparse.Namespace):
    """Positions from noisy self-play games, one at a time, forever."""
    theta = Weights.default(game).theta
    searcher = Searcher(game, theta, SearchParams.tournament(), tt_megabytes=16)
    while True:
        state = game.initial_state()
        for ply in range(args.max_plies):
            moves = state.legal_moves()
            if not moves or state.is_terminal():
                break
            if ply >= args.first_ply and rng.random() < args.sample:
                yield state.copy()
            if ply < args.opening_plies or rng.random() < args.noise:
                move = moves[int(rng.integers(len(moves)))]
            else:
                searcher.clear()
                move = searcher.search(state, Limits(depth=args.source_depth)).best_move
            state.push_unchecked(move)


def stockfish_label(engine, state: State, depth: int) -> tuple[int, float, float] | None:
    """(best move, its score, the second's score) in centipawns for the side to move."""
    board = chess.Board(state.to_text())
    infos = engine.analyse(board, chess.engine.Limit(depth=depth), multipv=2)
    if len(infos) < 2:
        return None
    scores = [info["score"].pov(board.turn).score(mate_score=MATE_CP) for info in infos]
    best = state.parse_move(infos[0]["pv"][0].uci())
    return best, float(scores[0]), float(scores[1])


def gamecore_label(searcher: Searcher, state: State, depth: int) -> tuple[int, float, float] | None:
    searcher.clear()
    lines = top_moves(searcher, state, 2, Limits(depth=depth))
    if len(lines) < 2:
        return None
    return lines[0].move, lines[0].score.value, lines[1].score.value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--out", required=True)
    parser.add_argument("--holdout", required=True)
    parser.add_argument("--holdout-share", type=float, default=0.25)
    parser.add_argument("--stockfish", help="label chess positions with this engine")
    parser.add_argument("--label-depth", type=int, default=16)
    parser.add_argument("--margin", type=float, default=150.0)
    parser.add_argument("--decided", type=float, default=800.0)
    parser.add_argument("--shallow-depth", type=int, default=1)
    parser.add_argument("--source-depth", type=int, default=2)
    parser.add_argument("--noise", type=float, default=0.15)
    parser.add_argument("--sample", type=float, default=0.15)
    parser.add_argument("--opening-plies", type=int, default=4)
    parser.add_argument("--first-ply", type=int, default=10)
    parser.add_argument("--max-plies", type=int, default=160)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    game = get_game(args.game)
    rng = np.random.default_rng(args.seed)
    theta = Weights.default(game).theta
    shallow = Searcher(game, theta, SearchParams.tournament(), tt_megabytes=16)
    engine = None
    if args.stockfish:
        engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
        engine.configure({"Threads": 1, "Hash": 64})
    else:
        labeller = Searcher(game, theta, SearchParams.training(), tt_megabytes=64)
    kept: list[str] = []
    seen: set[int] = set()
    tried = 0
    rejected = {"no second move": 0, "margin": 0, "decided": 0, "shallow": 0}
    start = time.perf_counter()
    bar = tqdm(total=args.positions, unit="position", desc=f"{game.name} suite")
    try:
        for state in candidates(game, rng, args):
            if state.hash in seen:
                continue
            seen.add(state.hash)
            tried += 1
            if engine is not None:
                label = stockfish_label(engine, state, args.label_depth)
            else:
                label = gamecore_label(labeller, state, args.label_depth)
            if label is None:
                rejected["no second move"] += 1
                continue
            best, first, second = label
            if abs(first) > min(args.decided, MAX_EVAL):
                rejected["decided"] += 1
                continue
            if first - second < args.margin:
                rejected["margin"] += 1
                continue
            shallow.clear()
            if shallow.search(state, Limits(depth=args.shallow_depth)).best_move == best:
                rejected["shallow"] += 1
                continue
            kept.append(suite_line(game, state.to_text(), [best], f"{game.name}.{len(kept) + 1}"))
            bar.update(1)
            if len(kept) >= args.positions:
                break
    finally:
        bar.close()
        if engine is not None:
            engine.quit()
    order = rng.permutation(len(kept))
    held = set(order[: round(args.holdout_share * len(kept))].tolist())
    header = (
        f"# {len(kept)} positions kept of {tried} tried in {time.perf_counter() - start:.0f} s by\n"
        f"# python benchmarks/make_suite.py {shlex.join(sys.argv[1:])}\n"
        f"# rejected: {', '.join(f'{why} {n}' for why, n in rejected.items())}\n"
    )
    for path, lines in (
        (args.out, [line for i, line in enumerate(kept) if i not in held]),
        (args.holdout, [line for i, line in enumerate(kept) if i in held]),
    ):
        Path(path).write_text(header + "\n".join(lines) + "\n")
    print(f"{len(kept) - len(held)} positions in {args.out}, {len(held)} in {args.holdout}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
