"""Files the user names, checked before any work: inputs must be regular files, outputs writable.

An input is refused unless it is an existing regular file: reading a FIFO
blocks until someone writes to it, and a device or folder is never a record,
book, log or weights file. An output is writable here if it is a regular file
(or does not exist yet) and the nearest existing folder above it is a folder
this process may write in (missing folders in between are created on save), so
a long run never ends unable to save. A directory, a FIFO or another special
file, or a path under a file, is refused in one line.
"""

from __future__ import annotations

import csv
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO

from gamecore.errors import BadOption, CannotWrite, GamecoreError


def check_input(path: str | os.PathLike, what: str, error: type[GamecoreError] = BadOption) -> Path:
    """``path`` if it is an existing regular file, else ``error`` naming the problem."""
    path = Path(path).expanduser()
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise error(f"{what} {str(path)!r} does not exist") from None
    except OSError as exc:
        raise error(f"cannot read {what} {str(path)!r}: {exc.strerror}") from None
    if stat.S_ISDIR(mode):
        raise error(f"{what} {str(path)!r} is a folder, not a file")
    if not stat.S_ISREG(mode):
        raise error(f"{what} {str(path)!r} is a special file, not a regular file")
    return path


def read_input_text(
    path: str | os.PathLike, what: str, error: type[GamecoreError] = BadOption
) -> str:
    """The text of an input file (UTF-8, a byte-order mark allowed), or one-line ``error``."""
    path = check_input(path, what, error)
    try:
        return path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise error(f"cannot read {what} {str(path)!r}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise error(f"{what} {str(path)!r} is not UTF-8 text") from None


def complete_rows(reader: csv.DictReader) -> list[dict[str, str]]:
    """The rows of a CSV log that hold every column: a write cut short (a run killed while
    appending) leaves a last row with fields missing, which is dropped, not read as data."""
    return [
        row
        for row in reader
        if None not in row and all(value is not None for value in row.values())
    ]


def check_output(path: str | os.PathLike, what: str) -> Path:
    """``path`` if a file can be written there, else :class:`BadOption` naming the problem."""
    path = Path(path)
    if str(path) == os.devnull:
        return path
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:  # e.g. a path through a file: /dev/null/x.pgn
        raise BadOption(f"cannot write {what} {str(path)!r}: {exc.strerror}") from None
    if mode is not None and stat.S_ISDIR(mode):
        raise BadOption(f"{what} {str(path)!r} is a folder, not a file")
    if mode is not None and not stat.S_ISREG(mode):
        raise BadOption(f"{what} {str(path)!r} is a special file, not a regular file")
    folder = path.absolute().parent
    while not folder.exists():
        folder = folder.parent
    if not folder.is_dir():
        raise BadOption(f"cannot write {what} {str(path)!r}: {str(folder)!r} is not a folder")
    if not os.access(folder, os.W_OK) or (mode is not None and not os.access(path, os.W_OK)):
        raise BadOption(f"cannot write {what} {str(path)!r}: permission denied")
    # Permission bits are not the whole story (/proc, a read-only mount): try a file there.
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".gamecore-probe-")
    except OSError as exc:
        raise BadOption(f"cannot write {what} {str(path)!r}: {exc.strerror}") from None
    os.close(fd)
    Path(probe).unlink(missing_ok=True)
    return path


def check_image_output(path: str | os.PathLike, what: str) -> Path:
    """Like :func:`check_output`, and the suffix names a format matplotlib writes."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    suffix = Path(path).suffix.lower().lstrip(".")
    formats = FigureCanvasAgg.get_supported_filetypes()
    if suffix not in formats:
        known = ", ".join(sorted(formats))
        raise BadOption(f"{what} {str(path)!r}: unknown image type {suffix!r} (use one of {known})")
    return check_output(path, what)


def write_atomically(
    path: str | os.PathLike, write: Callable[[IO], object], binary: bool = False
) -> None:
    """Call ``write`` on a temporary file beside ``path``, then rename it into place: a
    reader (or a crash) never sees half a file, and a failed write keeps the old one."""
    path = Path(path)
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:
        raise CannotWrite(f"cannot write {str(path)!r}: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "wb" if binary else "w") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as exc:  # a full disk, a vanished folder: the old file stays
        Path(tmp).unlink(missing_ok=True)
        raise CannotWrite(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_text_atomically(path: str | os.PathLike, text: str) -> None:
    """``text`` into ``path`` whole or not at all (see :func:`write_atomically`)."""
    write_atomically(path, lambda f: f.write(text))


def user_data_dir() -> Path:
    """The user's data folder for gamecore (``$XDG_DATA_HOME/gamecore``, else
    ``~/.local/share/gamecore``): the server's games, the window's seat tokens."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share"
    )
    return Path(base) / "gamecore"


def append_csv_row(path: Path, fields: list[str] | tuple[str, ...], row: dict, what: str) -> None:
    """Add ``row`` to the CSV log ``path`` (its header first if the file is new); a write
    error (a full disk) is :class:`CannotWrite` naming ``what``, and the rows before stay."""
    new = not path.exists()
    try:
        with path.open("a", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=fields)
            if new:
                writer.writeheader()
            writer.writerow(row)
    except OSError as exc:
        raise CannotWrite(f"cannot write {what} {str(path)!r}: {exc.strerror or exc}") from None
