"""``gamecore gui``: play any registered game in a pygame window.

This is the one place gamecore reaches into the ``gui`` package, and only for
the command line: ``gui`` is imported when the command runs, so the rest of
gamecore (search, training, the other commands) never loads pygame.
Everything that can be wrong with the arguments — game, options, seats,
weights, a record to load — is checked before a window opens, so a mistake is
one line and exit code 2.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from gamecore.bounds import is_digits
from gamecore.commands import validate
from gamecore.commands.common import add_game_arguments, game_from_args
from gamecore.commands.searching import (
    add_level_argument,
    add_search_params_argument,
    add_threads_argument,
)
from gamecore.errors import BadOption, BadPosition
from gamecore.files import check_output, read_input_text
from gamecore.play.clock import TimeControl
from gamecore.play.levels import STRONGEST
from gamecore.search.params import resolve as resolve_search_params

DEFAULT_TIME = 2.0


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "gui",
        help="play in a window (people, engines and random movers in any seats)",
        description="Open a resizable window on GAME. Click a piece, then one of its "
        "highlighted targets (or drag it). Buttons and keys: N new game, U undo, Y redo, "
        "R rotate, F flip, M move now, S save, L load, W weights view, Space pause/resume, "
        "P pass, T engine time, C cell names, A auto-rotate, B hint, E analysis, D engine level, "
        "F12 screenshot, H help. Click a seat to change who plays it, the evaluation graph to "
        "go to that move. See docs/gui.md.",
    )
    add_game_arguments(parser, optional=True)
    parser.add_argument(
        "--connect",
        metavar="URL",
        help="play on the game server at URL (what `gamecore serve` prints, e.g. "
        "http://HOST:8765): its lobby, then any game created, joined or watched there; GAME, "
        "-o, --clock and --players (human: a seat open to people, engine: one for `gamecore "
        "bot`) then describe the game the lobby's New button creates (docs/server.md)",
    )
    parser.add_argument(
        "--name",
        metavar="NAME",
        help="with --connect: the name shown at your seats (default: your login name)",
    )
    parser.add_argument(
        "--players",
        metavar="KINDS",
        help="who sits in each seat, in seat order, comma-separated: human, random, engine, "
        "engine:WEIGHTS, engine@SECONDS or engine:WEIGHTS@SECONDS, WEIGHTS being zeros, "
        "default, a name the game ships or a weights file, or an agent such as "
        "openspiel:mcts[@SECONDS] (docs/ecosystem.md) (default: seat 1 "
        "human, the others engine), "
        "e.g. --players human,engine or, for Duchess, --players human,engine,human,engine,"
        "random,engine",
    )
    parser.add_argument(
        "--weights",
        metavar="SPEC",
        help="weights for every engine seat without its own: zeros, default (the game's "
        "shipped default, else zeros), a name the game ships or a weights file (default: "
        "default); also drawn by the weights view",
    )
    parser.add_argument(
        "--time-per-move",
        type=validate.seconds,
        default=DEFAULT_TIME,
        metavar="S",
        help=f"seconds an engine thinks per move, unless its seat says @S (default "
        f"{DEFAULT_TIME:g})",
    )
    parser.add_argument(
        "--clock",
        metavar="BASE+INC",
        help="chess clocks: seconds per seat plus seconds added per move, e.g. 300+2, or one "
        "per seat in seat order, e.g. 300+2,60+1; engines then search on their clock, and a "
        "seat whose clock runs out loses",
    )
    add_level_argument(parser)
    add_search_params_argument(parser)
    add_threads_argument(parser)
    parser.add_argument(
        "--no-animation",
        action="store_true",
        help="place moved pieces at once instead of sliding them",
    )
    parser.add_argument(
        "--load", metavar="RECORD", help="start from a saved game record (PGN, PDN, ...)"
    )
    parser.add_argument(
        "--watch",
        metavar="RUN",
        help="watch the training run whose weights file (its --out) is RUN instead of playing: "
        "the game being played, the learning curve, the update error and the weights' heat "
        "map, as the run writes them (docs/gui.md)",
    )
    parser.add_argument(
        "--size",
        default="1180x800",
        metavar="WxH",
        help="initial window size in pixels (default 1180x800)",
    )
    parser.add_argument(
        "--quit-after",
        type=validate.frames,
        metavar="FRAMES",
        help="close the window by itself after this many frames (scripts, headless checks)",
    )
    parser.add_argument(
        "--screenshot",
        metavar="PNG",
        help="write the last frame to this image file (.png, .bmp, .jpg, .tga) when the "
        "window closes",
    )
    parser.set_defaults(run=run)


SIZE_RANGE = (320, 8192)
"""Least and greatest window side in pixels: smaller leaves no room for the board, larger
is refused by SDL ("Window is too large")."""
SCREENSHOT_TYPES = ("png", "bmp", "jpg", "jpeg", "tga")
"""Image types pygame writes, by suffix."""


def parse_size(text: str) -> tuple[int, int]:
    width, sep, height = text.lower().partition("x")
    if not (sep and is_digits(width) and is_digits(height)):
        raise BadOption(f"--size must be WIDTHxHEIGHT, e.g. 1180x800, not {text[:40]!r}")
    low, high = SIZE_RANGE
    size = (int(width), int(height))
    if not all(low <= side <= high for side in size):
        raise BadOption(f"--size sides must be {low} to {high} pixels, not {text[:40]!r}")
    return size


def check_screenshot(path: str) -> None:
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in SCREENSHOT_TYPES:
        raise BadOption(
            f"--screenshot {path!r}: unknown image type {suffix!r} "
            f"(use one of {', '.join(SCREENSHOT_TYPES)})"
        )
    check_output(path, "screenshot")


WATCH_EXCLUDES = ("players", "load", "clock", "weights", "level", "search_params")
"""Options about playing, which a window watching a training run has no use for."""


def run(args: argparse.Namespace) -> int:
    if args.connect is not None:
        return connect(args)
    if args.name is not None:
        raise BadOption("--name is the name shown on a game server; it needs --connect URL")
    if args.game is None:
        raise BadOption("name a GAME (see `gamecore games`), or --connect URL to play on a server")
    if args.watch is not None:
        return watch(args)
    game = game_from_args(args)
    from gui.seats import Engines, parse_seats  # the CLI's one reach into gui (see above)

    seats = parse_seats(args.players, game.num_players)
    clocks = None
    if args.clock is not None:
        clocks = TimeControl.parse_per_seat(args.clock, game.num_players, "--clock")
    size = parse_size(args.size)
    if args.screenshot:
        check_screenshot(args.screenshot)
    params = resolve_search_params(game, args.search_params)
    engines = Engines(game, args.weights, params, threads=args.threads)
    engines.weights(None)  # a bad --weights file is reported now, not in the window
    for seat in seats:
        if seat.kind == "engine" and seat.weights:
            engines.weights(seat.weights)
    state = None
    if args.load:
        state = game.read_record(read_input_text(args.load, "game record", BadPosition))
    from gui.app import App, open_window
    from gui.app import run as run_window

    open_window(f"gamecore — {game.name}")
    app = App(
        game,
        seats,
        time_per_move=args.time_per_move,
        weights=args.weights,
        state=state,
        size=size,
        window=True,
        engines=engines,
        clocks=clocks,
        level=args.level or STRONGEST,
        animate=not args.no_animation,
    )
    if state is not None:
        app.session.say(f"loaded {args.load}: {len(state.history)} moves")
    run_window(app, max_frames=args.quit_after, screenshot=args.screenshot)
    if args.screenshot:
        print(f"wrote {args.screenshot}")
    return 0


def watch(args: argparse.Namespace) -> int:
    """``--watch RUN``: a window on a training run (checked first, like the playing window)."""
    from gamecore.commands.common import parse_options
    from gamecore.registry import get_game

    for name in WATCH_EXCLUDES:
        if getattr(args, name, None) is not None:
            flag = name.replace("_", "-")
            raise BadOption(f"--watch shows a training run; it takes no --{flag}")
    from gui.watch import check_run  # the CLI's one reach into gui (see above)

    options = check_run(args.game, args.watch, parse_options(args.option))
    game = get_game(args.game, **options)
    size = parse_size(args.size)
    if args.screenshot:
        check_screenshot(args.screenshot)
    from gui.app import open_window
    from gui.watch_view import WatchApp, run_watch

    open_window(f"gamecore — watching {Path(args.watch).name}")
    app = WatchApp(game, args.watch, args.game, options, size=size, window=True)
    run_watch(app, max_frames=args.quit_after, screenshot=args.screenshot)
    if args.screenshot:
        print(f"wrote {args.screenshot}")
    return 0


CONNECT_EXCLUDES = ("watch", "load", "weights", "level", "search_params")
"""Options of a game in this window that a game on a server does not take."""
SERVER_SEATS = {"human": "open", "engine": "engine"}
"""--players kinds as the seats of a game created on a server."""


def connect(args: argparse.Namespace) -> int:
    """``--connect URL``: the window as a client of a game server (checked first, as above)."""
    from gamecore.server.client import websocket_url
    from gamecore.server.protocol import MAX_TEXT

    for option in CONNECT_EXCLUDES:
        if getattr(args, option, None) is not None:
            flag = option.replace("_", "-")
            raise BadOption(f"--connect plays the server's games; it takes no --{flag}")
    websocket_url(args.connect)  # a malformed address is one line, before a window opens
    name = args.name if args.name is not None else _login_name()
    if not name or len(name) > MAX_TEXT - 8 or not name.isprintable():
        raise BadOption(f"--name must be printable text of 1 to {MAX_TEXT - 8} characters")
    size = parse_size(args.size)
    if args.screenshot:
        check_screenshot(args.screenshot)
    from gui.lobby import CreateSpec

    specs = None
    if args.game is not None:
        game = game_from_args(args)
        from gamecore.commands.common import parse_options

        if args.clock is not None:
            TimeControl.parse_per_seat(args.clock, game.num_players, "--clock")
        seats = None
        if args.players is not None:
            kinds = [kind.strip() for kind in args.players.split(",")]
            if len(kinds) != game.num_players or any(k not in SERVER_SEATS for k in kinds):
                raise BadOption(
                    f"--players with --connect lists human or engine for each of the "
                    f"{game.num_players} seats, e.g. {','.join(['human'] * game.num_players)}"
                )
            seats = [SERVER_SEATS[kind] for kind in kinds]
        specs = [CreateSpec(args.game, parse_options(args.option), args.clock, seats)]
    elif args.option or args.clock or args.players:
        raise BadOption("-o, --clock and --players describe a game to create: name its GAME too")
    from gui.app import open_window
    from gui.app import run as run_window
    from gui.client import ClientApp
    from gui.remote import ServerLink

    link = ServerLink(args.connect, name)  # an unreachable server is one line, no window
    open_window(f"gamecore — {args.connect}")
    app = ClientApp(link, specs, size=size, window=True, animate=not args.no_animation)
    run_window(app, max_frames=args.quit_after, screenshot=args.screenshot)
    if args.screenshot:
        print(f"wrote {args.screenshot}")
    return 0


def _login_name() -> str:
    import getpass

    try:
        return getpass.getuser()[:40] or "player"
    except (KeyError, OSError):
        return "player"
