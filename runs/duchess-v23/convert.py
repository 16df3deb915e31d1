"""Can the side ahead at a self-play match's ply limit mate with a deeper search?

Continues every game of RECORD that reached the limit with a material lead of at
least --lead (pawns at chess-like values, final_material.py) for --plies more
plies, both sides playing WEIGHTS at --depth (or --time seconds per move), and
counts the wins of the side that was ahead.

    python runs/duchess-v23/convert.py RECORD WEIGHTS --depth 6 [--lead 5]
"""

from __future__ import annotations

import argparse
import concurrent.futures

from final_material import lead_of_red

import gamecore
from gamecore.commands.common import game_from_args
from gamecore.match import PlayerSpec, play_game
from gamecore.search import Limits


def continue_game(job):
    args, history, ahead = job
    game = game_from_args(argparse.Namespace(game="duchess", option=["players=2"]))
    limits = Limits(depth=args.depth, time=args.time)
    player = PlayerSpec.parse(game, args.weights).make(game, limits, seed=0)
    state = play_game(game, {0: player, 1: player}, history, len(history) + args.plies)
    plies = len(state.history) - len(history)
    return ahead, state.winner_team(), plies, game.describe_result(state)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("record")
    parser.add_argument("weights")
    parser.add_argument("--depth", type=int)
    parser.add_argument("--time", type=float)
    parser.add_argument("--lead", type=int, default=5)
    parser.add_argument("--plies", type=int, default=300)
    args = parser.parse_args()
    game = game_from_args(argparse.Namespace(game="duchess", option=["players=2"]))
    jobs = []
    seen = set()
    with open(args.record) as f:
        records = [r for r in f.read().split("\n\n") if r.strip()]
    for record in records:
        state = game.read_record(record)
        if state.status() != gamecore.ONGOING:
            continue
        lead = lead_of_red(state)
        if abs(lead) >= args.lead and state.hash not in seen:
            seen.add(state.hash)
            jobs.append((args, list(state.history), 0 if lead > 0 else 1))
    converted = 0
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        for ahead, winner, plies, how in pool.map(continue_game, jobs):
            converted += winner == ahead
            print(f"ahead {ahead} winner {winner} after {plies} more plies: {how}", flush=True)
    print(f"{converted} of {len(jobs)} converted")


if __name__ == "__main__":
    main()
