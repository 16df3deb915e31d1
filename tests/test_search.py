"""The generic search: exact values, correct transposition-table bounds, limits.

Connect Four is the test bed for exactness: every path to a position has the
same length, so a transposition-table hit never grafts a deeper search onto a
shallower node, and alpha-beta must reproduce brute-force minimax exactly.
"""

from __future__ import annotations

import numpy as np
import pytest

import gamecore
from gamecore.algorithms import tt as ttable
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.search.analysis import top_moves
from gamecore.state import State
from gamecore.values import ONE_PLY
from gamecore.weights import resolve_weights

EXACT = SearchParams.training()._replace(quiescence=False)


def minimax(searcher: Searcher, state: State, depth: int, ply: int) -> float:
    """Plain depth-limited minimax through the State API (the reference)."""
    k = searcher.kernel
    n = len(state.legal_moves())
    result = state.status()
    if result != gamecore.ONGOING:
        return float(k.terminal_value(result, ply))
    if depth == 0:
        return searcher.evaluate(state)
    team = state.team
    best = -np.inf
    for move in state.legal_moves():
        state.push_unchecked(move)
        value = minimax(searcher, state, depth - 1, ply + 1)
        if state.team != team:
            value = -value
        state.pop()
        best = max(best, value)
    assert n > 0
    return best


def connect4_positions(count: int, seed: int) -> list[State]:
    game = gamecore.get_game("connect4")
    rng = np.random.default_rng(seed)
    states = []
    for _ in range(count):
        state = game.initial_state()
        for _ in range(rng.integers(0, 14)):
            moves = state.legal_moves()
            if not moves or state.is_terminal():
                break
            state.push_unchecked(moves[rng.integers(len(moves))])
        if not state.is_terminal():
            states.append(state)
    return states


@pytest.fixture(scope="module")
def connect4():
    return gamecore.get_game("connect4")


def test_finds_an_immediate_win_as_a_mate_score(connect4):
    state = connect4.state_from_text("......./......./......./......./......o/.xxx.oo x")
    searcher = Searcher(connect4, np.zeros(connect4.feature_set.count), EXACT)
    result = searcher.search(state, Limits(depth=4))
    assert result.best_move == 1
    assert result.score.mate == 1


def test_sees_that_every_move_loses_against_a_double_threat(connect4):
    # o to move; x has .xxx. on the bottom row with both ends open: o blocks one, x plays the other.
    state = connect4.state_from_text("......./......./......./......./......o/.xxx..o o")
    searcher = Searcher(connect4, np.zeros(connect4.feature_set.count), EXACT)
    result = searcher.search(state, Limits(depth=3))
    assert result.score.mate == -2


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_alpha_beta_value_equals_minimax(connect4, seed):
    rng = np.random.default_rng(seed)
    theta = rng.normal(0, 30, connect4.feature_set.count)
    for state in connect4_positions(4, seed):
        searcher = Searcher(connect4, theta, EXACT, tt_megabytes=1)
        depth = 3
        result = searcher.search(state, Limits(depth=depth))
        assert result.score.value == pytest.approx(minimax(searcher, state, depth, 0), abs=1e-9)


def walk_tt(searcher: Searcher, state: State, ply: int, seen: set, out: list) -> None:
    """(state, ply, depth in plies, lower, upper) of every TT entry reachable from the root."""
    _, lower, upper, _, depth, _ = searcher.tt
    slot = ttable.probe(searcher.tt, np.uint64(state.hash))
    if slot < 0 or state.hash in seen:
        return
    seen.add(state.hash)
    k = searcher.kernel
    out.append(
        (
            state.copy(),
            ply,
            int(depth[slot]) // ONE_PLY,
            float(k.from_tt(lower[slot], ply)),
            float(k.from_tt(upper[slot], ply)),
        )
    )
    for move in state.legal_moves():
        state.push_unchecked(move)
        walk_tt(searcher, state, ply + 1, seen, out)
        state.pop()


def test_transposition_bounds_bracket_the_minimax_value(connect4):
    """What TreeStrap(αβ) relies on: every stored lower/upper bound is a true bound."""
    rng = np.random.default_rng(11)
    theta = rng.normal(0, 30, connect4.feature_set.count)
    checked = 0
    for state in connect4_positions(3, 5):
        searcher = Searcher(connect4, theta, EXACT, tt_megabytes=1)
        searcher.search(state, Limits(depth=4))
        entries: list = []
        walk_tt(searcher, state, 0, set(), entries)
        assert entries, "the search stored nothing"
        for node, ply, depth, low, high in entries:
            true = minimax(searcher, node, depth, ply)
            assert low - 1e-9 <= true <= high + 1e-9, (node.to_text(), depth, low, true, high)
            checked += 1
    assert checked > 50


def test_node_limit_stops_the_search(connect4):
    searcher = Searcher(connect4, np.zeros(connect4.feature_set.count), EXACT)
    result = searcher.search(connect4.initial_state(), Limits(depth=20, nodes=500))
    assert result.nodes <= 501
    assert result.best_move in range(1, 8)


def test_search_leaves_the_state_unchanged(connect4):
    state = connect4_positions(1, 9)[0]
    text, ply, h = state.to_text(), state.ply, state.hash
    Searcher(connect4, np.ones(connect4.feature_set.count), SearchParams.tournament()).search(
        state, Limits(depth=4)
    )
    assert (state.to_text(), state.ply, state.hash) == (text, ply, h)


def test_same_team_moving_twice_keeps_the_sign():
    """In extra-turn Nim a player who takes two stones moves again: values must not flip.

    Heap sizes that are multiples of 4 are lost for the mover in plain Nim; the
    extra turn changes that, and only a search that carries the value over
    between consecutive moves of one team agrees with brute force.
    """
    from tests.toys.extra_turn_nim import ExtraTurnNim

    game = ExtraTurnNim()
    rng = np.random.default_rng(4)
    theta = rng.normal(0, 10, 64)
    for heap in range(1, 14):
        state = game.state_from_text(f"{heap} 0")
        for params in (EXACT, SearchParams.tournament()._replace(null_move=False)):
            searcher = Searcher(game, theta, params, tt_megabytes=1)
            result = searcher.search(state, Limits(depth=6))
            expected = minimax(searcher, state, 6, 0)
            if params is EXACT:
                assert result.score.value == pytest.approx(expected, abs=1e-9), heap
            assert (result.score.value > 0) == (expected > 0), heap
    # With the extra turn, a heap of 2 is a win by taking both (last stone).
    state = game.state_from_text("2 0")
    result = Searcher(game, theta, EXACT).search(state, Limits(depth=3))
    assert result.best_move == 2 and result.score.mate == 1


@pytest.mark.parametrize("budget", [0.05, 0.3])
def test_time_limit_is_kept_mid_iteration(budget):
    """The stop flag is raised by a watchdog while the compiled search runs (it drops the GIL)."""
    import time

    from gamecore.weights import Weights

    game = gamecore.get_game("chess")
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    state = game.state_from_text(kiwipete)
    searcher = Searcher(game, Weights.default(game).theta, SearchParams.tournament())
    searcher.search(state, Limits(depth=1))  # load the compiled search first
    start = time.perf_counter()
    result = searcher.search(state, Limits(time=budget))
    elapsed = time.perf_counter() - start
    assert elapsed <= budget * 1.05 + 0.05
    assert result.best_move in state.legal_moves()
    assert result.depth >= 1


def test_a_plain_python_search_stops_itself_on_time(connect4, monkeypatch):
    """A plain-Python kernel holds the GIL, so the watchdog thread that stops compiled
    searches runs late (Connect Four's 5 ms searches ran a median 5 ms over, up to 18 ms);
    the kernel reads the clock itself. Here the watchdog never fires at all: the search
    must still stop near its 20 ms (depth 8 alone takes about 0.7 s)."""
    import threading
    import time

    from gamecore.search import searcher as searcher_module

    class SilentWatchdog(threading.Timer):
        def start(self) -> None:
            pass

    monkeypatch.setattr(searcher_module.threading, "Timer", SilentWatchdog)
    searcher = Searcher(connect4, np.zeros(connect4.feature_set.count))
    state = connect4.initial_state()
    searcher.search(state, Limits(depth=2))
    start = time.perf_counter()
    result = searcher.search(state, Limits(time=0.02, depth=8))
    elapsed = time.perf_counter() - start
    assert result.depth < 8 and elapsed < 0.2, (result.depth, elapsed)


def test_the_clock_never_cuts_the_first_iteration_short(monkeypatch):
    """A fresh process loads the compiled search on its first call, which can take longer
    than a short move time: the move must still come from a finished depth 1, and the
    clock, already spent, ends the search right after it."""
    import time

    from gamecore.weights import Weights

    game = gamecore.get_game("chess")
    state = game.state_from_text("6k1/5ppp/8/8/8/8/q4PPP/1R4K1 w - - 0 1")  # Rb8 mates
    searcher = Searcher(game, Weights.default(game).theta, SearchParams.tournament())
    budget = 0.02
    run = searcher._run
    slow_start = [True]

    def loading_then_run(*args):
        if slow_start[0]:  # the first kernel call: loading machine code from the cache
            slow_start[0] = False
            time.sleep(4 * budget)
        return run(*args)

    monkeypatch.setattr(searcher, "_run", loading_then_run)
    result = searcher.search(state, Limits(time=budget))
    assert result.complete and result.depth == 1
    assert state.move_text(result.best_move) == "b1b8" and result.score.mate == 1


def test_a_root_drawn_by_repetition_still_gets_a_move():
    """Front ends ask for a move in positions a GUI has not declared drawn yet."""
    game = gamecore.get_game("chess")
    state = game.initial_state()
    for move in ["g1f3", "g8f6", "f3g1", "f6g8"] * 2:
        state.push_text(move)
    assert state.status() == gamecore.DRAW  # threefold: the start position again
    searcher = Searcher(game, np.zeros(game.feature_set.count), SearchParams.tournament())
    result = searcher.search(state, Limits(depth=2))
    assert result.best_move in state.legal_moves()


def test_a_side_ahead_does_not_walk_into_a_repetition_its_table_remembers():
    """A queen and a knight up, the hand-set weights at depth 3 kept checking from g1 and d4
    into a threefold draw in a match: the searcher, reused from move to move as in a match,
    cut off on a table value stored when the position after Qg1+ was new."""
    game = gamecore.get_game("chess")
    state = game.state_from_text("8/8/4k3/4n3/5K1P/8/8/6q1 b - - 0 62")
    searcher = Searcher(game, resolve_weights(game, "default").theta)
    for black, white in [("g1d4", "f4g3"), ("d4g1", "g3f4"), ("g1d4", "f4g3")]:
        searcher.search(state, Limits(depth=3))
        state.push_text(black)
        state.push_text(white)
    result = searcher.search(state, Limits(depth=3))
    state.push(result.best_move)
    assert not game.kernel.repeated(state.arrays)
    assert result.score.value > 900


# White a Knight down, and any move but a pawn's completes the 50-move rule: a draw.
FIFTY_MOVES_UP = "r3k1n1/8/8/8/8/8/P7/R3K3 w - - 99 80"
PAWN_MOVES = {"a2a3", "a2a4"}  # the moves that reset the clock


@pytest.mark.parametrize("contempt", [0.0, 500.0])
def test_contempt_makes_a_side_a_little_behind_play_on(contempt):
    """Without contempt the side behind takes the draw; with a contempt above what it is
    behind by, it pushes the pawn and plays on, and every line of the multi-PV agrees."""
    game = gamecore.get_game("chess")
    state = game.state_from_text(FIFTY_MOVES_UP)
    params = SearchParams.tournament()._replace(contempt=contempt)
    searcher = Searcher(game, resolve_weights(game, "default").theta, params)
    result = searcher.search(state, Limits(depth=3))
    lines = top_moves(searcher, state, 40, Limits(depth=3))
    draws = [line for line in lines if state.move_text(line.move) not in PAWN_MOVES]
    assert draws and all(line.score.value == -contempt for line in draws)
    if contempt == 0.0:
        assert state.move_text(result.best_move) not in PAWN_MOVES
        assert result.score.value == 0.0
    else:
        assert state.move_text(result.best_move) in PAWN_MOVES
        assert -contempt < result.score.value < 0.0
        assert state.move_text(lines[0].move) in PAWN_MOVES


def test_contempt_counts_for_the_team_the_search_plays_for():
    """Searching the position after its own move (as the multi-PV does), a side's draws
    still cost it the contempt: the opponent to move there sees them as a gain."""
    game = gamecore.get_game("chess")
    state = game.state_from_text(FIFTY_MOVES_UP)
    white = state.team
    params = SearchParams.tournament()._replace(contempt=300.0)
    searcher = Searcher(game, np.zeros(game.feature_set.count), params)  # all level
    state.push_text("e1d1")  # the 100th quiet half-move: drawn, black to move
    assert state.status() == gamecore.DRAW
    state.pop()
    lines = top_moves(searcher, state, 40, Limits(depth=2))
    by_move = {state.move_text(line.move): line.score.value for line in lines}
    assert by_move["e1d1"] == -300.0  # the draw, for white, who searched
    own = searcher.search(state, Limits(depth=1), playing_for=white)
    other = searcher.search(state, Limits(depth=1), playing_for=1 - white)
    assert own.score.value == 0.0 and state.move_text(own.best_move) in PAWN_MOVES
    assert other.score.value == 300.0 and state.move_text(other.best_move) not in PAWN_MOVES


def test_a_searcher_playing_for_each_team_in_turn_keeps_their_draws_apart():
    """One searcher (as in an analysis of both sides) searches for white, then for black:
    black's search must not read the draws its table scored for white. For black a draw
    costs black the contempt, so white steers for it; read as white's draws, they would
    send white into the pawn push."""
    game = gamecore.get_game("chess")
    state = game.state_from_text("r3k1n1/8/8/8/8/8/P7/R3K3 w - - 96 79")  # draw in 2 moves
    white = state.team
    theta = resolve_weights(game, "default").theta
    params = SearchParams.tournament()._replace(contempt=300.0)
    shared = Searcher(game, theta, params)
    shared.search(state, Limits(depth=5), playing_for=white)
    after_white = shared.search(state, Limits(depth=5), playing_for=1 - white)
    alone = Searcher(game, theta, params).search(state, Limits(depth=5), playing_for=1 - white)
    for result in (alone, after_white):
        assert result.score.value > 0.0
        assert state.move_text(result.best_move) not in PAWN_MOVES


@pytest.mark.parametrize(
    "limits",
    [
        {"depth": 10**6},
        {"depth": 0},
        {"time": float("inf")},
        {"time": float("nan")},
        {"time": 0.0},
        {"nodes": -5},
    ],
)
def test_impossible_limits_are_refused_before_a_search_starts(limits):
    """Programs build limits too: a depth past the per-ply buffers or an endless time is
    one line, not a search that never returns."""
    from gamecore.errors import BadOption

    with pytest.raises(BadOption, match="search"):
        Limits(**limits)


def test_perft_refuses_a_depth_it_could_not_finish():
    from gamecore.errors import BadOption
    from gamecore.testing import perft_bound

    with pytest.raises(BadOption, match="perft depth"):
        perft_bound(gamecore.get_game("connect4").initial_state(), 100_000)
