"""One update of each learner, checked against the same update computed by hand.

The hand computation follows the definitions in gamecore.learners.updates:
the error of a node is σ(target/S) − σ(H/S) (logistic loss) or target − H
(value loss), the gradient is Σ error·φ, and the rule turns it into Δθ.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import gamecore
from gamecore.learners import LEARNERS
from gamecore.learners.base import outcome_target
from gamecore.learners.updates import HUBER_LIMIT, LOGISTIC_SCALE, Adam, make_rule
from gamecore.search import Limits
from gamecore.training.stages import group_mask
from gamecore.values import MAX_EVAL
from gamecore.weights import Weights

POSITION = "......./......./......./......./...o.../..xxo.. x"
S = LOGISTIC_SCALE


def sigma(value: float) -> float:
    return 1.0 / (1.0 + math.exp(-value / S))


def features(learner, state) -> np.ndarray:
    phi = np.zeros_like(learner.theta)
    learner.kernel.accumulate_features(state.arrays, learner.searcher.ctx, 1.0, phi)
    return phi


def make(algo: str, game_name: str = "connect4", **options):
    game = gamecore.get_game(game_name)
    theta = Weights.random(game, seed=11, scale=30.0).theta
    return game, LEARNERS[algo](game, theta, **options)


def error(target: float, h: float, loss: str) -> float:
    target = float(np.clip(target, -MAX_EVAL, MAX_EVAL))
    if loss == "huber":
        return float(np.clip(target - h, -HUBER_LIMIT, HUBER_LIMIT))
    return sigma(target) - sigma(h) if loss == "logistic" else target - h


@pytest.mark.parametrize("loss", ["logistic", "value", "huber"])
@pytest.mark.parametrize("algo", ["rootstrap", "treestrap-ab"])
def test_a_depth_one_search_moves_the_root_towards_its_value(algo, loss):
    """At depth 1 both learners move only the root (its children are depth-0 entries)."""
    game, learner = make(algo, update="sgd", loss=loss, step=1e-4)
    state = game.state_from_text(POSITION)
    theta, phi = learner.theta.copy(), features(learner, state)
    h = float(theta @ phi)
    info = learner.search_and_learn(state, Limits(depth=1))
    gain = 4 * S if loss == "logistic" else 1.0
    expected = theta + 1e-4 * gain * error(info.score.value, h, loss) * phi
    np.testing.assert_allclose(learner.theta, expected, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("loss", ["logistic", "value", "huber"])
def test_treestrap_minimax_moves_the_root_towards_the_best_child(loss):
    game, learner = make("treestrap-mm", update="sgd", loss=loss, step=1e-4)
    state = game.state_from_text(POSITION)
    theta, phi = learner.theta.copy(), features(learner, state)
    best = -math.inf
    for move in state.legal_moves():
        child = state.copy()
        child.push_unchecked(move)
        best = max(best, -float(theta @ features(learner, child)))
    learner.search_and_learn(state, Limits(depth=1))
    gain = 4 * S if loss == "logistic" else 1.0
    expected = theta + 1e-4 * gain * error(best, float(theta @ phi), loss) * phi
    np.testing.assert_allclose(learner.theta, expected, rtol=1e-12, atol=1e-12)


def test_tdleaf_moves_the_first_leaf_by_the_temporal_difference():
    """Two searches by the same team: the second prediction corrects the first's leaf."""
    game, learner = make("tdleaf", update="sgd", loss="logistic", step=1e-4)
    learner.begin_game()
    state = game.state_from_text(POSITION)
    first = learner.search_and_learn(state, Limits(depth=1))
    leaf = state.copy()
    for move in first.pv:
        leaf.push_unchecked(move)
    trace = -features(learner, leaf)  # the leaf has the other side to move
    theta = learner.theta.copy()
    state.push_unchecked(first.best_move)
    state.push_unchecked(state.legal_moves()[0])
    second = learner.search_and_learn(state, Limits(depth=1))
    td = sigma(second.score.value) - sigma(first.score.value)
    np.testing.assert_allclose(learner.theta, theta + 1e-4 * 4 * S * td * trace, atol=1e-12)


@pytest.mark.parametrize("update", ["nlms", "nlms-groups", "nlms-scaled"])
def test_nlms_moves_a_single_position_a_fixed_share_of_its_error(update):
    """Per group normalised too, the whole step moves the position ``step`` of its error."""
    game, learner = make("rootstrap", update=update, loss="logistic", step=0.25)
    state = game.state_from_text(POSITION)
    h = float(learner.theta @ features(learner, state))
    info = learner.search_and_learn(state, Limits(depth=1))
    moved = float(learner.theta @ features(learner, state)) - h
    assert moved == pytest.approx(0.25 * 4 * S * error(info.score.value, h, "logistic"))


def test_grouped_nlms_gives_each_group_its_own_share():
    """A group of small values (material) moves as far as one of large counts would."""
    groups = [np.array([0, 1]), np.array([2])]
    rule = make_rule("nlms-groups", 3, 0.5, "value", sgd_step=1.0, groups=groups)
    gradient = np.array([2.0, 1.0, 300.0])  # e = 1, phi = (2, 1, 300)
    squares = np.array([4.0, 1.0, 90000.0])
    delta = rule.delta(gradient, squares)
    np.testing.assert_allclose(delta, [0.5 / 2 * 2 / 5, 0.5 / 2 * 1 / 5, 0.5 / 2 * 300 / 90000])
    # each group moves the value by 0.25: material by 2*0.1 + 1*0.05, the count by 300/1200
    assert delta[:2] @ gradient[:2] == pytest.approx(0.25)
    assert delta[2] * 300 == pytest.approx(0.25)


def test_scaled_nlms_does_not_let_a_large_count_take_its_groups_share():
    """Inside one group, a 0/1 term moves the value as far as a count of 300 next to it."""
    rule = make_rule("nlms-scaled", 3, 0.5, "value", sgd_step=1.0, groups=[np.arange(3)])
    for _ in range(50):  # the running mean square learns the features' sizes
        phi = np.array([1.0, 300.0, 0.0])
        rule.delta(phi, phi**2)
    phi = np.array([1.0, 300.0, 0.0])
    delta = rule.delta(phi, phi**2)  # e = 1
    assert delta[0] * phi[0] == pytest.approx(0.25) and delta[1] * phi[1] == pytest.approx(0.25)
    assert delta[2] == 0.0
    # plain per-group NLMS gives the count all but 1/90001 of the step
    plain = make_rule("nlms-groups", 3, 0.5, "value", sgd_step=1.0, groups=[np.arange(3)])
    assert plain.delta(phi, phi**2)[0] * phi[0] == pytest.approx(0.5 / 90001)


def test_scaled_nlms_keeps_a_group_learning_after_one_feature_was_long_absent():
    """A feature unseen for thousands of searches must not freeze the rest of its group."""
    rule = make_rule("nlms-scaled", 3, 0.5, "value", sgd_step=1.0, groups=[np.arange(3)])
    rule.delta(np.ones(3), np.ones(3))  # all three seen once
    absent = np.array([1.0, 1.0, 0.0])
    with np.errstate(over="raise", divide="raise", invalid="raise"):  # no ∞, no ∞ · 0
        for _ in range(80_000):  # 0.99 ** 80,000 takes the third mean square below 1e-308
            delta = rule.delta(absent, absent**2)
    assert 0.0 < rule.mean_square[2] < 1e-300
    assert np.isfinite(delta).all() and delta[0] + delta[1] == pytest.approx(0.5)
    assert delta[2] == 0.0
    back = rule.delta(np.ones(3), np.ones(3))  # the absent feature returns
    assert np.isfinite(back).all() and back.sum() == pytest.approx(0.5)


def test_scaled_nlms_state_round_trips_through_a_checkpoint():
    groups = [np.array([0, 1]), np.array([2])]
    rule = make_rule("nlms-scaled", 3, None, "logistic", sgd_step=1e-5, groups=groups)
    rule.delta(np.array([0.1, -0.2, 3.0]), np.array([1.0, 4.0, 9.0]))
    copy = make_rule("nlms-scaled", 3, None, "logistic", sgd_step=1e-5, groups=groups)
    copy.load_state(rule.state())
    g, sq = np.array([0.3, 0.1, -0.1]), np.array([1.0, 1.0, 2.0])
    np.testing.assert_array_equal(copy.delta(g, sq), rule.delta(g, sq))


def test_adam_moves_every_weight_by_the_step_on_its_first_update():
    rule = Adam(4, step=2.0, loss="value")
    delta = rule.delta(np.array([3.0, -1e-3, 0.0, 50.0]), np.ones(4))
    np.testing.assert_allclose(delta, [2.0, -2.0, 0.0, 2.0], rtol=1e-4)


def test_adam_state_round_trips_through_a_checkpoint():
    rule = make_rule("adam", 3, None, "logistic", sgd_step=1e-5)
    rule.delta(np.array([0.1, -0.2, 0.0]), np.ones(3))
    copy = make_rule("adam", 3, None, "logistic", sgd_step=1e-5)
    copy.load_state(rule.state())
    g = np.array([0.3, 0.1, -0.1])
    np.testing.assert_array_equal(rule.delta(g, np.ones(3)), copy.delta(g, np.ones(3)))


def finished_game(game, seed: int):
    """A random game played to its end."""
    rng = np.random.default_rng(seed)
    state = game.initial_state()
    while not state.is_terminal():
        moves = state.legal_moves()
        state.push_unchecked(moves[int(rng.integers(len(moves)))])
    return state


def expected_after_outcome(game, learner, state, target_of) -> np.ndarray:
    """θ after the grouped outcome update, computed by hand: each group G moves by
    share·4S/|groups| · Σ error·φ_G / Σ ‖φ_G‖², the target of each position given by
    ``target_of(position, plies_to_the_end)``."""
    theta = learner.theta.copy()
    gradient, squares = np.zeros_like(theta), np.zeros_like(theta)
    replay = state.copy()
    while replay.history:
        replay.pop()
        target = target_of(replay, len(state.history) - len(replay.history))
        phi = features(learner, replay)
        gradient += error(target, float(theta @ phi), "logistic") * phi
        squares += phi * phi
    groups = list(game.feature_groups().values())
    assert len(groups) > 1  # the game splits its features, so the split is tested
    share = learner.outcome_step
    for members in groups:
        theta[members] += share * 4 * S / len(groups) * gradient[members] / squares[members].sum()
    return theta


def test_the_outcome_update_moves_each_feature_group_a_share_of_the_way():
    """Per group G of the game: Δθ_G = share·4S/|groups| · Σ error·φ_G / Σ ‖φ_G‖²."""
    game, learner = make("rootstrap", "checkers", outcome_step=0.6)
    state = finished_game(game, seed=5)
    winner = state.winner_team()
    expected = expected_after_outcome(
        game,
        learner,
        state,
        lambda replay, _: (
            0.0 if winner is None else (MAX_EVAL if replay.team == winner else -MAX_EVAL)
        ),
    )
    played = list(state.history)
    learner.learn_outcome(state)
    np.testing.assert_allclose(learner.theta, expected, atol=1e-12)
    assert state.history == played and state.is_terminal()  # the game itself is untouched


def test_outcome_groups_move_only_the_groups_named_and_those_as_far_as_before():
    """``--outcome-groups``: the named group moves by the same grouped step as without the
    option; every other weight keeps its value."""
    game = gamecore.get_game("checkers")
    groups = game.feature_groups()
    named = next(iter(groups))
    mask = group_mask(game, named)
    _, everything = make("rootstrap", "checkers", outcome_step=0.6)
    _, confined = make("rootstrap", "checkers", outcome_step=0.6, outcome_mask=mask)
    start = confined.theta.copy()
    state = finished_game(game, seed=5)
    everything.learn_outcome(state)
    confined.learn_outcome(state)
    inside = mask > 0
    np.testing.assert_allclose(confined.theta[inside], everything.theta[inside], atol=1e-12)
    assert not np.allclose(confined.theta[inside], start[inside])
    np.testing.assert_array_equal(confined.theta[~inside], start[~inside])
    assert not np.allclose(everything.theta[~inside], start[~inside])


def test_a_discounted_outcome_values_a_near_win_above_a_distant_one():
    """``--outcome-discount 0.99``: P = ½ ± ½·0.99ᵏ, in value units 150·logit(P)."""
    assert outcome_target(True, 1, 0.99) == pytest.approx(150 * math.log(1.99 / 0.01))
    assert outcome_target(True, 100, 0.99) == pytest.approx(115.2, abs=0.1)
    assert outcome_target(False, 100, 0.99) == -outcome_target(True, 100, 0.99)
    assert outcome_target(None, 3, 0.99) == 0.0
    assert outcome_target(True, 40, 1.0) == MAX_EVAL
    game, learner = make("rootstrap", "checkers", outcome_step=0.6, outcome_discount=0.99)
    state = finished_game(game, seed=5)
    winner = state.winner_team()
    expected = expected_after_outcome(
        game, learner, state, lambda replay, away: outcome_target(replay.team == winner, away, 0.99)
    )
    learner.learn_outcome(state)
    np.testing.assert_allclose(learner.theta, expected, atol=1e-12)


def test_the_outcome_update_skips_unfinished_games_and_a_zero_share():
    game, learner = make("rootstrap", outcome_step=1.0)
    unfinished = finished_game(game, seed=5)
    unfinished.pop()
    theta = learner.theta.copy()
    learner.learn_outcome(unfinished)
    np.testing.assert_array_equal(learner.theta, theta)
    _, off = make("rootstrap")
    off.learn_outcome(finished_game(game, seed=5))
    np.testing.assert_array_equal(off.theta, theta)


def test_a_game_cut_at_the_ply_limit_can_be_learned_as_a_draw():
    """``--outcome-at-cut draw``: the cut game's positions move towards 0, as the positions
    of a drawn game would, by the same grouped step."""
    game, learner = make("rootstrap", "checkers", outcome_step=0.6, cut_is_draw=True)
    cut = finished_game(game, seed=5)
    for _ in range(3):
        cut.pop()
    assert not cut.is_terminal()
    theta = learner.theta.copy()
    expected = expected_after_outcome(game, learner, cut, lambda replay, _: 0.0)
    learner.learn_outcome(cut)
    np.testing.assert_allclose(learner.theta, expected, atol=1e-12)
    assert not np.allclose(learner.theta, theta)


def test_the_huber_loss_clips_a_large_error_and_keeps_a_small_one():
    game, learner = make("rootstrap", update="sgd", loss="huber", step=1.0)
    state = game.state_from_text(POSITION)
    phi = features(learner, state)
    h = float(learner.theta @ phi)
    for target, pull in ((h + 40.0, 40.0), (h + 5000.0, HUBER_LIMIT), (h - 5000.0, -HUBER_LIMIT)):
        gradient, squares = learner._buffers()
        learner.move_towards(state.arrays, target, gradient, squares)
        np.testing.assert_allclose(gradient, pull * phi)


@pytest.mark.parametrize("name", ["adam", "nlms-scaled"])
def test_a_game_merged_late_leaves_the_rule_as_if_played_after_the_others(name):
    """Two games start from the same state in two workers; the driver merges both. The
    running averages must be what playing them one after the other gives (each with its
    own gradients), not the last game's alone."""
    size, rng = 6, np.random.default_rng(1)
    groups = [np.arange(size)]
    games = [
        [(rng.normal(size=size), rng.random(size)) for _ in range(updates)] for updates in (5, 3)
    ]

    def rule():
        return make_rule(name, size, 0.01, "value", 0.01, groups=groups)

    sequential = rule()
    for game in games:
        for gradient, squares in game:
            sequential.delta(gradient, squares)
    driver = rule()
    sent = driver.state()
    for game in games:
        worker = rule()
        worker.load_state(sent)
        for gradient, squares in game:
            worker.delta(gradient, squares)
        driver.merge_state(sent, worker.state())
    merged, expected = driver.state(), sequential.state()
    assert merged.keys() == expected.keys()
    for key, value in expected.items():
        np.testing.assert_allclose(merged[key], value, rtol=1e-12, atol=1e-15)
