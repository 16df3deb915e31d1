"""Training throughput with one process, two local workers and two Ray workers.

    python benchmarks/parallel_training.py --game chess --games 24 --depth 3 --repeats 3

Each repeat runs the same training (self-play, fixed depth, seed 1) once per
backend, in turn, so a slow spell of the machine hits every backend alike.
Workers are started and warmed (a 2-game run loads the compiled code) before
the clock starts. Prints games/s, learner updates (searches) per second and
search nodes per second, the median over repeats, and the ratio to one
local worker.

Every backend must play the same games for the ratios to mean anything, so
the learners run with the ``sgd`` rule at a step of 1e-12: they compute and
merge every update as usual, but θ stays where it started, so no backend's
games differ from another's because of staleness. Each game's opening comes
from the run's seed and the game's number on every backend; the table's
last column shows that every backend searched the same number of nodes.
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
from gamecore.training.trainer import TrainConfig, Trainer


def timed_run(config: TrainConfig, executor) -> tuple[float, float, float, int]:
    """(games/s, updates/s, nodes/s, nodes) of one run."""
    start = time.perf_counter()
    Trainer(config).run(executor=executor)
    seconds = time.perf_counter() - start
    with config.log_path().open(newline="") as f:
        rows = list(csv.DictReader(f))
    searches = sum(int(row["searches"]) for row in rows)
    nodes = sum(int(row["nodes"]) for row in rows)
    return config.games / seconds, searches / seconds, nodes / seconds, nodes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="chess")
    parser.add_argument("--vs", default="self")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--max-plies", type=int, default=100, help="game length cap (outliers unbalance workers)"
    )
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="parallel-bench-"))
    backends: dict[str, object] = {
        "1 local worker": LocalExecutor(1),
        "2 local workers": LocalExecutor(2),
    }
    if not args.no_ray:
        import ray

        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        backends["2 Ray workers"] = RayExecutor("local", workers=2)
    rates: dict[str, list[tuple[float, float, float, int]]] = {name: [] for name in backends}

    def config(name: str, tag: str, games: int) -> TrainConfig:
        slug = name.replace(" ", "-")
        return TrainConfig(
            game=args.game, vs=args.vs, games=games, depth=args.depth, seed=1,
            out=str(folder / f"{slug}-{tag}.npz"), checkpoint_every=5,
            update="sgd", step=1e-12, max_plies=args.max_plies,
        )  # fmt: skip

    for name, executor in backends.items():
        if executor is not None:
            Trainer(config(name, "warm", 2)).run(executor=executor)
    for repeat in range(args.repeats):
        for name, executor in backends.items():
            rate = timed_run(config(name, str(repeat), args.games), executor)
            rates[name].append(rate)
            print(f"repeat {repeat + 1} {name}: {rate[0]:.3f} games/s", file=sys.stderr)
    base = [statistics.median(r[k] for r in rates["1 local worker"]) for k in range(3)]
    with config("1 local worker", "0", args.games).log_path().open(newline="") as f:
        lengths = [float(row["seconds"]) for row in csv.DictReader(f)]
    finish = [0.0, 0.0]
    for seconds in lengths:  # games dealt in order to whichever of two workers is free first
        finish[finish.index(min(finish))] += seconds
    print(f"two workers fed these games in order cannot beat {sum(lengths) / max(finish):.2f}× "
          f"(the longest game took {max(lengths):.1f} s of {sum(lengths):.1f} s)")  # fmt: skip
    print(f"{args.game}, {args.vs}, depth {args.depth}, {args.games} games per run; ratios to "
          "1 local worker in brackets")  # fmt: skip
    print("| backend | games/s | updates/s | nodes/s | runs (games/s) | nodes per run |")
    print("| --- | ---: | ---: | ---: | --- | ---: |")
    for name, runs in rates.items():
        medians = [statistics.median(r[k] for r in runs) for k in range(3)]
        cells = [
            f"{m:,.{p}f} ({m / b:.2f}×)" for m, b, p in zip(medians, base, (3, 1, 0), strict=True)
        ]
        listing = ", ".join(f"{r[0]:.3f}" for r in runs)
        nodes = "/".join(sorted({f"{r[3]:,}" for r in runs}))
        print(f"| {name} | {' | '.join(cells)} | {listing} | {nodes} |")
    for executor in backends.values():
        if executor is not None:
            executor.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
