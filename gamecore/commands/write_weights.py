"""``gamecore write-weights``: weights set by feature name, saved or shipped with the game."""

from __future__ import annotations

import argparse

from gamecore.commands.common import add_game_arguments, game_from_args
from gamecore.errors import BadOption
from gamecore.files import check_output
from gamecore.hand_weights import parse_assignments, ship, weights_by_name
from gamecore.weights import resolve_weights


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "write-weights",
        help="write weights by feature name (hand-set weights for a plugin)",
        description="Set weights by feature name, or by a shell-style pattern of names "
        "('own:*=100', 'own:?7=200'; later ones win), and save them to a file or ship them "
        "in the game's own weights folder, where `gamecore games` lists them.",
    )
    add_game_arguments(parser)
    parser.add_argument(
        "values", nargs="*", metavar="NAME=VALUE", help="a feature name or pattern and its weight"
    )
    parser.add_argument(
        "--from",
        dest="start",
        metavar="SPEC",
        help="start from these weights (zeros, default, a shipped name or a file; default "
        "zeros); a training checkpoint's run state is not carried over",
    )
    parser.add_argument("--description", default="", help="what the weights are, in words")
    target = parser.add_mutually_exclusive_group()
    target.add_argument("--out", metavar="FILE", help="write the weights to this .npz file")
    target.add_argument(
        "--ship", metavar="NAME", help="write them into the game's weights folder as NAME"
    )
    target.add_argument("--list", action="store_true", help="list the feature names and stop")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    game = game_from_args(args)
    if args.list:
        for index, name in enumerate(game.feature_names()):
            print(f"{index:6d}  {name}")
        return 0
    if not args.out and not args.ship:
        raise BadOption("say where the weights go: --out FILE or --ship NAME")
    start = resolve_weights(game, args.start) if args.start else None
    weights = weights_by_name(game, parse_assignments(args.values), args.description, start)
    if args.ship:
        path = ship(game, weights, args.ship)
    else:
        path = check_output(args.out, "weights file")
        weights.save(path)
    print(f"wrote {path} ({len(args.values)} settings, {game.feature_set.count} weights)")
    return 0
