"""The window watching a training run: what a frame shows, how it is drawn, and its loop.

``gamecore gui GAME --watch RUN.npz`` (and ``gamecore train ... --watch``,
which starts it in a process of its own) shows, from the files of
:class:`~gui.watch.RunWatch`: the game being played on the board, coloured
with the piece-square heat map of the last checkpoint's weights; the learning
curve against the yardsticks; the update error per game; the moves of the
game. As in the playing window, :func:`build_watch_view` decides what a frame
shows as a frozen :class:`WatchView` and :func:`draw_watch` draws it and
keeps nothing; :class:`WatchApp` is the controller.
"""

from __future__ import annotations

import datetime as _dt
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pygame

from gamecore.game import Game
from gamecore.geometry import RGB
from gamecore.heatmap import cell_colors, cell_values
from gamecore.kernel_api import ONGOING
from gui.art import PieceArt
from gui.layout import STATUS_HEIGHT, BoardLayout, home_rotations
from gui.render import draw_board
from gui.view import LAST_MOVE, View
from gui.watch import RunWatch
from gui.widgets import ACCENT, BACKGROUND, DIM, ERROR, PANEL, TEXT, draw_text

FPS = 10
REDRAW_SECONDS = 1.0
"""A frame at least this often even when nothing changed (the run's quiet time counts up)."""
CURVE_COLORS: tuple[RGB, ...] = (
    (110, 180, 255),
    (250, 200, 70),
    (130, 220, 130),
    (240, 120, 200),
    (200, 160, 255),
    (255, 140, 90),
)
ERROR_COLOR: RGB = (255, 150, 120)
MAX_CHART_POINTS = 400
CHART_BACK = (40, 42, 49)
GRID = (75, 78, 88)


def panel_width(size: tuple[int, int]) -> int:
    """The watching window's panel: wider than the playing window's, for the charts."""
    return int(min(560, max(300, size[0] * 0.4)))


def board_rect(size: tuple[int, int]) -> tuple[int, int, int, int]:
    w, h = size
    return (0, 0, w - panel_width(size), h - STATUS_HEIGHT)


@dataclass
class WatchUi:
    """What the person set about the watching window."""

    rotation: float = 0.0
    heat: int = 0
    """Which piece's heat map colours the board: an index into the game's pieces with square
    weights; one past the last: none (the board's own colours)."""
    mouse: tuple[int, int] = (0, 0)
    message: str = ""


@dataclass(frozen=True)
class Chart:
    title: str
    series: tuple[tuple[str, RGB, tuple[tuple[float, float], ...]], ...]
    """Per line: its label, its colour and its points (x, y) in the chart's units."""
    x_range: tuple[float, float]
    y_range: tuple[float, float]
    y_labels: tuple[str, str]
    """The texts of the bottom and the top of the y range."""
    empty: str = ""
    """What the chart says when it has nothing to draw."""


@dataclass(frozen=True)
class WatchView:
    """Everything one frame of the watching window draws."""

    size: tuple[int, int]
    board: View
    title: str
    lines: tuple[tuple[str, RGB], ...]
    curve: Chart
    error: Chart
    moves: tuple[str, ...]
    panel: tuple[int, int, int, int] = field(default=(0, 0, 0, 0))


def build_watch_view(
    watch: RunWatch, ui: WatchUi, layout: BoardLayout, size: tuple[int, int], art: PieceArt | None
) -> WatchView:
    """The frame for the run as its files last said."""
    game = watch.game
    geometry = game.geometry()
    glyphs = list(game.piece_square_map())
    glyph = glyphs[ui.heat] if ui.heat < len(glyphs) else None
    fills = [c.color for c in geometry.cells]
    heat_text = ""
    if not glyphs:
        heat_text = "no piece-square weights to colour the board with"
    elif glyph is None:
        heat_text = "board colours (W: heat maps)"
    elif watch.theta is None:
        heat_text = "heat map: waiting for the first checkpoint"
    else:
        fills = cell_colors(cell_values(game, watch.theta, glyph))
        heat_text = f"heat map of {glyph}'s square weights (W: next)"
    state = watch.state
    last = game.move_cells(_before_last(watch), state.history[-1]) if state.history else None
    tints = tuple((c, LAST_MOVE) for c in (last or ()) if c >= 0) if glyph is None else ()
    live = watch.live
    banner = None
    if watch.ended == "finished":
        banner = f"the run has finished: {_games_done(watch)} games"
    elif watch.ended == "stopped":
        banner = f"the run was stopped after {_games_done(watch)} games"
    status = _status(watch, len(state.history))
    message, is_error = ui.message, False
    if not message and watch.problems:
        message, is_error = next(iter(watch.problems.values())), True
    board = View(
        size=size,
        layout=layout,
        fills=tuple(fills),
        names=tuple(c.name for c in geometry.cells),
        values=None,
        tints=tints,
        pieces=tuple(game.pieces(state.arrays)),
        dragged=None,
        mouse=ui.mouse,
        targets=(),
        show_names=False,
        player_colors=tuple(geometry.player_colors),
        art=art,
        banner=banner,
        choices=None,
        mover=state.player,
        help=None,
        title=game.name,
        seats=(),
        buttons=(),
        moves=(),
        two_columns=game.num_players == 2,
        scroll=0,
        status=status,
        message=message,
        message_is_error=is_error,
        prompt=None,
    )
    lines: list[tuple[str, RGB]] = [(watch.run.name, DIM)]
    if live is not None:
        lines.append((f"game {live.number} of {live.games}", TEXT))
    if watch.checkpoint_games is not None:
        lines.append((f"weights: checkpoint after {watch.checkpoint_games} games", TEXT))
    lines.append((heat_text, DIM))
    for problem in watch.problems.values():
        lines.append((problem, ERROR))
    quiet = watch.quiet_seconds()
    if quiet is not None:
        lines.append((f"nothing published for {quiet:.0f} s: is the run still going?", ACCENT))
    w, h = size
    width = panel_width(size)
    return WatchView(
        size=size,
        board=board,
        title=f"Training {game.name}",
        lines=tuple(lines),
        curve=_curve_chart(watch),
        error=_error_chart(watch),
        moves=tuple(watch.move_texts),
        panel=(w - width, 0, width, h),
    )


def _before_last(watch: RunWatch) -> tuple:
    state = watch.state.copy()
    state.pop()
    return state.arrays


def _games_done(watch: RunWatch) -> int:
    live = watch.live
    if live is not None and live.games_done is not None:
        return live.games_done
    return watch.checkpoint_games or 0


def _status(watch: RunWatch, plies: int) -> str:
    live = watch.live
    if live is None:
        return "waiting for the run's first game"
    if watch.ended:
        return f"the last game published: game {live.number}, {plies} plies"
    if live.over or watch.state.status() != ONGOING:
        end = live.end or watch.game.describe_result(watch.state)
        return f"game {live.number}: {end} ({plies} plies)"
    return f"game {live.number} of {live.games}: ply {plies}"


def _curve_chart(watch: RunWatch) -> Chart:
    """The learning curve: each yardstick's score against the games trained."""
    series = tuple(
        (curve.opponent, CURVE_COLORS[i % len(CURVE_COLORS)], tuple(map(_float2, curve.points)))
        for i, curve in enumerate(watch.curves)
    )
    last = max((p[0] for s in series for p in s[2]), default=0.0)
    return Chart(
        "score against the yardsticks",
        series,
        (0.0, max(1.0, last)),
        (0.0, 1.0),
        ("0", "1"),
        "" if series else "no measurements (train with --eval-every N for a learning curve)",
    )


def _error_chart(watch: RunWatch) -> Chart:
    """The update error per game (mean absolute search error), with its moving average."""
    if not watch.errors:
        return Chart("update error per game", (), (0, 1), (0, 1), ("", ""), "no games logged yet")
    games = np.array([g for g, _ in watch.errors], dtype=np.float64)
    errors = np.array([e for _, e in watch.errors], dtype=np.float64)
    finite = np.isfinite(errors)
    games, errors = games[finite], errors[finite]
    if not errors.size:
        return Chart("update error per game", (), (0, 1), (0, 1), ("", ""), "no finite errors")
    window = max(1, errors.size // 20)
    average = np.convolve(errors, np.ones(window) / window, mode="valid")
    top = float(errors.max()) or 1.0
    raw = _thin(games, errors)
    smooth = _thin(games[window - 1 :], average)
    series = (("per game", (120, 120, 130), raw), (f"mean of {window}", ERROR_COLOR, smooth))
    return Chart(
        f"update error per game (mean |target - eval| of its searches; last {errors[-1]:.3g})",
        series if window > 1 else (("", ERROR_COLOR, raw),),
        (float(games[0]), max(float(games[-1]), float(games[0]) + 1)),
        (0.0, top),
        ("0", f"{top:.3g}"),
    )


def _thin(xs: np.ndarray, ys: np.ndarray) -> tuple[tuple[float, float], ...]:
    step = max(1, math.ceil(xs.size / MAX_CHART_POINTS))
    return tuple(zip(xs[::step].tolist(), ys[::step].tolist(), strict=True))


def _float2(point: tuple[int, float]) -> tuple[float, float]:
    return float(point[0]), float(point[1])


# -- drawing --------------------------------------------------------------------------------------


def draw_watch(surface: pygame.Surface, view: WatchView) -> None:
    """Draw ``view`` into ``surface``."""
    surface.fill(BACKGROUND)
    draw_board(surface, view.board)
    x, _, width, h = view.panel
    inner = width - 24
    pygame.draw.rect(surface, PANEL, view.panel)
    draw_text(surface, view.title, (x + 12, 12), 26, ACCENT, inner)
    y = 44
    for text, color in view.lines:
        draw_text(surface, text, (x + 12, y), 17, color, inner)
        y += 20
    room = h - y - 8
    curve_height = max(90, min(230, room * 2 // 5))
    error_height = max(80, min(170, room * 3 // 10))
    rect = pygame.Rect(x + 12, y + 6, inner, curve_height)
    _chart(surface, view.curve, rect)
    rect = pygame.Rect(x + 12, rect.bottom + 8, inner, error_height)
    _chart(surface, view.error, rect)
    _moves(
        surface,
        view.moves,
        view.board.two_columns,
        pygame.Rect(x + 12, rect.bottom + 8, inner, h - rect.bottom - 14),
    )


def _chart(surface: pygame.Surface, chart: Chart, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, CHART_BACK, rect, border_radius=4)
    draw_text(surface, chart.title, (rect.x + 6, rect.y + 3), 15, DIM, rect.width - 12)
    plot = pygame.Rect(rect.x + 46, rect.y + 22, rect.width - 56, rect.height - 42)
    if not chart.series or plot.width < 10 or plot.height < 10:
        draw_text(surface, chart.empty, (rect.x + 8, rect.y + 26), 15, TEXT, rect.width - 16)
        return
    pygame.draw.rect(surface, GRID, plot, 1)
    pygame.draw.line(surface, GRID, (plot.x, plot.centery), (plot.right, plot.centery))
    low, high = chart.y_labels
    draw_text(surface, high, (rect.x + 4, plot.y - 4), 13, DIM, 40)
    draw_text(surface, low, (rect.x + 4, plot.bottom - 8), 13, DIM, 40)
    (x0, x1), (y0, y1) = chart.x_range, chart.y_range
    draw_text(surface, f"{x0:g}", (plot.x, plot.bottom + 3), 13, DIM)
    label = f"{x1:g} games"
    draw_text(surface, label, (plot.right - len(label) * 6, plot.bottom + 3), 13, DIM)

    def point(p: tuple[float, float]) -> tuple[float, float]:
        fx = (p[0] - x0) / (x1 - x0) if x1 > x0 else 0.5
        fy = (p[1] - y0) / (y1 - y0) if y1 > y0 else 0.5
        return plot.x + fx * plot.width, plot.bottom - max(0.0, min(1.0, fy)) * plot.height

    legend_x = plot.x + 6
    for label, color, points in chart.series:
        xy = [point(p) for p in points]
        if len(xy) > 1:
            pygame.draw.aalines(surface, color, False, xy)
        if len(xy) <= 40:
            for px, py in xy:
                pygame.draw.circle(surface, color, (round(px), round(py)), 3)
        if len(chart.series) > 1 or label:
            legend_x += draw_text(surface, label, (legend_x, plot.y + 3), 14, color) + 12


def _moves(surface: pygame.Surface, moves: tuple[str, ...], pairs: bool, rect: pygame.Rect) -> None:
    """The live game's moves, as many of the last ones as fit."""
    if rect.height < 30 or not moves:
        return
    draw_text(surface, "moves of the game shown", (rect.x, rect.y), 15, DIM, rect.width)
    rows = (rect.height - 20) // 18
    if pairs:
        words = [f"{i // 2 + 1}. {' '.join(moves[i : i + 2])}" for i in range(0, len(moves), 2)]
    else:
        words = [f"{i + 1}. {m}" for i, m in enumerate(moves)]
    lines: list[str] = []
    line = ""
    for word in words:
        if line and (len(line) + len(word) + 2) * 8 > rect.width:
            lines.append(line)
            line = word
        else:
            line = f"{line}  {word}" if line else word
    if line:
        lines.append(line)
    for i, text in enumerate(lines[-rows:] if rows > 0 else []):
        draw_text(surface, text, (rect.x, rect.y + 20 + i * 18), 16, TEXT, rect.width)


# -- the controller -------------------------------------------------------------------------------


class WatchApp:
    """The watching window: polls the run's files, redraws when they change."""

    def __init__(
        self,
        game: Game,
        run: str | Path,
        name: str,
        options: dict | None = None,
        *,
        size: tuple[int, int] = (1180, 800),
        window: bool = False,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.game = game
        self.watch = RunWatch(game, run, name, options, now=now)
        self.ui = WatchUi()
        self.window = window
        self.art = PieceArt(game.piece_svg)
        self.running = True
        self.homes = home_rotations(game)
        self.ui.rotation = self.homes.get(0, 0.0)
        self.surface = self._make_surface(size)
        self._layout: BoardLayout | None = None
        self.watch.poll(force=True)
        self.drawn_at: float | None = None
        self.render()

    def _make_surface(self, size: tuple[int, int]) -> pygame.Surface:
        size = (max(560, int(size[0])), max(400, int(size[1])))
        if self.window:
            return pygame.display.set_mode(size, pygame.RESIZABLE)
        return pygame.Surface(size)

    @property
    def layout(self) -> BoardLayout:
        rect = board_rect(self.surface.get_size())
        layout = self._layout
        if layout is None or (layout.rect, layout.rotation) != (rect, self.ui.rotation):
            layout = BoardLayout(self.game.geometry(), rect, self.ui.rotation)
            self._layout = layout
        return layout

    def view(self) -> WatchView:
        return build_watch_view(self.watch, self.ui, self.layout, self.surface.get_size(), self.art)

    def render(self) -> None:
        draw_watch(self.surface, self.view())
        self.drawn_at = self.watch.now()

    def step(self, events: list[pygame.event.Event]) -> bool:
        """Handle ``events``, read what changed; draw a frame if anything did. True if drawn."""
        dirty = False
        for event in events:
            dirty |= self.handle(event)
        dirty |= self.watch.poll()
        stale = self.drawn_at is None or self.watch.now() - self.drawn_at >= REDRAW_SECONDS
        if dirty or stale:
            self.render()
        return dirty or stale

    def handle(self, event: pygame.event.Event) -> bool:
        """One event; True if the frame changes."""
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            self.surface = self._make_surface(event.size)
        elif event.type == pygame.MOUSEMOTION:
            self.ui.mouse = event.pos
            return False
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.layout.cell_at(event.pos) is not None:
                self.next_heat()
        elif event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_w:
                self.next_heat()
            elif key == pygame.K_r or key == pygame.K_f:
                self.ui.rotation = (self.ui.rotation + 180.0) % 360
            elif key == pygame.K_F12:
                path = self.screenshot(f"gamecore-{_dt.datetime.now():%Y%m%d-%H%M%S}.png")
                self.ui.message = f"wrote {path}"
            elif key in (pygame.K_ESCAPE, pygame.K_q):
                self.running = False
        return True

    def next_heat(self) -> None:
        """The next piece's heat map, then the board's own colours, then the first again."""
        count = len(self.game.piece_square_map())
        self.ui.heat = (self.ui.heat + 1) % (count + 1) if count else 0

    def screenshot(self, path: str | Path) -> Path:
        self.render()
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.surface, str(path))
        return path


def run_watch(app: WatchApp, max_frames: int | None = None, screenshot: str | None = None) -> None:
    """The real window's loop: a few frames a second, drawn only when something changed."""
    clock = pygame.time.Clock()
    frames = 0
    try:
        while app.running:
            if app.step(pygame.event.get()):
                pygame.display.flip()
            clock.tick(FPS)
            frames += 1
            if max_frames is not None and frames >= max_frames:
                break
        if screenshot:
            app.screenshot(screenshot)
    finally:
        pygame.quit()


__all__ = ["WatchApp", "WatchView", "build_watch_view", "draw_watch", "run_watch"]
