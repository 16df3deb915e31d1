"""Piece pictures from a game's SVG art (``Game.piece_svg``), rasterised once and kept.

pygame loads SVG through SDL_image (2.0.2 or later); the document is given the
pixel size wanted, so each picture is rasterised sharp at the size of its cell
rather than scaled up from a small one. Where SVG cannot be loaded, or a game
has no art for a piece, :meth:`PieceArt.image` returns None and the window
draws its disc-and-letter piece instead.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable

import pygame

from gamecore.geometry import RGB

SvgSource = Callable[[str, int, str, str], "str | None"]
"""``(glyph, player, fill, stroke) -> SVG document or None``, as ``Game.piece_svg``."""
CACHE_LIMIT = 600
"""Pictures kept before the cache starts again (a window dragged through many sizes)."""
_PROBE = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2">'
    '<rect width="2" height="2" fill="#ff0000"/></svg>'
)
_SIZE_ATTRIBUTES = re.compile(r'\s(width|height)="[^"]*"')
_svg_ok: bool | None = None


def hex_color(color: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*color[:3])


def outline_for(fill: RGB) -> RGB:
    """The outline drawn round a piece of colour ``fill``: near-black unless the fill is so
    dark that black would vanish (chess's black pieces), then near-white."""
    r, g, b = fill[:3]
    return (235, 235, 235) if 0.299 * r + 0.587 * g + 0.114 * b < 60 else (20, 20, 20)


def svg_available() -> bool:
    """True when this pygame can load SVG (checked once)."""
    global _svg_ok
    if _svg_ok is None:
        _svg_ok = rasterise(_PROBE, 4, probe=True) is not None
    return _svg_ok


def rasterise(svg: str, size: int, probe: bool = False) -> pygame.Surface | None:
    """The SVG document drawn into a ``size`` x ``size`` picture with transparency, or None."""
    if not probe and not svg_available():
        return None
    head, sep, rest = svg.partition(">")
    if not sep or "<svg" not in head:
        return None
    head = _SIZE_ATTRIBUTES.sub("", head) + f' width="{size}" height="{size}"'
    try:
        image = pygame.image.load(io.BytesIO((head + sep + rest).encode()), "piece.svg")
    except (pygame.error, ValueError, OSError):
        return None
    if image.get_size() != (size, size):  # an SDL_image that ignores the size given
        if image.get_bitsize() < 24:
            return None
        image = pygame.transform.smoothscale(image, (size, size))
    return image


class PieceArt:
    """A game's piece pictures, one per (glyph, seat, colour, size), made on first use."""

    def __init__(self, source: SvgSource) -> None:
        self.source = source
        self._svg: dict[tuple[str, int, RGB], str | None] = {}
        self._images: dict[tuple[str, int, RGB, int], pygame.Surface | None] = {}

    def svg(self, glyph: str, player: int, fill: RGB) -> str | None:
        """The game's SVG for the piece in colour ``fill`` (None: the game has none)."""
        key = (glyph, player, fill)
        if key not in self._svg:
            try:
                self._svg[key] = self.source(
                    glyph, player, hex_color(fill), hex_color(outline_for(fill))
                )
            except Exception:  # a plugin's art failing must not close the window
                self._svg[key] = None
        return self._svg[key]

    def image(self, glyph: str, player: int, fill: RGB, size: int) -> pygame.Surface | None:
        """The piece's picture, ``size`` pixels square, or None (draw the fallback)."""
        size = max(4, int(size))
        key = (glyph, player, fill, size)
        if key not in self._images:
            if len(self._images) >= CACHE_LIMIT:
                self._images.clear()
            svg = self.svg(glyph, player, fill)
            self._images[key] = rasterise(svg, size) if svg else None
        return self._images[key]
