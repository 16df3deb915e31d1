"""The window as a person uses it: a real X window (on Xvfb), real mouse clicks and keys
(xdotool), the engine's replies read back from records saved with S, pictures taken with F12.

Skipped, saying why, where Xvfb or xdotool is not installed. ``GAMECORE_XVFB_SHOTS=DIR``
keeps the screenshots in DIR to look at.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

import gamecore
from gamecore.game import Game
from gamecore.kernel_api import ONGOING
from tests.xvfb_support import (
    COLD_CACHE_WAIT,
    SIZE,
    Window,
    child_env,
    move_clicks,
    read_state,
    window_layout,
    xvfb_display,
)

pytestmark = pytest.mark.xvfb
ON_TIME = re.compile(r"time forfeit|on time")
"""How a record says a game was lost on time (PGN and PDN; the line-based record)."""
WINDOW = ["--size", f"{SIZE[0]}x{SIZE[1]}", "--no-animation"]


@pytest.fixture(scope="module")
def display():
    with xvfb_display() as name:
        yield name


@pytest.fixture
def shots(tmp_path) -> Path:
    kept = os.environ.get("GAMECORE_XVFB_SHOTS")
    return Path(kept) if kept else tmp_path / "shots"


def cell_named(game: Game, name: str) -> int:
    return next(c.index for c in game.geometry().cells if c.name == name)


def wait_for(condition, what: str, timeout: float = COLD_CACHE_WAIT, every: float = 0.3):
    """``condition()``'s first true value, polling every ``every`` s; fails naming ``what``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


def test_a_person_plays_e4_and_the_engine_replies(display, tmp_path, shots):
    game = gamecore.get_game("chess")
    window = Window(display, tmp_path, "gui", "chess", "--time-per-move", "0.2", *WINDOW)
    try:
        layout = window_layout(game)
        window.click(layout.cell_center(cell_named(game, "e2")))
        window.click(layout.cell_center(cell_named(game, "e4")))

        def played(plies: int):
            record = window.save_record("game-*.pgn")
            return record if len(read_state(game, record).history) >= plies else None

        wait_for(lambda: played(1), "the clicks on e2 and e4 to play 1. e4")
        record = wait_for(lambda: played(2), "the engine's reply to 1. e4")
        text = record.read_text()
        assert re.search(r"1\. e4 [a-hNBRQKO]", text), text
        assert '[White "human"]' in text and '[Black "engine"]' in text
        image = pygame.image.load(str(window.screenshot(shots / "chess-e4.png")))
        assert image.get_size() == SIZE
    finally:
        window.close()


GAMES = [
    ("chess", [], "game-*.pgn", "e2", "e4"),
    ("checkers", [], "game-*.pdn", None, None),
    ("duchess", ["-o", "players=6"], "game-*.txt", None, None),
    ("connect4", [], "game-*.txt", None, None),
]


@pytest.mark.parametrize(("name", "options", "pattern", "frm", "to"), GAMES)
def test_every_game_opens_takes_a_click_and_is_pictured(
    display, tmp_path, shots, name, options, pattern, frm, to
):
    game = gamecore.get_game(name, **dict(o.split("=") for o in options[1::2]))
    window = Window(display, tmp_path, "gui", name, *options, "--time-per-move", "0.2", *WINDOW)
    try:
        state = game.initial_state()
        if frm is not None:
            move = next(
                m
                for m in state.legal_moves()
                if game.move_cells(state.arrays, m) == (cell_named(game, frm), cell_named(game, to))
            )
        else:
            move = state.legal_moves()[0]
        for cell in move_clicks(game, state, move):
            window.click(window_layout(game).cell_center(cell))
        movers = game.num_players

        def everyone_moved():
            played = read_state(game, window.save_record(pattern))
            return played if len(played.history) >= movers or played.status() != ONGOING else None

        played = wait_for(everyone_moved, f"every {name} player to move once")
        assert played.history[0] == move, "the clicked move was played"
        picture = window.screenshot(shots / f"{name}-{game.num_players}.png")
        assert pygame.image.load(str(picture)).get_size() == SIZE
    finally:
        window.close()


def play_a_game(window: Window, game: Game, pattern: str, seed: int, timeout: float) -> str:
    """Random legal clicks for the person (seat 1) until the game ends; the last record."""
    rng = random.Random(seed)
    layout = window_layout(game)
    deadline = time.monotonic() + timeout
    clicked_at: tuple[int, ...] | None = None
    while time.monotonic() < deadline:
        text = window.save_record(pattern).read_text()
        state = game.read_record(text)
        if state.status() != ONGOING or ON_TIME.search(text):
            return text
        if state.player != 0 or tuple(state.history) == clicked_at:
            time.sleep(0.1)
            continue
        moves = state.legal_moves()
        move = rng.choice(moves)
        cells = game.move_cells(state.arrays, move)
        if cells == (-1, -1):
            window.key("p")
        else:
            for cell in move_clicks(game, state, move):
                window.click(layout.cell_center(cell))
            if sum(game.move_cells(state.arrays, m) == cells for m in moves) > 1:
                window.key("1")  # the chooser: take its first choice
        clicked_at = tuple(state.history)
        time.sleep(0.15)
    raise AssertionError(f"the game did not end within {timeout} s")


FULL_GAMES = [
    ("chess", [], "game-*.pgn", "30+0,20+0"),
    ("checkers", [], "game-*.pdn", "30+0,20+0"),
    ("duchess", ["-o", "players=2"], "game-*.txt", "30+0,20+0"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options", "pattern", "clock"), FULL_GAMES)
def test_a_whole_game_against_the_engine_on_the_clock(
    display, tmp_path, shots, name, options, pattern, clock
):
    """A person clicking random legal moves against a level-1 engine on a short clock, to
    the end: mate, a draw, or a flag, as the saved record says."""
    game = gamecore.get_game(name, **dict(o.split("=") for o in options[1::2]))
    args = ["gui", name, *options, "--players", "human,engine", "--clock", clock, "--level", "1"]
    window = Window(display, tmp_path, *args, *WINDOW)
    try:
        text = play_a_game(window, game, pattern, seed=1, timeout=150)
        window.screenshot(shots / f"{name}-over.png")
    finally:
        window.close()
    state = game.read_record(text)
    assert state.history, "moves were played"
    if state.status() == ONGOING:
        assert ON_TIME.search(text), f"the game ended on time, and the record says so:\n{text}"


@pytest.mark.slow
def test_watching_a_training_run_in_its_own_window(display, tmp_path, shots):
    """``gamecore train --watch`` opens the window beside the run; it shows the run ending;
    a person closes it with Esc."""
    out = tmp_path / "run.npz"
    command = [sys.executable, "-m", "gamecore", "train", "connect4", "--games", "40"]
    command += ["--depth", "2", "--eval-every", "10", "--eval-games", "2", "--out", str(out)]
    command += ["--workers", "1", "--watch"]
    env = child_env(display)
    train = subprocess.run(
        command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
    )
    assert train.returncode == 0, train.stderr
    pid = int(re.search(r"process (\d+)", train.stderr).group(1))
    try:
        window = Window.attach(display, tmp_path, pid)
        time.sleep(1.5)  # the window polls the files twice a second
        picture = window.screenshot(shots / "watch-connect4.png")
        image = pygame.image.load(str(picture))
        assert image.get_size() == (1180, 800)
        window.key("Escape")
        wait_for(
            lambda: not Path(f"/proc/{pid}").exists() or _zombie(pid),
            "the window to close",
            timeout=20,
        )
    finally:
        if Path(f"/proc/{pid}").exists() and not _zombie(pid):
            os.kill(pid, signal.SIGTERM)


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] == "Z"
    except OSError:
        return True
