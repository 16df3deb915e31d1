"""``gamecore uci``: speak the Universal Chess Interface on stdin/stdout (for chess GUIs)."""

from __future__ import annotations

import argparse
import sys

from gamecore.commands.common import parse_options
from gamecore.commands.searching import add_engine_arguments, load_weights, search_params
from gamecore.interop.uci import UciEngine
from gamecore.registry import get_game


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "uci",
        help="run as a UCI engine (for chess GUIs and python-chess)",
        description="Run as a UCI engine on stdin/stdout. The search runs in the background, "
        "so 'stop', 'isready', 'ponderhit' and 'quit' are answered while it thinks. UCI "
        "options: Hash (MB), Threads, MultiPV, Ponder, Weights (zeros, default, a name the "
        "game ships or a weights file; empty for default), Move Overhead (ms), Contempt (how "
        "much worse "
        "than level a draw is for the engine, in evaluation units: about a hundredth of a Pawn "
        "with the hand-set chess weights), UCI_LimitStrength and UCI_Elo (play at a strength "
        "level), UCI_ShowWDL. docs/uci.md describes them, the commands and the info lines.",
    )
    parser.add_argument(
        "game", nargs="?", default="chess", help="registered game name (default: chess)"
    )
    parser.add_argument(
        "-o", "--option", action="append", default=[], metavar="KEY=VALUE", help="game option"
    )
    add_engine_arguments(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    game = get_game(args.game, **parse_options(args.option))
    weights = load_weights(game, args.weights)
    engine = UciEngine(
        game, _writer(), weights, args.hash, search_params(game, args), threads=args.threads
    )
    engine.warm_up()
    try:
        while True:
            line = sys.stdin.readline()
            if not line:  # end of input: "quit", once an owed bestmove is written
                engine.finish_input()
                break
            if not engine.handle(line):
                break
    finally:
        engine.close()
    return 0


def _writer():
    out = sys.stdout

    def write(line: str) -> None:
        try:
            out.write(line + "\n")
            out.flush()
        except (BrokenPipeError, ValueError):  # the GUI has gone; nothing to tell it
            pass

    return write
