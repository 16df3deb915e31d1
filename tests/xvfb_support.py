"""A real window on a virtual X display, driven as a person drives it.

:func:`xvfb_display` starts ``Xvfb`` on a free display number; :class:`Window`
runs ``gamecore gui ...`` there in a process of its own (SDL's real X11
driver, not the dummy one the other GUI tests use) and sends it real pointer
and key events through ``xdotool``, which the X server delivers like a
mouse's. What the window did is read back the way a person would keep it: a
game record saved with S, or a screenshot written with F12.
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from gamecore.game import Game
from gamecore.state import State
from gui.layout import BoardLayout, board_rect, home_rotations

ROOT = Path(__file__).resolve().parent.parent
SIZE = (1000, 700)
SCREEN = "1280x1024x24"
COLD_CACHE_WAIT = 480.0
"""Seconds a window may take to open, act on a key or make the engine's first reply: on a
cold numba cache a kernel compiles first (the engine's search about 30 s on an idle two-core
machine, more while other work runs), and a compile holds the window's loop. A plugin game's
window (connect4) once took over 240 s to open while both cores ran the rest of the suite."""


def missing_tools() -> str | None:
    """Why these tests cannot run here, or None."""
    for tool in ("Xvfb", "xdotool"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (apt-get install xvfb xdotool)"
    return None


@contextmanager
def xvfb_display() -> Iterator[str]:
    """An Xvfb server on a free display; yields its ``DISPLAY``.

    The server picks the number itself and reports it (``-displayfd``), so tests
    running side by side (``pytest -n``) never race for the same display."""
    why = missing_tools()
    if why is not None:
        pytest.skip(why)
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", SCREEN, "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        pass_fds=(write_end,),
    )
    os.close(write_end)
    try:
        with os.fdopen(read_end) as reported:  # one line once the server is ready
            ready, _, _ = select.select([reported], [], [], 20)
            number = reported.readline().strip() if ready else ""
        if not number.isdigit():
            pytest.skip("Xvfb did not start")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(10)


def child_env(display: str) -> dict[str, str]:
    """The environment of a process with a real window on ``display``."""
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY")}
    env["DISPLAY"] = display
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    return env


class Window:
    """``gamecore ARGS`` started on ``display`` in ``cwd``, and its X window."""

    def __init__(self, display: str, cwd: Path, *args: str, wait: float = COLD_CACHE_WAIT) -> None:
        self.env = child_env(display)
        self.cwd = cwd
        self.process: subprocess.Popen | None = subprocess.Popen(
            [sys.executable, "-m", "gamecore", *args],
            cwd=cwd,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.pid = self.process.pid
        self.id = self._find(self.pid, wait)
        self.wait_until_answering(wait)

    def wait_until_answering(self, timeout: float) -> None:
        """Wait for the window's loop to read its events, as a person waits to see the board.

        A window can be mapped (found) while its process still starts up; clicks sent then
        reach it in a batch with its first events, and one CI run lost them. A screenshot
        taken with F12 proves the loop is running.
        """
        self.screenshot(self.cwd / "answering.png", timeout).unlink()

    @classmethod
    def attach(cls, display: str, cwd: Path, pid: int, wait: float = 60) -> Window:
        """The window of process ``pid``, which someone else started (``train --watch``)."""
        window = cls.__new__(cls)
        window.env, window.cwd, window.process = child_env(display), cwd, None
        window.pid = pid
        window.id = window._find(pid, wait)
        return window

    def _find(self, pid: int, wait: float) -> str:
        """The window of process ``pid`` (SDL sets ``_NET_WM_PID``; without a window manager
        its title is not searchable)."""
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                out, err = self.process.communicate()
                raise AssertionError(f"the window closed at once: {err or out}")
            found = self.xdotool("search", "--onlyvisible", "--pid", str(pid), check=False)
            if found.returncode == 0 and found.stdout.split():
                return found.stdout.split()[-1]
            time.sleep(0.2)
        raise AssertionError(f"process {pid} showed no window within {wait} s")

    def xdotool(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run(
            ["xdotool", *args], env=self.env, capture_output=True, text=True, check=check
        )

    def on_window(self, command: str, *args: str) -> None:
        """``xdotool COMMAND --window ID ARGS``, following the window if SDL replaced it.

        SDL may destroy its first X window and open another (one CI run found a window that
        was gone by the first key). A process that has died is reported with its output."""
        for attempt in range(2):
            done = self.xdotool(command, "--window", self.id, *args, check=False)
            if done.returncode == 0:
                return
            if self.process is not None and self.process.poll() is not None:
                out, err = self.process.communicate()
                raise AssertionError(f"the window's process ended: {err or out}")
            if attempt == 0 and "BadWindow" in done.stderr:
                self.id = self._find(self.pid, 60)
        raise AssertionError(f"xdotool {command} failed: {done.stderr.strip()}")

    def click(self, pos: tuple[float, float]) -> None:
        """Move the pointer to ``pos`` in the window and press and release the left button."""
        x, y = round(pos[0]), round(pos[1])
        self.on_window("mousemove", str(x), str(y))
        time.sleep(0.05)
        self.on_window("click", "1")
        time.sleep(0.08)

    def key(self, name: str) -> None:
        self.on_window("key", name)
        time.sleep(0.05)

    def newest(self, pattern: str, after: float = 0.0) -> Path | None:
        files = [p for p in self.cwd.glob(pattern) if p.stat().st_mtime_ns > after]
        return max(files, key=lambda p: p.stat().st_mtime_ns, default=None)

    def save_record(self, pattern: str, timeout: float = COLD_CACHE_WAIT) -> Path:
        """Save the game with S and Enter (the prompt's default name); the file written."""
        before = time.time_ns()
        time.sleep(0.01)
        self.key("s")
        self.key("Return")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            path = self.newest(pattern, before)
            if path is not None:
                return path
            time.sleep(0.05)
        raise AssertionError("Save wrote no record")

    def screenshot(self, out: Path, timeout: float = COLD_CACHE_WAIT) -> Path:
        """Press F12 and move the picture the window wrote to ``out``."""
        before = time.time_ns()
        time.sleep(0.01)
        self.key("F12")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            path = self.newest("gamecore-*.png", before)
            if path is not None:
                time.sleep(0.2)  # let the write finish
                out.parent.mkdir(parents=True, exist_ok=True)
                return Path(shutil.move(str(path), out))
            time.sleep(0.05)
        raise AssertionError("F12 wrote no screenshot")

    def close(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


def window_layout(game: Game, seat: int = 0, size: tuple[int, int] = SIZE) -> BoardLayout:
    """Where the window draws the board: its size, turned to ``seat``'s side (the first
    person's, as the window opens)."""
    return BoardLayout(game.geometry(), board_rect(size), home_rotations(game).get(seat, 0.0))


def read_state(game: Game, path: Path) -> State:
    return game.read_record(path.read_text())


def move_clicks(game: Game, state: State, move: int) -> list[int]:
    """The cells a person clicks to play ``move``: its source and target (a drop: the target)."""
    frm, to = game.move_cells(state.arrays, move)
    return [to] if frm < 0 else [frm, to]
