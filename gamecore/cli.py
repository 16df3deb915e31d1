"""The ``gamecore`` command: one sub-command per module in :mod:`gamecore.commands`.

Every user error (unknown game, malformed position or move, bad option) ends
as one line on stderr and exit code 2 — never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from gamecore import interrupts
from gamecore.errors import GamecoreError

COMMANDS = (
    "games",
    "perft",
    "train",
    "check_learning",
    "analyse",
    "play",
    "uci",
    "match",
    "tune_search",
    "plot",
    "show_weights",
    "write_weights",
    "gui",
    "serve",
    "bot",
)
"""The modules of :mod:`gamecore.commands`, in the order ``--help`` lists them. They are
imported inside :func:`main`, so a Ctrl-C while numpy and numba load is caught there."""
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (argparse prints the whole usage first)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        sys.exit(EXIT_USAGE)


MESSAGE_LIMIT = 300
"""Characters of an error message shown: a quoted 100 KB input is cut, not repeated."""


def one_line(message: str) -> str:
    """``message`` on one line of readable length."""
    flat = " ".join(message.split())
    if len(flat) <= MESSAGE_LIMIT:
        return flat
    return f"{flat[:MESSAGE_LIMIT]}… ({len(flat):,} characters)"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="gamecore",
        description="Game engines that learn their own evaluation: train, search, play and "
        "measure any registered game. `gamecore COMMAND --help` describes each command.",
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in COMMANDS:
        importlib.import_module(f"gamecore.commands.{name}").add_parser(sub)
    return parser


def run() -> None:
    """The ``gamecore`` command: :func:`main`, then exit with its code; a second Ctrl-C is
    ignored (:mod:`gamecore.interrupts`)."""
    interrupts.install()
    sys.exit(main())


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except KeyboardInterrupt:
        interrupts.ignore_more()
        sys.stderr.write("gamecore: interrupted\n")
        return EXIT_INTERRUPTED
    try:
        code = int(args.run(args) or 0)
        sys.stdout.flush()  # here, so a closed pipe is caught below and not at exit
        return code
    except GamecoreError as exc:
        sys.stderr.write(f"gamecore {args.command}: error: {one_line(str(exc))}\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        interrupts.ignore_more()
        sys.stderr.write(f"gamecore {args.command}: interrupted\n")
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (`gamecore games | head -1`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
