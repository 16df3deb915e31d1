"""What a game adds for display: its board as polygons, its pieces, its moves' cells.

:meth:`~Presentation.geometry`, :meth:`~Presentation.pieces` and
:meth:`~Presentation.move_cells` are required (the window and the heat maps draw
any game from them); piece pictures and move tags are optional.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING

from gamecore.geometry import Geometry, PieceView

if TYPE_CHECKING:
    pass
from gamecore.plugin_api.rules import Rules


class Presentation(Rules):
    """The board, pieces and moves as a renderer sees them (see the module)."""

    @abstractmethod
    def geometry(self) -> Geometry:
        """The board as polygons, for any renderer."""

    @abstractmethod
    def pieces(self, arrays: tuple) -> list[PieceView]:
        """Every piece on the board, for drawing."""

    @abstractmethod
    def move_cells(self, arrays: tuple, move: int) -> tuple[int, int]:
        """The (from, to) cells of ``move`` for highlighting; a pass returns (-1, -1)."""

    def piece_svg(self, glyph: str, player: int, fill: str, stroke: str) -> str | None:
        """A picture of the piece ``glyph`` of seat ``player`` as an SVG document, or None.

        ``fill`` and ``stroke`` are ``#rrggbb`` colours the window chose: the owner's
        colour and an outline that stands out against it; the picture should use
        them, so seats told apart by colour stay told apart. Any ``viewBox`` works
        (the window sizes the picture to the cell). The default, None, leaves the
        window its own drawing: a disc in the owner's colour with the glyph's letter.
        :mod:`gamecore.art` has Staunton chess pieces and draughts men and kings.
        """
        return None

    def move_tags(self, arrays: tuple, move: int) -> frozenset[str]:
        """What kind of move ``move`` (legal in ``arrays``) is, for display.

        Tags a renderer understands: ``capture``, ``promotion``, ``teleport``,
        ``castle``, ``pass``. Games without special moves keep the default.
        """
        return frozenset()
