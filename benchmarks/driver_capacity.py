"""How many workers one training driver can keep busy.

    python benchmarks/driver_capacity.py --game chess --depth 3
    python benchmarks/driver_capacity.py --game duchess --depth 3 --vs random

Plays a few real training games (recording each one's Δθ, log row and
length), then feeds the driver those recorded games from simulated workers
that answer at once (:mod:`gamecore.testing.simulated_workers`), so the
clock measures only the driver: sending θ, merging Δθ, the log, the average
and the checkpoints (every 5 games, the default). A driver keeps W workers
busy while W × (its time per game) stays below the time a worker needs for
a game.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from gamecore.testing.simulated_workers import SimulatedWorkers
from gamecore.training.trainer import TrainConfig, Trainer
from gamecore.training.worker import GameTask, play_training_game
from gamecore.weights import Weights


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="chess")
    parser.add_argument("--vs", default="self")
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--recorded", type=int, default=4, help="real games to record")
    parser.add_argument("--games", type=int, default=1000, help="simulated games merged")
    parser.add_argument("--workers", type=int, default=64, help="simulated workers")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="driver-bench-"))

    def config(tag: str, games: int) -> TrainConfig:
        return TrainConfig(
            game=args.game, vs=args.vs, depth=args.depth, games=games, seed=2,
            out=str(folder / f"{tag}.npz"),
        )  # fmt: skip

    recorder = config("recorded", args.recorded)
    start = Weights.random(Trainer(recorder).game, seed=2).theta
    reports = []
    for index in range(args.recorded):
        task = GameTask(recorder, index, start.copy(), {}, None)
        reports.append(play_training_game(task))
    game_seconds = statistics.mean(r.row["seconds"] for r in reports)
    per_game = []
    for repeat in range(args.repeats):
        workers = SimulatedWorkers(args.workers, reports)
        trainer = Trainer(config(f"driver{repeat}", args.games))
        began = time.perf_counter()
        trainer.run(executor=workers)
        per_game.append((time.perf_counter() - began) / args.games)
    driver = statistics.median(per_game)
    message = (workers.sent_bytes + workers.received_bytes) / workers.tasks
    print(f"| {args.game} ({args.vs}, depth {args.depth}) | {driver * 1e3:.2f} ms "
          f"({', '.join(f'{s * 1e3:.2f}' for s in per_game)}) | "
          f"{workers.sent_bytes / workers.tasks / 1024:.1f} KiB + "
          f"{workers.received_bytes / workers.tasks / 1024:.1f} KiB = {message / 1024:.1f} KiB | "
          f"{game_seconds:.2f} s | {game_seconds / driver:,.0f} |")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
