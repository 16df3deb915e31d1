"""The game a training run is playing, published beside its weights for a watching window.

A run writing ``OUT.npz`` keeps ``OUT.live``: a small JSON record of the game
being played now — its number and its moves from the start position — and
whether the run is still going. ``gamecore gui GAME --watch OUT.npz`` reads it.

Publishing must cost the trainer nothing it would notice: the record is
written at most every :data:`PUBLISH_SECONDS` (a move in between only
compares two clock readings), is a few hundred bytes, and replaces the file
atomically (a temporary file renamed over it, without ``fsync``: the record is
a view of the present, not something to recover), so a reader sees a whole
record or the one before, never half of one. A file that cannot be written is
given up on quietly: watching never stops a run.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamecore.errors import BadOption

FORMAT = "gamecore-live"
FORMAT_VERSION = 1
PUBLISH_SECONDS = 0.25
"""Least time between two records of the game being played (the window polls at 2 Hz)."""
MAX_BYTES = 1 << 20
"""A live record larger than this is not one (a reader refuses it rather than loading it)."""
RUNNING, FINISHED, STOPPED = "running", "finished", "stopped"


def live_path(out: str | os.PathLike) -> Path:
    """The live record beside a run's weights (``run.npz`` → ``run.live``)."""
    return Path(out).with_suffix(".live")


class LivePublisher:
    """Writes one run's ``OUT.live``: the driver at the start and the end of the run, and
    whoever plays the watched game (the driver, or one worker) as the game goes."""

    def __init__(
        self, path: str | os.PathLike, game: str, options: dict[str, Any], games: int
    ) -> None:
        self.path = Path(path)
        self._head = {"format": FORMAT, "version": FORMAT_VERSION, "game": game}
        self._head["options"] = dict(options)
        self._head["games"] = games
        self._last = -PUBLISH_SECONDS
        self._broken = False
        self._tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")

    def start(self, games_done: int) -> bool:
        """Announce a run (resumed after ``games_done`` games); False if it cannot be written."""
        return self._write({"run": RUNNING, "number": games_done + 1, "moves": [], "end": ""})

    def game(self, index: int, moves: Sequence[int], end: str = "", final: bool = False) -> None:
        """Game ``index`` (from 0) as it stands after ``moves``; written if it is time (the
        last position of a game too, ``final``, but at the same pace)."""
        now = time.monotonic()
        if now - self._last < PUBLISH_SECONDS or self._broken:
            return
        self._last = now
        record = {"run": RUNNING, "number": index + 1, "moves": list(moves), "end": end}
        record["over"] = final
        self._write(record)

    def end(self, how: str, games_done: int) -> None:
        """The run has ``finished`` or was ``stopped``: say so, keeping the last game shown."""
        record: dict[str, Any] = {"number": games_done, "moves": [], "end": ""}
        try:
            old = read_live(self.path)
            record = {"number": old.number, "moves": list(old.moves), "end": old.end}
            record["over"] = old.over
        except BadOption:
            pass
        record["run"] = how
        record["games_done"] = games_done
        self._broken = False
        self._write(record)

    def _write(self, record: dict[str, Any]) -> bool:
        try:
            with open(self._tmp, "w") as f:
                json.dump({**self._head, **record}, f, separators=(",", ":"))
            os.replace(self._tmp, self.path)
        except OSError:
            self._broken = True
            with contextlib.suppress(OSError):
                self._tmp.unlink(missing_ok=True)
            return False
        return True


@dataclass(frozen=True)
class LiveGame:
    """A read ``OUT.live``."""

    game: str
    options: dict[str, Any]
    games: int
    """Games the run plays in all."""
    run: str
    """``running``, ``finished`` or ``stopped``."""
    number: int
    """The game shown, counted from 1."""
    moves: tuple[int, ...]
    end: str
    """How the game shown ended (empty while it goes on)."""
    over: bool
    games_done: int | None
    """At the end of the run: the games it played."""


def read_live(path: str | os.PathLike) -> LiveGame:
    """Read a live record; :class:`BadOption` naming what is wrong with it."""
    name = str(path)
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise BadOption(f"{name!r} does not exist") from None
    except OSError as exc:
        raise BadOption(f"cannot read {name!r}: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise BadOption(f"{name!r} is not a live game record (too large)")
    try:
        raw = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise BadOption(f"{name!r} is not a live game record (not JSON)") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise BadOption(f"{name!r} is not a live game record")
    try:
        moves = raw["moves"]
        record = LiveGame(
            game=str(raw["game"]),
            options=dict(raw.get("options") or {}),
            games=int(raw["games"]),
            run=str(raw["run"]),
            number=int(raw["number"]),
            moves=tuple(int(m) for m in moves),
            end=str(raw.get("end", "")),
            over=bool(raw.get("over", False)),
            games_done=None if raw.get("games_done") is None else int(raw["games_done"]),
        )
    except (KeyError, TypeError, ValueError):
        raise BadOption(f"{name!r} is a damaged live game record") from None
    if record.run not in (RUNNING, FINISHED, STOPPED):
        raise BadOption(f"{name!r} is a damaged live game record (run {record.run!r:.20})")
    return record
