"""Lazy SMP at equal time: N search threads against one, the same weights and time per move.

Usage: python benchmarks/threads_elo.py [--game chess|duchess] [--threads 2]
           [--time-per-move 0.05] [--pairs 200] [--seed 11] [--max-plies N] [--out FILE]

Plays game pairs (each opening from both sides, openings of four random plies
as ``gamecore match`` makes them) in this process, one game at a time, so the
N-thread player has the machine to itself while it thinks. The shipped default
weights and search parameters and a 64 MB table on both sides. Prints W/D/L
from the N-thread side, the Elo difference with its 95% interval and the
pentanomial SPRT log-likelihood ratio for H0: 0, H1: 20 Elo (no early stop).
``--out`` appends one JSON line per pair and resumes from it.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import gamecore
from gamecore.play.elo import MatchResult, match_elo
from gamecore.play.game_length import resolve_max_plies
from gamecore.play.match import make_openings, play_game
from gamecore.play.players import SearchPlayer
from gamecore.play.sprt import Sprt, pentanomial
from gamecore.search import Limits
from gamecore.weights import Weights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="chess")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--time-per-move", type=float, default=0.05)
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--max-plies", type=int, help="draw after this many (the game's default)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()

    game = gamecore.get_game(args.game)
    weights = Weights.default(game)
    limits = Limits(time=args.time_per_move)
    many = SearchPlayer(game, weights, limits, "many", tt_megabytes=64, threads=args.threads)
    one = SearchPlayer(game, weights, limits, "one", tt_megabytes=64, threads=1)
    openings = make_openings(game, args.pairs, 4, args.seed)
    max_plies = resolve_max_plies(game, args.max_plies)
    pairs: list[list[float]] = []
    if args.out and args.out.exists():
        pairs = [json.loads(line)["scores"] for line in args.out.read_text().splitlines()]
    for index in range(len(pairs), min(args.pairs, len(openings))):
        scores = []
        for first in (0, 1):
            state = play_game(game, {first: many, 1 - first: one}, openings[index], max_plies)
            winner = state.winner_team()
            scores.append(0.5 if winner is None else float(winner == first))
        pairs.append(scores)
        if args.out:
            with args.out.open("a") as out:
                out.write(json.dumps({"pair": index, "scores": scores}) + "\n")
    games = [s for pair in pairs for s in pair]
    wins, losses = games.count(1.0), games.count(0.0)
    result = MatchResult(wins, len(games) - wins - losses, losses)
    elo, low, high = match_elo(result)
    sprt = Sprt.parse("0,20")
    llr = sprt.llr(pentanomial([sum(pair) for pair in pairs]))
    low_bound, high_bound = sprt.bounds
    print(
        f"{args.game}, {args.threads} threads vs 1 at {args.time_per_move:g} s a move, "
        f"{len(games)} games: W/D/L {wins}/{result.draws}/{losses}, "
        f"score {100 * result.score:.1f}%, Elo {elo:+.0f} ({low:+.0f} to {high:+.0f}); "
        f"SPRT [0, 20] LLR {llr:+.2f} (bounds {low_bound:+.2f}, {high_bound:+.2f})"
    )


if __name__ == "__main__":
    main()
