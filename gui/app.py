"""The window's controller: pygame events in, session calls and one drawn frame out.

:class:`App` owns the window's surface, the person's settings of it
(:class:`~gui.view.Ui`) and a :class:`~gui.session.Session` with the game.
:meth:`App.step` takes a batch of events, lets engines and random movers act,
builds a :class:`~gui.view.View` and has :func:`~gui.render.draw_frame` draw
it; the click areas the frame drew come back as :attr:`App.hits` and the next
clicks are looked up there. Keys and mouse buttons name actions through the
one table in :mod:`gui.actions`. The real window (:func:`run`) feeds it
pygame's events; the tests feed it simulated ones, headless.
"""

from __future__ import annotations

import datetime as _dt
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import pygame

from gamecore.game import Game
from gui.actions import action_for_key, action_for_mouse
from gui.art import PieceArt
from gui.layout import BoardLayout, board_rect, home_rotations, rotate_step
from gui.render import HitMap, draw_frame
from gui.seats import Seat
from gui.session import Session
from gui.view import Ui, View, build_view
from gui.widgets import Prompt


class App:
    """One game in one window (or an off-screen surface for tests)."""

    def __init__(
        self,
        game: Game,
        seats: list[Seat] | None = None,
        *,
        size: tuple[int, int] = (1180, 800),
        window: bool = False,
        animate: bool = False,
        session: Session | None = None,
        **session_options: Any,
    ) -> None:
        """``session_options``: the :class:`Session`'s own (weights, clocks, level, ...);
        ``session``: one made already (a game on a server) instead."""
        self.session = session if session is not None else Session(game, seats, **session_options)
        self.window = window
        self.ui = Ui(animate=animate)
        self.art = PieceArt(game.piece_svg)
        self.running = True
        self.homes = home_rotations(game)
        self._layout: BoardLayout | None = None
        self.surface = self._make_surface(size)
        humans = [seat for seat, player in enumerate(self.session.seats) if player.kind == "human"]
        if humans:
            self.ui.rotation = self.homes.get(humans[0], 0.0)
        self.hits: HitMap = self.render()
        """The click areas of the frame last drawn."""
        self.actions: dict[str, Callable[[], None]] = {
            "new": self.session.new_game,
            "undo": self.session.undo,
            "redo": self.session.redo_move,
            "rotate": lambda: self.turn(rotate_step(self.homes, game.num_players)),
            "flip": lambda: self.turn(180.0),
            "move_now": self.session.move_now,
            "save": self.ask_save,
            "load": self.ask_load,
            "weights": self.session.cycle_overlay,
            "pause": self.session.toggle_pause,
            "pass": self.session.play_pass,
            "time": self.session.next_time,
            "names": self.toggle_names,
            "follow": self.toggle_follow,
            "hint": self.session.request_hint,
            "analysis": self.session.toggle_analysis,
            "level": self.session.next_level,
            "screenshot": self.quick_screenshot,
            "help": self.toggle_help,
            "cancel": self.cancel,
            **self.session.remote_actions(),
        }
        """What each action of :data:`gui.actions.BINDINGS` does."""

    # -- the surface and the board's place on it ------------------------------------------------

    def _make_surface(self, size: tuple[int, int]) -> pygame.Surface:
        size = (max(480, int(size[0])), max(360, int(size[1])))
        if self.window:
            return pygame.display.set_mode(size, pygame.RESIZABLE)
        return pygame.Surface(size)

    def resize(self, size: tuple[int, int]) -> None:
        self.surface = self._make_surface(size)

    @property
    def board_rect(self) -> tuple[int, int, int, int]:
        return board_rect(self.surface.get_size())

    @property
    def layout(self) -> BoardLayout:
        """The board's screen placement for the current size and rotation."""
        layout = self._layout
        if layout is None or (layout.rect, layout.rotation) != (self.board_rect, self.ui.rotation):
            layout = BoardLayout(self.session.geometry, self.board_rect, self.ui.rotation)
            self._layout = layout
        return layout

    def turn(self, degrees: float) -> None:
        self.ui.rotation = (self.ui.rotation + degrees) % 360

    # -- a frame --------------------------------------------------------------------------------

    def step(self, events: list[pygame.event.Event]) -> None:
        """Handle ``events``, let the engine or a random mover act, and draw one frame."""
        for event in events:
            self.handle(event)
        self.session.update()
        if self.ui.follow and self.session.human_to_move():
            self.ui.rotation = self.homes.get(self.session.state.player, 0.0)
        self.render()

    def view(self) -> View:
        return build_view(self.session, self.ui, self.layout, self.surface.get_size(), self.art)

    def render(self) -> HitMap:
        """Draw the whole window into :attr:`surface`; keep and return its click areas."""
        self.hits = draw_frame(self.surface, self.view())
        return self.hits

    def screenshot(self, path: str | Path) -> Path:
        """Draw a frame and write it as a PNG."""
        self.render()
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.surface, str(path))
        return path

    def close(self) -> None:
        self.session.close()
        self.running = False

    # -- events ---------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        ui = self.ui
        if event.type == pygame.QUIT:
            self.close()
        elif event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            ui.mouse = event.pos
        elif event.type == pygame.MOUSEWHEEL:
            ui.scroll = max(0, min(self.hits.max_scroll, ui.scroll + event.y))
        elif event.type == pygame.MOUSEBUTTONDOWN:
            ui.mouse = event.pos
            if event.button == 1:
                self._press(event.pos)
            elif (name := action_for_mouse(event.button)) is not None:
                self.action(name)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            ui.mouse = event.pos
            self._release(event.pos)

    def action(self, name: str) -> None:
        """Run an action by name (keys, buttons and tests all come here)."""
        self.actions[name]()

    def _key(self, event: pygame.event.Event) -> None:
        prompt = self.ui.prompt
        if prompt is not None:
            prompt.key(event)
            if prompt.done:
                self.ui.prompt = None
                if prompt.accepted:
                    path = prompt.text.strip()
                    (self.session.save if prompt.action == "save" else self.session.load)(path)
            return
        if self.session.chooser is not None:
            if pygame.K_1 <= event.key <= pygame.K_9:
                self.session.choose(event.key - pygame.K_1)
            elif event.key == pygame.K_ESCAPE:
                self.cancel()
            return
        name = action_for_key(event.key, getattr(event, "mod", 0), self.session.remote)
        if name is not None:
            self.action(name)

    def _press(self, pos: tuple[int, int]) -> None:
        hits, session = self.hits, self.session
        if self.ui.show_help:
            self.ui.show_help = False
            return
        if session.chooser is not None:
            choice = hits.choice_at(pos)
            if choice is None:
                session.cancel()
            else:
                session.choose(choice)
            return
        button = hits.button_at(pos)
        if button is not None:
            if button[1]:
                self.action(button[0])
            return
        ply = hits.ply_at(pos)
        if ply is not None:
            session.goto_ply(ply)
            return
        seat = hits.seat_at(pos)
        if seat is not None:
            session.toggle_seat(seat)
            self.ui.dragging = False
            return
        cell = hits.cell_at(pos)
        if cell is not None:
            session.click_cell(cell)
            self.ui.dragging = session.selected == cell

    def _release(self, pos: tuple[int, int]) -> None:
        if not self.ui.dragging:
            return
        self.ui.dragging = False
        cell = self.hits.cell_at(pos)
        if cell is not None:
            self.session.drop_on(cell)

    # -- the window's own actions ---------------------------------------------------------------

    def cancel(self) -> None:
        self.session.cancel()
        self.ui.dragging = False
        self.ui.show_help = False

    def ask_save(self) -> None:
        self.ui.prompt = Prompt("save", "Save record as:", self.session.default_record_name())

    def ask_load(self) -> None:
        self.ui.prompt = Prompt("load", "Load record from:", self.session.last_saved or "")

    def toggle_names(self) -> None:
        self.ui.show_names = not self.ui.show_names

    def toggle_help(self) -> None:
        self.ui.show_help = not self.ui.show_help

    def toggle_follow(self) -> None:
        self.ui.follow = not self.ui.follow
        state = "on: the board turns to each person as they move" if self.ui.follow else "off"
        self.session.say(f"auto-rotate {state}")

    def quick_screenshot(self) -> None:
        path = self.screenshot(f"gamecore-{_dt.datetime.now():%Y%m%d-%H%M%S}.png")
        self.session.say(f"wrote {path}")


class Controller(Protocol):
    """What the window's loop drives: a game (:class:`App`) or a server's lobby and games
    (:class:`gui.client.ClientApp`)."""

    running: bool

    def step(self, events: list[pygame.event.Event]) -> None: ...
    def screenshot(self, path: str | Path) -> Path: ...
    def close(self) -> None: ...


def run(
    app: Controller, fps: int = 30, max_frames: int | None = None, screenshot: str | None = None
) -> None:
    """The real window's loop: pygame's events into ``app.step``, one frame each tick.

    ``max_frames`` closes the window by itself (scripts); ``screenshot`` writes the last
    frame as a PNG.
    """
    clock = pygame.time.Clock()
    pygame.key.set_repeat(400, 40)
    frames = 0
    try:
        while app.running:
            app.step(pygame.event.get())
            pygame.display.flip()
            clock.tick(fps)
            frames += 1
            if max_frames is not None and frames >= max_frames:
                break
        if screenshot:
            app.screenshot(screenshot)
    finally:
        app.close()
        pygame.quit()


def open_window(title: str) -> None:
    """Start pygame's display and fonts (not audio: a window needs no sound device).

    The click that brings the window to the front also counts (SDL drops it by default), so a
    piece clicked in a window behind another is picked up at once.
    """
    os.environ.setdefault("SDL_MOUSE_FOCUS_CLICKTHROUGH", "1")
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_caption(title)


__all__ = ["App", "open_window", "run"]
