"""Build gamecore's chess opening book: balanced four-ply lines checked by Stockfish.

    apt-get install -y stockfish
    python benchmarks/make_chess_book.py --out games/chess/books/balanced-4.txt

1. At every ply, the candidate moves are Stockfish's ``--width`` best
   (MultiPV, to ``--depth``) that lie within ``--spread`` centipawns of its
   best move: sound moves, not merely legal ones, so the book holds the
   openings strong players choose, not 1.a3 or 1.Nh3.
2. Four plies of candidates give the lines; each final position is searched
   again, and a line stays if it is within ``--margin`` centipawns of
   equality and its position is new.
3. Lines are taken in turn from each two-ply start (most balanced first)
   until ``--lines`` are chosen, so the book spreads over many starts
   rather than repeating the most popular one.

The header of the written file records the Stockfish version and settings.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

import chess
import chess.engine


def centipawns(info: chess.engine.InfoDict) -> int:
    """White's view, mates as ±10000."""
    return info["score"].white().score(mate_score=10000)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="stockfish")
    parser.add_argument("--depth", type=int, default=14)
    parser.add_argument("--margin", type=int, default=35, help="|eval| limit, centipawns")
    parser.add_argument("--spread", type=int, default=30, help="candidate moves within this")
    parser.add_argument("--width", type=int, default=5, help="candidates per ply at most")
    parser.add_argument("--lines", type=int, default=100)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    engine.configure({"Threads": 1, "Hash": 64})
    limit = chess.engine.Limit(depth=args.depth)

    def candidates(board: chess.Board) -> list[chess.Move]:
        infos = engine.analyse(board, limit, multipv=args.width)
        sign = 1 if board.turn == chess.WHITE else -1
        best = sign * centipawns(infos[0])
        return [info["pv"][0] for info in infos if best - sign * centipawns(info) <= args.spread]

    lines_by_start: dict[tuple[str, str], list[tuple[int, list[chess.Move]]]] = defaultdict(list)
    seen: set[str] = set()
    board = chess.Board()
    for first in candidates(board):
        board.push(first)
        for second in candidates(board):
            board.push(second)
            for third in candidates(board):
                board.push(third)
                for fourth in candidates(board):
                    board.push(fourth)
                    key = board.epd()
                    if key not in seen:
                        seen.add(key)
                        score = centipawns(engine.analyse(board, limit))
                        if abs(score) <= args.margin:
                            start = (first.uci(), second.uci())
                            line = [first, second, third, fourth]
                            lines_by_start[start].append((score, line))
                    board.pop()
                board.pop()
            board.pop()
        board.pop()
    print(f"{len(seen)} four-ply positions, {len(lines_by_start)} two-ply starts", file=sys.stderr)
    engine_name = engine.id.get("name", args.engine)
    engine.quit()

    chosen: list[tuple[int, list[chess.Move]]] = []
    queues = [
        sorted(lines, key=lambda item: abs(item[0]))
        for lines in sorted(lines_by_start.values(), key=lambda ls: min(abs(x[0]) for x in ls))
    ]
    while len(chosen) < args.lines and any(queues):
        for queue in queues:
            if queue and len(chosen) < args.lines:
                chosen.append(queue.pop(0))
    header = [
        f"# Balanced four-ply chess openings: {len(chosen)} lines, each position within "
        f"{args.margin} centipawns of equality",
        f"# by {engine_name} at depth {args.depth} (1 thread); built by "
        "benchmarks/make_chess_book.py: every move is one of",
        f"# Stockfish's {args.width} best (MultiPV) within {args.spread} centipawns of its "
        "best; lines taken in turn from each two-ply start.",
        "# One opening per line, moves in UCI notation; the comment is Stockfish's score in "
        "centipawns, White's view.",
    ]
    body = [f"{' '.join(m.uci() for m in line)}  # {score:+d}" for score, line in chosen]
    out.write_text("\n".join(header + body) + "\n")
    print(f"{len(chosen)} lines in {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
