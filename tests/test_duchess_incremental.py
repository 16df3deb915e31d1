"""The Duchess evaluation kept in make/unmake equals θ·φ computed from scratch.

Search reads θ·φ from an accumulator that ``make_move`` updates (material and piece
squares) plus the mating terms computed at the node; the learners read φ itself.
Both must give the same number in every position, for every player count, after
moves, passes, captures, promotions and take-backs.
"""

from __future__ import annotations

import numpy as np
import pytest

from gamecore import get_game
from games.duchess.features import MATE, PSQ
from tests.test_duchess_rules import position


def from_scratch(state, theta) -> float:
    idx, val = state.features()
    return float(theta[idx] @ val)


def incremental(game, state, theta, idx, val) -> float:
    return float(game.kernel.value_incremental(state.arrays, theta, idx, val))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_incremental_values_match_the_features_over_random_games(players) -> None:
    game = get_game("duchess", players=players)
    rng = np.random.default_rng(players)
    theta = rng.normal(0.0, 50.0, game.feature_set.count)
    idx = np.zeros(game.feature_set.count, dtype=np.int64)
    val = np.zeros(game.feature_set.count)
    checked = captures = 0
    for _ in range(4):
        state = game.initial_state()
        state.reserve(400)
        game.kernel.value_refresh(state.arrays, theta)
        values = [from_scratch(state, theta)]
        while len(state.history) < 300 and not state.is_terminal():
            moves = state.legal_moves()
            move = int(rng.choice(moves))
            before = len(state.pieces())
            state.push_unchecked(move)
            captures += len(state.pieces()) < before
            value = incremental(game, state, theta, idx, val)
            assert value == pytest.approx(from_scratch(state, theta), abs=1e-6)
            values.append(value)
            checked += 1
        while state.history:  # take-backs restore each ply's value
            state.pop()
            value = incremental(game, state, theta, idx, val)
            assert value == pytest.approx(values[len(state.history)], abs=1e-6)
    assert checked > 500 and captures > 20


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_additive_part_is_material_and_piece_squares(players) -> None:
    """What lazy evaluation reads alone: θ·φ without the mating terms, for the team to move."""
    game = get_game("duchess", players=players)
    rng = np.random.default_rng(10 + players)
    theta = rng.normal(0.0, 50.0, game.feature_set.count)
    additive_only = theta.copy()
    additive_only[MATE:PSQ] = 0.0
    state = game.initial_state()
    state.reserve(200)
    game.kernel.value_refresh(state.arrays, theta)
    seen_mating = 0
    while len(state.history) < 150 and not state.is_terminal():
        state.push_unchecked(int(rng.choice(state.legal_moves())))
        additive = float(game.kernel.value_additive(state.arrays))
        assert additive == pytest.approx(from_scratch(state, additive_only), abs=1e-6)
        seen_mating += additive != pytest.approx(from_scratch(state, theta), abs=1e-6)
    assert seen_mating > 50  # the mating terms were there to be left out


@pytest.mark.parametrize(
    ("groups", "move"),
    [
        ({"red": "KAc1,PAi1|BBRN"}, "Ai1-V=R"),  # a promotion
        ({"red": "KAc1,PAi2|Q", "blue": "KBc1,NV"}, "Ai2-V=Q"),  # a capture that promotes
        ({"red": "KAc1,WAi2,PAo1|DF"}, "Ao1-V=F"),  # a teleport that promotes
    ],
)
def test_promotions_change_the_accumulated_value_as_the_features(groups, move) -> None:
    game = get_game("duchess")
    theta = np.random.default_rng(5).normal(0.0, 50.0, game.feature_set.count)
    idx = np.zeros(game.feature_set.count, dtype=np.int64)
    val = np.zeros(game.feature_set.count)
    state = game.state_from_text(position(**groups))
    game.kernel.value_refresh(state.arrays, theta)
    before = incremental(game, state, theta, idx, val)
    state.push_text(move)
    assert incremental(game, state, theta, idx, val) == pytest.approx(from_scratch(state, theta))
    state.pop()
    assert incremental(game, state, theta, idx, val) == pytest.approx(before)
