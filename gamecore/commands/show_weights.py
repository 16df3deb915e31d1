"""``gamecore show-weights``: piece-square weights drawn on the real board shape, as a PNG."""

from __future__ import annotations

import argparse

from gamecore.commands.common import add_game_arguments, game_from_args
from gamecore.commands.searching import WEIGHTS_HELP, load_weights
from gamecore.files import check_image_output
from gamecore.heatmap import pieces_with_squares, write_heatmap


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "show-weights",
        help="draw piece-square weights as a heat map (PNG)",
        description="Draw a weights set's piece-square weights on the game's own board, one "
        "heat map per piece (--piece to choose), into a PNG.",
    )
    add_game_arguments(parser)
    parser.add_argument("--weights", metavar="SPEC", help=WEIGHTS_HELP)
    parser.add_argument(
        "--piece",
        action="append",
        metavar="GLYPH",
        help="piece to draw, e.g. R (repeatable; default: every piece with square weights)",
    )
    parser.add_argument("--out", default=None, help="PNG file (default GAME-weights.png)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    game = game_from_args(args)
    weights = load_weights(game, args.weights)
    glyphs = args.piece or pieces_with_squares(game)
    source = args.weights or "default weights"
    out = check_image_output(args.out or f"{game.name}-weights.png", "--out")
    path = write_heatmap(game, weights.theta, glyphs, out, title=f"{game.name}: {source}")
    print(f"wrote {path}")
    return 0
