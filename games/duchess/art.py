"""Duchess's own pieces — the Duchess, the Fortress and the Wizard — as SVG, in the style of
the Staunton set the other pieces are drawn in (45 x 45 units, 1.5-unit round strokes,
a plinth under each piece), so a position reads as one set.

Each picture takes the owner's colour as ``fill`` and a contrasting ``stroke``: six seats,
six colours.
"""

from __future__ import annotations

import math

from gamecore.art import SVG_CLOSE, SVG_OPEN, staunton


def _star(cx: float, cy: float, outer: float, inner: float) -> str:
    points = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = math.pi * i / 5 - math.pi / 2
        points.append(f"{cx + r * math.cos(a):.2f},{cy + r * math.sin(a):.2f}")
    return "M " + " L ".join(points) + " Z"


PLINTH = '<path d="M 9,39 H 36 V 35.5 H 9 Z"/>'

WIZARD = (
    PLINTH
    + '<path d="M 12,35.5 C 14,29.5 16.5,24 18.5,20.5 H 26.5 C 28.5,24 31,29.5 33,35.5 Z"/>'
    + '<path d="M 16,27 C 20,28.3 25,28.3 29,27" fill="none"/>'
    + '<circle cx="22.5" cy="18" r="3.2"/>'
    + '<path d="M 12.5,15 C 16,17.8 29,17.8 32.5,15 C 29,12.6 16,12.6 12.5,15 Z"/>'
    + '<path d="M 17,14.5 C 19,10.5 21.5,6 27,2.5 C 25.5,6.5 26.5,10.5 28,14.5 '
    'C 24.5,15.6 20.5,15.6 17,14.5 Z"/>'
    + f'<path d="{_star(22.5, 31.2, 3.2, 1.3)}" fill="{{stroke}}" stroke-width="0.8"/>'
)
"""A wizard: a pointed hat with a brim over a robe with a star."""

FORTRESS = (
    PLINTH + '<path d="M 9.5,35.5 V 10.5 H 13 V 13.5 H 15.5 V 10.5 H 19 V 17.5 H 21 V 15 H 24 '
    'V 17.5 H 26 V 10.5 H 29.5 V 13.5 H 32 V 10.5 H 35.5 V 35.5 Z"/>'
    + '<path d="M 9.5,19.5 H 35.5 M 9.5,31.5 H 35.5" fill="none"/>'
    + '<path d="M 19,35.5 V 28 C 19,23.5 26,23.5 26,28 V 35.5 Z" fill="{stroke}"/>'
    + '<path d="M 14.2,22.5 V 27 M 30.8,22.5 V 27" fill="none" stroke-width="2"/>'
)
"""A fortress: two towers and a wall with a gate, wider and lower than the rook."""

DUCHESS = (
    PLINTH
    + '<path d="M 11,35.5 C 13,29.5 15.5,24 17.5,21 H 27.5 C 29.5,24 32,29.5 34,35.5 Z"/>'
    + '<path d="M 14.5,31 C 19.5,32.7 25.5,32.7 30.5,31" fill="none"/>'
    + '<path d="M 16,21 C 19,23.2 26,23.2 29,21 C 26,18.8 19,18.8 16,21 Z"/>'
    + '<circle cx="22.5" cy="14.5" r="3.6"/>'
    + '<path d="M 18.3,11.5 L 18.5,6.5 L 20.7,9 L 22.5,5 L 24.3,9 L 26.5,6.5 L 26.7,11.5 '
    'C 24,12.5 21,12.5 18.3,11.5 Z" fill="{stroke}"/>'
    + '<circle cx="18.5" cy="6.5" r="1.2"/><circle cx="22.5" cy="5" r="1.2"/>'
    + '<circle cx="26.5" cy="6.5" r="1.2"/>'
    + '<circle cx="22.5" cy="26.5" r="1.4" fill="{stroke}"/>'
)
"""A duchess: a coronet of three points over a bell-shaped gown with a collar."""

OWN = {"W": WIZARD, "F": FORTRESS, "D": DUCHESS}


def piece_svg(letter: str, fill: str, stroke: str) -> str | None:
    """The Duchess set: its own three pieces, Staunton pieces for the rest."""
    body = OWN.get(letter)
    if body is None:
        return staunton(letter, fill, stroke)
    return (
        SVG_OPEN.format(fill=fill, stroke=stroke)
        + body.replace("{stroke}", stroke).replace("{fill}", fill)
        + SVG_CLOSE
    )
