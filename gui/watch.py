"""A training run as the watching window sees it: its files, read as they change. Draws nothing.

A run ``gamecore train GAME --out RUN.npz`` keeps four files (docs/learning.md):

* ``RUN.npz``, the checkpoint: the weights (drawn as a heat map). Written to a
  temporary file and renamed, so it is read whole or not at all.
* ``RUN.live``: the game being played (:mod:`gamecore.training.live`), replaced the
  same way.
* ``RUN.csv``, a row per game, and ``RUN.eval.csv``, a row per opponent and
  measurement: appended to, so only whole lines (up to the last newline) are
  read, and from where the last read stopped; a file that shrank or was
  replaced (a resumed run trims its logs) is read again from the start.

:meth:`RunWatch.poll` looks at the files' times and sizes and reads those
that changed, at most every :data:`POLL_SECONDS` (the checkpoint at most every
:data:`CHECKPOINT_SECONDS`: a big one takes a moment to load). A file that is
missing or cannot be read becomes one line in :attr:`RunWatch.problems`; the
window shows it and goes on.
"""

from __future__ import annotations

import csv
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from gamecore.errors import BadOption, GamecoreError
from gamecore.game import Game
from gamecore.kernel_api import ONGOING
from gamecore.state import State
from gamecore.training.live import FINISHED, RUNNING, STOPPED, LiveGame, live_path, read_live
from gamecore.training.yardsticks import eval_log_path
from gamecore.weights import Weights

POLL_SECONDS = 0.5
CHECKPOINT_SECONDS = 2.0
QUIET_SECONDS = 60.0
"""A running run that has published nothing for this long is said to be quiet."""


def run_files(run: str | os.PathLike) -> dict[str, Path]:
    """The files of the run whose weights are ``run``."""
    run = Path(run)
    return {
        "checkpoint": run,
        "log": run.with_suffix(".csv"),
        "eval": eval_log_path(run),
        "live": live_path(run),
    }


def check_run(game_name: str, run: str, options: dict[str, Any]) -> dict[str, Any]:
    """The game options of the run at ``run``; :class:`BadOption` if there is no run there, its
    files are not a run's, it is a run of another game, or ``options`` contradict its own."""
    files = run_files(run)
    if files["live"] == files["checkpoint"]:
        raise BadOption(f"--watch {run!r}: give the run's weights file (its --out, e.g. run.npz)")
    if not any(path.exists() for path in files.values()):
        raise BadOption(
            f"--watch {run!r}: no training run there (none of {run}, "
            f"{files['live'].name} or {files['log'].name} exists)"
        )
    found: tuple[str, dict[str, Any]] | None = None
    if files["checkpoint"].exists():
        found = _checkpoint_game(files["checkpoint"])
    elif files["live"].exists():
        try:
            live = read_live(files["live"])
        except BadOption as exc:
            raise BadOption(f"--watch: {exc}") from None
        found = (live.game, live.options)
    if found is None:
        return options
    name, own = found
    if name != game_name:
        raise BadOption(f"--watch {run!r} is a {name} training run, not {game_name}")
    if options and options != own:
        shown = " ".join(f"{k}={v}" for k, v in own.items()) or "no options"
        raise BadOption(f"--watch {run!r} is a run of {name} with {shown}; leave out -o")
    return own


def _checkpoint_game(path: Path) -> tuple[str, dict[str, Any]]:
    try:
        weights = Weights.load(path)
    except GamecoreError as exc:
        raise BadOption(f"--watch: {exc}") from None
    try:
        config = weights.metadata["training"]["config"]
        name, options = config["game"], config.get("game_options") or {}
    except (KeyError, TypeError):
        raise BadOption(f"--watch {str(path)!r} is a weights file, not a training run") from None
    if not isinstance(name, str) or not isinstance(options, dict):
        raise BadOption(f"--watch {str(path)!r}: its training record is damaged")
    return name, options


class CsvTail:
    """The whole rows of a CSV file that is being appended to, read a piece at a time."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.rows: list[dict[str, str]] = []
        self._identity: tuple[int, int] | None = None
        self._offset = 0
        self._header: list[str] | None = None

    def read(self) -> bool:
        """Read what was appended since the last read; True if rows came (or went)."""
        st = os.stat(self.path)  # FileNotFoundError and other OSErrors go to the caller
        identity = (st.st_dev, st.st_ino)
        changed = False
        if identity != self._identity or st.st_size < self._offset:
            self._identity, self._offset, self._header = identity, 0, None
            changed = bool(self.rows)
            self.rows = []
        if st.st_size == self._offset:
            return changed
        with open(self.path, "rb") as f:
            f.seek(self._offset)
            data = f.read(st.st_size - self._offset)
        cut = data.rfind(b"\n")
        if cut < 0:
            return changed
        self._offset += cut + 1
        lines = data[: cut + 1].decode("utf-8").splitlines()
        for values in csv.reader(lines):
            if self._header is None:
                self._header = values
            elif len(values) == len(self._header):
                self.rows.append(dict(zip(self._header, values, strict=True)))
        return True


@dataclass(frozen=True)
class Curve:
    """One yardstick's scores: per measurement, the games trained and the score (0 to 1)."""

    opponent: str
    points: tuple[tuple[int, float], ...]


class RunWatch:
    """What the window knows of the run: the live game, the checkpoint, the logs."""

    def __init__(
        self,
        game: Game,
        run: str | os.PathLike,
        name: str,
        options: dict[str, Any] | None = None,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.game = game
        self.game_key = name
        """The game's registry name, as the run's files give it (``Game.name`` is for people)."""
        self.game_options = dict(options or {})
        self.run = Path(run)
        self.files = run_files(run)
        self.now = now
        self.state: State = game.initial_state()
        self.move_texts: list[str] = []
        self.live: LiveGame | None = None
        self.live_seen_at: float | None = None
        """When the live record last changed (the window's clock)."""
        self.theta: np.ndarray | None = None
        self.checkpoint_games: int | None = None
        self.errors: list[tuple[int, float]] = []
        """Per game of the log: its number and its mean absolute search error."""
        self.curves: list[Curve] = []
        self.problems: dict[str, str] = {}
        """Per file, the one line saying what is wrong with it (missing, unreadable...)."""
        self._stamps: dict[str, tuple[int, int] | None] = {}
        self._log = CsvTail(self.files["log"])
        self._eval = CsvTail(self.files["eval"])
        self._polled_at: float | None = None
        self._checkpoint_at: float | None = None

    # -- reading -------------------------------------------------------------------------------

    def poll(self, force: bool = False) -> bool:
        """Read the files that changed since the last poll; True if anything did."""
        now = self.now()
        if not force and self._polled_at is not None and now - self._polled_at < POLL_SECONDS:
            return False
        self._polled_at = now
        changed = False
        for name, read in (
            ("live", self._read_live),
            ("log", self._read_log),
            ("eval", self._read_eval),
            ("checkpoint", self._read_checkpoint),
        ):
            stamp = self._stamp(self.files[name])
            if name in self._stamps and stamp == self._stamps[name]:
                continue
            if stamp is None:
                changed |= self._problem(name, self._missing(name))
                self._stamps[name] = None
                continue
            if name == "checkpoint" and not force and not self._checkpoint_due(now):
                continue
            try:
                changed |= read()
            except (OSError, UnicodeDecodeError, ValueError, csv.Error, GamecoreError) as exc:
                changed |= self._problem(name, f"{self.files[name].name}: {_reason(exc)}")
            else:
                changed |= self._problem(name, None)
            self._stamps[name] = stamp
        return changed

    def _checkpoint_due(self, now: float) -> bool:
        if self._checkpoint_at is not None and now - self._checkpoint_at < CHECKPOINT_SECONDS:
            return False
        self._checkpoint_at = now
        return True

    @staticmethod
    def _stamp(path: Path) -> tuple[int, int] | None:
        try:
            st = os.stat(path)
        except OSError:
            return None
        return st.st_mtime_ns, st.st_size

    def _missing(self, name: str) -> str | None:
        path = self.files[name].name
        if name == "eval":
            return None  # a run without --eval-every has none; the chart says so
        if name == "checkpoint":
            return f"{path}: no checkpoint yet"
        if name == "live":
            return f"{path}: no game published (a run of an older gamecore?)"
        return f"{path}: no games logged yet"

    def _problem(self, name: str, text: str | None) -> bool:
        if text is None:
            return self.problems.pop(name, None) is not None
        old = self.problems.get(name)
        self.problems[name] = text
        return old != text

    def _read_live(self) -> bool:
        live = read_live(self.files["live"])
        if (live.game, live.options) != (self.game_key, self.game_options):
            raise BadOption(f"a record of a {live.game} game, not of {self.game.name}")
        old = self.live
        self.live = live
        self.live_seen_at = self.now()
        if old is not None and old.number == live.number and old.moves == live.moves:
            return old != live
        self._replay(live.moves, same_game=old is not None and old.number == live.number)
        return True

    def _replay(self, moves: tuple[int, ...], same_game: bool) -> None:
        """The live game's position after ``moves``: played on from the position shown when
        they continue it, else from the start. A move that is not legal stops the replay."""
        history = self.state.history
        if not (same_game and tuple(history) == moves[: len(history)]):
            self.state = self.game.initial_state()
            self.move_texts = []
        for move in moves[len(self.state.history) :]:
            if self.state.status() != ONGOING or move not in self.state.legal_moves():
                raise BadOption(f"move {len(self.state.history) + 1} is not legal")
            self.move_texts.append(self.game.move_record_text(self.state.arrays, move))
            self.state.push_unchecked(move)

    def _read_log(self) -> bool:
        if not self._log.read():
            return False
        errors = []
        for row in self._log.rows:
            try:
                errors.append((int(row["game"]), float(row["mean_abs_error"])))
            except (KeyError, ValueError):
                raise BadOption("not a training log (no game and mean_abs_error)") from None
        self.errors = errors
        return True

    def _read_eval(self) -> bool:
        if not self._eval.read():
            return False
        by_opponent: dict[str, list[tuple[int, float]]] = {}
        for row in self._eval.rows:
            try:
                point = (int(row["games_trained"]), float(row["score"]))
                by_opponent.setdefault(row["opponent"], []).append(point)
            except (KeyError, ValueError):
                raise BadOption("not an evaluation log (no games_trained, score)") from None
        self.curves = [Curve(name, tuple(points)) for name, points in by_opponent.items()]
        return True

    def _read_checkpoint(self) -> bool:
        weights = Weights.load(self.files["checkpoint"], self.game)
        self.theta = np.asarray(weights.theta, dtype=np.float64)
        games = weights.metadata.get("games")
        self.checkpoint_games = int(games) if isinstance(games, int) else None
        return True

    # -- what it means -------------------------------------------------------------------------

    @property
    def ended(self) -> str | None:
        """How the run ended (``finished``, ``stopped``), or None while it runs."""
        if self.live is not None and self.live.run in (FINISHED, STOPPED):
            return self.live.run
        return None

    def quiet_seconds(self) -> float | None:
        """Seconds since a running run last published its game, once that is long."""
        if self.live is None or self.live.run != RUNNING or self.live_seen_at is None:
            return None
        quiet = self.now() - self.live_seen_at
        return quiet if quiet >= QUIET_SECONDS else None


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return f"cannot read it ({exc.strerror or exc})"
    if isinstance(exc, UnicodeDecodeError):
        return "not text"
    text = str(exc)
    return text if text else type(exc).__name__
