"""Learning curves against fixed yardsticks: short matches of the weights being trained.

Self-play W/D/L says nothing about strength: both sides improve together. So
every ``eval_every`` games the trainer hands a copy of θ to
:class:`YardstickRunner`, which plays ``eval_games`` games of it against each
fixed opponent (``random``, ``zeros``, ``default``, a shipped name or a
weights file) with :func:`gamecore.play.match.run_match` — the match machinery,
colours alternated over the game's random openings (or its opening book) —
at the training depth, and appends one row per opponent to
``OUT.eval.csv``.

Evaluations run in one background worker process when the machine has a
second core, so training goes on meanwhile; one runs at a time, and when the
next one is due while the previous is still playing, training **waits** for
it, so every due point is evaluated and the rows are the same whatever the
machine's speed. With one core they run in the training process. The
openings and the random movers' seeds are the same at every evaluation, so
the points of a curve differ only by the weights.
"""

from __future__ import annotations

import csv
import io
import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import numpy as np

from gamecore.errors import BadOption, GamecoreError
from gamecore.evaluations import evaluation_named
from gamecore.executor import start_worker
from gamecore.files import check_input
from gamecore.game import Game
from gamecore.play.elo import MatchResult
from gamecore.play.match import MatchSettings, PlayerSpec, run_match
from gamecore.registry import get_game
from gamecore.weights import BadWeights, Weights

DEFAULT_GAMES = 20
DEFAULT_OPPONENTS = "random,zeros"
LEARNER = "learner"


@dataclass(frozen=True)
class YardstickRow:
    """One opponent's result at one point of training: a row of ``OUT.eval.csv``."""

    games_trained: int
    wall_seconds: float
    """Seconds spent playing training games up to this point (summed over resumed runs)."""
    opponent: str
    games: int
    wins: int
    draws: int
    losses: int
    score: float
    """Wins plus half the draws, per game, from the trained weights' side."""


EVAL_FIELDS = tuple(f.name for f in fields(YardstickRow))


class YardstickError(GamecoreError):
    """The background evaluation could not run."""


@dataclass(frozen=True)
class YardstickJob:
    """Everything a worker process needs to evaluate one snapshot (it is pickled)."""

    game: str
    game_options: dict[str, Any]
    theta: np.ndarray
    games_trained: int
    wall_seconds: float
    opponents: tuple[PlayerSpec, ...]
    settings: MatchSettings
    evaluation: str = "linear"
    """What θ weighs (:mod:`gamecore.evaluations`)."""


def parse_opponents(game: Game, text: str) -> tuple[PlayerSpec, ...]:
    """``random,zeros,default,NAME,FILE``: each resolved now, so a bad one stops a run before
    it starts (one line, exit 2)."""
    specs = [part.strip() for part in text.split(",")]
    if not all(specs):
        raise BadOption(f"--eval-vs {text!r} has an empty entry (comma-separated opponents)")
    if len(set(specs)) != len(specs):
        raise BadOption(f"--eval-vs {text!r} names an opponent twice")
    try:
        return tuple(PlayerSpec.parse(game, spec) for spec in specs)
    except BadWeights as exc:
        raise BadOption(f"--eval-vs: {exc}") from None


def check_schedule(every: int, games: int) -> None:
    """Raise :class:`BadOption` unless ``every`` ≥ 1 and ``games`` is even and positive."""
    if every < 1:
        raise BadOption(f"--eval-every must be at least 1, not {every}")
    if games < 2 or games % 2:
        raise BadOption(
            f"--eval-games must be a positive even number (each opening from both sides), "
            f"not {games}"
        )


def play_yardsticks(job: YardstickJob) -> list[YardstickRow]:
    """Play the snapshot against every opponent; one row each, W/D/L from its side."""
    game = get_game(job.game, **job.game_options)
    evaluation = evaluation_named(game, job.evaluation)
    me = PlayerSpec(LEARNER, LEARNER, Weights.for_game(game, job.theta, evaluation))
    rows = []
    for opponent in job.opponents:
        result, _ = run_match(game, me, opponent, job.settings)
        rows.append(yardstick_row(job.games_trained, job.wall_seconds, opponent, result))
    return rows


def yardstick_row(
    games_trained: int, wall_seconds: float, opponent: PlayerSpec, result: MatchResult
) -> YardstickRow:
    """One opponent's match at one point of training, as a row of ``OUT.eval.csv``."""
    return YardstickRow(
        games_trained=games_trained,
        wall_seconds=round(wall_seconds, 3),
        opponent=opponent.text,
        games=result.games,
        wins=result.wins,
        draws=result.draws,
        losses=result.losses,
        score=round(result.score, 4),
    )


def cores_to_spare() -> bool:
    """Whether a second core can take the evaluations while training uses one."""
    try:
        return len(os.sched_getaffinity(0)) >= 2
    except AttributeError:  # not Linux
        return (os.cpu_count() or 1) >= 2


class YardstickRunner:
    """Schedules evaluations of a training run and keeps its ``OUT.eval.csv``."""

    def __init__(
        self,
        game: Game,
        game_options: dict[str, Any],
        path: Path,
        every: int,
        opponents: str,
        settings: MatchSettings,
        background: bool | None = None,
        evaluation: str = "linear",
    ) -> None:
        check_schedule(every, settings.games)
        self.game = game
        self.evaluation = evaluation
        self.game_options = dict(game_options)
        self.path = path
        self.every = every
        self.opponents = parse_opponents(game, opponents)
        self.settings = settings
        self.background = cores_to_spare() if background is None else background
        self.latest: list[YardstickRow] = []
        """The rows of the most recent finished evaluation (for a progress bar)."""
        self._done: set[int] = set()
        self._pool: ProcessPoolExecutor | None = None
        self._pending: Future | None = None

    # -- the schedule --------------------------------------------------------------

    def due(self, games_done: int, last_game: int, final: bool = False) -> bool:
        """A measurement belongs at the start, every ``every`` games and at the end (``final``:
        where the run stopped, if not there)."""
        if games_done in self._done:
            return False
        return final or games_done % self.every == 0 or games_done == last_game

    def submit(self, games_done: int, theta: np.ndarray, seconds: float) -> None:
        """Measure a copy of θ as it is now, after waiting for the previous measurement."""
        self.wait()
        job = YardstickJob(
            self.game.name,
            self.game_options,
            theta.copy(),
            games_done,
            seconds,
            self.opponents,
            self.settings,
            self.evaluation,
        )
        self._done.add(games_done)
        if not self.background:
            self._record(play_yardsticks(job))
            return
        if self._pool is None:
            # spawn, not fork: the trainer may have threads (a progress bar's, a search
            # watchdog), and a forked copy of a lock one of them holds never opens.
            self._pool = ProcessPoolExecutor(
                1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=start_worker,
                initargs=(os.getpid(),),
            )
        self._pending = self._pool.submit(play_yardsticks, job)

    def poll(self) -> None:
        """Record a finished background measurement, if there is one."""
        if self._pending is not None and self._pending.done():
            self.wait()

    def wait(self) -> None:
        """Wait for the running measurement, if any, and record it (Ctrl-C interrupts)."""
        if self._pending is None:
            return
        try:
            rows = self._pending.result()
        except BrokenProcessPool:
            self.close()
            raise YardstickError(
                "the evaluation worker process died (out of memory? a script that trains "
                "with evaluations needs an `if __name__ == '__main__':` guard)"
            ) from None
        self._pending = None
        self._record(rows)

    def close(self) -> None:
        """End the worker at once; an evaluation still running is dropped."""
        pool, self._pool, self._pending = self._pool, None, None
        if pool is None:
            return
        # The executor has no public way to stop a running task, and shutting down waits
        # for it: end the worker process itself first.
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)

    # -- the file ------------------------------------------------------------------

    def _record(self, rows: list[YardstickRow]) -> None:
        """Append the rows in one write, so a killed run leaves whole rows or none."""
        self.latest = rows
        new = not self.path.exists()
        text = io.StringIO()
        writer = csv.DictWriter(text, fieldnames=EVAL_FIELDS)
        if new:
            writer.writeheader()
        writer.writerows(asdict(row) for row in rows)
        with self.path.open("a", newline="") as f:
            f.write(text.getvalue())
            f.flush()
            os.fsync(f.fileno())

    def trim(self, keep_through: int) -> None:
        """Drop rows of evaluations after ``keep_through`` games (a resumed run redoes them, as
        the trainer does with its log) and broken rows; remember which points are done."""
        self._done = set()
        if not self.path.exists():
            return
        rows = read_eval_log(self.path, keep_broken=True)
        kept = [row for row in rows if row.games_trained <= keep_through]
        self._done = {row.games_trained for row in kept}
        tmp = self.path.with_suffix(".csv.tmp")
        with tmp.open("w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=EVAL_FIELDS)
            writer.writeheader()
            writer.writerows(asdict(row) for row in kept)
        tmp.replace(self.path)


def eval_log_path(out: str | Path) -> Path:
    """The evaluation file beside a run's weights (``run.npz`` → ``run.eval.csv``)."""
    return Path(out).with_suffix(".eval.csv")


def read_eval_log(path: str | Path, keep_broken: bool = False) -> list[YardstickRow]:
    """The rows of an ``OUT.eval.csv``; :class:`BadOption` if it is not one.

    ``keep_broken`` skips a malformed row (a write cut short) instead of refusing the file.
    """
    check_input(path, "evaluation log")
    try:
        with open(path, newline="") as f:
            reader = csv.DictReader(f)
            if reader.fieldnames is None or not set(EVAL_FIELDS) <= set(reader.fieldnames):
                raise BadOption(f"{str(path)!r} is not an evaluation log (no {EVAL_FIELDS})")
            rows = []
            for raw in reader:
                try:
                    rows.append(_row(raw))
                except (TypeError, ValueError):
                    if not keep_broken:
                        raise BadOption(f"{str(path)!r} has a broken row: {raw}") from None
    except FileNotFoundError:
        raise BadOption(f"evaluation log {str(path)!r} does not exist") from None
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise BadOption(f"cannot read evaluation log {str(path)!r}: {exc}") from None
    return rows


def _row(raw: dict[str, str]) -> YardstickRow:
    return YardstickRow(
        games_trained=int(raw["games_trained"]),
        wall_seconds=float(raw["wall_seconds"]),
        opponent=str(raw["opponent"]),
        games=int(raw["games"]),
        wins=int(raw["wins"]),
        draws=int(raw["draws"]),
        losses=int(raw["losses"]),
        score=float(raw["score"]),
    )


def score_text(rows: list[YardstickRow]) -> str:
    """``vs random 1.00 zeros 0.78``: the latest scores, for a progress bar."""
    if not rows:
        return ""
    return "vs " + " ".join(f"{row.opponent} {row.score:.2f}" for row in rows)
