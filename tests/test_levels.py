"""Strength levels, the top-moves search and the clock's parsing: what a player would notice."""

from __future__ import annotations

import numpy as np
import pytest

from gamecore.errors import BadOption
from gamecore.play.clock import TimeControl, clock_text, move_budget
from gamecore.play.levels import LEVELS, STRONGEST, choose_move, level
from gamecore.registry import get_game
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.search.analysis import top_moves
from gamecore.weights import Weights

POSITIONS = {
    "chess": [
        None,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",  # mate in one: Ra8#
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ],
    "checkers": [None],
}


def _searcher(game, params=None):
    return Searcher(game, Weights.default(game).theta.copy(), params or SearchParams.tournament())


def _state(game, text):
    return game.initial_state() if text is None else game.state_from_text(text)


@pytest.mark.parametrize(
    ("name", "text"), [(name, text) for name, texts in POSITIONS.items() for text in texts]
)
def test_top_moves_are_distinct_legal_ordered_and_agree_with_a_plain_search(name, text):
    game = get_game(name)
    state = _state(game, text)
    for depth in (2, 3):
        lines = top_moves(_searcher(game), state, 3, Limits(depth=depth))
        moves = [line.move for line in lines]
        assert len(lines) == 3 and len(set(moves)) == 3
        assert set(moves) <= set(state.legal_moves())
        scores = [line.score.value for line in lines]
        assert scores == sorted(scores, reverse=True)
        assert all(line.pv[0] == line.move and line.depth == depth for line in lines)
        plain = _searcher(game).search(state.copy(), Limits(depth=depth))
        # the best line's score is the plain search's value, and its move scores as well
        assert lines[0].score.value == pytest.approx(plain.score.value)
        every = {
            line.move: line.score.value
            for line in top_moves(_searcher(game), state, 999, Limits(depth=depth))
        }
        assert every[plain.best_move] == pytest.approx(plain.score.value)


def test_top_moves_sees_a_mate_in_one():
    game = get_game("chess")
    state = _state(game, POSITIONS["chess"][2])
    best = top_moves(_searcher(game), state, 3, Limits(depth=2))[0]
    assert state.move_text(best.move) == "a1a8" and best.score.mate == 1


def test_levels_grow_monotonically_in_depth_and_nodes_and_lose_noise():
    inf = float("inf")
    rows = [LEVELS[n] for n in range(1, STRONGEST + 1)]
    depths = [inf if lv.depth is None else lv.depth for lv in rows]
    nodes = [inf if lv.nodes is None else lv.nodes for lv in rows]
    assert depths == sorted(depths) and nodes == sorted(nodes)
    temperatures = [lv.temperature for lv in rows]
    shares = [lv.random_share for lv in rows]
    assert temperatures == sorted(temperatures, reverse=True) and temperatures[-1] == 0
    assert shares == sorted(shares, reverse=True) and shares[-1] == 0
    assert LEVELS[1].noisy and not LEVELS[STRONGEST].noisy
    with pytest.raises(BadOption, match="from 1 to 10"):
        level(11)


def test_level_10_plays_the_search_best_move():
    game = get_game("chess")
    for text in POSITIONS["chess"]:
        state = _state(game, text)
        choice = choose_move(_searcher(game), state, LEVELS[10], np.random.default_rng(0), depth=4)
        plain = _searcher(game).search(state.copy(), Limits(depth=4))
        assert choice.move == choice.best == plain.best_move and choice.how == "best"


def test_level_1_sometimes_plays_other_moves_seeded():
    game = get_game("chess")
    state = _state(game, POSITIONS["chess"][1])
    searcher = _searcher(game)

    def picks(seed):
        rng = np.random.default_rng(seed)
        return [choose_move(searcher, state, LEVELS[1], rng).move for _ in range(30)]

    first = picks(7)
    assert first == picks(7)  # seeded: the same moves again
    best = top_moves(_searcher(game), state, 1, LEVELS[1].limits())[0].move
    assert any(move != best for move in first)
    assert set(first) <= set(state.legal_moves())
    strong = [choose_move(searcher, state, LEVELS[8], np.random.default_rng(s)) for s in (1, 2)]
    assert all(c.move == c.best for c in strong)


def test_time_controls_parse_per_seat_and_refuse_nonsense():
    assert TimeControl.parse_per_seat("300+2", 2) == [TimeControl(300, 2)] * 2
    assert TimeControl.parse_per_seat("300+2, 60+1", 2) == [TimeControl(300, 2), TimeControl(60, 1)]
    assert TimeControl.parse_per_seat("90", 3) == [TimeControl(90, 0)] * 3
    for bad, message in [
        ("abc", r"wants BASE\+INC"),
        ("0+2", "base must be positive"),
        ("60+-1", "increment"),
        ("1+1,2+2,3+3", "lists 3 time controls, the game has 2"),
        ("inf", "base must be positive"),
    ]:
        with pytest.raises(BadOption, match=message):
            TimeControl.parse_per_seat(bad, 2, "--clock")


def test_move_budget_never_spends_the_clock():
    for remaining in (0.05, 0.5, 3.0, 60.0, 300.0):
        for increment in (0.0, 0.1, 2.0):
            budget = move_budget(remaining, increment, overhead=0.05)
            assert budget > 0
            if remaining > 0.2:
                assert budget < remaining - 0.05
    assert clock_text(300) == "5:00" and clock_text(9.46) == "9.4" and clock_text(3723) == "1:02:03"
