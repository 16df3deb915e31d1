"""Strength levels (``gamecore.play.levels``) against Stockfish at a fixed ``UCI_Elo``: a scale.

    python benchmarks/level_calibration.py                        # levels 2 5 8, 10 games each
    python benchmarks/level_calibration.py --levels 1 3 --games 20 --clock 20+0.2

Each level plays ``--games`` games against Stockfish with ``UCI_LimitStrength``
and ``UCI_Elo`` (default 1350, the least Stockfish 15.1 allows), colours
alternating, both on a Fischer clock; the level searches in this process
under the clock (``gamecore.play.clock.move_budget``) as the window's engine
does. The games are played by :func:`stockfish_match.play_game`, so clocks,
adjudication and results are the same as in ``stockfish_match.py``. The last
lines are a table: per level, wins/draws/losses, the score and the Elo
difference it suggests (a rough figure: ten games give about ±200 Elo).

Stockfish is not a Python package: ``apt-get install stockfish`` puts it at
``/usr/games/stockfish``; no test depends on it.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import chess
import chess.engine
import numpy as np
from stockfish_match import find_stockfish, parse_clock, play_game, record_game

from gamecore.play.clock import move_budget
from gamecore.play.levels import choose_move, level
from gamecore.registry import get_game
from gamecore.search import Searcher, SearchParams
from gamecore.weights import Weights
from games.chess import move_to_uci
from games.chess.interop import from_board

ROOT = Path(__file__).resolve().parent.parent
OVERHEAD = 0.02
"""Seconds per move kept back for converting the board and starting the search."""


@dataclass
class Played:
    move: chess.Move


class LevelEngine:
    """A strength level in this process, with the ``play`` call of python-chess's engines."""

    def __init__(self, number: int, hash_mb: int, seed: int) -> None:
        game = get_game("chess")
        self.level = level(number)
        self.searcher = Searcher(
            game, Weights.default(game).theta.copy(), SearchParams.tournament(), hash_mb
        )
        self.rng = np.random.default_rng(seed)
        self.name = f"gamecore level {number}"
        self.searcher.search(game.initial_state(), self.level.limits(depth=1))  # compile
        self.searcher.clear()

    def play(self, board: chess.Board, limit: chess.engine.Limit, game: object = None) -> Played:
        white = board.turn == chess.WHITE
        remaining = limit.white_clock if white else limit.black_clock
        increment = (limit.white_inc if white else limit.black_inc) or 0.0
        seconds = limit.time if remaining is None else move_budget(remaining, increment, OVERHEAD)
        state = from_board(board)
        choice = choose_move(self.searcher, state, self.level, self.rng, time_limit=seconds)
        return Played(chess.Move.from_uci(move_to_uci(choice.move)))


def elo_difference(score: float) -> str:
    if score <= 0:
        return "< -400"
    if score >= 1:
        return "> +400"
    return f"{-400 * math.log10(1 / score - 1):+.0f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=int, nargs="+", default=[2, 5, 8])
    parser.add_argument("--games", type=int, default=10, help="games per level (default 10)")
    parser.add_argument(
        "--clock",
        type=parse_clock,
        default=(10.0, 0.1),
        metavar="BASE+INC",
        help="clock per side in seconds (default 10+0.1)",
    )
    parser.add_argument("--elo", type=int, default=1350, help="Stockfish UCI_Elo (default 1350)")
    parser.add_argument("--stockfish", metavar="PATH", help="Stockfish binary")
    parser.add_argument("--hash", type=int, default=16, help="hash MB for both engines")
    parser.add_argument("--max-plies", type=int, default=300, help="adjudicate a draw after this")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--pgn", default=str(ROOT / "runs" / "level_calibration.pgn"), help="PGN file to write"
    )
    args = parser.parse_args(argv)
    stockfish = chess.engine.SimpleEngine.popen_uci(find_stockfish(args.stockfish))
    if "UCI_Elo" not in stockfish.options or "UCI_LimitStrength" not in stockfish.options:
        sys.exit("level_calibration: this Stockfish has no UCI_LimitStrength/UCI_Elo options")
    stockfish.configure(
        {"UCI_LimitStrength": True, "UCI_Elo": args.elo, "Threads": 1, "Hash": args.hash}
    )
    opponent = f"{stockfish.id.get('name', 'Stockfish')} (UCI_Elo {args.elo})"
    control = f"{args.clock[0]:g}+{args.clock[1]:g}"
    print(f"levels {args.levels} against {opponent}, {args.games} games each, clock {control}")
    pgn_path = Path(args.pgn)
    pgn_path.parent.mkdir(parents=True, exist_ok=True)
    pgn_path.write_text("")
    rows = []
    started = time.perf_counter()
    try:
        for number in args.levels:
            engine = LevelEngine(number, args.hash, args.seed + number)
            wins = draws = losses = 0
            for game_number in range(1, args.games + 1):
                white = game_number % 2 == 1
                engines = {
                    chess.WHITE: engine if white else stockfish,
                    chess.BLACK: stockfish if white else engine,
                }
                key = (number, game_number)
                board, result, how = play_game(engines, args.clock, None, args.max_plies, key)  # type: ignore[arg-type]
                mine = record_game(
                    pgn_path,
                    board,
                    result,
                    white,
                    {
                        "Event": f"gamecore level {number} vs Stockfish",
                        "Site": "benchmarks/level_calibration.py",
                        "Round": str(game_number),
                        "White": engine.name if white else opponent,
                        "Black": opponent if white else engine.name,
                        "TimeControl": control,
                        "Termination": how,
                    },
                )
                wins += mine == 1.0
                draws += mine == 0.5
                losses += mine == 0.0
                print(
                    f"level {number} game {game_number:2d}: {'white' if white else 'black':5s} "
                    f"{result:7s} {how} ({board.ply()} plies)  W/D/L {wins}/{draws}/{losses}",
                    flush=True,
                )
            played = wins + draws + losses
            score = (wins + 0.5 * draws) / played if played else 0.0
            rows.append((number, wins, draws, losses, score))
    finally:
        stockfish.quit()
    minutes = (time.perf_counter() - started) / 60
    print(f"\n{minutes:.1f} minutes. Against {opponent}, clock {control}:\n")
    print("| Level | Games | W / D / L | Score | Elo difference | about |")
    print("| --- | --- | --- | --- | --- | --- |")
    for number, wins, draws, losses, score in rows:
        diff = elo_difference(score)
        if diff[0] in "<>":
            about = f"{diff[0]} {args.elo + (400 if diff[0] == '>' else -400)}"
        else:
            about = str(args.elo + int(diff))
        print(
            f"| {number} | {wins + draws + losses} | {wins} / {draws} / {losses} "
            f"| {100 * score:.0f}% | {diff} | {about} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
