"""OpenSpiel's MCTS against gamecore's alpha-beta at equal time per move, timed.

Plays a gamecore match (openings from both sides, the match's ply limit) of
``openspiel:mcts`` against a gamecore searcher, both given the same seconds
per move: alpha-beta stops on its clock; MCTS sizes its simulations to the
time from the speed it measured on its earlier moves. Prints W/D/L and Elo
from MCTS's side, and the median and mean seconds each side actually took per
move, so "equal time" is a measured fact, not a setting.

    python benchmarks/openspiel_vs_alphabeta.py checkers --opponent default --time 0.2 --games 20
"""

from __future__ import annotations

import argparse
import statistics
import time

from gamecore.play.elo import match_elo
from gamecore.play.match import (
    GameResult,
    MatchSettings,
    PlayerSpec,
    match_games,
    play_game,
    score,
)
from gamecore.registry import get_game
from gamecore.search import Limits


class Timed:
    """A player whose every choice is timed."""

    def __init__(self, player, seconds: list[float]) -> None:
        self.player = player
        self.name = player.name
        self.seconds = seconds

    def new_game(self) -> None:
        self.player.new_game()

    def choose(self, state):
        started = time.perf_counter()
        choice = self.player.choose(state)
        self.seconds.append(time.perf_counter() - started)
        return choice


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--opponent", default="default", help="gamecore player spec (default)")
    parser.add_argument("--mcts", default="openspiel:mcts", help="the OpenSpiel player spec")
    parser.add_argument("--time", type=float, default=0.2, help="seconds per move (0.2)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = get_game(args.game)
    mcts = PlayerSpec.parse(game, args.mcts)
    other = PlayerSpec.parse(game, args.opponent)
    settings = MatchSettings(games=args.games, limits=Limits(time=args.time), seed=args.seed)
    seconds: dict[str, list[float]] = {mcts.name: [], other.name: []}
    for spec in (mcts, other):  # load the compiled search before any move is timed
        spec.make(game, Limits(time=0.05), seed=0).choose(game.initial_state())
    results = []
    for task in match_games(game, mcts, other, settings):
        first_team = task.index % 2
        seed = 2 * task.index
        players = {
            first_team: Timed(mcts.make(game, task.limits, seed), seconds[mcts.name]),
            1 - first_team: Timed(other.make(game, task.limits, seed + 1), seconds[other.name]),
        }
        state = play_game(game, players, task.opening, task.max_plies)
        results.append(GameResult(first_team, state.winner_team(), len(state.history), ""))
        print(
            f"game {task.index + 1}: {game.describe_result(state)} after {len(state.history)} "
            f"plies (MCTS played {game.team_names[first_team]})",
            flush=True,
        )
    result = score(results)
    elo, low, high = match_elo(result)
    print(
        f"{mcts.name} vs {other.name} at {args.time:g} s/move, {game.name}: "
        f"W/D/L {result.wins}/{result.draws}/{result.losses}, score {100 * result.score:.1f}%, "
        f"Elo {elo:+.0f} ({low:+.0f} to {high:+.0f})"
    )
    for name, taken in seconds.items():
        print(
            f"  {name}: {len(taken)} moves, median {statistics.median(taken):.3f} s, "
            f"mean {statistics.mean(taken):.3f} s per move"
        )


if __name__ == "__main__":
    main()
