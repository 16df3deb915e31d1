"""Run the ``gamecore`` command in a fresh process, as a user would."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path


def run_cli(*args: str, env: dict[str, str] | None = None, timeout: float = 600):
    """``python -m gamecore ARGS`` in a new process; returns the CompletedProcess."""
    full_env = {**os.environ, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "gamecore", *args],
        capture_output=True,
        text=True,
        env=full_env,
        timeout=timeout,
        cwd=Path(__file__).resolve().parent.parent,
    )


def hears_ctrl_c() -> None:
    """``preexec_fn`` for a child the test will Ctrl-C: SIGINT back to its default, so that
    Python installs its KeyboardInterrupt handler. A suite started in the background by a
    non-interactive shell (``nohup ... &``) inherits SIGINT ignored, and so would the child."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
