"""Pieces drawn from their glyph and owner's colour, legible at any size, for any game.

A game with SVG art (``Game.piece_svg``) has its pieces drawn from it
(:mod:`gui.art`). Without art, or where SVG cannot be loaded, every piece is a
disc in its owner's colour with a contrasting outline; on it sits a bold
letter (chess ``K``, Duchess ``W`` Wizard, ``D`` Duchess, ``F`` Fortress), a
crown (a checkers king), or nothing (a checkers man, a Connect Four disc). A
glyph the renderer has never heard of is drawn with its first letters, so a
new plugin's pieces are always told apart.
"""

from __future__ import annotations

import math

import pygame

from gamecore.geometry import RGB
from gui.art import PieceArt

PIECE_SCALE = 0.84
"""A piece's radius as a fraction of its cell's inner radius."""
ART_SCALE = 2.35
"""A picture's side as a multiple of the piece's radius: the whole cell, as SVG piece sets
are drawn to fill a square with a margin of their own."""
PLAIN = frozenset({"man", "disc", "stone", "checker", ""})
"""Glyphs drawn as a bare disc (with an inner ring so they read as pieces)."""
CROWNED = frozenset({"king", "crowned"})
"""Multi-letter glyphs drawn as a crown (checkers kings)."""
LETTERS = {
    "pawn": "P",
    "knight": "N",
    "bishop": "B",
    "rook": "R",
    "queen": "Q",
    "wizard": "W",
    "duchess": "D",
    "fortress": "F",
}
"""Spelled-out names a plugin might use, mapped to the letter drawn."""

_fonts: dict[int, pygame.font.Font] = {}


def font(size: int) -> pygame.font.Font:
    """pygame's bundled bold sans font at ``size`` px (cached; needs no system fonts)."""
    size = max(6, int(size))
    if size not in _fonts:
        if not pygame.font.get_init():
            pygame.font.init()
        _fonts[size] = pygame.font.Font(None, size)
    return _fonts[size]


def luminance(color: RGB) -> float:
    r, g, b = color
    return 0.299 * r + 0.587 * g + 0.114 * b


def contrast(color: RGB) -> RGB:
    """Near-black on light colours, near-white on dark ones."""
    return (20, 20, 20) if luminance(color) > 140 else (245, 245, 245)


def label_of(glyph: str) -> str:
    """The letters drawn on a piece: the glyph itself if short, else a known or shortened name."""
    if len(glyph) <= 2:
        return glyph
    return LETTERS.get(glyph.lower(), glyph[:2].capitalize())


def draw_piece(
    surface: pygame.Surface,
    centre: tuple[float, float],
    radius: float,
    glyph: str,
    color: RGB,
    art: PieceArt | None = None,
    player: int = 0,
) -> None:
    """Draw one piece centred at ``centre`` filling a disc of ``radius`` pixels: the game's
    picture of it when ``art`` has one, else a disc with its letter."""
    x, y = round(centre[0]), round(centre[1])
    image = art.image(glyph, player, color, round(radius * ART_SCALE)) if art else None
    if image is not None:
        surface.blit(image, image.get_rect(center=(x, y)))
        return
    r = max(3, round(radius))
    ink = contrast(color)
    shadow = max(1, r // 10)
    pygame.draw.circle(surface, (0, 0, 0), (x + shadow, y + shadow), r)
    pygame.draw.circle(surface, color, (x, y), r)
    pygame.draw.circle(surface, ink, (x, y), r, max(1, r // 9))
    name = glyph.lower()
    if name in PLAIN:
        pygame.draw.circle(surface, ink, (x, y), max(2, round(r * 0.62)), max(1, r // 14))
        return
    if name in CROWNED:
        pygame.draw.circle(surface, ink, (x, y), max(2, round(r * 0.62)), max(1, r // 14))
        draw_crown(surface, (x, y), r * 0.5, ink)
        return
    draw_label(surface, (x, y), r, label_of(glyph), ink)


def draw_label(
    surface: pygame.Surface, centre: tuple[int, int], radius: float, text: str, ink: RGB
) -> None:
    """Bold letters sized to the disc (two letters a little smaller than one)."""
    size = radius * (1.45 if len(text) == 1 else 1.05)
    image = font(round(size)).render(text, True, ink)
    rect = image.get_rect(center=(centre[0], centre[1] + round(radius * 0.04)))
    surface.blit(image, rect)


def draw_crown(surface: pygame.Surface, centre: tuple[int, int], size: float, ink: RGB) -> None:
    """A three-pointed crown, the checkers king mark."""
    x, y = centre
    w, h = size * 1.5, size * 1.1
    left, right = x - w / 2, x + w / 2
    bottom, top = y + h / 2, y - h / 2
    points = [
        (left, bottom),
        (left, top),
        (left + w * 0.25, y),
        (x, top - h * 0.12),
        (right - w * 0.25, y),
        (right, top),
        (right, bottom),
    ]
    pygame.draw.polygon(surface, ink, [(round(px), round(py)) for px, py in points])


def draw_marker(
    surface: pygame.Surface,
    centre: tuple[float, float],
    radius: float,
    tags: frozenset[str],
    occupied: bool,
) -> None:
    """The mark on a legal target: shape and colour say what kind of move it is.

    ordinary move: a dark dot; capture: a red ring; promotion: a gold diamond;
    teleport: a violet star; castle: a blue square outline.
    """
    r = max(4.0, radius)
    half = round(r * 1.2) + 4
    overlay = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
    x = y = half
    if "capture" in tags or occupied:
        ring = max(3, round(r / 7))  # around the piece taken, inside its cell
        pygame.draw.circle(overlay, (220, 30, 30, 230), (x, y), round(r * 1.13), ring)
    if "promotion" in tags:
        d = r * 0.55
        diamond = [(x, y - d), (x + d, y), (x, y + d), (x - d, y)]
        pygame.draw.polygon(overlay, (240, 190, 20, 235), diamond)
        pygame.draw.polygon(overlay, (90, 60, 0, 255), diamond, max(1, round(r / 12)))
    elif "teleport" in tags:
        pygame.draw.polygon(overlay, (150, 60, 220, 235), star((x, y), r * 0.6, r * 0.26, 5))
        pygame.draw.polygon(
            overlay, (50, 0, 90, 255), star((x, y), r * 0.6, r * 0.26, 5), max(1, round(r / 14))
        )
    elif "castle" in tags:
        s = round(r * 0.45)
        pygame.draw.rect(overlay, (40, 90, 220, 230), (x - s, y - s, 2 * s, 2 * s), max(2, s // 3))
    elif "capture" not in tags and not occupied:
        dot = max(3, round(r * 0.28))
        pygame.draw.circle(overlay, (245, 245, 245, 170), (x, y), dot + max(1, dot // 4))
        pygame.draw.circle(overlay, (30, 30, 30, 190), (x, y), dot)
    surface.blit(overlay, (round(centre[0]) - half, round(centre[1]) - half))


def star(centre: tuple[float, float], outer: float, inner: float, points: int) -> list:
    """The vertices of a star polygon (the teleport mark)."""
    x, y = centre
    out = []
    for i in range(2 * points):
        rr = outer if i % 2 == 0 else inner
        a = math.pi * i / points - math.pi / 2
        out.append((round(x + rr * math.cos(a)), round(y + rr * math.sin(a))))
    return out
