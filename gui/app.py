"""The window: draws any game from its geometry and lets people and engines play it.

:class:`App` holds the game, the seats and the position; :meth:`App.step`
takes a batch of pygame events, lets engines and random movers act, and
draws one frame. The real window (:func:`run`) feeds it pygame's events; the
tests feed it simulated ones, headless, and read its state.

Everything the renderer knows about a game comes from the :class:`Game`
interface — ``geometry``, ``pieces``, ``move_cells``, ``move_tags``,
``move_to_text``, ``describe_result``, ``game_record``/``read_record``,
``piece_square_map`` — so a new plugin is drawn and playable as it is.
"""

from __future__ import annotations

import datetime as _dt
import math
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pygame

from gamecore.errors import GamecoreError
from gamecore.files import read_input_text
from gamecore.game import Game
from gamecore.heatmap import cell_colors, cell_values, pieces_with_squares, scale_of
from gamecore.search import SearchInfo
from gamecore.state import State
from gui.engine import EngineThread
from gui.layout import BoardLayout, polygon_centroid
from gui.pieces import contrast, draw_marker, draw_piece, font
from gui.seats import AGENT, Engines, Seat, default_seats
from gui.widgets import (
    ACCENT,
    BACKGROUND,
    DIM,
    ERROR,
    PANEL,
    TEXT,
    Button,
    Prompt,
    draw_text,
)

STATUS_HEIGHT = 58
"""Pixels under the board for the status line and the message line."""
TIME_CHOICES = (0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
"""Seconds per engine move the Time button cycles through."""
PIECE_SCALE = 0.84
"""A piece's radius as a fraction of its cell's inner radius."""
LAST_MOVE = (255, 225, 80, 95)
SELECTED = (120, 230, 90, 140)
OUTLINE = (25, 25, 25)

BUTTONS = (
    ("new", "New game", "N"),
    ("undo", "Undo", "U"),
    ("redo", "Redo", "Y"),
    ("rotate", "Rotate", "R"),
    ("flip", "Flip", "F"),
    ("move_now", "Move now", "M"),
    ("save", "Save", "S"),
    ("load", "Load", "L"),
    ("weights", "Weights", "W"),
    ("pause", "Pause", "Space"),
    ("pass", "Pass", "P"),
    ("time", "Time", "T"),
    ("names", "Cell names", "C"),
    ("follow", "Auto-rotate", "A"),
)
KEYS = {
    pygame.K_n: "new",
    pygame.K_u: "undo",
    pygame.K_BACKSPACE: "undo",
    pygame.K_LEFT: "undo",
    pygame.K_y: "redo",
    pygame.K_RIGHT: "redo",
    pygame.K_r: "rotate",
    pygame.K_f: "flip",
    pygame.K_m: "move_now",
    pygame.K_s: "save",
    pygame.K_l: "load",
    pygame.K_w: "weights",
    pygame.K_SPACE: "pause",
    pygame.K_p: "pass",
    pygame.K_t: "time",
    pygame.K_c: "names",
    pygame.K_a: "follow",
    pygame.K_F12: "screenshot",
    pygame.K_h: "help",
    pygame.K_F1: "help",
}


@dataclass
class Position:
    """What the window needs about the current position, computed once per position."""

    legal: list[int]
    cells: dict[int, tuple[int, int]]
    tags: dict[int, frozenset[str]]
    terminal: bool
    by_from: dict[int, list[int]] = field(default_factory=dict)
    drops: dict[int, list[int]] = field(default_factory=dict)
    """Moves with no source cell (from = -1, e.g. Connect Four), by target cell."""
    passes: list[int] = field(default_factory=list)


class App:
    """One game in one window (or an off-screen surface for tests)."""

    def __init__(
        self,
        game: Game,
        seats: list[Seat] | None = None,
        *,
        time_per_move: float = 2.0,
        weights: str | None = None,
        engines: Engines | None = None,
        state: State | None = None,
        size: tuple[int, int] = (1180, 800),
        window: bool = False,
        random_delay: float = 0.4,
        seed: int | None = None,
    ) -> None:
        self.game = game
        self.geometry = game.geometry()
        self.seats = list(seats) if seats is not None else default_seats(game.num_players)
        if len(self.seats) != game.num_players:
            raise ValueError(f"{len(self.seats)} seats for a {game.num_players}-player game")
        self.engines = engines if engines is not None else Engines(game, weights)
        self.engine = EngineThread()
        self.time_per_move = time_per_move
        self.random_delay = random_delay
        self.rng = np.random.default_rng(seed)
        self.window = window
        self.state = state if state is not None else game.initial_state()
        self.redo: list[int] = []
        self.paused = False
        self.selected: int | None = None
        self.dragging = False
        self.mouse: tuple[int, int] = (0, 0)
        self.chooser: list[int] | None = None
        self.prompt: Prompt | None = None
        self.message = ""
        self.message_is_error = False
        self.status = ""
        self.last_info: SearchInfo | None = None
        self.rotation = 0.0
        self.overlay: str | None = None
        self.show_names = False
        self.show_help = False
        self.follow = False
        """Auto-rotate: turn the board to each person's side when it is their move (hot-seat)."""
        self._homes: dict[int, float] | None = None
        self.scroll = 0
        self.running = True
        self.last_saved: str | None = None
        self._thinking: tuple[int, int, int] | None = None
        self._thinking_since = 0.0
        self._last_move_time = time.monotonic()
        self._position_key: tuple[int, int] | None = None
        self._position: Position | None = None
        self._move_texts: tuple[tuple[int, ...], list[str]] | None = None
        self._first_mover = 0
        self._layout_key: tuple | None = None
        self._layout: BoardLayout | None = None
        self._buttons: dict[str, Button] = {}
        self._seat_rects: list[pygame.Rect] = []
        self._chooser_rects: list[tuple[pygame.Rect, int]] = []
        self._overlay_colors: list | None = None
        self._overlay_values: np.ndarray | None = None
        self.surface = self._make_surface(size)
        humans = [seat for seat, player in enumerate(self.seats) if player.kind == "human"]
        if humans:
            self.rotation = self.home_rotation(humans[0])
        self._announce_turn()

    # -- surfaces and geometry ------------------------------------------------------------

    def _make_surface(self, size: tuple[int, int]) -> pygame.Surface:
        size = (max(480, int(size[0])), max(360, int(size[1])))
        if self.window:
            return pygame.display.set_mode(size, pygame.RESIZABLE)
        return pygame.Surface(size)

    @property
    def panel_width(self) -> int:
        return int(min(380, max(215, self.surface.get_width() * 0.3)))

    @property
    def board_rect(self) -> tuple[int, int, int, int]:
        w, h = self.surface.get_size()
        return (0, 0, w - self.panel_width, h - STATUS_HEIGHT)

    @property
    def layout(self) -> BoardLayout:
        """The board's screen placement for the current size and rotation."""
        key = (self.board_rect, self.rotation)
        if self._layout is None or key != self._layout_key:
            self._layout = BoardLayout(self.geometry, self.board_rect, self.rotation)
            self._layout_key = key
        return self._layout

    def home_rotation(self, player: int) -> float:
        """The rotation that puts ``player``'s side of the board at the bottom of the screen:
        where their pieces stand in the start position (0 if they have none there)."""
        if self._homes is None:
            cells = self.geometry.cells
            xs = [x for c in cells for x, _ in c.polygon]
            ys = [y for c in cells for _, y in c.polygon]
            cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
            spots: dict[int, list[tuple[float, float]]] = {}
            start = self.game.initial_state()
            for piece in self.game.pieces(start.arrays):
                spots.setdefault(piece.player, []).append(
                    polygon_centroid(cells[piece.cell].polygon)
                )
            self._homes = {}
            for seat, points in spots.items():
                dx = sum(p[0] for p in points) / len(points) - cx
                dy = sum(p[1] for p in points) / len(points) - cy
                if math.hypot(dx, dy) > 1e-9:
                    angle = math.degrees(math.atan2(dy, dx))
                    # snapped to 15°: checkers men stand a little off-centre on their rows
                    self._homes[seat] = (round((-90.0 - angle) / 15.0) * 15.0) % 360.0
        return self._homes.get(player, 0.0)

    @property
    def rotate_step(self) -> float:
        """Degrees the Rotate button turns: from one seat's side to the next (Duchess: 60°)."""
        self.home_rotation(0)
        assert self._homes is not None
        homes = sorted(set(self._homes.values()))
        if len(homes) < 2:
            return 360.0 / max(2, self.game.num_players)
        return min(b - a for a, b in zip(homes, [*homes[1:], homes[0] + 360.0], strict=True))

    def resize(self, size: tuple[int, int]) -> None:
        self.surface = self._make_surface(size)

    # -- the position -------------------------------------------------------------------------

    @property
    def position(self) -> Position:
        key = (len(self.state.history), self.state.hash)
        if self._position is None or key != self._position_key:
            game, arrays = self.game, self.state.arrays
            legal = self.state.legal_moves()
            info = Position(
                legal=legal,
                cells={m: tuple(game.move_cells(arrays, m)) for m in legal},  # type: ignore[misc]
                tags={m: frozenset(game.move_tags(arrays, m)) for m in legal},
                terminal=self.state.is_terminal(),
            )
            for move, (frm, to) in info.cells.items():
                if frm < 0 and to < 0:
                    info.passes.append(move)
                elif frm < 0:
                    info.drops.setdefault(to, []).append(move)
                else:
                    info.by_from.setdefault(frm, []).append(move)
            self._position, self._position_key = info, key
        return self._position

    @property
    def seat_to_move(self) -> Seat:
        return self.seats[self.state.player]

    def seat_name(self, seat: int) -> str:
        return self.game.player_names[seat]

    @property
    def held(self) -> bool:
        """Engines and random movers wait: paused, or moves are waiting to be redone."""
        return self.paused or bool(self.redo)

    def human_to_move(self) -> bool:
        return not self.position.terminal and self.seat_to_move.kind == "human"

    def targets(self, cell: int) -> dict[int, list[int]]:
        """Legal moves of the piece on ``cell``, by target cell."""
        out: dict[int, list[int]] = {}
        for move in self.position.by_from.get(cell, []):
            out.setdefault(self.position.cells[move][1], []).append(move)
        return out

    def move_texts(self) -> list[str]:
        """The game's moves in its notation, from where the record starts."""
        history = tuple(self.state.history)
        if self._move_texts is None or self._move_texts[0] != history:
            root = self.state.copy()
            for _ in history:
                root.pop()
            self._first_mover = root.player
            texts = []
            for move in history:
                texts.append(root.move_text(move))
                root.push_unchecked(move)
            self._move_texts = (history, texts)
        return self._move_texts[1]

    def last_move_cells(self) -> tuple[int, int] | None:
        if not self.state.history:
            return None
        move = self.state.pop()
        try:
            return self.game.move_cells(self.state.arrays, move)
        finally:
            self.state.push_unchecked(move)

    # -- messages -------------------------------------------------------------------------------

    def say(self, text: str, error: bool = False) -> None:
        self.message, self.message_is_error = text, error

    def result_text(self) -> str:
        """Who won, which team (when teams have several seats), and why."""
        text = f"Game over: {self.game.describe_result(self.state)}"
        winner = self.state.winner_team()
        if winner is not None and self.game.num_players > 2:
            members = [
                self.seat_name(p)
                for p in range(self.game.num_players)
                if self.game.team_of(p) == winner
            ]
            text += f" (team {self.game.team_names[winner]}: {', '.join(members)})"
        return text

    def _announce_turn(self) -> None:
        if self.position.terminal:
            self.say(self.result_text())
            return
        seat = self.seat_to_move
        name = self.seat_name(self.state.player)
        if seat.kind != "human":
            return
        if self.position.legal and len(self.position.passes) == len(self.position.legal):
            self.say(f"{name} has no move and must pass: press Pass (P)")
        elif not self.message_is_error:
            turn = f"{name} to move"
            self.say(f"{self.message}; {turn}" if self.message else turn)

    # -- playing moves --------------------------------------------------------------------------

    def play(self, move: int) -> bool:
        """Play a legal move for whoever is to move; False (nothing changes) if it is not legal."""
        if move not in self.position.legal:
            return False
        text = self.state.move_text(move)
        mover = self.seat_name(self.state.player)
        self.state.push_unchecked(move)
        if self.redo and self.redo[-1] == move:
            self.redo.pop()
        else:
            self.redo.clear()
        self.selected = None
        self.dragging = False
        self.chooser = None
        self._last_move_time = time.monotonic()
        self.say(f"{mover} played {text}")
        self._announce_turn()
        return True

    def try_move(self, frm: int, to: int) -> None:
        """Play the move from ``frm`` to ``to``; when several share the cells, ask which."""
        moves = self.position.drops.get(to, []) if frm < 0 else self.targets(frm).get(to, [])
        if len(moves) == 1:
            self.play(moves[0])
        elif len(moves) > 1:
            self.chooser = sorted(moves, key=self.state.move_text)
            self.say("choose the move (click it, or press its number; Esc cancels)")

    def choice_labels(self) -> list[str]:
        """What each chooser option is called: the part of its notation the options differ in."""
        assert self.chooser is not None
        texts = [self.state.move_text(m) for m in self.chooser]
        prefix = 0
        while all(len(t) > prefix for t in texts) and len({t[prefix] for t in texts}) == 1:
            prefix += 1
        labels = [t[prefix:] for t in texts]
        if all(len(label) == 1 and label.isalpha() for label in labels):
            return [label.upper() for label in labels]
        return texts

    def undo(self) -> None:
        """Take back the last move; with people seated, back to the last position a person moved
        in. The moves taken back can be redone; engines wait until they are or the game goes
        another way."""
        self._cancel_engine()
        if not self.state.history:
            self.say("nothing to undo")
            return
        self.redo.append(self.state.pop())
        taken = 1
        has_humans = any(seat.kind == "human" for seat in self.seats)
        while has_humans and self.state.history and self.seat_to_move.kind != "human":
            self.redo.append(self.state.pop())
            taken += 1
        self.selected = None
        self.chooser = None
        self.say(f"took back {taken} move(s); Redo replays, a new move or Resume goes on")
        self._announce_turn()

    def redo_move(self) -> None:
        self._cancel_engine()
        if not self.redo:
            self.say("nothing to redo")
            return
        self.play(self.redo[-1])

    def new_game(self) -> None:
        self._cancel_engine()
        self.state = self.game.initial_state()
        self.redo.clear()
        self.selected = None
        self.chooser = None
        self.paused = False
        self.engines.clear()
        self.say("new game")
        self._announce_turn()

    def set_state(self, state: State) -> None:
        """Continue from ``state`` (a loaded record): nothing to redo, engines resume."""
        self._cancel_engine()
        self.state = state
        self.redo.clear()
        self.selected = None
        self.chooser = None
        self.paused = False

    def toggle_seat(self, seat: int) -> None:
        self.seats[seat] = self.seats[seat].next_kind()
        if seat == self.state.player:
            self._cancel_engine()
            self.selected, self.dragging, self.chooser = None, False, None
        self.say(f"{self.seat_name(seat)} is now played by: {self.seats[seat].label}")

    # -- engines and random movers ----------------------------------------------------------

    def _cancel_engine(self) -> None:
        if self._thinking is not None:
            self.engine.cancel()
            self._thinking = None

    def update(self) -> None:
        """Let engines report and move, and random movers move, when it is their turn."""
        self._drain_engine()
        if self.follow and self.human_to_move():
            self.rotation = self.home_rotation(self.state.player)
        if self.position.terminal or self.held or self.chooser is not None:
            return
        seat = self.seat_to_move
        if seat.kind == "engine" and self._thinking is None:
            self._start_engine(seat)
        elif seat.kind == AGENT and self._thinking is None:
            self._start_agent(seat)
        elif seat.kind == "random" and time.monotonic() - self._last_move_time >= self.random_delay:
            legal = self.position.legal
            self.play(legal[int(self.rng.integers(len(legal)))])

    def _start_engine(self, seat: Seat) -> None:
        try:
            searcher = self.engines.searcher(seat)
        except GamecoreError as exc:
            self.paused = True
            self.say(f"engine cannot play: {exc} (pick another seat kind, then Resume)", True)
            return
        seconds = seat.seconds if seat.seconds is not None else self.time_per_move
        token = self.engine.start(searcher, self.state, seconds)
        self._thinking = (token, len(self.state.history), self.state.hash)
        self._thinking_since = time.monotonic()
        self.status = f"{self.seat_name(self.state.player)} (engine) is thinking…"

    def _start_agent(self, seat: Seat) -> None:
        seconds = seat.seconds if seat.seconds is not None else self.time_per_move
        try:
            player = self.engines.agent(seat, seconds)
        except GamecoreError as exc:
            self.paused = True
            self.say(f"agent cannot play: {exc} (pick another seat kind, then Resume)", True)
            return
        token = self.engine.start_agent(player, self.state)
        self._thinking = (token, len(self.state.history), self.state.hash)
        self._thinking_since = time.monotonic()
        self.status = f"{self.seat_name(self.state.player)} ({seat.label}) is thinking…"

    def _drain_engine(self) -> None:
        while not self.engine.messages.empty():
            token, kind, payload = self.engine.messages.get_nowait()
            if self._thinking is None or token != self._thinking[0]:
                continue  # a cancelled search
            if kind == "info":
                self.last_info = payload
                self.status = self.info_text(payload)
                continue
            thinking, self._thinking = self._thinking, None
            if kind == "error":
                self.paused = True
                self.say(f"{payload} (press Resume to try again)", True)
                continue
            if thinking[1:] != (len(self.state.history), self.state.hash):
                continue  # the position changed under the search
            if kind == "move":
                who = self.seat_name(self.state.player)
                self.status = f"{who} ({self.seat_to_move.label}) played"
                self.play(payload)
                continue
            self.last_info = payload
            self.status = self.info_text(payload, done=True)
            self.play(payload.best_move)

    def info_text(self, info: SearchInfo, done: bool = False) -> str:
        """The status line: who, depth, score, speed and principal variation."""
        name = self.seat_name(self.state.player)
        pv = []
        probe = self.state.copy()
        for move in info.pv[:8]:
            if move not in probe.legal_moves():
                break
            pv.append(probe.move_text(move))
            probe.push_unchecked(move)
        verb = "played" if done else "thinking"
        score = self.game.score_text(info.score)
        return (
            f"{name} {verb}: depth {info.depth}  score {score}  "
            f"{info.nps / 1000:,.0f} knodes/s  pv {' '.join(pv)}"
        )

    # -- saving and loading ---------------------------------------------------------------------

    def default_record_name(self) -> str:
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        return f"game-{stamp}{self.game.record_suffix}"

    def record_headers(self) -> dict[str, str]:
        headers = {"Event": "gamecore gui", "Date": _dt.date.today().strftime("%Y.%m.%d")}
        for seat, player in enumerate(self.seats):
            headers[self.seat_name(seat).capitalize()] = player.label
        return headers

    def save(self, path: str) -> bool:
        """Write the game record; a failure is a message in the window."""
        try:
            text = self.game.game_record(self.state, self.record_headers())
            Path(path).expanduser().write_text(text)
        except (OSError, GamecoreError) as exc:
            self.say(f"could not save {path}: {getattr(exc, 'strerror', None) or exc}", True)
            return False
        self.last_saved = path
        self.say(f"saved {len(self.state.history)} moves to {path}")
        return True

    def load(self, path: str) -> bool:
        """Replace the game by the record in ``path``; on any problem keep the game and say why."""
        try:
            text = read_input_text(path, "game record")
        except GamecoreError as exc:
            self.say(str(exc), True)
            return False
        try:
            state = self.game.read_record(text)
        except GamecoreError as exc:
            self.say(f"{path} is not a {self.game.name} record: {exc}", True)
            return False
        except Exception as exc:  # a plugin's reader failing must not close the window
            self.say(f"{path} could not be read: {type(exc).__name__}: {exc}", True)
            return False
        self.set_state(state)
        self.say(f"loaded {path}: {len(state.history)} moves")
        self._announce_turn()
        return True

    def screenshot(self, path: str | Path) -> Path:
        """Draw a frame and write it as a PNG."""
        self.render()
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.surface, str(path))
        return path

    # -- the weights view -------------------------------------------------------------------

    def cycle_overlay(self) -> None:
        """Off → each piece with square weights in turn → off."""
        try:
            glyphs = pieces_with_squares(self.game)
            theta = self.engines.theta()
        except GamecoreError as exc:
            self.overlay = None
            self.say(f"no weights view: {exc}", True)
            return
        order = [None, *glyphs]
        self.set_overlay(order[(order.index(self.overlay) + 1) % len(order)], theta)

    def set_overlay(self, glyph: str | None, theta: np.ndarray | None = None) -> None:
        self.overlay = glyph
        if glyph is None:
            self._overlay_colors = None
            self.say("weights view off")
            return
        theta = self.engines.theta() if theta is None else theta
        values = cell_values(self.game, theta, glyph)
        self._overlay_values = values
        self._overlay_colors = cell_colors(values)
        self.say(
            f"weights view: piece-square weights of {glyph} "
            f"(blue < 0 < red, full colour at ±{scale_of(values):.3g})"
        )

    # -- events ---------------------------------------------------------------------------------

    def step(self, events: list[pygame.event.Event]) -> None:
        """Handle ``events``, let the engine or a random mover act, and draw one frame."""
        for event in events:
            self.handle(event)
        self.update()
        self.render()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.close()
        elif event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll + event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if event.button == 1:
                self._press(event.pos)
            elif event.button == 3:
                self.selected, self.dragging, self.chooser = None, False, None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            self._release(event.pos)

    def _key(self, event: pygame.event.Event) -> None:
        if self.prompt is not None:
            self.prompt.key(event)
            if self.prompt.done:
                prompt, self.prompt = self.prompt, None
                if prompt.accepted:
                    (self.save if prompt.action == "save" else self.load)(prompt.text.strip())
            return
        if self.chooser is not None:
            if event.key == pygame.K_ESCAPE:
                self.chooser = None
                self.say("move cancelled")
            elif pygame.K_1 <= event.key <= pygame.K_9:
                index = event.key - pygame.K_1
                if index < len(self.chooser):
                    self.play(self.chooser[index])
            return
        if event.key == pygame.K_ESCAPE:
            self.selected, self.dragging, self.show_help = None, False, False
        elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.action("undo")
        elif event.key in KEYS:
            self.action(KEYS[event.key])

    def action(self, name: str) -> None:
        """Run a button's action by name (buttons, keys and tests all come here)."""
        if name == "new":
            self.new_game()
        elif name == "undo":
            self.undo()
        elif name == "redo":
            self.redo_move()
        elif name == "rotate":
            self.rotation = (self.rotation + self.rotate_step) % 360
        elif name == "flip":
            self.rotation = (self.rotation + 180) % 360
        elif name == "move_now":
            if self._thinking is not None:
                self.engine.move_now()
                self.say("engine: move now")
            else:
                self.say("no engine is thinking")
        elif name == "save":
            self.prompt = Prompt("save", "Save record as:", self.default_record_name())
        elif name == "load":
            self.prompt = Prompt("load", "Load record from:", self.last_saved or "")
        elif name == "weights":
            self.cycle_overlay()
        elif name == "pause":
            if self.held:
                self.paused = False
                self.redo.clear()
                self.say("engines resume")
            else:
                self._cancel_engine()
                self.paused = True
                self.say("paused: engines and random movers wait (Space resumes)")
        elif name == "pass":
            if self.human_to_move() and self.position.passes:
                self.play(self.position.passes[0])
            else:
                self.say("no pass to play")
        elif name == "time":
            later = [t for t in TIME_CHOICES if t > self.time_per_move + 1e-9]
            self.time_per_move = later[0] if later else TIME_CHOICES[0]
            self.say(f"engine time: {self.time_per_move:g} s a move")
        elif name == "names":
            self.show_names = not self.show_names
        elif name == "help":
            self.show_help = not self.show_help
        elif name == "follow":
            self.follow = not self.follow
            state = "on: the board turns to each person as they move" if self.follow else "off"
            self.say(f"auto-rotate {state}")
        elif name == "screenshot":
            path = self.screenshot(f"gamecore-{_dt.datetime.now():%Y%m%d-%H%M%S}.png")
            self.say(f"wrote {path}")

    def _press(self, pos: tuple[int, int]) -> None:
        self._layout_ui()
        if self.show_help:
            self.show_help = False
            return
        if self.chooser is not None:
            for rect, move in self._chooser_rects:
                if rect.collidepoint(pos):
                    self.play(move)
                    return
            self.chooser = None
            self.say("move cancelled")
            return
        for button in self._buttons.values():
            if button.rect.collidepoint(pos):
                if button.enabled:
                    self.action(button.name)
                return
        for seat, rect in enumerate(self._seat_rects):
            if rect.collidepoint(pos):
                self.toggle_seat(seat)
                return
        cell = self.layout.cell_at(pos)
        if cell is not None:
            self.click_cell(cell)

    def click_cell(self, cell: int) -> None:
        """A click on the board: select a piece, move the selected one, or do nothing harmful."""
        if not self.human_to_move():
            if self.position.terminal:
                self.say(self.result_text())
            else:
                who = self.seat_name(self.state.player)
                self.say(f"{who} ({self.seat_to_move.kind}) is to move, not you")
            return
        if self.selected is not None and cell in self.targets(self.selected):
            self.try_move(self.selected, cell)
            return
        if cell in self.position.by_from:
            self.selected = cell
            self.dragging = True
            return
        if cell in self.position.drops:
            self.try_move(-1, cell)
            return
        self.selected, self.dragging = None, False
        mover = self.state.player
        if any(p.cell == cell and p.player == mover for p in self.game.pieces(self.state.arrays)):
            name = self.geometry.cell(cell).name or f"cell {cell}"
            self.say(f"the piece on {name} has no legal move now")

    def _release(self, pos: tuple[int, int]) -> None:
        if not self.dragging:
            return
        self.dragging = False
        cell = self.layout.cell_at(pos)
        if self.selected is None or cell is None or cell == self.selected:
            return
        if cell in self.targets(self.selected):
            self.try_move(self.selected, cell)

    def close(self) -> None:
        self.engine.cancel()
        self._thinking = None
        self.running = False

    # -- drawing --------------------------------------------------------------------------------

    def _layout_ui(self) -> None:
        """Place the panel's seat rows and buttons for the current window size."""
        w = self.surface.get_width()
        x0 = w - self.panel_width + 12
        inner = self.panel_width - 24
        y = 46
        self._seat_rects = []
        for _ in self.seats:
            self._seat_rects.append(pygame.Rect(x0, y, inner, 24))
            y += 27
        self._seat_hint_y = y
        y += 24
        columns = 3
        bw = (inner - (columns - 1) * 6) // columns
        bh = 30
        held = self.held
        enabled = {
            "undo": bool(self.state.history),
            "redo": bool(self.redo),
            "move_now": self._thinking is not None,
            "pass": self.human_to_move() and bool(self.position.passes),
        }
        self._buttons = {}
        for i, (name, label, key) in enumerate(BUTTONS):
            rect = pygame.Rect(x0 + (i % columns) * (bw + 6), y + (i // columns) * (bh + 6), bw, bh)
            if name == "pause":
                label = "Resume" if held else "Pause"
            elif name == "time":
                label = f"{self.time_per_move:g} s/move"
            elif name == "weights" and self.overlay:
                label = f"Weights: {self.overlay}"
            elif name == "follow" and self.follow:
                label = "Auto-rotate: on"
            self._buttons[name] = Button(name, label, rect, enabled.get(name, True), key)
        self._panel_bottom = y + ((len(BUTTONS) + columns - 1) // columns) * (bh + 6)

    def render(self) -> None:
        """Draw the whole window into :attr:`surface`."""
        surface = self.surface
        surface.fill(BACKGROUND)
        self._layout_ui()
        self._draw_board(surface)
        self._draw_panel(surface)
        self._draw_status(surface)
        if self.chooser is not None:
            self._draw_chooser(surface)
        if self.show_help:
            self._draw_help(surface)

    def _draw_board(self, surface: pygame.Surface) -> None:
        layout = self.layout
        colors = self._overlay_colors
        for cell in self.geometry.cells:
            polygon = layout.screen_polygon(cell.index)
            fill = colors[cell.index] if colors is not None else cell.color
            pygame.draw.polygon(surface, fill, polygon)
        for cell in self.geometry.cells:
            pygame.draw.aalines(surface, OUTLINE, True, layout.screen_polygon(cell.index))
        tint = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        last = self.last_move_cells() if colors is None else None  # keep heat colours true
        if last is not None:
            for cell in last:
                if cell >= 0:
                    pygame.draw.polygon(tint, LAST_MOVE, layout.screen_polygon(cell))
        if self.selected is not None:
            pygame.draw.polygon(tint, SELECTED, layout.screen_polygon(self.selected))
        surface.blit(tint, (0, 0))
        if colors is not None:
            self._draw_overlay_values(surface)
        occupied = set()
        dragged = None
        for piece in self.game.pieces(self.state.arrays):
            occupied.add(piece.cell)
            if self.dragging and piece.cell == self.selected and self.mouse_moved_off():
                dragged = piece
                continue
            self._draw_piece_on(surface, piece.cell, piece.glyph, piece.player)
        if self.show_names:
            self._draw_names(surface)
        self._draw_targets(surface, occupied)
        if dragged is not None:
            radius = layout.cell_radius(dragged.cell) * PIECE_SCALE
            color = self._player_color(dragged.player)
            draw_piece(surface, self.mouse, radius, dragged.glyph, color)
        if self.position.terminal:
            self._draw_banner(surface, self.result_text())

    def _draw_names(self, surface: pygame.Surface) -> None:
        """Each cell's notation name, small, in the cell's upper left (clear of the piece)."""
        layout = self.layout
        colors = self._overlay_colors
        for cell in self.geometry.cells:
            if not cell.name:
                continue
            radius = layout.cell_radius(cell.index)
            x, y = layout.cell_center(cell.index)
            fill = colors[cell.index] if colors is not None else cell.color
            size = max(10, min(20, round(radius * 0.42)))
            image = font(size).render(cell.name, True, contrast(fill))
            corner = (round(x - radius * 0.92), round(y - radius * 0.92))
            surface.blit(image, corner)

    def mouse_moved_off(self) -> bool:
        return self.selected is not None and self.layout.cell_at(self.mouse) != self.selected

    def _player_color(self, player: int) -> tuple[int, int, int]:
        colors = self.geometry.player_colors
        return colors[player] if 0 <= player < len(colors) else (128, 128, 128)

    def _draw_piece_on(self, surface: pygame.Surface, cell: int, glyph: str, player: int) -> None:
        layout = self.layout
        radius = layout.cell_radius(cell) * PIECE_SCALE
        draw_piece(surface, layout.cell_center(cell), radius, glyph, self._player_color(player))

    def _draw_targets(self, surface: pygame.Surface, occupied: set[int]) -> None:
        if not self.human_to_move() or self.chooser is not None:
            return
        layout = self.layout
        if self.selected is not None:
            targets = self.targets(self.selected)
        elif self.position.drops:
            targets = self.position.drops
        else:
            return
        for cell, moves in targets.items():
            tags: frozenset[str] = frozenset().union(*(self.position.tags[m] for m in moves))
            radius = layout.cell_radius(cell) * PIECE_SCALE
            draw_marker(surface, layout.cell_center(cell), radius, tags, cell in occupied)

    def _draw_overlay_values(self, surface: pygame.Surface) -> None:
        """The weight written in each cell, when cells are big enough to read it."""
        layout = self.layout
        values = self._overlay_values
        if values is None:
            return
        for cell in self.geometry.cells:
            value = values[cell.index]
            radius = layout.cell_radius(cell.index)
            if not np.isfinite(value) or radius < 16:
                continue
            x, y = layout.cell_center(cell.index)
            ink = contrast(self._overlay_colors[cell.index]) if self._overlay_colors else TEXT
            image = font(max(10, round(radius * 0.5))).render(f"{value:.3g}", True, ink)
            surface.blit(image, image.get_rect(center=(x, y + round(radius * 0.62))))

    def _draw_help(self, surface: pygame.Surface) -> None:
        """The mouse and keys, over the board (H or F1 shows and hides it)."""
        intro = [
            "Click a piece, then a marked cell (or drag the piece there).",
            "Esc or right click: drop the selection.  Click a seat: change its player.",
        ]
        keys = [(key, label) for _, label, key in BUTTONS if key]
        keys += [
            ("Ctrl+Z", "Undo (also Backspace, Left)"),
            ("Right", "Redo"),
            ("F12", "Screenshot"),
            ("H, F1", "This help"),
        ]
        x, y, w, h = self.board_rect
        f = font(19)
        width = max(f.size(line)[0] for line in intro) + 40
        rows = len(intro) + 1 + len(keys)
        box = pygame.Rect(0, 0, min(width, w - 10), min(rows * 22 + 30, h - 10))
        box.center = (x + w // 2, y + h // 2)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((20, 22, 26, 240))
        surface.blit(shade, box.topleft)
        pygame.draw.rect(surface, ACCENT, box, 2, border_radius=6)
        top = box.y + 15
        for i, line in enumerate(intro):
            draw_text(surface, line, (box.x + 20, top + 22 * i), 19, TEXT, box.width - 30)
        top += 22 * (len(intro) + 1)
        for i, (key, label) in enumerate(keys):
            draw_text(surface, key, (box.x + 30, top + 22 * i), 19, ACCENT)
            draw_text(surface, label, (box.x + 110, top + 22 * i), 19, TEXT, box.width - 120)

    def _draw_banner(self, surface: pygame.Surface, text: str) -> None:
        x, y, w, h = self.board_rect
        size = max(16, min(30, w // 30))
        image = font(size).render(text, True, (255, 255, 255))
        if image.get_width() > w - 20:
            image = font(max(12, size * (w - 20) // image.get_width())).render(text, True, TEXT)
        band = pygame.Surface((w, image.get_height() + 24), pygame.SRCALPHA)
        band.fill((0, 0, 0, 170))
        top = y + h // 2 - band.get_height() // 2
        surface.blit(band, (x, top))
        surface.blit(image, image.get_rect(center=(x + w // 2, top + band.get_height() // 2)))

    def _draw_chooser(self, surface: pygame.Surface) -> None:
        assert self.chooser is not None
        labels = self.choice_labels()
        pieces = all(len(label) == 1 for label in labels)
        size = 64 if pieces else 40
        f = font(20)
        widths = [size if pieces else max(size, f.size(t)[0] + 20) for t in labels]
        total = sum(widths) + 12 * (len(widths) - 1) + 32
        x, y, w, h = self.board_rect
        box = pygame.Rect(0, 0, min(total, w - 10), size + 62)
        box.center = (x + w // 2, y + h // 2)
        pygame.draw.rect(surface, (30, 32, 38), box, border_radius=8)
        pygame.draw.rect(surface, ACCENT, box, 2, border_radius=8)
        draw_text(surface, "Choose:", (box.x + 14, box.y + 8), 20, ACCENT)
        self._chooser_rects = []
        cx = box.x + 16
        color = self._player_color(self.state.player)
        for number, (label, width, move) in enumerate(
            zip(labels, widths, self.chooser, strict=True), 1
        ):
            rect = pygame.Rect(cx, box.y + 34, width, size)
            self._chooser_rects.append((rect, move))
            if pieces:
                draw_piece(surface, rect.center, size * 0.45, label, color)
            else:
                pygame.draw.rect(surface, (78, 84, 98), rect, border_radius=5)
                image = f.render(label, True, TEXT)
                surface.blit(image, image.get_rect(center=rect.center))
            draw_text(surface, str(number), (rect.right - 10, rect.bottom - 4), 14, DIM)
            cx += width + 12

    def _draw_panel(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        x = w - self.panel_width
        pygame.draw.rect(surface, PANEL, (x, 0, self.panel_width, h))
        inner = self.panel_width - 24
        title = self.game.name
        if self.game.num_players > 2:
            title += f"  ({self.game.num_players} players)"
        draw_text(surface, title, (x + 12, 12), 26, ACCENT, inner)
        teams = self.game.num_players > 2
        for seat, rect in enumerate(self._seat_rects):
            to_move = seat == self.state.player and not self.position.terminal
            if to_move:
                pygame.draw.rect(surface, (70, 76, 60), rect, border_radius=4)
            if rect.collidepoint(self.mouse):
                pygame.draw.rect(surface, (110, 116, 130), rect, 1, border_radius=4)
            cy = rect.centery
            if to_move:
                arrow = [(rect.x + 3, cy - 6), (rect.x + 12, cy), (rect.x + 3, cy + 6)]
                pygame.draw.polygon(surface, ACCENT, arrow)
            pygame.draw.circle(surface, self._player_color(seat), (rect.x + 24, cy), 8)
            pygame.draw.circle(surface, (0, 0, 0), (rect.x + 24, cy), 8, 1)
            name = self.seat_name(seat)
            if teams:
                name += f"  team {self.game.team_of(seat) + 1}"
            draw_text(surface, name, (rect.x + 38, cy - 9), 19, TEXT, inner // 2 - 10)
            kind = self.seats[seat].label
            if self.seats[seat].kind == "engine" and to_move and self._thinking is not None:
                kind += " (thinking)"
            draw_text(surface, kind, (rect.x + inner // 2 + 34, cy - 9), 19, DIM, inner // 2 - 36)
        hint = "click a seat to change who plays it;  H: help"
        draw_text(surface, hint, (x + 14, self._seat_hint_y + 1), 15, DIM, inner)
        for button in self._buttons.values():
            button.draw(surface, self.mouse)
        y = self._panel_bottom + 4
        y = self._draw_legend(surface, x + 12, y)
        self._draw_moves(surface, pygame.Rect(x + 12, y + 6, inner, h - y - 14))

    def _draw_legend(self, surface: pygame.Surface, x: int, y: int) -> int:
        """The target markers and what they mean (wrapping in a narrow panel)."""
        entries = [
            ("move", frozenset(), False),
            ("capture", frozenset({"capture"}), True),
            ("promote", frozenset({"promotion"}), False),
            ("teleport", frozenset({"teleport"}), False),
        ]
        right = x + self.panel_width - 24
        cx = x
        for label, tags, occupied in entries:
            width = 22 + font(15).size(label)[0] + 8
            if cx + width > right and cx > x:
                cx, y = x, y + 24
            pygame.draw.circle(surface, (200, 200, 200), (cx + 9, y + 10), 10)
            draw_marker(surface, (cx + 9, y + 10), 8, tags, occupied)
            draw_text(surface, label, (cx + 22, y + 3), 15, DIM)
            cx += width
        return y + 24

    def _draw_moves(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The move list: numbered pairs for two players, one coloured line per ply otherwise."""
        pygame.draw.rect(surface, (40, 42, 49), rect, border_radius=4)
        texts = self.move_texts()
        n = self.game.num_players
        first = self._first_mover
        lines: list[tuple[list[str], int]] = []
        if n == 2:
            padded = ["…"] * (first % 2) + texts
            for i in range(0, len(padded), 2):
                lines.append(([f"{i // 2 + 1}.", *padded[i : i + 2]], -1))
        else:
            for i, text in enumerate(texts):
                lines.append(([f"{i + 1}.", text], (first + i) % n))
        if self.redo:
            lines.append(([f"({len(self.redo)} to redo)"], -2))
        row = 20
        visible = max(1, (rect.height - 8) // row)
        self.scroll = min(self.scroll, max(0, len(lines) - visible))
        end = len(lines) - self.scroll
        shown = lines[max(0, end - visible) : end]
        number_width = 40
        column = (rect.width - number_width - 12) // 2
        for i, (columns, seat) in enumerate(shown):
            y = rect.y + 5 + i * row
            x = rect.x + 6
            color = DIM if seat == -2 else TEXT
            if seat >= 0:
                pygame.draw.circle(surface, self._player_color(seat), (x + 5, y + 8), 5)
                pygame.draw.circle(surface, (0, 0, 0), (x + 5, y + 8), 5, 1)
                x += 14
            if seat == -2:
                draw_text(surface, columns[0], (x + number_width, y), 17, color)
                continue
            draw_text(surface, columns[0], (x, y), 17, DIM)
            for j, text in enumerate(columns[1:]):
                width = column if n == 2 else rect.width - number_width - 26
                draw_text(surface, text, (x + number_width + j * column, y), 18, color, width)
        if not lines:
            draw_text(surface, "no moves yet", (rect.x + 6, rect.y + 4), 17, DIM)

    def _draw_status(self, surface: pygame.Surface) -> None:
        x, y, w, h = self.board_rect
        top = y + h
        pygame.draw.rect(surface, (28, 30, 35), (x, top, w, STATUS_HEIGHT))
        if self.prompt is not None:
            self.prompt.draw(surface, pygame.Rect(x + 4, top + 4, w - 8, STATUS_HEIGHT - 8))
            return
        status = self.status
        hover = self.layout.cell_at(self.mouse) if self.mouse[0] < w else None
        if hover is not None and self.geometry.cell(hover).name:
            extra = f"[{self.geometry.cell(hover).name}]"
            values = self._overlay_values
            if self.overlay is not None and values is not None and np.isfinite(values[hover]):
                extra += f" {self.overlay} weight {values[hover]:+.3g}"
            status = f"{extra}  {status}"
        if self._thinking is not None:
            status = f"[{time.monotonic() - self._thinking_since:.1f} s] {status}"
        draw_text(surface, status, (x + 10, top + 7), 19, TEXT, w - 20)
        color = ERROR if self.message_is_error else ACCENT
        draw_text(surface, self.message, (x + 10, top + 32), 19, color, w - 20)


def run(
    app: App, fps: int = 30, max_frames: int | None = None, screenshot: str | None = None
) -> None:
    """The real window's loop: pygame's events into :meth:`App.step`, one frame each tick.

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
    """Start pygame's display and fonts (not audio: a window needs no sound device)."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_caption(title)


__all__ = ["App", "open_window", "run"]
