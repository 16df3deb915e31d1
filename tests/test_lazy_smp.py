"""Lazy SMP: helper threads sharing one lockless transposition table."""

from __future__ import annotations

import threading
import time

import chess
import numpy as np
import pytest

import gamecore
from gamecore.algorithms import tt as ttable
from gamecore.cli import main
from gamecore.errors import BadOption
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.weights import Weights
from tests.mate_oracle import QUIET_MATES_IN_2, mating_moves

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@pytest.fixture(scope="module")
def chess_game():
    return gamecore.get_game("chess")


def searcher_for(game, threads: int, params: SearchParams | None = None) -> Searcher:
    theta = Weights.default(game).theta
    return Searcher(game, theta, params or SearchParams.tournament(), 16, threads=threads)


def search_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("search-helper")]


def test_a_torn_entry_is_a_miss():
    """Two threads writing one slot at once leave fields of both: the check must refuse it."""
    table = ttable.new_table(0.01)
    key = np.uint64(0x1234_5678_9ABC_DEF1)
    ttable.store(table, key, 8, 25.0, -100.0, 100.0, 77, 1)
    found, lower, upper, move, depth = ttable.read(table, key)
    assert found and (lower, upper, move, depth) == (25.0, 25.0, 77, 8)
    assert ttable.probe(table, key) >= 0
    slot = int(ttable.slot_of(table, key))
    for field, torn in (("lower", -3.0), ("upper", 40.0), ("move", 78), ("depth", 9)):
        saved = getattr(table, field)[slot]
        getattr(table, field)[slot] = torn  # another thread's write, half landed
        assert not ttable.read(table, key)[0], field
        assert ttable.probe(table, key) == -1, field
        getattr(table, field)[slot] = saved
    assert ttable.read(table, key)[0]
    other = key ^ np.uint64(1 << 40)  # same slot, another position
    assert int(ttable.slot_of(table, other)) == slot
    assert not ttable.read(table, other)[0]


def test_two_threads_search_more_nodes_and_stop_together(chess_game):
    state = chess_game.state_from_text(KIWIPETE)
    single = searcher_for(chess_game, 1)
    double = searcher_for(chess_game, 2)
    assert double.threads == 2
    for searcher in (single, double):
        searcher.search(state, Limits(depth=2))  # load the compiled search
        searcher.clear()
    one = single.search(state, Limits(depth=7))
    two = double.search(state, Limits(depth=7))
    assert two.depth == 7 and two.best_move in state.legal_moves()
    helper_nodes = two.nodes - int(double.info[double.kernel.NODES])
    assert helper_nodes > 0  # the helper searched, and its nodes are counted
    assert not search_threads()  # every helper ended with the search
    assert one.best_move in state.legal_moves()


def test_one_thread_stays_repeatable(chess_game):
    state = chess_game.state_from_text(KIWIPETE)
    runs = []
    for _ in range(2):
        searcher = searcher_for(chess_game, 1)
        result = searcher.search(state, Limits(depth=6))
        runs.append((result.nodes, result.best_move, result.score.value))
    assert runs[0] == runs[1]


@pytest.mark.parametrize("fen", QUIET_MATES_IN_2[:4])
def test_two_threads_find_every_quiet_mate_in_two(chess_game, fen):
    """Helpers write into the table the main thread cuts with: a wrong shared entry would
    show as a missed or false mate."""
    board = chess.Board(fen)
    searcher = searcher_for(chess_game, 2)
    result = searcher.search(chess_game.state_from_text(fen), Limits(depth=6))
    state = chess_game.state_from_text(fen)
    assert result.score.mate == 3
    assert state.move_text(result.best_move) in mating_moves(board, 2)


def test_time_and_stop_end_every_thread(chess_game):
    state = chess_game.state_from_text(KIWIPETE)
    searcher = searcher_for(chess_game, 3)
    searcher.search(state, Limits(depth=2))
    start = time.perf_counter()
    result = searcher.search(state, Limits(time=0.2))
    assert time.perf_counter() - start < 0.2 * 1.05 + 0.1
    assert result.best_move in state.legal_moves() and not search_threads()

    timer = threading.Timer(0.2, searcher.stop)
    timer.start()
    start = time.perf_counter()
    result = searcher.search(state, Limits(depth=60))
    assert time.perf_counter() - start < 2.0
    assert result.best_move in state.legal_moves() and not search_threads()


def test_a_node_limit_is_shared_between_threads(chess_game):
    state = chess_game.state_from_text(KIWIPETE)
    searcher = searcher_for(chess_game, 2)
    result = searcher.search(state, Limits(nodes=40_000))
    assert result.nodes <= 40_000 + 2


def test_concurrent_searches_keep_the_table_consistent(chess_game):
    """Every entry after many two-thread searches has lower <= upper and a legal move."""
    rng = np.random.default_rng(3)
    searcher = searcher_for(chess_game, 2, SearchParams.training())
    for _ in range(6):
        state = chess_game.initial_state()
        for _ in range(int(rng.integers(4, 30))):
            moves = state.legal_moves()
            if not moves or state.is_terminal():
                break
            state.push(moves[int(rng.integers(len(moves)))])
        if state.is_terminal():
            continue
        searcher.search(state, Limits(depth=5))
        found, lower, upper, move, _ = ttable.read(searcher.tt, np.uint64(state.hash))
        assert found and lower <= upper
        assert move in state.legal_moves()
    tt = searcher.tt
    written = tt.depth != ttable.NO_DEPTH
    assert written.any() and np.all(tt.lower[written] <= tt.upper[written])


def test_a_plain_python_plugin_searches_with_one_thread():
    connect4 = gamecore.get_game("connect4")  # its kernel is plain Python: it holds the GIL
    searcher = Searcher(connect4, np.zeros(connect4.feature_set.count), threads=4)
    assert searcher.threads == 1


@pytest.mark.parametrize("bad", [0, -1, 10_000, 1.5])
def test_impossible_thread_counts_are_refused(chess_game, bad):
    with pytest.raises(BadOption, match="threads"):
        searcher_for(chess_game, bad)


def test_analyse_takes_threads(capsys):
    assert main(["analyse", "chess", "--depth", "5", "--threads", "2"]) == 0
    assert "bestmove" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exit_info:
        main(["analyse", "chess", "--depth", "5", "--threads", "0"])
    assert exit_info.value.code == 2
