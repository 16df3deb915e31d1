"""``gamecore serve``: a game server that people (window, browser) and engines join."""

from __future__ import annotations

import argparse
from pathlib import Path

from gamecore.commands import validate
from gamecore.files import check_output
from gamecore.server.lobby import ServerLimits

DEFAULT_PORT = 8765
LIMITS = ServerLimits()


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "serve",
        help="host games over the network: lobby, seats, clocks, a browser client",
        description="Run a game server. People join from a browser (the address it prints), "
        "from the window (gamecore gui --connect URL) or with engines (gamecore bot --connect "
        "URL GAME). The server checks every move with the game's rules, keeps the clocks, and "
        "writes each move to its database before anyone sees it: stopped or killed, it "
        "restarts with every game where it was. docs/server.md describes the protocol.",
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default: this machine only; 0.0.0.0 for every network)",
    )
    parser.add_argument(
        "--port", type=validate.integer(1, 65535), default=DEFAULT_PORT, metavar="N",
        help=f"TCP port (default: {DEFAULT_PORT})",
    )  # fmt: skip
    parser.add_argument(
        "--db", metavar="PATH",
        help="SQLite file holding the games (default: server.sqlite in the user's data folder, "
        "~/.local/share/gamecore)",
    )  # fmt: skip
    parser.add_argument(
        "--durable", action="store_true",
        help="flush every move to the disk itself (survives a power cut; slower)",
    )  # fmt: skip
    limits = parser.add_argument_group("limits")
    limits.add_argument(
        "--max-connections", type=validate.integer(1, 100_000), metavar="N",
        default=LIMITS.max_connections,
        help=f"clients connected at once (default: {LIMITS.max_connections})",
    )  # fmt: skip
    limits.add_argument(
        "--max-games", type=validate.integer(1, 100_000), metavar="N",
        default=LIMITS.max_games,
        help=f"games waiting or in play at once (default: {LIMITS.max_games})",
    )  # fmt: skip
    limits.add_argument(
        "--max-message-bytes", type=validate.integer(256, 1_000_000), metavar="N",
        default=LIMITS.max_message_bytes,
        help=f"longest message a client may send (default: {LIMITS.max_message_bytes})",
    )  # fmt: skip
    limits.add_argument(
        "--rate", type=validate.real(0.0, 10_000.0, above=True), metavar="N",
        default=LIMITS.messages_per_second,
        help=f"messages a second per client, bursts of twice that "
        f"(default: {LIMITS.messages_per_second:g})",
    )  # fmt: skip
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from gamecore.server.app import default_database, serve

    database = Path(args.db) if args.db else default_database()
    if not args.db:
        database.parent.mkdir(parents=True, exist_ok=True)
    check_output(database, "game database")
    limits = ServerLimits(
        max_connections=args.max_connections,
        max_games=args.max_games,
        max_message_bytes=args.max_message_bytes,
        messages_per_second=args.rate,
    )
    serve(
        args.host, args.port, database, limits, args.durable, lambda line: print(line, flush=True)
    )
    return 0
