"""Training throughput with one process, two local workers and two Ray workers.

    python benchmarks/parallel_training.py --game chess --games 24 --depth 3 --repeats 3

Each repeat runs the same training (self-play, fixed depth, seed 1) once per
backend, in turn, so a slow spell of the machine hits every backend alike.
Workers are started and warmed (a 2-game run loads the compiled code) before
the clock starts. Prints games/s and learner updates (searches) per second,
the median over repeats, and the ratio to one process.
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import tempfile
import time
from pathlib import Path

from gamecore.executor import LocalExecutor, RayExecutor
from gamecore.train import TrainConfig, Trainer


def timed_run(config: TrainConfig, executor) -> tuple[float, float]:
    """(games/s, updates/s) of one run."""
    start = time.perf_counter()
    Trainer(config).run(executor=executor)
    seconds = time.perf_counter() - start
    with config.log_path().open(newline="") as f:
        searches = sum(int(row["searches"]) for row in csv.DictReader(f))
    return config.games / seconds, searches / seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="chess")
    parser.add_argument("--vs", default="self")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="parallel-bench-"))
    backends: dict[str, object] = {"1 process": None, "2 local workers": LocalExecutor(2)}
    if not args.no_ray:
        import ray

        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        backends["2 Ray workers"] = RayExecutor("local", workers=2)
    rates: dict[str, list[tuple[float, float]]] = {name: [] for name in backends}

    def config(name: str, tag: str, games: int) -> TrainConfig:
        slug = name.replace(" ", "-")
        return TrainConfig(
            game=args.game, vs=args.vs, games=games, depth=args.depth, seed=1,
            out=str(folder / f"{slug}-{tag}.npz"), checkpoint_every=1000,
        )  # fmt: skip

    for name, executor in backends.items():
        if executor is not None:
            Trainer(config(name, "warm", 2)).run(executor=executor)
    for repeat in range(args.repeats):
        for name, executor in backends.items():
            rate = timed_run(config(name, str(repeat), args.games), executor)
            rates[name].append(rate)
            print(f"repeat {repeat + 1} {name}: {rate[0]:.3f} games/s", file=sys.stderr)
    base_games = statistics.median(r[0] for r in rates["1 process"])
    base_updates = statistics.median(r[1] for r in rates["1 process"])
    print(f"| backend | games/s | updates/s | ratio | runs (games/s) |  ({args.game}, "
          f"{args.vs}, depth {args.depth}, {args.games} games per run)")  # fmt: skip
    print("| --- | ---: | ---: | ---: | --- |")
    for name, runs in rates.items():
        games = statistics.median(r[0] for r in runs)
        updates = statistics.median(r[1] for r in runs)
        listing = ", ".join(f"{r[0]:.3f}" for r in runs)
        print(
            f"| {name} | {games:.3f} | {updates:.1f} | {games / base_games:.2f}× "
            f"(updates {updates / base_updates:.2f}×) | {listing} |"
        )
    for executor in backends.values():
        if executor is not None:
            executor.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
