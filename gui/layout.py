"""Board coordinates to screen pixels and back: fit, rotate, and find the cell under a point.

A game's geometry is polygons in board units with y growing upwards. The
layout rotates the board about its centre (flipping a two-player board is a
180° turn; Duchess turns in steps of 60°), scales it to fit a screen
rectangle, and flips y for the screen. Hit testing maps a pixel back to the
board and asks which polygon holds it, so any cell shape works.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gamecore.geometry import Geometry

if TYPE_CHECKING:
    from gamecore.game import Game

Point = tuple[float, float]
Rect = tuple[int, int, int, int]
STATUS_HEIGHT = 58
"""Pixels under the board for the status line and the message line."""


def panel_width(size: tuple[int, int]) -> int:
    """Width of the side panel (seats, buttons, moves) in a window of ``size``."""
    return int(min(380, max(215, size[0] * 0.3)))


def board_rect(size: tuple[int, int]) -> Rect:
    """The screen area the board is fitted into: left of the panel, above the status lines."""
    w, h = size
    return (0, 0, w - panel_width(size), h - STATUS_HEIGHT)


def home_rotations(game: Game) -> dict[int, float]:
    """Per seat, the rotation that puts its side of the board at the bottom of the screen:
    where its pieces stand in the start position (seats with none there are left out)."""
    cells = game.geometry().cells
    xs = [x for c in cells for x, _ in c.polygon]
    ys = [y for c in cells for _, y in c.polygon]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    spots: dict[int, list[Point]] = {}
    for piece in game.pieces(game.initial_state().arrays):
        spots.setdefault(piece.player, []).append(polygon_centroid(cells[piece.cell].polygon))
    homes = {}
    for seat, points in spots.items():
        dx = sum(p[0] for p in points) / len(points) - cx
        dy = sum(p[1] for p in points) / len(points) - cy
        if math.hypot(dx, dy) > 1e-9:
            angle = math.degrees(math.atan2(dy, dx))
            # snapped to 15°: checkers men stand a little off-centre on their rows
            homes[seat] = (round((-90.0 - angle) / 15.0) * 15.0) % 360.0
    return homes


def rotate_step(homes: dict[int, float], num_players: int) -> float:
    """Degrees the Rotate action turns: from one seat's side to the next (Duchess: 60°)."""
    angles = sorted(set(homes.values()))
    if len(angles) < 2:
        return 360.0 / max(2, num_players)
    return min(b - a for a, b in zip(angles, [*angles[1:], angles[0] + 360.0], strict=True))


def polygon_centroid(polygon: tuple[Point, ...] | list[Point]) -> Point:
    """The area centroid of a simple polygon (the vertex mean if it has no area)."""
    area = cx = cy = 0.0
    n = len(polygon)
    for i in range(n):
        x0, y0 = polygon[i]
        x1, y1 = polygon[(i + 1) % n]
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(area) < 1e-12:
        return (sum(p[0] for p in polygon) / n, sum(p[1] for p in polygon) / n)
    return (cx / (3 * area), cy / (3 * area))


def point_in_polygon(point: Point, polygon: tuple[Point, ...] | list[Point]) -> bool:
    """Ray casting: True when ``point`` is inside ``polygon`` (any simple polygon)."""
    x, y = point
    inside = False
    n = len(polygon)
    for i in range(n):
        x0, y0 = polygon[i]
        x1, y1 = polygon[(i + 1) % n]
        if (y0 > y) != (y1 > y):
            cross_x = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
            if x < cross_x:
                inside = not inside
    return inside


def inner_radius(centre: Point, polygon: tuple[Point, ...] | list[Point]) -> float:
    """Distance from ``centre`` to the nearest edge: how big a piece drawn there may be."""
    best = math.inf
    n = len(polygon)
    for i in range(n):
        (x0, y0), (x1, y1) = polygon[i], polygon[(i + 1) % n]
        dx, dy = x1 - x0, y1 - y0
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else ((centre[0] - x0) * dx + (centre[1] - y0) * dy) / length2
        t = max(0.0, min(1.0, t))
        px, py = x0 + t * dx, y0 + t * dy
        best = min(best, math.hypot(centre[0] - px, centre[1] - py))
    return best


@dataclass
class BoardLayout:
    """Where the board sits on the screen: a rectangle, a rotation, and the fitted scale."""

    geometry: Geometry
    rect: tuple[int, int, int, int]
    """x, y, width, height of the screen area the board is fitted into."""
    rotation: float = 0.0
    """Degrees, counter-clockwise on the board (180 flips a two-player board)."""
    margin: float = 0.04
    """Fraction of the area left free around the board."""

    def __post_init__(self) -> None:
        cells = self.geometry.cells
        xs = [x for c in cells for x, _ in c.polygon]
        ys = [y for c in cells for _, y in c.polygon]
        self._board_centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        self._centres = [polygon_centroid(c.polygon) for c in cells]
        self._radii = [inner_radius(self._centres[i], c.polygon) for i, c in enumerate(cells)]
        self._fit()

    # -- the transform --------------------------------------------------------------

    def _rotate(self, x: float, y: float) -> Point:
        cx, cy = self._board_centre
        a = math.radians(self.rotation)
        dx, dy = x - cx, y - cy
        return (dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a))

    def _fit(self) -> None:
        rotated = [self._rotate(x, y) for c in self.geometry.cells for x, y in c.polygon]
        xs = [p[0] for p in rotated]
        ys = [p[1] for p in rotated]
        width = max(max(xs) - min(xs), 1e-9)
        height = max(max(ys) - min(ys), 1e-9)
        rx, ry, rw, rh = self.rect
        usable = 1.0 - 2 * self.margin
        self.scale = max(1e-6, min(rw * usable / width, rh * usable / height))
        mid_x, mid_y = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
        self._origin = (rx + rw / 2 - mid_x * self.scale, ry + rh / 2 + mid_y * self.scale)
        self._screen_polygons = [
            [self.to_screen(p) for p in cell.polygon] for cell in self.geometry.cells
        ]

    def to_screen(self, point: Point) -> Point:
        """Board units to pixels (y flipped: up on the board is up on the screen)."""
        x, y = self._rotate(*point)
        return (self._origin[0] + x * self.scale, self._origin[1] - y * self.scale)

    def to_board(self, pixel: Point) -> Point:
        """Pixels back to board units (the inverse of :meth:`to_screen`)."""
        x = (pixel[0] - self._origin[0]) / self.scale
        y = (self._origin[1] - pixel[1]) / self.scale
        a = math.radians(-self.rotation)
        cx, cy = self._board_centre
        return (x * math.cos(a) - y * math.sin(a) + cx, x * math.sin(a) + y * math.cos(a) + cy)

    # -- cells ------------------------------------------------------------------------

    def screen_polygon(self, cell: int) -> list[Point]:
        return self._screen_polygons[cell]

    def cell_center(self, cell: int) -> tuple[int, int]:
        """The pixel at the middle of a cell: where its piece is drawn and a click lands."""
        x, y = self.to_screen(self._centres[cell])
        return (round(x), round(y))

    def cell_radius(self, cell: int) -> float:
        """Pixels from the cell's centre to its nearest edge."""
        return self._radii[cell] * self.scale

    def cell_at(self, pixel: Point) -> int | None:
        """The index of the cell under ``pixel``, or None off the board."""
        point = self.to_board(pixel)
        for cell in self.geometry.cells:
            if point_in_polygon(point, cell.polygon):
                return cell.index
        return None
