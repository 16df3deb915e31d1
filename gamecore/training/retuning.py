"""Search tuning inside a training run: ``train --tune-search-every N``.

A learned evaluation changes which pruning margins are safe (a futility
margin of two pawns means little while a pawn is worth 19), so every N games
the run pauses, evolves its search parameters for a few generations with the
current weights (:mod:`gamecore.search.tuning`, on the run's executor), and the
learner searches with the best set from then on. The GA's population carries
over from one re-tuning to the next, so the generations add up over the run;
scores are forgotten each time, since they belong to the old weights.

Each re-tuning appends one row per generation to ``OUT.tune.csv`` and rewrites
``OUT.search.json``; its state rides in the training checkpoint, so
``--resume`` continues it.
"""

from __future__ import annotations

import csv
import time
from pathlib import Path
from typing import Any

import numpy as np

from gamecore.errors import BadOption
from gamecore.executor import Executor
from gamecore.files import append_csv_row
from gamecore.game import Game
from gamecore.search import SearchParams
from gamecore.search.params import checked, from_dict
from gamecore.search.params import write as write_search_params
from gamecore.search.tuning import (
    SolveTask,
    TuneConfig,
    Tuner,
    TuneState,
    solve_suite,
    suite_evaluator,
)
from gamecore.suites import read_suite

TUNE_LOG_FIELDS = [
    "games",
    "generation",
    "mean_nodes",
    "best_nodes",
    "best_solved",
    "current_nodes",
    "current_solved",
    "seconds",
]
"""``current``: the parameters the learner searched with until now, under the new weights."""


class SearchRetuner:
    """Keeps the learner's search parameters tuned to its weights."""

    def __init__(
        self,
        game: Game,
        every: int,
        suite: str,
        generations: int,
        population: int,
        node_cap: int,
        seed: int,
        out: str,
        base_params: SearchParams,
        saved: dict[str, Any] | None = None,
    ) -> None:
        if every <= 0:
            raise ValueError("re-tuning needs a positive interval")
        self.game = game
        self.every = every
        self.generations = generations
        self.positions = read_suite(game, suite)
        self.node_cap = node_cap
        self.config = TuneConfig(population=population, generations=0, node_cap=node_cap, seed=seed)
        self.config.check()
        self.log_path = Path(f"{out}.tune.csv")
        self.params_path = Path(f"{out}.search.json")
        self.params = base_params
        self.last_tuned = 0
        """Games played when the parameters were last tuned."""
        self.state: TuneState | None = None
        if saved is not None:
            try:
                self.params = from_dict(saved["params"], SearchParams())
                self.last_tuned = int(saved["last_tuned"])
            except (KeyError, TypeError, ValueError) as exc:
                raise BadOption(f"that checkpoint's search tuning is damaged: {exc}") from None
            self.state = _state_from_dict(saved["tuner"], self.config)
        self._trim_log()

    def _trim_log(self) -> None:
        """Keep the rows of re-tunings the checkpoint knows (a new run keeps none)."""
        if not self.log_path.exists():
            return
        rows = list(csv.DictReader(self.log_path.read_text().splitlines()))
        kept = [row for row in rows if self.last_tuned and int(row["games"]) <= self.last_tuned]
        with self.log_path.open("w", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=TUNE_LOG_FIELDS)
            writer.writeheader()
            writer.writerows(kept)

    def due(self, games_done: int) -> bool:
        return games_done >= self.last_tuned + self.every

    def retune(self, theta: np.ndarray, games_done: int, executor: Executor | None) -> SearchParams:
        """Evolve for ``generations`` more generations with ``theta``; returns the best."""
        started = time.perf_counter()
        theta = theta.copy()
        task = SolveTask(self.game, self.positions, theta, self.params, self.node_cap)
        current = solve_suite(task)
        evaluate = suite_evaluator(self.game, self.positions, theta, self.node_cap, executor)
        tuner = Tuner(self.config, self.params, evaluate, self.state)
        tuner.state.scores.clear()  # they were measured with other weights
        tuner.state.best = []
        for _ in range(self.generations):
            record = tuner.step(lambda: time.perf_counter() - started)
            self._log(games_done, record, current.nodes, current.solved)
        best_nodes, _ = tuner.state.best_score()
        if best_nodes < current.nodes:  # never worse than what the learner had
            self.params = checked(tuner.best_params())
        self.state = tuner.state
        self.last_tuned = games_done
        write_search_params(
            self.params_path,
            self.params,
            self.game,
            note=f"tuned by train --tune-search-every after {games_done} games",
        )
        return self.params

    def _log(self, games: int, record: Any, current_nodes: int, current_solved: int) -> None:
        row = {
            "games": games,
            "generation": record.generation,
            "mean_nodes": f"{record.mean_nodes:.0f}",
            "best_nodes": record.best_nodes,
            "best_solved": record.best_solved,
            "current_nodes": current_nodes,
            "current_solved": current_solved,
            "seconds": f"{record.seconds:.1f}",
        }
        append_csv_row(self.log_path, TUNE_LOG_FIELDS, row, "the re-tuning log")

    def to_dict(self) -> dict[str, Any]:
        """What the training checkpoint keeps (JSON)."""
        return {
            "params": self.params._asdict(),
            "last_tuned": self.last_tuned,
            "tuner": None if self.state is None else self.state.to_dict(),
        }


def _state_from_dict(data: dict[str, Any] | None, config: TuneConfig) -> TuneState | None:
    """The GA's state in a checkpoint, run with this run's ``config``."""
    if data is None:
        return None
    try:
        state = TuneState.from_dict(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise BadOption(f"that checkpoint's search tuning is damaged: {exc}") from None
    state.config = config
    return state
