"""``gamecore check-learning``: does learning work on this game? A few minutes, one verdict."""

from __future__ import annotations

import argparse

from tqdm import tqdm

from gamecore.commands import validate
from gamecore.commands.common import add_game_arguments, game_from_args, parse_options
from gamecore.executor import default_workers
from gamecore.play.elo import MatchResult, score_interval
from gamecore.training.check import MATCH_GAMES, TIME_BUDGET, LearningVerdict, check_learning
from gamecore.training.trainer import Progress

EXIT_FAILED = 1


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "check-learning",
        help="check that learning works on a game: train briefly, then beat zeros and random",
        description="Train the game's default run from zero weights for a few minutes, then "
        "play the learned weights against the zero weights and random movers. Passes (exit "
        "0) when they beat both; fails (exit 1) with the reason otherwise. Also notes what in "
        "the game's features keeps a linear evaluation from learning.",
    )
    add_game_arguments(parser)
    parser.add_argument(
        "--time-budget",
        type=validate.seconds,
        default=TIME_BUDGET,
        help=f"seconds of training at most ({TIME_BUDGET:g})",
    )
    parser.add_argument(
        "--games", type=validate.games, help="training games (default: the game's own)"
    )
    parser.add_argument("--depth", type=validate.depth, help="search depth (the game's own)")
    parser.add_argument(
        "--match-games",
        type=validate.every,
        default=MATCH_GAMES,
        help=f"games against each yardstick ({MATCH_GAMES})",
    )
    parser.add_argument("--seed", type=validate.seed, default=0)
    parser.add_argument(
        "--out", default=None, help="keep the learned weights in this file (default: not kept)"
    )
    parser.add_argument(
        "--workers",
        type=validate.workers,
        metavar="N",
        help=f"worker processes (default: all {default_workers()} cores)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    workers = default_workers() if args.workers is None else args.workers
    game_from_args(args)  # an unknown game or option is refused before anything starts
    bar = tqdm(unit="game", desc=f"{args.game} learning check", leave=False)

    def on_game(progress: Progress, row: dict) -> None:
        bar.update(1)

    try:
        verdict = check_learning(
            args.game,
            parse_options(args.option),
            time_budget=args.time_budget,
            match_games=args.match_games,
            workers=workers,
            out=args.out,
            on_game=on_game,
            games=args.games,
            depth=args.depth,
            seed=args.seed,
        )
    finally:
        bar.close()
    print(report(verdict))
    return 0 if verdict.passed else EXIT_FAILED


def report(verdict: LearningVerdict) -> str:
    """The check's findings, a line each, the verdict last."""
    config = verdict.config
    search = f"depth {config.depth}" if config.depth else "its time per move"
    lines = [f"features: {note}" for note in verdict.notes]
    lines.append(
        f"trained {verdict.games_trained} games at {search} in {verdict.seconds:.0f} s "
        f"({config.algo}, from zero weights)"
    )
    lines.append(f"vs zeros:  {_result(verdict.vs_zeros)}")
    lines.append(f"vs random: {_result(verdict.vs_random)}")
    failures = verdict.failures()
    if failures:
        lines.extend(f"failed: {why}" for why in failures)
        lines.append("see docs/learning.md#when-learning-does-not-work for what to try")
    else:
        lines.append("passed: the learned weights beat the zero weights and random movers")
    return "\n".join(lines)


def _result(result: MatchResult) -> str:
    low, high = score_interval(result)
    return (
        f"W/D/L {result.wins}/{result.draws}/{result.losses}, {result.score:.1%} "
        f"(95% interval {low:.0%} to {high:.0%})"
    )
