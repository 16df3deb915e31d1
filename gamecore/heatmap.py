"""Piece-square weights as colours on the board: one picture for ``show-weights`` and the GUI.

A game names, per piece glyph, the feature index of that piece's square
weight on every cell (:meth:`Game.piece_square_map`). This module turns a
weight vector into per-cell values and the values into colours on a
diverging scale centred on zero (blue below, red above), so a PNG written
by ``gamecore show-weights`` and the GUI's overlay agree cell for cell.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from gamecore.errors import BadOption
from gamecore.game import Game
from gamecore.geometry import RGB

NEGATIVE: RGB = (49, 54, 149)
ZERO: RGB = (247, 247, 247)
POSITIVE: RGB = (165, 0, 38)
NO_WEIGHT: RGB = (200, 200, 200)
"""Cells where the piece has no square weight (e.g. a pawn on its own back row)."""


def pieces_with_squares(game: Game) -> list[str]:
    """The glyphs that have piece-square weights, in the game's order."""
    glyphs = list(game.piece_square_map())
    if not glyphs:
        raise BadOption(f"game {game.name!r} has no piece-square features")
    return glyphs


def cell_values(game: Game, theta: np.ndarray, glyph: str) -> np.ndarray:
    """``theta``'s square weight of ``glyph`` on every cell; NaN where it has none.

    Only the game's linear features have square weights: other weights (a network's)
    are refused in one line."""
    if np.shape(theta) != (game.feature_set.count,):
        raise BadOption(
            f"these weights are not {game.feature_set.name} features: "
            "they have no piece-square weights to show"
        )
    table = game.piece_square_map()
    if glyph not in table:
        known = " ".join(pieces_with_squares(game))  # raises if the game has none at all
        raise BadOption(f"{game.name} has no piece-square weights for {glyph!r} (known: {known})")
    index = np.asarray(table[glyph])
    values = np.full(index.shape, np.nan)
    has = index >= 0
    values[has] = np.asarray(theta, dtype=np.float64)[index[has]]
    return values


def scale_of(values: np.ndarray) -> float:
    """The magnitude mapped to full colour: the largest absolute value (1 if all are zero)."""
    finite = np.abs(values[np.isfinite(values)])
    top = float(finite.max()) if finite.size else 0.0
    return top if top > 0 else 1.0


def color_of(value: float, scale: float) -> RGB:
    """Colour of one value on the diverging scale ``[-scale, scale]``."""
    if not np.isfinite(value):
        return NO_WEIGHT
    t = max(-1.0, min(1.0, value / scale))
    end = POSITIVE if t > 0 else NEGATIVE
    a = abs(t)
    return tuple(round(z + (e - z) * a) for z, e in zip(ZERO, end, strict=True))  # type: ignore[return-value]


def cell_colors(values: np.ndarray, scale: float | None = None) -> list[RGB]:
    """One colour per cell for ``values`` (scaled to their own maximum unless given)."""
    scale = scale_of(values) if scale is None else scale
    return [color_of(float(v), scale) for v in values]


def write_heatmap(
    game: Game, theta: np.ndarray, glyphs: list[str], out: str | Path, title: str = ""
) -> Path:
    """Draw the square weights of each glyph on the real board shape, side by side, as a PNG.

    All panels share one colour scale so pieces can be compared.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.collections import PolyCollection
    from matplotlib.colors import LinearSegmentedColormap, Normalize

    geometry = game.geometry()
    panels = [cell_values(game, theta, glyph) for glyph in glyphs]
    scale = max(scale_of(values) for values in panels)
    cmap = LinearSegmentedColormap.from_list(
        "gamecore", [np.array(c) / 255 for c in (NEGATIVE, ZERO, POSITIVE)]
    )
    columns = min(len(glyphs), 3)
    rows = -(-len(glyphs) // columns)
    fig, axes = plt.subplots(rows, columns, figsize=(5 * columns, 5 * rows), squeeze=False)
    for ax in axes.flat:
        ax.set_axis_off()
    for ax, glyph, values in zip(axes.flat, glyphs, panels, strict=False):
        polygons = [geometry.cell(i).polygon for i in range(len(values))]
        colours = [np.array(c) / 255 for c in cell_colors(values, scale)]
        ax.add_collection(PolyCollection(polygons, facecolors=colours, edgecolors="0.35", lw=0.4))
        ax.autoscale_view()
        ax.set_aspect("equal")
        ax.set_title(glyph)
    fig.colorbar(
        plt.cm.ScalarMappable(norm=Normalize(-scale, scale), cmap=cmap),
        ax=axes.ravel().tolist(),
        shrink=0.6,
        label="weight",
    )
    if title:
        fig.suptitle(title)
    out = Path(out)
    try:
        fig.savefig(out, dpi=110)
    except OSError as exc:
        raise BadOption(f"cannot write {out}: {exc.strerror or exc}") from None
    finally:
        plt.close(fig)
    return out
