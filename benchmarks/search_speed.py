"""Search speed: tournament search with the default weights, and one evaluation's cost.

Usage: python benchmarks/search_speed.py [--game chess|duchess] [--depth 8 | --time 1.0]
           [--repeats 5] [--search-params tournament]

Chess searches the middlegame positions of the perft suite (Kiwipete, position 4
and its mirror, 5, 6; not the endgame position 3); Duchess the six-player
midgame of ``duchess_speed.py`` and three positions reached from the start by
seeded random moves (six players after 60 moves, four after 80, two after 40).
Every search uses ``SearchParams.tournament()`` (or ``--search-params``: a file,
a name the game ships, ``training``), the shipped default weights and a 64 MB
transposition table, clearing the table, killers and history before every
search so repeats are identical.
Nodes are every node the search entered, quiescence included
(``SearchInfo.nodes``); with ``--time``, nodes and seconds are those of the
last completed iteration. A warm-up search of every position comes first, so
compiling (or loading compiled code) is not timed. One search runs at a time,
on one core.

Then, per position, the cost of one static evaluation (``evaluate`` of the
bound search kernel: chess-meep features and θ·φ) and of the features alone,
timed by a compiled loop of calls. Prints Markdown tables of medians.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

import numba
import numpy as np

import gamecore
from gamecore.binding import bind
from gamecore.game import Game
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.search.params import resolve as resolve_search_params
from gamecore.state import State
from gamecore.weights import Weights
from games.chess.suite import PERFT_SUITE

CHESS_POSITIONS = ("kiwipete", "position4", "position4-mirrored", "position5", "position6")
DUCHESS_WALKS = {"6 players, 60 random moves": (6, 60), "4 players, 80": (4, 80)}
DUCHESS_WALKS["2 players, 40"] = (2, 40)


def random_walk(game: Game, plies: int, seed: int) -> State:
    rng = np.random.default_rng(seed)
    state = game.initial_state()
    for _ in range(plies):
        moves = state.legal_moves()
        state.push(moves[int(rng.integers(len(moves)))])
    return state


def positions(name: str) -> tuple[Game, dict[str, State]]:
    """The game and its named benchmark positions."""
    if name == "chess":
        game = gamecore.get_game("chess")
        return game, {p: game.state_from_text(PERFT_SUITE[p][0]) for p in CHESS_POSITIONS}
    from duchess_speed import MIDGAME

    game = gamecore.get_game("duchess")
    states = {"6 players, midgame of duchess_speed.py": game.state_from_text(MIDGAME)}
    for label, (players, plies) in DUCHESS_WALKS.items():
        states[label] = random_walk(gamecore.get_game("duchess", players=players), plies, players)
    return game, states


def make_loops(evaluate, features, with_context: bool):
    """Compiled loops calling the search's static evaluation and ``features`` ``reps`` times.

    ``evaluate`` is ``search_value(st, ctx)`` of the evaluation template, or (trees
    before it, ``with_context`` False) the search kernel's ``evaluate(st, theta, fidx,
    fval)``, so that two trees can be compared. Plain ``numba.njit`` (not
    ``gamecore.jit.kernel``): closures over the bound kernel can not be cached on disk,
    and this is a measuring script.
    """
    if with_context:

        @numba.njit
        def eval_loop(st, ctx, reps):
            total = 0.0
            for _ in range(reps):
                total += evaluate(st, ctx)
            return total

    else:

        @numba.njit
        def eval_loop(st, ctx, reps):
            total = 0.0
            for _ in range(reps):
                total += evaluate(st, ctx.theta, ctx.fidx, ctx.fval)
            return total

    @numba.njit
    def feature_loop(st, fidx, fval, reps):
        total = 0
        for _ in range(reps):
            total += features(st, fidx, fval)
        return total

    return eval_loop, feature_loop


def search_runs(
    states: dict[str, State], theta, params: SearchParams, limits: Limits, repeats: int
) -> dict[str, list[tuple[int, float]]]:
    searchers = {
        name: Searcher(state.game, theta, params, tt_megabytes=64) for name, state in states.items()
    }  # one per position: Duchess positions of different player counts are different games
    for name, state in states.items():  # warm-up: compile or load the compiled kernels
        searchers[name].clear()
        searchers[name].search(state, Limits(depth=3))
    runs: dict[str, list[tuple[int, float]]] = {name: [] for name in states}
    for _ in range(repeats):
        for name, state in states.items():
            searcher = searchers[name]
            searcher.clear()
            info = searcher.search(state, limits)
            runs[name].append((info.nodes, info.seconds))
    return runs


def eval_costs(
    game, states: dict[str, State], theta, reps: int, repeats: int
) -> dict[str, tuple[int, float, float]]:
    """Per position: active features, median ns per evaluate, median ns per features call
    (``evaluate`` from the game's accumulator where it keeps one, refreshed first)."""
    search = bind(game, "gamecore.algorithms.alphabeta")
    evaluation = bind(game, "gamecore.algorithms.evaluation")
    with_context = hasattr(evaluation, "search_value")
    evaluate = evaluation.search_value if with_context else search.evaluate
    eval_loop, feature_loop = make_loops(evaluate, game.kernel.features, with_context)
    ctx = Searcher(game, theta).ctx
    fidx, fval = ctx.fidx, ctx.fval
    out = {}
    for name, state in states.items():
        st = state.arrays
        refresh = getattr(game.kernel, "value_refresh", None)  # absent before e2bb130
        if refresh is not None:
            refresh(st, theta)
        eval_loop(st, ctx, 10)
        feature_loop(st, fidx, fval, 10)
        evals, feats = [], []
        for _ in range(repeats):
            start = time.perf_counter()
            eval_loop(st, ctx, reps)
            evals.append((time.perf_counter() - start) / reps * 1e9)
            start = time.perf_counter()
            feature_loop(st, fidx, fval, reps)
            feats.append((time.perf_counter() - start) / reps * 1e9)
        active = len(state.features()[0])
        out[name] = (active, statistics.median(evals), statistics.median(feats))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("chess", "duchess"), default="chess")
    parser.add_argument("--depth", type=int, default=8, help="search depth (default 8)")
    parser.add_argument("--time", type=float, default=None, help="seconds per search instead")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--eval-reps", type=int, default=200_000)
    parser.add_argument("--search-params", default="tournament", help="default: tournament")
    args = parser.parse_args()

    game, states = positions(args.game)
    weights = Weights.default(game)
    theta = np.ascontiguousarray(weights.theta)
    params = resolve_search_params(game, args.search_params)
    limits = Limits(time=args.time) if args.time else Limits(depth=args.depth)
    what = f"{args.time:g} s" if args.time else f"depth {args.depth}"

    print(
        f"python {platform.python_version()}, numba {numba.__version__}, numpy {np.__version__}; "
        f"{weights.feature_set} ({game.feature_set.count} features, {weights.metadata.get('init')})"
    )
    search = args.search_params
    print(f"\nsearch parameters {search}, {what}, 64 MB table, {args.repeats} runs per position\n")
    runs = search_runs(states, theta, params, limits, args.repeats)
    print("| position | nodes | median s | median nodes/s |")
    print("| --- | ---: | ---: | ---: |")
    for name, results in runs.items():
        nodes = statistics.median(n for n, _ in results)
        seconds = statistics.median(s for _, s in results)
        nps = statistics.median(n / s for n, s in results)
        print(f"| {name} | {nodes:,.0f} | {seconds:.3f} | {nps:,.0f} |")
    totals = [
        (sum(r[i][0] for r in runs.values()), sum(r[i][1] for r in runs.values()))
        for i in range(args.repeats)
    ]
    overall = statistics.median(n / s for n, s in totals)
    nodes = statistics.median(n for n, _ in totals)
    print(f"| **all {len(runs)}** | {nodes:,.0f} | | **{overall:,.0f}** |")

    print(f"\nstatic evaluation, {args.eval_reps:,} calls in a compiled loop, median of 5\n")
    print("| position | active features | ns per evaluate | ns per features call |")
    print("| --- | ---: | ---: | ---: |")
    costs = eval_costs(game, states, theta, args.eval_reps, 5)
    for name, (active, ev, fe) in costs.items():
        print(f"| {name} | {active} | {ev:.0f} | {fe:.0f} |")
    ev = statistics.mean(c[1] for c in costs.values())
    fe = statistics.mean(c[2] for c in costs.values())
    print(f"| **mean** | | **{ev:.0f}** | {fe:.0f} |")


if __name__ == "__main__":
    main()
