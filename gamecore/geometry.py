"""Display geometry: enough for one renderer to draw any game.

A board is a set of cells, each a polygon in board coordinates (any unit;
the renderer scales to fit; y grows upwards, as in mathematics, so a
renderer for the screen flips it) with a fill colour. Pieces are drawn from a glyph
name (``"K"``, ``"wizard"``, ...) and the owning seat's colour.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Cell:
    """One board cell: its kernel index, notation name, outline and fill colour."""

    index: int
    name: str
    polygon: tuple[tuple[float, float], ...]
    color: RGB


@dataclass(frozen=True)
class Geometry:
    """The whole board as drawn, plus the colour each seat's pieces are drawn in."""

    cells: tuple[Cell, ...]
    player_colors: tuple[RGB, ...]
    player_names: tuple[str, ...]

    def cell(self, index: int) -> Cell:
        return self.cells[index]


@dataclass(frozen=True)
class PieceView:
    """A piece as the renderer sees it: where, what, whose."""

    cell: int
    glyph: str
    player: int
