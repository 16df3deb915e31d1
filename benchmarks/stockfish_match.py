"""A match of ``gamecore uci`` against Stockfish at its weakest ``UCI_Elo``, through python-chess.

    python benchmarks/stockfish_match.py                  # 20 games, 10+0.1 clock
    python benchmarks/stockfish_match.py --games 4 --move-time 0.2

Colours alternate (gamecore has White in odd-numbered games). Stockfish plays
with ``UCI_LimitStrength true`` and ``UCI_Elo`` at the minimum its option list
allows (1350 for Stockfish 15.1), one thread. Each side's clock is kept here,
by wall time around each ``play`` call; a side whose clock runs out loses. A
game ends by checkmate, stalemate, insufficient material, or a draw by
threefold repetition or the fifty-move rule (claimed at once), or is declared
drawn after ``--max-plies``. Every game is appended to a PGN file as it ends;
the last lines give gamecore's wins, draws and losses and its score.

Stockfish is not a Python package: install it with ``apt-get install
stockfish`` (Debian/Ubuntu put it at ``/usr/games/stockfish``) or pass
``--stockfish PATH``. No test depends on it.
"""

from __future__ import annotations

import argparse
import datetime
import math
import os
import shutil
import sys
import time
from pathlib import Path

import chess
import chess.engine
import chess.pgn

ROOT = Path(__file__).resolve().parent.parent
GAMECORE = [sys.executable, "-m", "gamecore", "uci"]


def find_stockfish(explicit: str | None) -> str:
    candidates = [explicit] if explicit else [shutil.which("stockfish"), "/usr/games/stockfish"]
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    where = explicit or "on PATH or at /usr/games/stockfish"
    sys.exit(
        f"stockfish_match: Stockfish not found {where}. Install it with "
        "`apt-get update && apt-get install -y stockfish` (Debian/Ubuntu), "
        "or pass --stockfish PATH."
    )


def gamecore_weights(spec: str | None) -> str:
    """Which weights gamecore will evaluate with, for the report, the PGN and its UCI option:
    a shipped file's path, a weights file's absolute path, or ``zeros``."""
    from gamecore.registry import game_class
    from gamecore.weights import DEFAULT, ZEROS

    spec = spec or DEFAULT
    shipped = game_class("chess").named_weights()
    if spec in shipped:
        return str(shipped[spec])
    if spec == DEFAULT:
        return ZEROS
    return spec if spec == ZEROS else str(Path(spec).resolve())


def parse_clock(text: str) -> tuple[float, float]:
    base, _, inc = text.partition("+")
    try:
        return float(base), float(inc or 0)
    except ValueError:
        message = f"clock must be BASE+INC in seconds, not {text!r}"
        raise argparse.ArgumentTypeError(message) from None


def play_game(
    engines: dict[bool, chess.engine.SimpleEngine],
    clock: tuple[float, float] | None,
    move_time: float | None,
    max_plies: int,
    game_key: object,
) -> tuple[chess.Board, str, str]:
    """One game; returns the board, the PGN result and how it ended."""
    board = chess.Board()
    remaining = {chess.WHITE: clock[0], chess.BLACK: clock[0]} if clock else {}
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            return board, outcome.result(), outcome.termination.name.lower().replace("_", " ")
        if board.ply() >= max_plies:
            return board, "1/2-1/2", f"adjudicated draw after {max_plies} plies"
        side = board.turn
        if clock:
            limit = chess.engine.Limit(
                white_clock=remaining[chess.WHITE],
                black_clock=remaining[chess.BLACK],
                white_inc=clock[1],
                black_inc=clock[1],
            )
        else:
            limit = chess.engine.Limit(time=move_time)
        start = time.perf_counter()
        try:
            result = engines[side].play(board, limit, game=game_key)
        except chess.engine.EngineError as exc:
            loser = "White" if side == chess.WHITE else "Black"
            return board, "0-1" if side == chess.WHITE else "1-0", f"{loser} engine error: {exc}"
        spent = time.perf_counter() - start
        if clock:
            remaining[side] -= spent
            if remaining[side] < 0:
                loser = "White" if side == chess.WHITE else "Black"
                return board, "0-1" if side == chess.WHITE else "1-0", f"{loser} lost on time"
            remaining[side] += clock[1]
        if result.move is None or result.move not in board.legal_moves:
            loser = "White" if side == chess.WHITE else "Black"
            return board, "0-1" if side == chess.WHITE else "1-0", f"{loser} illegal move"
        board.push(result.move)


def record_game(pgn_path: Path, board, result: str, ours_white: bool, headers: dict) -> float:
    """Append the finished game to the PGN file; our points from it (1, 0.5 or 0)."""
    game = chess.pgn.Game.from_board(board)
    game.headers.update(
        {"Date": datetime.date.today().strftime("%Y.%m.%d"), **headers, "Result": result}
    )
    with pgn_path.open("a") as f:
        print(game, file=f, end="\n\n")
    points = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
    return points if ours_white else 1.0 - points


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    timing = parser.add_mutually_exclusive_group()
    timing.add_argument(
        "--clock",
        type=parse_clock,
        default=(10.0, 0.1),
        metavar="BASE+INC",
        help="clock per side in seconds, e.g. 10+0.1 (the default)",
    )
    timing.add_argument("--move-time", type=float, metavar="S", help="fixed seconds per move")
    parser.add_argument("--stockfish", metavar="PATH", help="Stockfish binary")
    parser.add_argument("--elo", type=int, help="Stockfish UCI_Elo (default: its minimum)")
    parser.add_argument(
        "--weights", metavar="SPEC", help="gamecore weights: a shipped name, zeros or a file"
    )
    parser.add_argument("--hash", type=int, default=16, help="hash MB for both engines")
    parser.add_argument("--max-plies", type=int, default=600, help="adjudicate a draw after this")
    parser.add_argument(
        "--pgn", default=str(ROOT / "runs" / "stockfish_match.pgn"), help="PGN file to write"
    )
    args = parser.parse_args(argv)
    clock = None if args.move_time else args.clock
    stockfish_path = find_stockfish(args.stockfish)
    weights = gamecore_weights(args.weights)

    stockfish = chess.engine.SimpleEngine.popen_uci(stockfish_path)
    elo_option = stockfish.options.get("UCI_Elo")
    if elo_option is None or "UCI_LimitStrength" not in stockfish.options:
        sys.exit("stockfish_match: this Stockfish has no UCI_LimitStrength/UCI_Elo options")
    elo = args.elo if args.elo is not None else elo_option.min
    stockfish.configure(
        {"UCI_LimitStrength": True, "UCI_Elo": elo, "Threads": 1, "Hash": args.hash}
    )
    gamecore = chess.engine.SimpleEngine.popen_uci(GAMECORE, timeout=120, cwd=ROOT)
    options = {"Hash": args.hash}
    if args.weights:
        options["Weights"] = weights
    gamecore.configure(options)
    gamecore_name = gamecore.id.get("name", "gamecore")
    stockfish_name = f"{stockfish.id.get('name', 'Stockfish')} (UCI_Elo {elo})"
    control = f"{clock[0]:g}+{clock[1]:g}" if clock else f"{args.move_time:g} s/move"
    print(f"gamecore: {gamecore_name}, weights {weights}")
    print(f"opponent: {stockfish_name}, {stockfish_path}")
    print(f"{args.games} games, {control}, PGN to {args.pgn}")

    pgn_path = Path(args.pgn)
    pgn_path.parent.mkdir(parents=True, exist_ok=True)
    pgn_path.write_text("")
    wins = draws = losses = 0
    try:
        for number in range(1, args.games + 1):
            gamecore_white = number % 2 == 1
            engines = {
                chess.WHITE: gamecore if gamecore_white else stockfish,
                chess.BLACK: stockfish if gamecore_white else gamecore,
            }
            board, result, how = play_game(
                engines, clock, args.move_time, args.max_plies, game_key=number
            )
            mine = record_game(
                pgn_path,
                board,
                result,
                gamecore_white,
                {
                    "Event": "gamecore vs Stockfish",
                    "Site": "benchmarks/stockfish_match.py",
                    "Round": str(number),
                    "White": gamecore_name if gamecore_white else stockfish_name,
                    "Black": stockfish_name if gamecore_white else gamecore_name,
                    "TimeControl": f"{clock[0]:g}+{clock[1]:g}" if clock else "-",
                    "Termination": how,
                    "GamecoreWeights": weights,
                },
            )
            wins += mine == 1.0
            draws += mine == 0.5
            losses += mine == 0.0
            colour = "white" if gamecore_white else "black"
            print(
                f"game {number:2d}: gamecore {colour:5s} {result:7s} {how} "
                f"({board.ply()} plies)   W/D/L {wins}/{draws}/{losses}",
                flush=True,
            )
    finally:
        gamecore.quit()
        stockfish.quit()
    played = wins + draws + losses
    score = (wins + 0.5 * draws) / played if played else 0.0
    print(f"gamecore vs {stockfish_name}: +{wins} ={draws} -{losses} (W/D/L)")
    line = f"score {wins + 0.5 * draws:g}/{played} = {100 * score:.1f}%"
    if 0 < score < 1:
        line += f", Elo difference about {-400 * math.log10(1 / score - 1):+.0f}"
    print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
