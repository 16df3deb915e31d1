"""What the browser client draws with: a game's board geometry and its piece art.

The same geometry the window uses (:class:`~gamecore.geometry.Geometry`: one
polygon and colour per cell, a colour per seat), as JSON, and the plugin's own
SVG pieces (``Game.piece_svg``) in the seat's colour; a game without art gets
a disc with the piece's letters, as in the window.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Any

from gamecore.errors import GamecoreError
from gamecore.registry import game_names, get_game
from gamecore.server.protocol import Refused

GLYPH_LIMIT = 16


def _hex(color: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*color)


def _ink(color: tuple[int, int, int]) -> str:
    """Near-black on light colours, near-white on dark ones (as the window draws)."""
    r, g, b = color
    return "#141414" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#f5f5f5"


def geometry_of(name: str, options: dict[str, Any]) -> dict:
    """The board of game ``name`` with ``options`` as the browser draws it."""
    if len(options) > 8 or any(len(str(v)) > 32 for v in options.values()):
        raise Refused("bad_options", "too many or too long options")
    clean = {k: int(v) if str(v).isdigit() else v for k, v in options.items()}
    return _geometry(name, tuple(sorted(clean.items())))


@lru_cache(maxsize=64)
def _geometry(name: str, options: tuple) -> dict:
    try:
        game = get_game(name, **dict(options))
    except (GamecoreError, TypeError, ValueError) as exc:
        raise Refused("bad_options", f"{name}: {exc}") from None
    geometry = game.geometry()
    return {
        "cells": [
            {"index": c.index, "name": c.name, "polygon": c.polygon, "color": _hex(c.color)}
            for c in geometry.cells
        ],
        "player_colors": [_hex(c) for c in geometry.player_colors],
        "player_names": list(geometry.player_names),
        "team_names": list(game.team_names),
        "teams": [game.team_of(p) for p in range(game.num_players)],
    }


def art_svg(name: str, glyph: str, player: str, options: dict[str, Any]) -> str | None:
    """The SVG of piece ``glyph`` of seat ``player`` in game ``name``; None if no such piece."""
    if name not in game_names() or not player.isdigit() or not 0 < len(glyph) <= GLYPH_LIMIT:
        return None
    if len(options) > 8 or any(len(str(v)) > 32 for v in options.values()):
        return None
    clean = {k: int(v) if str(v).isdigit() else v for k, v in options.items()}
    try:
        return _art(name, glyph, int(player), tuple(sorted(clean.items())))
    except (GamecoreError, TypeError, ValueError):
        return None


@lru_cache(maxsize=512)
def _art(name: str, glyph: str, player: int, options: tuple) -> str | None:
    game = get_game(name, **dict(options))
    colors = game.geometry().player_colors
    if player >= len(colors):
        return None
    fill = colors[player]
    svg = game.piece_svg(glyph, player, _hex(fill), _ink(fill))
    if svg is not None:
        return svg
    label = escape(glyph if len(glyph) <= 2 else glyph[:2].capitalize())
    ink = _ink(fill)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<circle cx="50" cy="50" r="44" fill="{_hex(fill)}" stroke="{ink}" stroke-width="6"/>'
        f'<text x="50" y="50" text-anchor="middle" dominant-baseline="central" '
        f'font-family="sans-serif" font-weight="bold" font-size="{56 if len(label) == 1 else 40}" '
        f'fill="{ink}">{label}</text></svg>'
    )
