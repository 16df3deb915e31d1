"""The neighbourhood network as the evaluation of the search, the learners and weights files."""

from __future__ import annotations

import math

import numpy as np
import pytest

import gamecore
from gamecore.errors import BadOption, Unsupported
from gamecore.evaluations import evaluation_named
from gamecore.learners import LEARNERS
from gamecore.network.model import NeighbourhoodNetwork
from gamecore.search import Limits, Searcher
from gamecore.values import LOGISTIC_SCALE
from gamecore.weights import BadWeights, Weights, resolve_weights
from tests.cli import run_cli

MIDGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8"


def network(game_name: str = "chess", expansion: str = "pairs", seed: int = 3, **options):
    game = gamecore.get_game(game_name, **options)
    evaluation = evaluation_named(game, f"network-{expansion}")
    theta = evaluation.initial_weights(seed)
    # Spread the base weights so that the network says something about a position.
    theta[: evaluation.shape.base_size] = np.random.default_rng(seed).uniform(
        0.05, 0.95, evaluation.shape.base_size
    )
    return game, evaluation, theta


def test_the_search_value_is_the_networks_win_probability_in_value_units():
    game, evaluation, theta = network()
    state = game.state_from_text(MIDGAME)
    searcher = Searcher(game, theta, evaluation=evaluation)
    p, _ = NeighbourhoodNetwork(game, theta).value(state)
    assert searcher.evaluate(state) == pytest.approx(LOGISTIC_SCALE * math.log(p / (1 - p)))


@pytest.mark.parametrize("expansion", ["pairs", "triples"])
def test_the_gradient_of_the_search_value_matches_finite_differences(expansion):
    game, evaluation, theta = network(expansion=expansion)
    state = game.state_from_text(MIDGAME)
    learner = LEARNERS["rootstrap"](game, theta.copy(), evaluation=evaluation)
    gradient = np.zeros_like(theta)
    learner.kernel.accumulate_features(state.arrays, learner.searcher.ctx, 1.0, gradient)
    assert not learner.searcher.ctx.net.grad.any()  # the scratch is left zeroed
    probe = Searcher(game, theta.copy(), evaluation=evaluation)
    rng = np.random.default_rng(0)
    touched = np.flatnonzero(gradient)
    assert len(touched) > 50
    for i in rng.choice(touched, 12, replace=False):
        h = 1e-6
        probe.theta[i] += h
        up = probe.evaluate(state)
        probe.theta[i] -= 2 * h
        down = probe.evaluate(state)
        probe.theta[i] += h
        assert gradient[i] == pytest.approx((up - down) / (2 * h), rel=1e-4, abs=1e-6)


@pytest.mark.parametrize(
    ("game_name", "options"),
    [("chess", {}), ("checkers", {}), ("duchess", {"players": 6}), ("duchess", {"players": 2})],
)
def test_every_game_with_neighbourhoods_searches_with_the_network(game_name, options):
    game, evaluation, theta = network(game_name, **options)
    state = game.initial_state()
    searcher = Searcher(game, theta, evaluation=evaluation)
    before = state.to_text()
    info = searcher.search(state, Limits(depth=2))
    assert info.best_move in state.legal_moves()
    assert abs(info.score.value) < 1e4
    assert state.to_text() == before


def test_treestrap_raises_the_value_of_a_won_position():
    """Scholar's mate threatened: TreeStrap sees the mate and pulls H of the position up."""
    game, evaluation, theta = network()
    state = game.initial_state()
    for move in ("e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6"):
        state.push_text(move)
    learner = LEARNERS["treestrap-ab"](
        game, theta.copy(), evaluation=evaluation, update="sgd", step=1e-7
    )
    before = learner.searcher.evaluate(state)
    for _ in range(5):
        learner.search_and_learn(state, Limits(depth=2))
    assert learner.searcher.evaluate(state) > before


def test_a_finished_game_moves_the_squash_towards_its_range():
    game, evaluation, theta = network()
    learner = LEARNERS["treestrap-ab"](game, theta.copy(), evaluation=evaluation)
    shape = evaluation.shape
    state = game.initial_state()
    for move in ("e2e4", "e7e5", "g1f3", "b8c6"):
        state.push_text(move)
    mean, spread = learner.theta[shape.mean], learner.theta[shape.mean + 1]
    learner.track_squash(state)
    assert learner.theta[shape.mean] != mean
    assert learner.theta[shape.mean + 1] != spread


def test_network_weights_round_trip_and_know_their_evaluation(tmp_path):
    game, evaluation, theta = network()
    path = tmp_path / "net.npz"
    Weights.for_game(game, theta, evaluation, init="random").save(path)
    loaded = resolve_weights(game, str(path))
    assert loaded.feature_set == "chess-neighbourhoods-pairs"
    assert loaded.evaluation(game).name == "network-pairs"
    np.testing.assert_array_equal(loaded.theta, theta)


def test_a_network_file_of_the_wrong_size_is_refused_in_one_line(tmp_path):
    game, evaluation, theta = network()
    path = tmp_path / "net.npz"
    Weights(theta[:-5], "chess", evaluation.feature_set.name, 1).save(path)
    with pytest.raises(BadWeights, match="values"):
        Weights.load(path, game)


def test_unknown_evaluations_and_games_without_neighbourhoods_are_refused():
    with pytest.raises(BadOption, match="unknown evaluation 'network-quads'"):
        evaluation_named(gamecore.get_game("chess"), "network-quads")
    with pytest.raises(Unsupported, match="declares no neighbourhoods"):
        evaluation_named(gamecore.get_game("connect4"), "network-pairs")


def test_train_and_match_a_network_from_the_command_line(tmp_path):
    out = tmp_path / "net.npz"
    done = run_cli(
        "train", "chess", "--evaluation", "network-pairs", "--games", "2", "--depth", "1",
        "--workers", "1", "--max-plies", "20", "--out", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert Weights.load(out).feature_set == "chess-neighbourhoods-pairs"
    played = run_cli(
        "match", "chess", str(out), "random", "--games", "2", "--depth", "1",
        "--out", str(tmp_path / "games.pgn"),
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert "W/D/L" in played.stdout


def test_training_a_network_for_a_game_without_neighbourhoods_fails_in_one_line(tmp_path):
    done = run_cli(
        "train", "connect4", "--evaluation", "network-pairs", "--games", "1",
        "--out", str(tmp_path / "c.npz"),
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0
    assert "declares no neighbourhoods" in done.stderr
