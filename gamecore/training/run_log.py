"""A run's CSV log, a row per game: appended as games finish, cut back on resume."""

from __future__ import annotations

import csv
from pathlib import Path

from gamecore.errors import BadOption, CannotWrite
from gamecore.files import append_csv_row, check_input, complete_rows

LOG_FIELDS = (
    "game",
    "learner_team",
    "winner",
    "outcome",
    "plies",
    "seconds",
    "searches",
    "nodes",
    "mean_abs_error",
    "mean_abs_delta",
    "end",
    "workers_lost",
    "opponent",
)


class RunLog:
    """The log at ``path``. A resumed run keeps the whole rows up to its checkpoint
    (``kept_until`` games) and replays the rest; a new run (``kept_until`` None) keeps none.
    The kept rows are read at once, so an unreadable log is reported before any work."""

    def __init__(self, path: Path, kept_until: int | None) -> None:
        self.path = path
        self.kept_rows = self._read_kept_rows(kept_until)

    def restart(self) -> None:
        """Rewrite the file with the kept rows alone (if there is a file)."""
        if not self.path.exists():
            return
        tmp = self.path.with_suffix(".csv.tmp")
        try:
            with tmp.open("w", newline="") as f:
                writer = csv.DictWriter(f, fieldnames=LOG_FIELDS)
                writer.writeheader()
                writer.writerows(self.kept_rows)
            tmp.replace(self.path)
        except OSError as exc:  # a full disk: the old log stays, the run stops in one line
            tmp.unlink(missing_ok=True)
            raise self._cannot_write(exc) from None

    def append(self, row: dict) -> None:
        """Add one game's row; a full disk is :class:`CannotWrite` naming the log, and the
        checkpoint written before it is the run's to resume."""
        append_csv_row(self.path, LOG_FIELDS, row, "training log")

    def _cannot_write(self, exc: OSError) -> CannotWrite:
        return CannotWrite(f"cannot write training log {str(self.path)!r}: {exc.strerror or exc}")

    def _read_kept_rows(self, kept_until: int | None) -> list[dict]:
        path = self.path
        if kept_until is None or not path.exists():
            return []
        check_input(path, "training log")
        try:
            with path.open(newline="") as f:
                return [r for r in complete_rows(csv.DictReader(f)) if int(r["game"]) <= kept_until]
        except (OSError, UnicodeDecodeError, ValueError, KeyError, csv.Error) as exc:
            raise BadOption(
                f"training log {str(path)!r} beside the checkpoint is unreadable ({exc}); "
                "move it away to resume without it"
            ) from None
