"""Breakthrough, the race-game yardstick plugin: the conformance kit and its rules."""

from __future__ import annotations

import numpy as np
import pytest

from gamecore import BadMove, BadPosition, get_game
from gamecore.kernel_api import LOSS, ONGOING
from gamecore.testing import GameConformance
from gamecore.weights import Weights


class TestBreakthrough(GameConformance):
    game_name = "breakthrough"
    max_plies = 120
    perft_depth = 3
    start_positions = (
        # White takes the last black piece, or steps onto the far row.
        "8/8/8/8/3b4/4w3/8/8 w",
        "8/1w6/8/8/8/8/6b1/8 b",
        # Crowded middle: captures both ways.
        "8/bbbb4/8/2bwb3/2wbw3/8/4wwww/8 w",
    )


@pytest.fixture(scope="module")
def game():
    return get_game("breakthrough")


@pytest.mark.parametrize(("depth", "nodes"), [(1, 22), (2, 484), (3, 11_132)])
def test_perft_from_the_start(game, depth, nodes):
    state = game.initial_state()

    def count(d: int) -> int:
        if d == 0:
            return 1
        total = 0
        for move in state.legal_moves():
            state.push(move)
            total += count(d - 1)
            state.pop()
        return total

    assert count(depth) == nodes


def test_straight_steps_do_not_take_and_diagonals_do(game):
    state = game.state_from_text("8/8/8/8/3b4/3w4/8/8 w")
    texts = sorted(state.move_text(m) for m in state.legal_moves())
    assert texts == ["d3-c4", "d3-e4"]
    state = game.state_from_text("8/8/8/8/2b5/3w4/8/8 w")
    assert "d3xc4" in {state.move_text(m) for m in state.legal_moves()}


def test_reaching_the_far_row_wins(game):
    state = game.state_from_text("8/1w6/8/8/8/8/6b1/8 w")
    state.push_text("b7-b8")
    assert state.status() == LOSS  # for black, to move
    assert state.winner_team() == 0
    assert "reaching the far row" in game.describe_result(state)


def test_taking_the_last_piece_wins(game):
    state = game.state_from_text("8/8/8/8/3b4/4w3/8/8 w")
    state.push_text("e3xd4")
    assert state.winner_team() == 0
    assert "no black piece left" in game.describe_result(state)


def test_a_side_with_pieces_always_has_a_step(game):
    """The most advanced piece can always step diagonally onto an empty or enemy cell, so
    a game ends only by a win (and never by a blocked side)."""
    state = game.state_from_text("8/8/8/8/bbbbbbbb/wwwwwwww/8/8 w")
    assert len(state.legal_moves()) == 14  # every white piece takes on a diagonal
    assert state.status() == ONGOING


def test_noisy_moves_are_captures_and_wins(game):
    state = game.state_from_text("8/1w6/8/8/2b5/3w4/7b/8 w")
    noisy = sorted(state.move_text(m) for m in state.noisy_moves())
    assert noisy == ["b7-a8", "b7-b8", "b7-c8", "d3xc4"]
    assert state.status() == ONGOING


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8/8/8/8/8/8/8/8", "expected '<ranks> <side>'"),
        ("8/8/8/8/8/8/8/8 x", "side to move"),
        ("8/8/8/8/8/8/8 w", "expected 8 ranks"),
        ("8/8/8/8/8/8/8/7 w", "rank 1 has 7 squares"),
        ("8/8/8/8/8/8/8/9 w", "unknown square '9'"),
        ("8/8/8/8/8/8/8/4q3 w", "unknown square 'q'"),
        ("w7/8/8/8/8/8/8/b7 w", "both sides have won"),
        ("w7/8/8/8/8/8/7b/8 w", "white is to move but has already won"),
    ],
)
def test_bad_positions_are_named(game, text, message):
    with pytest.raises(BadPosition, match=message):
        game.state_from_text(text)


def test_bad_moves_are_named(game):
    state = game.initial_state()
    with pytest.raises(BadMove, match="not a move like"):
        state.push_text("e2")
    with pytest.raises(BadMove, match="not legal"):
        state.push_text("e2-e4")


def test_features_are_the_mover_frame(game):
    """White seeing a position and black seeing its mirror image read the same features."""
    kernel = game.kernel
    white = game.state_from_text("8/8/2b5/8/8/3w4/8/8 w")
    black = game.state_from_text("8/8/3b4/8/8/2w5/8/8 b")
    seen = []
    for state in (white, black):
        idx = np.zeros(128, dtype=np.int64)
        val = np.zeros(128)
        n = kernel.features(state.arrays, idx, val)
        seen.append(sorted(idx[:n].tolist()))
    assert seen[0] == seen[1] == [19, 64 + 42]


def test_the_shipped_weights_value_advanced_pieces(game):
    theta = Weights.load(game.named_weights()["default"].__fspath__(), game).theta
    assert theta[8 * 6] > theta[8 * 1] > 0  # own piece: further is better
    assert theta[64 + 8 * 1] < theta[64 + 8 * 6] < 0  # opponent's: nearer my home is worse


def test_the_shipped_weights_are_what_the_module_writes(game):
    from gamecore_breakthrough.default_weights import DESCRIPTION, values

    from gamecore.hand_weights import weights_by_name

    shipped = Weights.load(game.named_weights()["default"].__fspath__(), game)
    assert np.array_equal(shipped.theta, weights_by_name(game, values(), DESCRIPTION).theta)


def test_feature_names_say_whose_piece_on_which_square(game):
    names = game.feature_names()
    assert names[:2] == ["own:a1", "own:b1"] and names[64 + 63] == "opp:h8"
    assert len(set(names)) == 128
