"""``gamecore bot``: an engine that joins a game server's engine seats and plays."""

from __future__ import annotations

import argparse
import asyncio

from gamecore.commands import validate
from gamecore.commands.searching import add_level_argument
from gamecore.errors import BadOption
from gamecore.play.levels import level
from gamecore.registry import get_game


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "bot",
        help="play on a game server as an engine (fills the seats kept for engines)",
        description="Connect to a game server (gamecore serve) and play: the bot takes a "
        "seat kept for an engine in a waiting game of GAME (or any free seat of --game-id), "
        "searches on its turn within its clock, and then looks for the next game. Several "
        "bots (--count) fill several seats, e.g. the empty seats of a six-player Duchess game.",
    )
    parser.add_argument("game", help="registered game name (see `gamecore games`)")
    parser.add_argument(
        "--connect", required=True, metavar="URL",
        help="the server's address as gamecore serve prints it, e.g. http://127.0.0.1:8765",
    )  # fmt: skip
    parser.add_argument(
        "--weights", default="default", metavar="W",
        help="zeros, default, a name the game ships or a weights file (default: default)",
    )  # fmt: skip
    add_level_argument(parser)
    parser.add_argument(
        "--time-per-move", type=validate.seconds, default=1.0, metavar="S",
        help="seconds a move may take in a game without a clock (default: 1)",
    )  # fmt: skip
    parser.add_argument(
        "--game-id", type=validate.integer(1, 2**53), metavar="ID",
        help="join this game (any free seat) instead of looking for engine seats",
    )  # fmt: skip
    parser.add_argument(
        "--games", type=validate.integer(1, 10**9), metavar="N",
        help="stop after N games each (default: keep playing)",
    )  # fmt: skip
    parser.add_argument(
        "--count", type=validate.integer(1, 64), default=1, metavar="N",
        help="bots to run, each on its own connection and seat (default: 1)",
    )  # fmt: skip
    parser.add_argument("--name", default="gamecore bot", help="the name shown at the seat")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from gamecore.server.bot import BotSettings, run_bots
    from gamecore.server.client import websocket_url
    from gamecore.server.protocol import MAX_TEXT

    websocket_url(args.connect)  # a malformed address stops here, before any work
    get_game(args.game)  # and so does an unknown game
    if not args.name or len(args.name) > MAX_TEXT - 3 or not args.name.isprintable():
        raise BadOption(f"--name must be printable text of 1 to {MAX_TEXT - 3} characters")
    settings = BotSettings(
        game=args.game,
        weights=args.weights,
        level=level(args.level) if args.level is not None else None,
        time_per_move=args.time_per_move,
        game_id=args.game_id,
        games=args.games,
        name=args.name,
    )
    played = asyncio.run(run_bots(args.connect, settings, args.count))
    print(f"gamecore bot: played {played} game{'s' if played != 1 else ''}")
    return 0
