"""The chess evaluation kept in make/unmake equals θ·φ computed from scratch.

The search reads material and the P N B R Q piece squares from an accumulator that
``make_move`` updates for both sides to move, plus every other chess-meep feature
computed at the node; the learners read φ itself. Both must give the same number
after every kind of move (captures, castling, en passant, promotions), null moves
and take-backs, whoever is to move.
"""

from __future__ import annotations

import numpy as np
import pytest

from gamecore import get_game
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.values import MAX_EVAL
from games.chess.features import MATERIAL, PSQT, PSQT_SIZE

# Positions with every special move on the board for the side to move.
CASTLING_BOTH_WAYS = "r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 4 9"
EN_PASSANT = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
PROMOTIONS = "r3k1n1/1P4P1/8/8/8/8/1p4p1/R3K1N1 b - - 0 1"


@pytest.fixture(scope="module")
def game():
    return get_game("chess")


def from_scratch(state, theta) -> float:
    idx, val = state.features()
    return float(theta[idx] @ val)


def incremental(game, state, theta) -> float:
    n = game.feature_set.count
    idx, val = np.zeros(n, dtype=np.int64), np.zeros(n)
    return float(game.kernel.value_incremental(state.arrays, theta, idx, val))


def random_theta(game, seed: int) -> np.ndarray:
    """Large untied weights: own and opponent blocks differ, so a frame mix-up shows."""
    return np.random.default_rng(seed).normal(0.0, 50.0, game.feature_set.count)


def test_values_match_the_features_over_random_games(game) -> None:
    rng = np.random.default_rng(5)
    theta = random_theta(game, 5)
    checked = 0
    for _ in range(6):
        state = game.initial_state()
        state.reserve(400)
        game.kernel.value_refresh(state.arrays, theta)
        values = [incremental(game, state, theta)]
        while len(state.history) < 250 and not state.is_terminal():
            state.push(int(rng.choice(state.legal_moves())))
            value = incremental(game, state, theta)
            assert value == pytest.approx(from_scratch(state, theta), abs=1e-6)
            values.append(value)
            checked += 1
        while state.history:  # take-backs restore each ply's value
            state.pop()
            assert incremental(game, state, theta) == pytest.approx(values[len(state.history)])
    assert checked > 800


@pytest.mark.parametrize("fen", [CASTLING_BOTH_WAYS, EN_PASSANT, PROMOTIONS])
def test_every_move_of_a_special_position_keeps_the_value(game, fen) -> None:
    """Castling moves a rook too, en passant takes off another square, a promotion
    changes the piece (with or without a capture): each of the position's moves, and a
    reply to it."""
    theta = random_theta(game, 6)
    state = game.state_from_text(fen)
    state.reserve(8)
    game.kernel.value_refresh(state.arrays, theta)
    for move in state.legal_moves():
        state.push(move)
        assert incremental(game, state, theta) == pytest.approx(from_scratch(state, theta))
        for reply in state.legal_moves()[:5]:
            state.push(reply)
            assert incremental(game, state, theta) == pytest.approx(from_scratch(state, theta))
            state.pop()
        state.pop()
        assert incremental(game, state, theta) == pytest.approx(from_scratch(state, theta))


def test_a_null_move_hands_the_value_to_the_other_side(game) -> None:
    theta = random_theta(game, 7)
    state = game.state_from_text(CASTLING_BOTH_WAYS)
    state.reserve(8)
    game.kernel.value_refresh(state.arrays, theta)
    game.kernel.make_null(state.arrays)
    assert incremental(game, state, theta) == pytest.approx(from_scratch(state, theta))
    game.kernel.unmake_null(state.arrays)
    assert incremental(game, state, theta) == pytest.approx(from_scratch(state, theta))


def test_the_additive_part_is_material_and_piece_squares(game) -> None:
    """What lazy evaluation reads alone: θ·φ with every other feature weighted zero."""
    theta = random_theta(game, 8)
    additive_only = np.zeros_like(theta)
    additive_only[MATERIAL : MATERIAL + 10] = theta[MATERIAL : MATERIAL + 10]
    additive_only[PSQT : PSQT + 2 * PSQT_SIZE] = theta[PSQT : PSQT + 2 * PSQT_SIZE]
    rng = np.random.default_rng(8)
    state = game.initial_state()
    state.reserve(200)
    game.kernel.value_refresh(state.arrays, theta)
    for _ in range(120):
        if state.is_terminal():
            break
        state.push(int(rng.choice(state.legal_moves())))
        additive = float(game.kernel.value_additive(state.arrays))
        assert additive == pytest.approx(from_scratch(state, additive_only), abs=1e-6)


def test_a_search_scores_what_the_features_say(game) -> None:
    """A depth-1 search without quiescence returns the best child's value, each child
    evaluated from the accumulator the search refreshed at the root."""
    theta = random_theta(game, 9)
    searcher = Searcher(game, theta, SearchParams.plain())
    state = game.initial_state()
    info = searcher.search(state, Limits(depth=1))
    best = -np.inf
    for move in state.legal_moves():
        state.push(move)
        best = max(best, -np.clip(from_scratch(state, theta), -MAX_EVAL, MAX_EVAL))
        state.pop()
    assert info.score.value == pytest.approx(best, abs=1e-6)
