"""Output files are checked before any work starts, so a long run never ends unable to save.

A path is writable here if it is a regular file (or does not exist yet) and
the nearest existing folder above it is a folder this process may write in
(missing folders in between are created on save). A directory, a FIFO or
another special file, or a path under a file, is refused in one line.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from gamecore.errors import BadOption


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
