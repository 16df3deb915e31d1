"""``gamecore tune-search``: evolve the search parameters on a suite (seed 004's GA).

Progress is a bar over organism searches; each generation appends a row to
the CSV log, rewrites the best parameters found so far (``--out``, a
search-parameters file every searching command reads) and the checkpoint
beside it, so Ctrl-C loses at most the generation in flight and
``--resume`` carries on from the last one finished.
"""

from __future__ import annotations

import argparse
import csv
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm

from gamecore.commands import validate
from gamecore.commands.common import (
    add_game_arguments,
    add_worker_arguments,
    executor_from_args,
    game_from_args,
)
from gamecore.commands.searching import SEARCH_PARAMS_HELP, WEIGHTS_HELP, load_weights
from gamecore.errors import BadOption
from gamecore.executor import Executor
from gamecore.files import check_output
from gamecore.game import Game
from gamecore.search import SearchParams
from gamecore.search.params import resolve as resolve_search_params
from gamecore.search.params import write as write_search_params
from gamecore.search.tuning import (
    CHROMOSOME_BITS,
    Generation,
    SolveTask,
    TuneConfig,
    Tuner,
    TuneState,
    solve_suite,
    suite_evaluator,
)
from gamecore.suites import SuitePosition, read_suite

LOG_FIELDS = [f.name for f in fields(Generation)] + ["handset_nodes", "handset_solved"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "tune-search",
        help="evolve search parameters that solve a test suite in the fewest nodes",
        description="Evolve the search parameters (seed 004's genetic algorithm) so that the "
        "search solves a test suite's positions in the fewest nodes; each generation is a "
        "row of the log, the best parameters a file for --search-params.",
    )
    add_game_arguments(parser)
    parser.add_argument(
        "--suite", required=True, metavar="FILE", help="positions with best moves (docs/tuning.md)"
    )
    parser.add_argument("--weights", metavar="SPEC", help=WEIGHTS_HELP)
    parser.add_argument(
        "--search-params",
        metavar="SPEC",
        help=f"{SEARCH_PARAMS_HELP}; the untuned fields come from these, and they are the "
        "hand-set reference the log compares with",
    )
    defaults = TuneConfig()
    parser.add_argument(
        "--population",
        type=validate.integer(2, 1000),
        default=defaults.population,
        metavar="N",
        help=f"organisms per generation (default {defaults.population})",
    )
    parser.add_argument(
        "--generations",
        type=validate.integer(1, 100_000),
        default=defaults.generations,
        metavar="N",
        help=f"generations to evolve (default {defaults.generations})",
    )
    parser.add_argument(
        "--crossover",
        type=validate.fraction,
        default=defaults.crossover,
        metavar="P",
        help=f"chance a pair of parents is crossed (default {defaults.crossover})",
    )
    parser.add_argument(
        "--mutation",
        type=validate.fraction,
        default=defaults.mutation,
        metavar="P",
        help=f"chance each bit flips (default {defaults.mutation})",
    )
    parser.add_argument(
        "--elite",
        type=validate.integer(0, 999),
        default=defaults.elite,
        metavar="N",
        help="best organisms copied unchanged (default 1)",
    )
    parser.add_argument(
        "--node-cap",
        type=validate.integer(100, 10**9),
        default=defaults.node_cap,
        metavar="N",
        help="nodes a position may take; an unsolved one costs this many (default 500,000)",
    )
    parser.add_argument("--seed", type=validate.seed, default=0)
    parser.add_argument(
        "--out",
        metavar="FILE",
        help="the best parameters found, as a search-parameters file (default "
        "GAME-search.json); its checkpoint is FILE.checkpoint.json",
    )
    parser.add_argument("--log", metavar="CSV", help="one row per generation (default: OUT.csv)")
    parser.add_argument(
        "--resume", action="store_true", help="carry on from the checkpoint beside --out"
    )
    add_worker_arguments(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    game = game_from_args(args)
    positions = read_suite(game, args.suite)
    theta = load_weights(game, args.weights).theta
    base_params = resolve_search_params(game, args.search_params)
    config = TuneConfig(
        population=args.population,
        generations=args.generations,
        crossover=args.crossover,
        mutation=args.mutation,
        elite=args.elite,
        node_cap=args.node_cap,
        seed=args.seed,
    )
    config.check()
    out = check_output(args.out or f"{game.name}-search.json", "search-parameters file")
    log_path = check_output(args.log or out.with_suffix(".csv"), "log")
    checkpoint = check_output(Path(f"{out}.checkpoint.json"), "checkpoint")
    context = {
        "game": game.name,
        "suite": [p.position for p in positions],
        "weights": args.weights or "default",
        "chromosome_bits": CHROMOSOME_BITS,
    }
    state = None
    if args.resume:
        if not checkpoint.exists():
            raise BadOption(f"--resume: no checkpoint {str(checkpoint)!r} to resume")
        state = TuneState.load(checkpoint, context)
        changed = [
            k
            for k, v in asdict(config).items()
            if getattr(state.config, k) != v and k != "generations"  # a run may be extended
        ]
        if changed:
            flag = changed[0].replace("_", "-")
            raise BadOption(f"--resume: the checkpoint was made with another --{flag}")
        state.config = config
    for path in (out, log_path):
        path.parent.mkdir(parents=True, exist_ok=True)
    run = TuneRun(game, positions, theta, base_params, config, out, log_path, checkpoint, context)
    executor = executor_from_args(args)
    try:
        return _evolve(run, state, executor, Path(args.suite).name)
    finally:
        if executor is not None:
            executor.close()


@dataclass(frozen=True)
class TuneRun:
    """What a tuning run works on and where it writes."""

    game: Game
    positions: list[SuitePosition]
    theta: np.ndarray
    base_params: SearchParams
    config: TuneConfig
    out: Path
    log: Path
    checkpoint: Path
    context: dict[str, Any]
    """What a checkpoint must match to be resumed by this run."""


def _evolve(
    run: TuneRun, state: TuneState | None, executor: Executor | None, suite_name: str
) -> int:
    game, positions, theta, config = run.game, run.positions, run.theta, run.config
    base_params, out, log_path = run.base_params, run.out, run.log
    print(f"{len(positions)} positions, {CHROMOSOME_BITS}-bit chromosomes; compiling the search")
    reference = solve_suite(SolveTask(game, positions, theta, base_params, config.node_cap))
    print(
        f"hand-set parameters: {reference.nodes:,} nodes, "
        f"{reference.solved}/{len(positions)} solved"
    )
    done = 0 if state is None else state.generation
    bar = tqdm(
        total=config.population * config.generations,
        initial=config.population * done,
        unit="organism",
        desc="tune-search",
    )
    evaluate = suite_evaluator(
        game, positions, theta, config.node_cap, executor, lambda: bar.update(1)
    )
    tuner = Tuner(config, base_params, evaluate, state)
    _trim_log(log_path, tuner.state.generation)
    start = time.perf_counter()
    try:
        while not tuner.finished:
            before = bar.n
            record = tuner.step(lambda: time.perf_counter() - start)
            bar.update(config.population - (bar.n - before))  # known organisms count too
            bar.set_postfix_str(
                f"gen {record.generation}: best {record.best_ever_nodes:,} nodes, "
                f"{record.best_ever_solved} solved"
            )
            _append_log(log_path, record, reference.nodes, reference.solved)
            note = (
                f"evolved by gamecore tune-search on {suite_name}: generation "
                f"{record.generation}, {record.best_ever_nodes:,} nodes, "
                f"{record.best_ever_solved}/{len(positions)} solved "
                f"(hand-set: {reference.nodes:,}, {reference.solved})"
            )
            write_search_params(out, tuner.best_params(), game, note=note)
            tuner.state.save(run.checkpoint, run.context)
    finally:
        bar.close()
    nodes, solved = tuner.state.best_score()
    print(
        f"best: {nodes:,} nodes, {solved}/{len(positions)} solved "
        f"({100 * nodes / max(reference.nodes, 1):.1f}% of the hand-set parameters' nodes); "
        f"parameters in {out}, log in {log_path}"
    )
    return 0


def _trim_log(path: Path, generations: int) -> None:
    """Keep the header and the first ``generations`` rows (a resumed run rewrites the rest)."""
    if not path.exists():
        return
    rows = list(csv.reader(path.read_text().splitlines()))
    path.write_text("".join(",".join(row) + "\n" for row in rows[: generations + 1]))


def _append_log(path: Path, record: Generation, handset_nodes: int, handset_solved: int) -> None:
    new = not path.exists() or path.stat().st_size == 0
    with path.open("a", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=LOG_FIELDS)
        if new:
            writer.writeheader()
        row = asdict(record) | {"handset_nodes": handset_nodes, "handset_solved": handset_solved}
        row["mean_nodes"] = f"{record.mean_nodes:.1f}"
        row["mean_solved"] = f"{record.mean_solved:.1f}"
        row["seconds"] = f"{record.seconds:.1f}"
        writer.writerow(row)
