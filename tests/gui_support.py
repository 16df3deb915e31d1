"""Driving the window headless: SDL's dummy video driver, simulated mouse and keys."""

from __future__ import annotations

import os
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"  # before pygame starts its display
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from gamecore.registry import get_game
from gui.app import App
from gui.seats import Seat

ENGINE_TIME = 0.05
WAIT = 480.0
"""Seconds a test waits for the engine: on a cold numba cache its first search compiles the
kernel first (some 34 s on an idle machine, 194 s once beside a two-worker training run)."""


def start_pygame() -> None:
    pygame.display.init()
    pygame.font.init()


def make_app(name: str, kinds: str = "human,engine", **options) -> App:
    """A window on game ``name`` (options like ``players=4``), seats by kind, headless."""
    game = get_game(name, **options)
    seats = [Seat(kind) for kind in kinds.split(",")]
    app = App(game, seats, time_per_move=ENGINE_TIME, random_delay=0.0, window=True, seed=1)
    app.step([])
    return app


def click(app: App, pos: tuple[int, int]) -> None:
    """A left click (press and release) at ``pos``, then one frame."""
    app.step(
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ]
    )


def click_cell(app: App, cell: int) -> None:
    click(app, app.layout.cell_center(cell))


def drag(app: App, frm: int, to: int) -> None:
    """Press on ``frm``, move to ``to`` and release there."""
    a, b = app.layout.cell_center(frm), app.layout.cell_center(to)
    app.step(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)),
        ]
    )
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)])


def click_button(app: App, name: str) -> None:
    app.step([])
    click(app, app.hits.button(name).center)


def key(app: App, code: int, text: str = "", mod: int = 0) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=code, unicode=text, mod=mod)])


def type_text(app: App, text: str) -> None:
    """Replace a prompt's text the way a person would: erase it, type, press Enter."""
    assert app.ui.prompt is not None
    for _ in range(len(app.ui.prompt.text)):
        key(app, pygame.K_BACKSPACE)
    for ch in text:
        key(app, 0, ch)
    key(app, pygame.K_RETURN)


def wait_for_plies(app: App, plies: int, timeout: float = WAIT) -> None:
    """Run frames until the game has ``plies`` moves (engines and random movers play)."""
    deadline = time.monotonic() + timeout
    while len(app.session.state.history) < plies:
        assert time.monotonic() < deadline, f"no move after {timeout} s: {app.session.message}"
        app.step([])
        time.sleep(0.005)


def target_cells(game, state, cell: int) -> set[int]:
    """Where the piece on ``cell`` may go, from the game directly (the oracle for highlights)."""
    out = set()
    for move in state.legal_moves():
        frm, to = game.move_cells(state.arrays, move)
        if frm == cell:
            out.add(to)
    return out
