"""The neighbourhood network's value, gradient and GD/EG± updates (seed 001)."""

from __future__ import annotations

import numpy as np
import pytest

import gamecore
from gamecore.errors import BadOption
from gamecore.network.model import NeighbourhoodNetwork, initial_weights, network_shape
from gamecore.network.updates import ExponentiatedGradient, make_network_update
from gamecore.testing import random_walk

CHESS = gamecore.get_game("chess")


def test_tuple_counts_are_the_papers() -> None:
    """17 inputs: 153 weights with pairs, 833 with triples (the paper's §4 and eq. 4.1)."""
    relations = CHESS.neighbourhood_relations()
    assert network_shape(relations, "pairs").tuple_count == 153
    assert network_shape(relations, "triples").tuple_count == 833
    with pytest.raises(ValueError, match="unknown expansion"):
        network_shape(relations, "quads")


def network(game, expansion: str, seed: int = 1) -> NeighbourhoodNetwork:
    shape = network_shape(game.neighbourhood_relations(), expansion)
    return NeighbourhoodNetwork(game, initial_weights(shape, seed, spread=0.2), expansion)


@pytest.mark.parametrize(
    ("name", "options", "expansion"),
    [
        ("chess", {}, "pairs"),
        ("chess", {}, "triples"),
        ("duchess", {"players": 4}, "pairs"),
        ("checkers", {}, "triples"),
    ],
)
def test_gradient_matches_finite_differences(name: str, options: dict, expansion: str) -> None:
    game = gamecore.get_game(name, **options)
    net = network(game, expansion)
    state = random_walk(game, list(range(3, 40, 3)))
    gradient = np.zeros_like(net.theta)
    p, top = net.add_gradient(state, gradient)
    assert 0.0 < p < 1.0 and top < -1.0
    assert net.value(state) == (p, top)
    touched = np.unique(net.inputs(state)[net.inputs(state) >= 0])
    rng = np.random.default_rng(0)
    shape = net.shape
    picks = [*rng.choice(touched, 6), shape.bias, *rng.integers(shape.first_tuple, shape.mean, 6)]
    for i in picks:
        saved = net.theta[i]
        net.theta[i] = saved + 1e-6
        up, _ = net.value(state)
        net.theta[i] = saved - 1e-6
        down, _ = net.value(state)
        net.theta[i] = saved
        assert gradient[i] == pytest.approx((up - down) / 2e-6, rel=1e-4, abs=1e-9)
    assert (gradient[shape.mean :] == 0).all()  # the squash follows Y's range, not gradients


def test_absent_cells_count_for_nothing() -> None:
    """Four-player Duchess has 40 cells fewer; their neighbourhoods add nothing to Y, so
    Y is the same whatever their weights would have said."""
    game = gamecore.get_game("duchess", players=4)
    net = network(game, "pairs")
    state = game.initial_state()
    inputs = net.inputs(state)
    assert (inputs[:, 0] < 0).sum() == 40
    before = net.value(state)
    unused = np.setdiff1d(np.arange(net.shape.base_size), inputs[inputs >= 0])
    net.theta[unused] = 0.99
    assert net.value(state) == before


@pytest.mark.parametrize("rule", ["gd", "eg"])
def test_an_update_moves_the_value_towards_its_target(rule: str) -> None:
    net = network(CHESS, "pairs")
    state = random_walk(CHESS, [5, 8, 13, 21, 34])
    update = make_network_update(rule, net.shape, net.theta, step=0.05)
    for target in (1.0, 0.0):
        for _ in range(5):
            before, _ = net.value(state)
            gradient = np.zeros_like(net.theta)
            net.add_gradient(state, gradient)
            update.apply(net.theta, gradient, target - before)
            after, _ = net.value(state)
            assert abs(target - after) < abs(target - before)
    base = net.theta[: net.shape.base_size]
    assert (base >= 0).all() and (base <= 1).all()


def test_eg_keeps_its_weights_a_difference_of_normalised_positive_parts() -> None:
    net = network(CHESS, "pairs")
    update = make_network_update("eg", net.shape, net.theta, step=0.5)
    assert isinstance(update, ExponentiatedGradient)
    state = random_walk(CHESS, [1, 2, 3])
    for _ in range(3):
        gradient = np.zeros_like(net.theta)
        p, _ = net.add_gradient(state, gradient)
        update.apply(net.theta, gradient, 1.0 - p)
    assert (update.positive > 0).all() and (update.negative > 0).all()
    assert update.positive.sum() + update.negative.sum() == pytest.approx(1.0)
    tuples = net.theta[net.shape.bias : net.shape.mean]
    assert tuples == pytest.approx(update.total * (update.positive - update.negative))
    restored = make_network_update("eg", net.shape, net.theta)
    restored.load_state(update.state())
    assert (restored.positive == update.positive).all() and restored.total == update.total


def test_bad_update_settings_are_refused_in_one_line() -> None:
    net = network(CHESS, "pairs")
    with pytest.raises(BadOption, match="unknown network update 'adam'"):
        make_network_update("adam", net.shape, net.theta)
    with pytest.raises(BadOption, match="step must be above 0"):
        make_network_update("gd", net.shape, net.theta, step=0.0)
    with pytest.raises(ValueError, match="need 5902 values, got 3"):
        NeighbourhoodNetwork(CHESS, np.zeros(3))
