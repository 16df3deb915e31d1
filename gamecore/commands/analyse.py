"""``gamecore analyse``: search one position and print what each iteration found."""

from __future__ import annotations

import argparse

from gamecore.commands.common import (
    add_game_arguments,
    add_position_arguments,
    game_from_args,
    state_from_args,
)
from gamecore.commands.searching import (
    add_engine_arguments,
    add_limit_arguments,
    limits_from_args,
    searcher_from_args,
    warm_up,
)
from gamecore.interop.uci import pv_texts

DEFAULT_TIME = 5.0


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "analyse",
        aliases=["analyze"],
        help="search a position, one line per iteration, then the best move",
        description="Search a position by iterative deepening. Each finished depth prints "
        "one line: depth, seldepth, score (chess: 'cp N' centipawns or 'mate N' moves, "
        "negative when the side to move is mated; other games: the value or 'win/loss in N "
        "plies'), nodes, nodes per second, time and principal variation. The last line is "
        f"'bestmove MOVE'. Without --depth, --time or --nodes it searches {DEFAULT_TIME:g} s.",
    )
    add_game_arguments(parser)
    add_position_arguments(parser)
    add_limit_arguments(parser, DEFAULT_TIME)
    add_engine_arguments(parser)
    parser.set_defaults(run=run, command="analyse")


def run(args: argparse.Namespace) -> int:
    limits = limits_from_args(args, DEFAULT_TIME)
    game = game_from_args(args)
    state = state_from_args(game, args)
    searcher = searcher_from_args(game, args)
    if not state.legal_moves() or state.is_terminal():
        print(f"game over: {game.describe_result(state)}")
        print("bestmove (none)")
        return 0
    warm_up(searcher, state)
    best = None
    for result in searcher.iterate(state, limits):
        best = result.best_move
        print(_line(game, state, result), flush=True)
    print(f"bestmove {state.move_text(best) if best is not None else '(none)'}")
    return 0


def _line(game, state, result) -> str:
    ms = int(result.seconds * 1000)
    stats = f"nodes {result.nodes} nps {int(result.nps)} time {ms}"
    pv = " ".join(pv_texts(state, result.pv))
    if result.depth == 0:
        return f"stopped before depth 1 finished: {stats} pv {pv}"
    if not result.complete:
        return f"depth {result.depth} (unfinished) seldepth {result.seldepth} {stats} pv {pv}"
    return (
        f"depth {result.depth} seldepth {result.seldepth} score {game.score_text(result.score)} "
        f"{stats} pv {pv}"
    )
