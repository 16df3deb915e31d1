"""The renderer: ``draw_frame(surface, view)`` draws one frame and returns its click areas.

It reads nothing but the :class:`~gui.view.View` and keeps nothing between
frames. What a click can hit — the buttons, the seat rows, the chooser's
options, the board's cells — comes back as a :class:`HitMap` of the areas
this very frame drew, so the controller never looks for them elsewhere and a
click always means what the person saw under the mouse.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from gui.layout import STATUS_HEIGHT, BoardLayout, panel_width
from gui.pieces import PIECE_SCALE, contrast, draw_marker, draw_piece, font
from gui.view import View
from gui.widgets import (
    ACCENT,
    BACKGROUND,
    DIM,
    ERROR,
    PANEL,
    TEXT,
    draw_button,
    draw_prompt,
    draw_text,
)

OUTLINE = (25, 25, 25)
SEAT_ROW = 27
BUTTON_COLUMNS = 3
BUTTON_HEIGHT = 30
MOVE_ROW = 20
GRAPH_HEIGHT = 76
GRAPH_PAD = 6
CLOCK_WIDTH = 58
ANALYSIS_ROW = 19
LEGEND = (
    ("move", frozenset(), False),
    ("capture", frozenset({"capture"}), True),
    ("promote", frozenset({"promotion"}), False),
    ("teleport", frozenset({"teleport"}), False),
)


@dataclass(frozen=True)
class HitMap:
    """The click areas of one drawn frame."""

    layout: BoardLayout
    """Where the board's cells were drawn (a cell is hit by a point-in-polygon test)."""
    buttons: tuple[tuple[pygame.Rect, str, bool], ...] = ()
    """``(area, action, enabled)`` per panel button."""
    seats: tuple[pygame.Rect, ...] = ()
    choices: tuple[pygame.Rect, ...] = ()
    """The chooser's options, in the order of the session's chooser moves."""
    max_scroll: int = 0
    """How far back the move list can scroll."""
    graph: tuple[pygame.Rect, int] | None = None
    """The evaluation graph's area and how many positions it spans."""

    def button_at(self, pos: tuple[int, int]) -> tuple[str, bool] | None:
        """``(action, enabled)`` of the button under ``pos``."""
        for rect, action, enabled in self.buttons:
            if rect.collidepoint(pos):
                return action, enabled
        return None

    def button(self, action: str) -> pygame.Rect:
        return next(rect for rect, name, _ in self.buttons if name == action)

    def seat_at(self, pos: tuple[int, int]) -> int | None:
        return next((i for i, rect in enumerate(self.seats) if rect.collidepoint(pos)), None)

    def choice_at(self, pos: tuple[int, int]) -> int | None:
        return next((i for i, rect in enumerate(self.choices) if rect.collidepoint(pos)), None)

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        return self.layout.cell_at(pos)

    def ply_at(self, pos: tuple[int, int]) -> int | None:
        """The position of the game (plies from the start) under ``pos`` in the graph."""
        if self.graph is None or not self.graph[0].collidepoint(pos):
            return None
        rect, count = self.graph
        return graph_index(rect, count, pos[0])


def graph_x(rect: pygame.Rect, count: int, index: int) -> float:
    """Where position ``index`` of ``count`` lies across the graph."""
    inner = rect.inflate(-2 * GRAPH_PAD, 0)
    return inner.x + (inner.width * index / (count - 1) if count > 1 else inner.width / 2)


def graph_index(rect: pygame.Rect, count: int, x: float) -> int:
    """The position nearest ``x`` across the graph."""
    inner = rect.inflate(-2 * GRAPH_PAD, 0)
    fraction = (x - inner.x) / inner.width if inner.width else 0.0
    return max(0, min(count - 1, round(fraction * (count - 1))))


def draw_frame(surface: pygame.Surface, view: View) -> HitMap:
    """Draw ``view`` into ``surface``; returns the click areas drawn."""
    surface.fill(BACKGROUND)
    _board(surface, view)
    buttons, seats, max_scroll, graph = _panel(surface, view)
    _status(surface, view)
    choices: tuple[pygame.Rect, ...] = ()
    if view.choices is not None:
        choices = _chooser(surface, view)
    if view.help is not None:
        _help(surface, view)
    return HitMap(view.layout, buttons, seats, choices, max_scroll, graph)


def draw_board(surface: pygame.Surface, view: View) -> None:
    """Only the board and the status lines of ``view`` (a window with a panel of its own, such
    as the one watching a training run, draws the rest)."""
    _board(surface, view)
    _status(surface, view)


# -- the board ------------------------------------------------------------------------------------


def _board(surface: pygame.Surface, view: View) -> None:
    layout = view.layout
    polygons = [layout.screen_polygon(i) for i in range(len(view.fills))]
    for polygon, fill in zip(polygons, view.fills, strict=True):
        pygame.draw.polygon(surface, fill, polygon)
    for polygon in polygons:
        pygame.draw.aalines(surface, OUTLINE, True, polygon)
    if view.tints:
        tint = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        for cell, color in view.tints:
            pygame.draw.polygon(tint, color, polygons[cell])
        surface.blit(tint, (0, 0))
    if view.values is not None:
        _values(surface, view)
    for piece in view.pieces:
        radius = layout.cell_radius(piece.cell) * PIECE_SCALE
        centre = layout.cell_center(piece.cell)
        draw_piece(
            surface, centre, radius, piece.glyph, view.color(piece.player), view.art, piece.player
        )
    if view.show_names:
        _names(surface, view)
    for target in view.targets:
        radius = layout.cell_radius(target.cell) * PIECE_SCALE
        centre = layout.cell_center(target.cell)
        draw_marker(surface, centre, radius, target.tags, target.occupied)
    if view.slide is not None:
        piece, (px, py) = view.slide
        radius = layout.cell_radius(piece.cell) * PIECE_SCALE
        centre = (round(px), round(py))
        draw_piece(
            surface, centre, radius, piece.glyph, view.color(piece.player), view.art, piece.player
        )
    if view.dragged is not None:
        piece = view.dragged
        radius = layout.cell_radius(piece.cell) * PIECE_SCALE
        draw_piece(
            surface,
            view.mouse,
            radius,
            piece.glyph,
            view.color(piece.player),
            view.art,
            piece.player,
        )
    if view.banner is not None:
        _banner(surface, view)


def _values(surface: pygame.Surface, view: View) -> None:
    """The weight written in each cell, when cells are big enough to read it."""
    assert view.values is not None
    layout = view.layout
    for cell, value in enumerate(view.values):
        radius = layout.cell_radius(cell)
        if not math.isfinite(value) or radius < 16:
            continue
        x, y = layout.cell_center(cell)
        ink = contrast(view.fills[cell])
        image = font(max(10, round(radius * 0.5))).render(f"{value:.3g}", True, ink)
        surface.blit(image, image.get_rect(center=(x, y + round(radius * 0.62))))


def _names(surface: pygame.Surface, view: View) -> None:
    """Each cell's notation name, small, in the cell's upper left (clear of the piece)."""
    layout = view.layout
    for cell, name in enumerate(view.names):
        if not name:
            continue
        radius = layout.cell_radius(cell)
        x, y = layout.cell_center(cell)
        size = max(10, min(20, round(radius * 0.42)))
        image = font(size).render(name, True, contrast(view.fills[cell]))
        surface.blit(image, (round(x - radius * 0.92), round(y - radius * 0.92)))


def _banner(surface: pygame.Surface, view: View) -> None:
    assert view.banner is not None
    x, y, w, h = view.layout.rect
    text = view.banner
    size = max(16, min(30, w // 30))
    image = font(size).render(text, True, (255, 255, 255))
    if image.get_width() > w - 20:
        image = font(max(12, size * (w - 20) // image.get_width())).render(text, True, TEXT)
    band = pygame.Surface((w, image.get_height() + 24), pygame.SRCALPHA)
    band.fill((0, 0, 0, 170))
    top = y + h // 2 - band.get_height() // 2
    surface.blit(band, (x, top))
    surface.blit(image, image.get_rect(center=(x + w // 2, top + band.get_height() // 2)))


# -- overlays on the board ------------------------------------------------------------------------


def _chooser(surface: pygame.Surface, view: View) -> tuple[pygame.Rect, ...]:
    """The moves sharing two cells, side by side: pieces for promotions, else their names."""
    assert view.choices is not None
    labels = view.choices
    pieces = all(len(label) == 1 for label in labels)
    size = 64 if pieces else 40
    f = font(20)
    widths = [size if pieces else max(size, f.size(t)[0] + 20) for t in labels]
    total = sum(widths) + 12 * (len(widths) - 1) + 32
    x, y, w, h = view.layout.rect
    box = pygame.Rect(0, 0, min(total, w - 10), size + 62)
    box.center = (x + w // 2, y + h // 2)
    pygame.draw.rect(surface, (30, 32, 38), box, border_radius=8)
    pygame.draw.rect(surface, ACCENT, box, 2, border_radius=8)
    draw_text(surface, "Choose:", (box.x + 14, box.y + 8), 20, ACCENT)
    rects = []
    cx = box.x + 16
    color = view.color(view.mover)
    for number, (label, width) in enumerate(zip(labels, widths, strict=True), 1):
        rect = pygame.Rect(cx, box.y + 34, width, size)
        rects.append(rect)
        pygame.draw.rect(surface, (78, 84, 98), rect, border_radius=5)
        if pieces:
            draw_piece(surface, rect.center, size * 0.42, label, color, view.art, view.mover)
        else:
            image = f.render(label, True, TEXT)
            surface.blit(image, image.get_rect(center=rect.center))
        draw_text(surface, str(number), (rect.right - 10, rect.bottom - 4), 14, DIM)
        cx += width + 12
    return tuple(rects)


def _help(surface: pygame.Surface, view: View) -> None:
    """The mouse and keys, over the board."""
    assert view.help is not None
    x, y, w, h = view.layout.rect
    f = font(19)
    intro = [line for line, what in view.help if line and not what]
    rows = [(key, what) for key, what in view.help if what]
    width = max(f.size(line)[0] for line in intro) + 40
    box = pygame.Rect(0, 0, min(width, w - 10), min((len(view.help)) * 22 + 30, h - 10))
    box.center = (x + w // 2, y + h // 2)
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill((20, 22, 26, 240))
    surface.blit(shade, box.topleft)
    pygame.draw.rect(surface, ACCENT, box, 2, border_radius=6)
    top = box.y + 15
    for i, line in enumerate(intro):
        draw_text(surface, line, (box.x + 20, top + 22 * i), 19, TEXT, box.width - 30)
    top += 22 * (len(intro) + 1)
    for i, (key, what) in enumerate(rows):
        draw_text(surface, key, (box.x + 30, top + 22 * i), 19, ACCENT)
        draw_text(surface, what, (box.x + 110, top + 22 * i), 19, TEXT, box.width - 120)


# -- the panel and the status lines ----------------------------------------------------------------


def _panel(
    surface: pygame.Surface, view: View
) -> tuple[
    tuple[tuple[pygame.Rect, str, bool], ...],
    tuple[pygame.Rect, ...],
    int,
    tuple[pygame.Rect, int] | None,
]:
    """Title, seats, buttons, legend, analysis, graph and move list; returns the buttons,
    seat rows, how far the move list can scroll and the graph's area."""
    w, h = view.size
    width = panel_width(view.size)
    x = w - width
    inner = width - 24
    pygame.draw.rect(surface, PANEL, (x, 0, width, h))
    draw_text(surface, view.title, (x + 12, 12), 26, ACCENT, inner)
    y = 46
    seats = []
    for row in view.seats:
        rect = pygame.Rect(x + 12, y, inner, 24)
        seats.append(rect)
        _seat(surface, view, row, rect, inner)
        y += SEAT_ROW
    draw_text(surface, view.seat_hint, (x + 14, y + 1), 15, DIM, inner)
    y += 24
    bw = (inner - (BUTTON_COLUMNS - 1) * 6) // BUTTON_COLUMNS
    buttons = []
    for i, button in enumerate(view.buttons):
        column, line = i % BUTTON_COLUMNS, i // BUTTON_COLUMNS
        rect = pygame.Rect(
            x + 12 + column * (bw + 6), y + line * (BUTTON_HEIGHT + 6), bw, BUTTON_HEIGHT
        )
        draw_button(surface, rect, button.label, button.enabled, rect.collidepoint(view.mouse))
        buttons.append((rect, button.action, button.enabled))
    lines = (len(view.buttons) + BUTTON_COLUMNS - 1) // BUTTON_COLUMNS
    y += lines * (BUTTON_HEIGHT + 6) + 4
    y = _legend(surface, x + 12, y, width)
    if view.analysis is not None:
        y = _analysis(surface, view, pygame.Rect(x + 12, y + 4, inner, 0))
    graph = None
    if view.graph is not None and h - y > GRAPH_HEIGHT + 120:
        rect = pygame.Rect(x + 12, y + 6, inner, GRAPH_HEIGHT)
        _graph(surface, view, rect)
        graph = (rect, len(view.graph.points))
        y = rect.bottom
    max_scroll = _moves(surface, view, pygame.Rect(x + 12, y + 6, inner, h - y - 14))
    return tuple(buttons), tuple(seats), max_scroll, graph


def _analysis(surface: pygame.Surface, view: View, top: pygame.Rect) -> int:
    """The analysis mode's title and best lines; returns the y below them."""
    assert view.analysis is not None
    lines = view.analysis.lines
    rect = pygame.Rect(top.x, top.y, top.width, 26 + ANALYSIS_ROW * max(1, len(lines)))
    pygame.draw.rect(surface, (40, 42, 49), rect, border_radius=4)
    draw_text(surface, view.analysis.title, (rect.x + 6, rect.y + 4), 16, ACCENT, rect.width - 12)
    y = rect.y + 24
    for number, (move, score, rest) in enumerate(lines, 1):
        cx = rect.x + 6
        cx += draw_text(surface, f"{number}. {move}", (cx, y), 17, TEXT) + 8
        cx += draw_text(surface, score, (cx, y + 1), 16, ACCENT) + 8
        if cx < rect.right - 20:
            draw_text(surface, rest, (cx, y + 1), 16, DIM, rect.right - cx - 6)
        y += ANALYSIS_ROW
    return rect.bottom


def _graph(surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
    """The evaluation over the game: up is good for the first team; the shown position is
    marked; a click jumps there."""
    assert view.graph is not None
    graph = view.graph
    pygame.draw.rect(surface, (40, 42, 49), rect, border_radius=4)
    top, bottom = rect.y + 18, rect.bottom - 5
    mid = (top + bottom) / 2
    half = (bottom - top) / 2
    count = len(graph.points)
    pygame.draw.line(surface, (85, 88, 98), (rect.x + 4, round(mid)), (rect.right - 4, round(mid)))
    draw_text(surface, graph.title, (rect.x + 6, rect.y + 2), 14, DIM, rect.width - 12)
    x_now = round(graph_x(rect, count, graph.current))
    pygame.draw.line(surface, ACCENT, (x_now, top - 2), (x_now, bottom + 2), 1)
    run: list[tuple[float, float]] = []
    for index, value in enumerate(graph.points):
        if value is None:
            if len(run) > 1:
                pygame.draw.aalines(surface, TEXT, False, run)
            run = []
            continue
        point = (graph_x(rect, count, index), mid - value * half)
        run.append(point)
        if count <= 60:
            pygame.draw.circle(surface, TEXT, (round(point[0]), round(point[1])), 2)
    if len(run) > 1:
        pygame.draw.aalines(surface, TEXT, False, run)
    value = graph.points[graph.current] if graph.current < count else None
    if value is not None:
        y = round(mid - value * half)
        pygame.draw.circle(surface, ACCENT, (x_now, y), 4)


def _seat(surface: pygame.Surface, view: View, row, rect: pygame.Rect, inner: int) -> None:
    cy = rect.centery
    if row.to_move:
        pygame.draw.rect(surface, (70, 76, 60), rect, border_radius=4)
        arrow = [(rect.x + 3, cy - 6), (rect.x + 12, cy), (rect.x + 3, cy + 6)]
        pygame.draw.polygon(surface, ACCENT, arrow)
    if rect.collidepoint(view.mouse):
        pygame.draw.rect(surface, (110, 116, 130), rect, 1, border_radius=4)
    pygame.draw.circle(surface, row.color, (rect.x + 24, cy), 8)
    pygame.draw.circle(surface, (0, 0, 0), (rect.x + 24, cy), 8, 1)
    right = rect.right
    if row.clock is not None:
        right -= CLOCK_WIDTH + 4
        box = pygame.Rect(right + 4, rect.y + 1, CLOCK_WIDTH, rect.height - 2)
        back = {"running": (235, 235, 235), "low": (255, 150, 140), "flagged": ERROR}
        pygame.draw.rect(surface, back.get(row.clock_state, (34, 36, 42)), box, border_radius=4)
        ink = (20, 20, 20) if row.clock_state else TEXT
        image = font(18).render(row.clock, True, ink)
        surface.blit(image, image.get_rect(midright=(box.right - 6, box.centery)))
    middle = rect.x + (right - rect.x) // 2
    draw_text(surface, row.name, (rect.x + 38, cy - 9), 19, TEXT, middle - rect.x - 44)
    draw_text(surface, row.player, (middle + 4, cy - 9), 19, DIM, right - middle - 8)


def _legend(surface: pygame.Surface, x: int, y: int, width: int) -> int:
    """The target markers and what they mean (wrapping in a narrow panel); returns the y
    below it."""
    right = x + width - 24
    cx = x
    for label, tags, occupied in LEGEND:
        step = 22 + font(15).size(label)[0] + 8
        if cx + step > right and cx > x:
            cx, y = x, y + 24
        pygame.draw.circle(surface, (200, 200, 200), (cx + 9, y + 10), 10)
        draw_marker(surface, (cx + 9, y + 10), 8, tags, occupied)
        draw_text(surface, label, (cx + 22, y + 3), 15, DIM)
        cx += step
    return y + 24


def _moves(surface: pygame.Surface, view: View, rect: pygame.Rect) -> int:
    """The move list, newest at the bottom, ``view.scroll`` lines back; returns the most
    lines it can scroll back."""
    pygame.draw.rect(surface, (40, 42, 49), rect, border_radius=4)
    lines = view.moves
    if not lines:
        draw_text(surface, "no moves yet", (rect.x + 6, rect.y + 4), 17, DIM)
        return 0
    visible = max(1, (rect.height - 8) // MOVE_ROW)
    max_scroll = max(0, len(lines) - visible)
    end = len(lines) - min(view.scroll, max_scroll)
    number_width = 40
    column = (rect.width - number_width - 12) // 2
    for i, line in enumerate(lines[max(0, end - visible) : end]):
        y = rect.y + 5 + i * MOVE_ROW
        x = rect.x + 6
        if line.seat == -2:
            draw_text(surface, line.cells[0], (x + number_width, y), 17, DIM)
            continue
        if line.seat >= 0:
            pygame.draw.circle(surface, view.color(line.seat), (x + 5, y + 8), 5)
            pygame.draw.circle(surface, (0, 0, 0), (x + 5, y + 8), 5, 1)
            x += 14
        draw_text(surface, line.cells[0], (x, y), 17, DIM)
        width = column if view.two_columns else rect.width - number_width - 26
        for j, text in enumerate(line.cells[1:]):
            draw_text(surface, text, (x + number_width + j * column, y), 18, TEXT, width)
    return max_scroll


def _status(surface: pygame.Surface, view: View) -> None:
    x, y, w, h = view.layout.rect
    top = y + h
    pygame.draw.rect(surface, (28, 30, 35), (x, top, w, STATUS_HEIGHT))
    if view.prompt is not None:
        question, text = view.prompt
        draw_prompt(surface, pygame.Rect(x + 4, top + 4, w - 8, STATUS_HEIGHT - 8), question, text)
        return
    draw_text(surface, view.status, (x + 10, top + 7), 19, TEXT, w - 20)
    color = ERROR if view.message_is_error else ACCENT
    draw_text(surface, view.message, (x + 10, top + 32), 19, color, w - 20)
