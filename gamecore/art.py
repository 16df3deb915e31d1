"""SVG piece art games can share: Staunton chess pieces and draughts men and kings.

Every picture is drawn in two colours chosen by the caller — the owner's
``fill`` and a contrasting ``stroke`` — so any number of seats can be told
apart by colour (six-player Duchess). The chess pieces are python-chess's
(``chess.svg.piece``, Colin M.L. Burnett's Staunton set, 45 x 45 units)
recoloured; the draughts pieces are drawn here in the same style. Games
return these from :meth:`gamecore.game.Game.piece_svg`.
"""

from __future__ import annotations

import re

STAUNTON = "KQRBNP"
"""The letters :func:`staunton` draws."""
_COLOR = re.compile(r"#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b")
SVG_OPEN = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45">'
    '<g fill="{fill}" stroke="{stroke}" stroke-width="1.5" stroke-linecap="round" '
    'stroke-linejoin="round">'
)
SVG_CLOSE = "</g></svg>"


def luminance(color: str) -> float:
    """Perceived brightness 0..255 of ``#rrggbb`` (or ``#rgb``)."""
    digits = color.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    r, g, b = (int(digits[i : i + 2], 16) for i in (0, 2, 4))
    return 0.299 * r + 0.587 * g + 0.114 * b


def recolor(svg: str, colors: dict[str, str]) -> str:
    """``svg`` with each colour named in ``colors`` (``#fff`` and ``#ffffff`` alike) replaced,
    all at once, so two colours can swap."""

    def normal(color: str) -> str:
        digits = color.lstrip("#").lower()
        return "#" + ("".join(d * 2 for d in digits) if len(digits) == 3 else digits)

    wanted = {normal(k): v for k, v in colors.items()}
    return _COLOR.sub(lambda m: wanted.get(normal(m.group(0)), m.group(0)), svg)


def staunton(letter: str, fill: str, stroke: str) -> str | None:
    """The Staunton chess piece ``letter`` (``K``, ``q``... either case) in ``fill`` with
    ``stroke`` outlines, or None for another letter.

    A stroke lighter than the fill gives the black design (light inner lines on a dark
    body), anything else the white one.
    """
    if len(letter) != 1 or letter.upper() not in STAUNTON:
        return None
    import chess
    import chess.svg

    dark = luminance(stroke) > luminance(fill)
    symbol = letter.lower() if dark else letter.upper()
    svg = chess.svg.piece(chess.Piece.from_symbol(symbol))
    if dark:
        return recolor(svg, {"#000000": fill, "#ffffff": stroke})
    return recolor(svg, {"#ffffff": fill, "#000000": stroke})


def _man(top: float) -> str:
    """One draughtsman seen from a little above: a milled rim and a ringed top face, its
    top face centred at height ``top``."""
    rim = top + 6.5
    ridges = "".join(
        f'<path d="M {x:.1f},{top + 9 * _lens(x):.1f} v 6.5" fill="none" stroke-width="1"/>'
        for x in (9.5, 13.5, 18, 22.5, 27, 31.5, 35.5)
    )
    return (
        f'<path d="M 5.5,{top} V {rim} A 17,9 0 0 0 39.5,{rim} V {top} Z"/>'
        + ridges
        + f'<ellipse cx="22.5" cy="{top}" rx="17" ry="9"/>'
        + f'<ellipse cx="22.5" cy="{top}" rx="11.5" ry="6" fill="none"/>'
        + f'<ellipse cx="22.5" cy="{top}" rx="7" ry="3.6" fill="none" stroke-width="1"/>'
    )


def _lens(x: float) -> float:
    """How far below the rim's top line the front edge of a 17 x 9 ellipse is at ``x``."""
    dx = (x - 22.5) / 17
    return max(0.0, 1 - dx * dx) ** 0.5


def draughts_man(fill: str, stroke: str) -> str:
    """A draughts man: a flat milled disc, in ``fill`` with ``stroke`` outlines."""
    return SVG_OPEN.format(fill=fill, stroke=stroke) + _man(19.5) + SVG_CLOSE


CROWN = (
    "M 14.5,17.5 L 13.5,9.5 L 18,13 L 22.5,7 L 27,13 L 31.5,9.5 L 30.5,17.5 "
    "C 26,19 19,19 14.5,17.5 Z"
)


def draughts_king(fill: str, stroke: str) -> str:
    """A crowned draughts king: two men stacked, a crown on the top one."""
    return (
        SVG_OPEN.format(fill=fill, stroke=stroke)
        + _man(25.5)
        + _man(17.5)
        + f'<path d="{CROWN}" fill="{stroke}" stroke="{stroke}" stroke-width="1"/>'
        + f'<circle cx="13.5" cy="9.5" r="1.3" fill="{fill}"/>'
        + f'<circle cx="22.5" cy="7" r="1.3" fill="{fill}"/>'
        + f'<circle cx="31.5" cy="9.5" r="1.3" fill="{fill}"/>'
        + SVG_CLOSE
    )
