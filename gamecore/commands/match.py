"""``gamecore match`` and ``gamecore tournament``: strength, as Elo with 95% intervals."""

from __future__ import annotations

import argparse
import itertools
import math
import re

from tqdm import tqdm

from gamecore.commands import validate
from gamecore.commands.common import (
    add_game_arguments,
    add_worker_arguments,
    executor_from_args,
    game_from_args,
)
from gamecore.commands.searching import add_search_params_argument, add_threads_argument
from gamecore.errors import BadOption
from gamecore.executor import run_all
from gamecore.files import check_output
from gamecore.game import Game
from gamecore.interop.uci_player import ENGINE_TIMEOUT
from gamecore.play.clock import TimeControl
from gamecore.play.elo import MatchResult, fit_ratings, match_elo
from gamecore.play.game_length import MOVES_PER_PLAYER
from gamecore.play.match import (
    GameResult,
    MatchSettings,
    PlayerSpec,
    check_players,
    match_games,
    play_match_game,
    run_match,
    write_records,
)
from gamecore.play.openings import load_openings
from gamecore.play.sprt import Sprt, pentanomial
from gamecore.search import Limits
from gamecore.search.params import resolve as resolve_search_params

PLAYER_HELP = (
    "random, zeros, default, a weights name the game ships (see `gamecore games`), a weights "
    "file, or an agent from OpenSpiel or PettingZoo: openspiel:mcts[:simulations=N,rollouts=N,"
    "uct=C,seed=N], openspiel:random, openspiel:MODULE.FACTORY, pettingzoo:random or "
    "pettingzoo:MODULE.POLICY (docs/ecosystem.md), or a UCI chess engine: "
    "uci:COMMAND[:Name=value,...], e.g. uci:stockfish:UCI_LimitStrength=true,UCI_Elo=1500 "
    "(docs/matches.md)"
)
SPRT_GAMES = 100_000
"""The most games of an SPRT match unless --games says: it normally ends at a bound first."""


def add_parser(sub: argparse._SubParsersAction) -> None:
    match = sub.add_parser(
        "match",
        help="play A against B and estimate the Elo difference",
        description="Play A against B, each opening from both sides, and print W/D/L from A's "
        "side with the Elo difference and its 95% interval. A player is random, zeros, "
        "default, a name the game ships, a weights file or an agent; the games go to a "
        "record file in the game's format.",
    )
    add_game_arguments(match)
    match.add_argument("a", metavar="A", help=PLAYER_HELP)
    match.add_argument("b", metavar="B", help=PLAYER_HELP)
    _add_settings(match, games=20)
    match.set_defaults(default_games=20)
    match.add_argument(
        "--sprt",
        metavar="ELO0,ELO1[,ALPHA,BETA]",
        help="sequential test of H0 (A is ELO0 stronger) against H1 (ELO1), logistic Elo, "
        "pentanomial over game pairs, alpha and beta 0.05 unless given: stops at a bound "
        f"(--games then caps it, default {SPRT_GAMES:,})",
    )
    match.add_argument("--out", help="record file (default: A-vs-B with the game's suffix)")
    match.set_defaults(run=run_match_command)

    tour = sub.add_parser(
        "tournament",
        help="round robin with maximum-likelihood Elo ratings",
        description="Play every pair of PLAYERs, each opening from both sides, and rate them "
        "all at once by maximum likelihood, with 95% intervals; --reference pins one "
        "player's rating.",
    )
    add_game_arguments(tour)
    tour.add_argument("players", nargs="+", metavar="PLAYER", help=PLAYER_HELP)
    _add_settings(tour, games=10)
    tour.set_defaults(default_games=10)
    tour.add_argument("--reference", default=None, help="player pinned (default: the first)")
    tour.add_argument("--reference-elo", type=validate.elo, default=0.0, help="its rating")
    tour.add_argument("--out", help="record file of every game")
    tour.set_defaults(run=run_tournament_command)


def _add_settings(parser: argparse.ArgumentParser, games: int) -> None:
    parser.add_argument(
        "--games",
        type=validate.every,
        default=None,
        help=f"games per pairing ({games}; with --book, two per opening)",
    )
    parser.add_argument(
        "--time-per-move", type=validate.seconds, help="seconds per move (default 0.1)"
    )
    parser.add_argument("--depth", type=validate.depth, help="fixed search depth instead of time")
    parser.add_argument(
        "--time-control",
        metavar="BASE+INC",
        help="Fischer clock per seat in seconds, e.g. 10+0.1 (instead of a time per move)",
    )
    parser.add_argument(
        "--openings", type=validate.every, default=10, help="distinct openings (10)"
    )
    parser.add_argument(
        "--opening-plies", type=validate.opening_plies, default=4, help="random plies each (4)"
    )
    parser.add_argument(
        "--book",
        metavar="NAME|FILE",
        help="play every line of this opening book from both sides (e.g. checkers' three-move); "
        "chess also reads .epd positions, .pgn games and polyglot .bin books",
    )
    parser.add_argument(
        "--book-plies",
        type=validate.opening_plies,
        metavar="N",
        help="plies of each .pgn game to play (default: all) or of each polyglot line (8)",
    )
    parser.add_argument(
        "--max-plies",
        type=validate.plies,
        default=None,
        help=f"adjudicate a draw after this many plies ({MOVES_PER_PLAYER} moves per player)",
    )
    add_search_params_argument(parser)
    add_threads_argument(parser)
    parser.add_argument(
        "--engine-timeout",
        type=validate.seconds,
        default=ENGINE_TIMEOUT,
        metavar="S",
        help="seconds a uci: engine may take beyond its time for a move (at a fixed depth: "
        f"in all) before it loses the game as hung ({ENGINE_TIMEOUT:g})",
    )
    add_worker_arguments(parser)
    parser.add_argument(
        "--concurrency",
        dest="workers",
        type=validate.workers,
        metavar="N",
        help="games played at once: the engine testers' name for --workers",
    )
    parser.add_argument("--jobs", dest="workers", type=validate.workers, help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=validate.seed, default=0)


def _settings(game: Game, args: argparse.Namespace) -> MatchSettings:
    book = None
    if args.book:
        book = load_openings(game, args.book, args.book_plies, args.openings, args.seed)
    elif args.book_plies is not None:
        raise BadOption("--book-plies needs --book")
    if args.games is None:
        if getattr(args, "sprt", None):
            args.games = SPRT_GAMES
        else:
            args.games = 2 * len(book) if book else args.default_games
    control = TimeControl.parse(args.time_control) if args.time_control else None
    if control is not None and args.time_per_move is not None:
        raise BadOption("give --time-control or --time-per-move, not both")
    if control is not None:
        limits = Limits(depth=args.depth, time=control.typical_move_time())
    elif args.depth is not None:
        limits = Limits(depth=args.depth, time=args.time_per_move)
    else:
        limits = Limits(time=args.time_per_move or 0.1)
    return MatchSettings(
        games=args.games,
        limits=limits,
        openings=args.openings,
        opening_plies=args.opening_plies,
        max_plies=args.max_plies,
        seed=args.seed,
        book=book,
        time_control=control,
        engine_timeout=args.engine_timeout,
        threads=args.threads,
    )


def _elo_text(result: MatchResult) -> str:
    """The Elo difference and its interval; a sweep has no finite estimate, only a bound."""
    elo, low, high = match_elo(result)
    if elo == math.inf:
        return f"Elo beyond {low:+.0f} (95% interval {low:+.0f} to +inf: every game won)"
    if elo == -math.inf:
        return f"Elo below {high:+.0f} (95% interval -inf to {high:+.0f}: every game lost)"
    return f"Elo {elo:+.0f} (95% interval {low:+.0f} to {high:+.0f})"


def run_match_command(args: argparse.Namespace) -> int:
    game = game_from_args(args)
    resolve_search_params(game, args.search_params)  # a bad file is refused before any game
    sprt = Sprt.parse(args.sprt) if args.sprt else None
    a = PlayerSpec.parse(game, args.a, args.search_params)
    b = PlayerSpec.parse(game, args.b, args.search_params)
    explicit_games = args.games is not None
    settings = _settings(game, args)
    check_players((a, b), settings)
    default_out = f"{file_label(a.name)}-vs-{file_label(b.name)}{game.record_suffix}"
    out = check_output(args.out or default_out, "record file")
    executor = executor_from_args(args)
    total = settings.games if sprt is None or explicit_games else None
    bar = tqdm(total=total, unit="game", desc=f"{a.name} vs {b.name}")
    tally = {"w": 0, "d": 0, "l": 0}
    pairs: list[float] = []
    state = {"llr": 0.0, "verdict": None}

    def show() -> None:
        text = f"W/D/L {tally['w']}/{tally['d']}/{tally['l']}"
        if sprt is not None:
            low, high = sprt.bounds
            text += f", LLR {state['llr']:.2f} ({low:.2f}, {high:.2f})"
        bar.set_postfix_str(text)

    def on_game(result: GameResult) -> None:
        key = {1.0: "w", 0.5: "d", 0.0: "l"}[result.score_of_first]
        tally[key] += 1
        show()
        bar.update(1)

    def on_pair(points: float) -> bool:
        assert sprt is not None
        pairs.append(points)
        state["llr"] = sprt.llr(pentanomial(pairs))
        state["verdict"] = sprt.verdict(state["llr"])
        show()
        return state["verdict"] is not None

    try:
        result, games = run_match(
            game, a, b, settings, on_game, executor, on_pair if sprt is not None else None
        )
    finally:
        bar.close()
        if executor is not None:
            executor.close()
    write_records(out, games)
    print(
        f"{a.name} vs {b.name}: W/D/L {result.wins}/{result.draws}/{result.losses}, "
        f"score {100 * result.score:.1f}%, {_elo_text(result)}; games in {out}"
    )
    if sprt is not None:
        print(_sprt_text(sprt, pairs, state["verdict"]))
    return 0


def _sprt_text(sprt: Sprt, pairs: list[float], verdict: str | None) -> str:
    """The test's outcome: its LLR and bounds, the pentanomial counts and the verdict."""
    counts = pentanomial(pairs)
    low, high = sprt.bounds
    value = sprt.llr(counts)
    outcome = {
        "H0": f"H0 accepted (A is less than {sprt.elo1:g} Elo stronger)",
        "H1": f"H1 accepted (A is more than {sprt.elo0:g} Elo stronger)",
        None: "inconclusive (the games ran out before a bound)",
    }[verdict]
    return (
        f"{sprt}: LLR {value:.2f} (bounds {low:.2f}, {high:.2f}) after {len(pairs)} pairs, "
        f"pentanomial {counts}: {outcome}"
    )


def file_label(name: str) -> str:
    """A player's name as part of a file name: runs of other characters become ``_``."""
    return re.sub(r"[^\w.@=+-]+", "_", name).strip("_") or "player"


def run_tournament_command(args: argparse.Namespace) -> int:
    game = game_from_args(args)
    resolve_search_params(game, args.search_params)  # a bad file is refused before any game
    specs = [PlayerSpec.parse(game, text, args.search_params) for text in args.players]
    names = _unique_names([s.name for s in specs])
    if len(specs) < 2:
        raise BadOption("a tournament needs at least two players")
    reference = 0
    if args.reference is not None:
        if args.reference not in names:
            raise BadOption(f"--reference {args.reference!r} is not one of {', '.join(names)}")
        reference = names.index(args.reference)
    settings = _settings(game, args)
    check_players(specs, settings)
    if args.out:
        check_output(args.out, "record file")
    executor = executor_from_args(args)
    pairs = list(itertools.combinations(range(len(specs)), 2))
    tasks = [match_games(game, specs[i], specs[j], settings) for i, j in pairs]
    bar = tqdm(total=len(pairs) * settings.games, unit="game", desc="tournament")
    try:
        everything = [task for pair in tasks for task in pair]
        records = run_all(executor, play_match_game, everything, lambda *_: bar.update(1))
    finally:
        bar.close()
        if executor is not None:
            executor.close()
    triples = [
        (i, j, game_result.score_of_first)
        for (i, j), game_result in zip(
            [pair for pair in pairs for _ in range(settings.games)], records, strict=True
        )
    ]
    if args.out:
        write_records(args.out, records)
    ratings = fit_ratings(names, triples, reference, args.reference_elo)
    print("| rank | player | Elo | 95% interval | games | score |")
    print("| ---: | --- | ---: | --- | ---: | ---: |")
    ranked = sorted(ratings, key=lambda r: -r.elo)
    for rank, r in enumerate(ranked, 1):
        interval = "reference" if r.name == names[reference] else f"{r.low:.0f} to {r.high:.0f}"
        print(
            f"| {rank} | {r.name} | {r.elo:.0f} | {interval} | {r.games} | {100 * r.score:.1f}% |"
        )
    return 0


def _unique_names(names: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return out
