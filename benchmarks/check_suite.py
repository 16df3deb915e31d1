"""Check a chess suite's best moves against Stockfish.

    python benchmarks/check_suite.py games/chess/suites/wac.txt \\
        games/chess/suites/wac-holdout.txt --stockfish /usr/games/stockfish --depth 22

Every position is searched to ``--depth``; when Stockfish's choice is not one
of the suite's moves, the suite's best-scoring move is searched to the same
depth and the two scores are printed, so a reader can tell a wrong label (a
large gap) from a second way to win (both winning or both mating). Ends with
one count line per file. The suite files are plain EPD (``bm`` and ``id``).
"""

from __future__ import annotations

import argparse
import sys

import chess
import chess.engine

MATE_CP = 100_000
WINNING_CP = 300


def centipawns(score: chess.engine.PovScore, turn: chess.Color) -> int:
    return score.pov(turn).score(mate_score=MATE_CP)


def check(engine: chess.engine.SimpleEngine, path: str, depth: int) -> tuple[int, int, int]:
    """(positions, Stockfish agrees, disagrees but the suite move still wins)."""
    positions = agree = still_wins = 0
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if not line.strip() or line.startswith("#"):
                continue
            board, ops = chess.Board.from_epd(line.strip())
            positions += 1
            best = ops["bm"]
            limit = chess.engine.Limit(depth=depth)
            info = engine.analyse(board, limit)
            if info["pv"][0] in best:
                agree += 1
                continue
            ours = engine.analyse(board, limit, root_moves=best)
            theirs_cp = centipawns(info["score"], board.turn)
            ours_cp = centipawns(ours["score"], board.turn)
            wins = ours_cp >= WINNING_CP
            still_wins += wins
            print(
                f"{ops.get('id', positions)}: suite {' '.join(board.san(m) for m in best)} "
                f"{ours_cp:+d}, Stockfish {board.san(info['pv'][0])} {theirs_cp:+d}"
                f"{' (the suite move still wins)' if wins else ''}"
            )
    return positions, agree, still_wins


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("suites", nargs="+")
    parser.add_argument("--stockfish", default="stockfish")
    parser.add_argument("--depth", type=int, default=22)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    engine = chess.engine.SimpleEngine.popen_uci(args.stockfish, timeout=120)
    try:
        engine.configure({"Threads": args.threads, "Hash": 256})
        for path in args.suites:
            positions, agree, still_wins = check(engine, path, args.depth)
            print(
                f"{path}: Stockfish (depth {args.depth}) plays a suite move in {agree} of "
                f"{positions}; of the other {positions - agree}, the suite move still wins in "
                f"{still_wins}"
            )
    finally:
        engine.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
