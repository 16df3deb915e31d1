"""``gamecore play``: a game in the terminal, people against the engine (or itself)."""

from __future__ import annotations

import argparse

import numpy as np

from gamecore.commands.common import add_game_arguments, game_from_args
from gamecore.commands.searching import (
    add_engine_arguments,
    add_level_argument,
    add_limit_arguments,
    limits_from_args,
    searcher_from_args,
    warm_up,
)
from gamecore.errors import BadMove
from gamecore.game import Game
from gamecore.play.levels import Level, choose_move, level
from gamecore.search import Limits, Searcher, SearchInfo
from gamecore.state import State

DEFAULT_TIME = 2.0
HUMAN_SEATS = {"first": {0}, "second": {1}, "both": {0, 1}, "none": set()}
HELP = "type a move, or: moves (list the legal moves), undo (take back your last move), quit"


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "play",
        help="play against the engine in the terminal",
        description="Play in the terminal. The board is drawn after every move; type moves "
        "in the game's notation (chess: e2e4 or Nf3). Also: 'moves' lists the legal moves, "
        "'undo' takes back your last move (and the engine's reply), 'quit' or end of input "
        f"stops. The engine thinks {DEFAULT_TIME:g} s a move unless --depth or --time says "
        "otherwise.",
    )
    add_game_arguments(parser)
    parser.add_argument("--position", metavar="TEXT", help="start position (default: standard)")
    parser.add_argument(
        "--human",
        choices=tuple(HUMAN_SEATS),
        default="first",
        help="which seat a person plays: first (default), second, both, or none (engine "
        "against itself)",
    )
    add_limit_arguments(parser, DEFAULT_TIME)
    add_engine_arguments(parser)
    add_level_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    limits = limits_from_args(args, DEFAULT_TIME)
    game = game_from_args(args)
    state = game.initial_state() if args.position is None else game.state_from_text(args.position)
    humans = HUMAN_SEATS[args.human]
    searcher = None
    chooser = None
    if len(humans) < game.num_players:
        searcher = searcher_from_args(game, args)
        warm_up(searcher, state)
        if args.level is not None:
            chooser = LevelChooser(searcher, level(args.level), limits)
    if humans:
        print(HELP)
    show(game, state)
    while not state.is_terminal():
        if state.player in humans:
            if not human_turn(game, state, humans):
                print("game abandoned")
                return 0
        else:
            assert searcher is not None
            engine_turn(game, state, searcher, limits, chooser)
        show(game, state)
    print(f"result: {game.describe_result(state)}")
    return 0


def seat_name(game: Game, state: State) -> str:
    return game.player_names[state.player]


def show(game: Game, state: State) -> None:
    print()
    print(game.board_diagram(state.arrays))
    if not state.is_terminal():
        print(f"{seat_name(game, state)} to move")


def legal_list(state: State) -> str:
    return " ".join(sorted(state.move_text(m) for m in state.legal_moves()))


def human_turn(game: Game, state: State, humans: set[int]) -> bool:
    """Read commands until a move is played (True) or the player quits (False)."""
    while True:
        try:
            text = input(f"{seat_name(game, state)}> ").strip()
        except EOFError:
            print()
            return False
        if not text:
            continue
        if text in ("quit", "exit"):
            return False
        if text in ("help", "?"):
            print(HELP)
            continue
        if text == "moves":
            print(f"legal moves: {legal_list(state)}")
            continue
        if text == "undo":
            taken = undo(state)
            if taken:
                print(f"took back {' '.join(taken)}")
                show(game, state)
            else:
                print("nothing of yours to take back")
            continue
        try:
            move = state.parse_move(text)
        except BadMove as exc:
            print(f"not played: {exc}")
            print(f"legal moves: {legal_list(state)}")
            continue
        print(f"{seat_name(game, state)} plays {state.move_text(move)}")
        state.push_unchecked(move)
        return True


def undo(state: State) -> list[str]:
    """Take back moves until the player to move had the move before (their last full move).

    Returns the moves taken back in the order they were played, or none (and
    changes nothing) if that player has not moved yet.
    """
    me = state.player
    probe = state.copy()
    plies = 0
    while probe.history:
        probe.pop()
        plies += 1
        if probe.player == me:
            texts = []
            for _ in range(plies):
                move = state.pop()
                texts.append(state.move_text(move))
            return texts[::-1]
    return []


class LevelChooser:
    """The engine at a strength level (``--level``): its noise, under --time and --depth."""

    def __init__(self, searcher: Searcher, lvl: Level, limits: Limits) -> None:
        self.searcher, self.level, self.limits = searcher, lvl, limits
        self.rng = np.random.default_rng()

    def search(self, state: State) -> SearchInfo:
        limits = self.limits
        choice = choose_move(
            self.searcher, state, self.level, self.rng, time_limit=limits.time, depth=limits.depth
        )
        return choice.info


def engine_turn(
    game: Game,
    state: State,
    searcher: Searcher,
    limits: Limits,
    chooser: LevelChooser | None = None,
) -> None:
    result = searcher.search(state, limits) if chooser is None else chooser.search(state)
    move = result.best_move
    detail = f"depth {result.depth}, {result.seconds:.2f} s"
    if result.complete:
        detail = f"{game.score_text(result.score)}, {detail}"
    print(f"{seat_name(game, state)} (engine) plays {state.move_text(move)}  [{detail}]")
    state.push_unchecked(move)
