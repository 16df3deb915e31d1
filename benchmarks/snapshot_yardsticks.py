"""Learning curves of a finished training run: each snapshot against fixed opponents.

Usage:
    python benchmarks/snapshot_yardsticks.py RUN.npz --out CURVE.eval.csv
        [--start UNTRAINED.npz] [--vs random,zeros,default] [--games 40] [--depth 4]
        [--every N] [--max-plies N] [--workers 2]

``train --eval-every`` measures a run while it trains, on the core the training
would otherwise use; this measures a run afterwards from its snapshots
(``RUN-gNNNNN.npz``, written by ``--snapshot-every``) and its final weights,
(``--every N``: those at multiples of N games only),
and from ``--start`` (the run's starting weights: ``gamecore train GAME --games 0
--seed S``) as the point at game 0. Every point plays the same openings against
each opponent, as ``--eval-every`` does. The rows go to ``--out`` in the format of
``OUT.eval.csv``, with the training time of each point taken from the run's log
(``RUN.csv``: the summed seconds of the training games up to it), so
``gamecore plot-learning CURVE.eval.csv`` draws score by games trained and by
training time. Points already in ``--out`` are skipped, so a stopped measurement
resumes.
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import re
from dataclasses import asdict
from pathlib import Path

import gamecore
from gamecore.executor import make_executor
from gamecore.play.match import MatchSettings, PlayerSpec, run_match
from gamecore.search import Limits
from gamecore.training.yardsticks import (
    EVAL_FIELDS,
    YardstickRow,
    parse_opponents,
    read_eval_log,
    yardstick_row,
)
from gamecore.weights import Weights

SNAPSHOT = re.compile(r"-g(\d+)\.npz$")


def points(run: Path, start: Path | None, every: int = 1) -> list[tuple[int, Path]]:
    """(games trained, weights file) for the start, the snapshots and the final weights."""
    found = sorted(
        (int(m.group(1)), p)
        for p in run.parent.glob(f"{run.stem}-g*.npz")
        if (m := SNAPSHOT.search(p.name)) and int(m.group(1)) % every == 0
    )
    final_games = Weights.load(run).metadata["training"]["progress"]["games_done"]
    if not found or found[-1][0] != final_games:
        found.append((final_games, run))
    return ([(0, start)] if start is not None else []) + found


def training_seconds(log: Path) -> dict[int, float]:
    """Summed seconds of the training games up to each game, from the run's log."""
    total, upto = 0.0, {0: 0.0}
    with log.open(newline="") as f:
        for row in csv.DictReader(f):
            total += float(row["seconds"])
            upto[int(row["game"])] = total
    return upto


def append_rows(path: Path, rows: list[YardstickRow]) -> None:
    """One write per point, so a stopped run leaves whole points."""
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=EVAL_FIELDS)
    if not path.exists():
        writer.writeheader()
    writer.writerows(asdict(row) for row in rows)
    with path.open("a", newline="") as f:
        f.write(text.getvalue())
        f.flush()
        os.fsync(f.fileno())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", type=Path, help="the run's final weights, RUN.npz")
    parser.add_argument("--out", type=Path, required=True, help="the curve, CURVE.eval.csv")
    parser.add_argument("--start", type=Path, help="the run's starting weights (game 0)")
    parser.add_argument("--vs", default="random,zeros,default")
    parser.add_argument("--games", type=int, default=40, help="games per opponent and point")
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--every", type=int, default=1, help="snapshots at multiples of N")
    parser.add_argument("--max-plies", type=int)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    config = Weights.load(args.run).metadata["training"]["config"]
    game = gamecore.get_game(config["game"], **config["game_options"])
    opponents = parse_opponents(game, args.vs)
    settings = MatchSettings(
        games=args.games,
        limits=Limits(depth=args.depth),
        openings=args.games // 2,
        max_plies=args.max_plies,
    )
    seconds = training_seconds(args.run.with_suffix(".csv"))
    done = (
        {(r.games_trained, r.opponent) for r in read_eval_log(args.out)}
        if args.out.exists()
        else set()
    )
    executor = make_executor(args.workers) if args.workers > 1 else None
    try:
        for games_trained, path in points(args.run, args.start, args.every):
            me = PlayerSpec.parse(game, str(path))
            rows = []
            for opponent in opponents:
                if (games_trained, opponent.text) in done:
                    continue
                result, _ = run_match(game, me, opponent, settings, executor=executor)
                rows.append(yardstick_row(games_trained, seconds[games_trained], opponent, result))
                print(
                    f"{path.name} ({games_trained} games) vs {opponent.text}: "
                    f"{result.wins}/{result.draws}/{result.losses} {result.score:.1%}",
                    flush=True,
                )
            if rows:
                append_rows(args.out, rows)
    finally:
        if executor is not None:
            executor.close()


if __name__ == "__main__":
    main()
