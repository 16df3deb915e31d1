"""Arguments and output shared by the commands that search: ``analyse``, ``play``, ``uci``."""

from __future__ import annotations

import argparse

from gamecore.commands import validate
from gamecore.errors import BadOption
from gamecore.game import Game
from gamecore.interop.uci import DEFAULT_HASH_MB
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.search.params import resolve as resolve_search_params
from gamecore.state import State
from gamecore.weights import Weights, resolve_weights

WEIGHTS_HELP = (
    "evaluation weights: zeros, default (the game's shipped default, else zeros), another "
    "name the game ships (see `gamecore games`) or a weights file (default: default)"
)


def add_engine_arguments(parser: argparse.ArgumentParser) -> None:
    """--weights, --hash, --mode, --search-params, --threads."""
    parser.add_argument(
        "--weights",
        metavar="SPEC",
        help=WEIGHTS_HELP,
    )
    parser.add_argument(
        "--hash",
        type=validate.hash_megabytes,
        default=DEFAULT_HASH_MB,
        metavar="MB",
        help=f"transposition table size in MB, 1 to {validate.MAX_HASH_MB} "
        f"(default {DEFAULT_HASH_MB})",
    )
    parser.add_argument(
        "--mode",
        choices=("tournament", "training"),
        default="tournament",
        help="search settings: tournament adds null move, futility, late-move reductions and "
        "aspiration windows to what training mode uses (default tournament)",
    )
    add_search_params_argument(parser)
    add_threads_argument(parser)


def add_threads_argument(parser: argparse.ArgumentParser) -> None:
    """--threads N: search threads per engine (Lazy SMP, gamecore.search.lazy_smp)."""
    parser.add_argument(
        "--threads",
        type=validate.threads,
        default=1,
        metavar="N",
        help="search threads sharing one transposition table (Lazy SMP); more than one is "
        "faster but not repeatable (default 1)",
    )


SEARCH_PARAMS_HELP = (
    "search parameters: a search-parameters file (JSON, docs/tuning.md), a name the game "
    "ships, or tournament / training / plain (default: the game's shipped default)"
)


def add_search_params_argument(parser: argparse.ArgumentParser) -> None:
    """--search-params SPEC (gamecore.search.params)."""
    parser.add_argument("--search-params", metavar="SPEC", help=SEARCH_PARAMS_HELP)


def add_level_argument(parser: argparse.ArgumentParser) -> None:
    """--level N: the engine's strength for people (gamecore.play.levels; table in docs/gui.md)."""
    parser.add_argument(
        "--level",
        type=validate.level,
        metavar="N",
        help="engine strength from 1 (weakest: shallow, with random and near-best moves) to "
        "10 (the full engine); see docs/gui.md for the table (default: full strength)",
    )


def add_limit_arguments(parser: argparse.ArgumentParser, default_time: float) -> None:
    """--depth N | --time S (one of them), and --nodes N."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--depth",
        type=validate.depth,
        metavar="N",
        help=f"search this many plies deep (1 to {validate.MAX_SEARCH_DEPTH})",
    )
    group.add_argument(
        "--time",
        type=validate.seconds,
        metavar="S",
        help=f"search this many seconds (default: {default_time:g} s when no --depth or --nodes)",
    )
    parser.add_argument(
        "--nodes", type=validate.nodes, metavar="N", help="stop after about N nodes"
    )


def limits_from_args(args: argparse.Namespace, default_time: float) -> Limits:
    nodes = getattr(args, "nodes", None)
    seconds = args.time
    if args.depth is None and seconds is None and nodes is None:
        seconds = default_time
    return Limits(depth=args.depth, nodes=nodes, time=seconds)


def load_weights(game: Game, spec: str | None) -> Weights:
    """The weights named by --weights (BadWeights on any problem), else the shipped default."""
    return Weights.default(game) if spec is None else resolve_weights(game, spec)


def search_params(game: Game, args: argparse.Namespace) -> SearchParams:
    """--search-params if given, else --mode training's settings, else the game's default."""
    spec = getattr(args, "search_params", None)
    if spec is not None and getattr(args, "mode", "tournament") == "training":
        raise BadOption("give --search-params or --mode training, not both")
    if spec is None and getattr(args, "mode", "tournament") == "training":
        spec = "training"
    return resolve_search_params(game, spec)


def searcher_from_args(game: Game, args: argparse.Namespace) -> Searcher:
    weights = load_weights(game, args.weights)
    params = search_params(game, args)
    return Searcher(
        game,
        weights.theta,
        params,
        args.hash,
        interruptible=True,
        evaluation=weights.evaluation(game),
        threads=args.threads,
    )


def warm_up(searcher: Searcher, state: State) -> None:
    """Compile (or load from the cache) the search kernel before any clock starts."""
    if state.legal_moves() and not state.is_terminal():
        searcher.search(state.copy(), Limits(depth=1))
        searcher.clear()
