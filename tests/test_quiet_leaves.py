"""Updates at the quiet end of each position's quiescence line (``--quiet-leaves``).

The search evaluates a position with a capture pending only through its
quiescence search; with quiet leaves the learners move the evaluation of the
position that search ends in, signed for the team whose value it is.
"""

from __future__ import annotations

import numpy as np
import pytest

import gamecore
from gamecore.learners import LEARNERS
from gamecore.search import Limits
from gamecore.weights import resolve_weights

# 1.e4 e5 2.Nf3 Qg5: the knight takes the queen for nothing, and nothing takes back.
HANGING_QUEEN = ("e2e4", "e7e5", "g1f3", "d8g5")


def chess_learner(algo: str = "rootstrap", **options):
    game = gamecore.get_game("chess")
    theta = resolve_weights(game, "default").theta.copy()
    options = {"update": "sgd", "loss": "value", "step": 1.0, "tie_sides": False, **options}
    return game, LEARNERS[algo](game, theta, **options)


def position(game, moves):
    state = game.initial_state()
    for move in moves:
        state.push_text(move)
    return state


def phi(learner, state) -> np.ndarray:
    out = np.zeros_like(learner.theta)
    learner.kernel.accumulate_features(state.arrays, learner.searcher.ctx, 1.0, out)
    return out


def gradient_towards(learner, state, target: float) -> np.ndarray:
    gradient, squares = learner._buffers()
    learner.move_towards(state.arrays, target, gradient, squares)
    return gradient


def test_a_hanging_queen_moves_the_position_after_it_is_taken():
    game, learner = chess_learner(quiet_leaves=True)
    state = position(game, HANGING_QUEEN)
    leaf = state.copy()
    leaf.push_text("f3g5")
    # White's value of the quiet leaf is minus the value for Black, who moves there.
    leaf_value = -float(learner.theta @ phi(learner, leaf))
    assert leaf_value > 500  # a queen up
    gradient = gradient_towards(learner, state, 300.0)
    np.testing.assert_allclose(gradient, -(300.0 - leaf_value) * phi(learner, leaf))
    assert state.to_text() == position(game, HANGING_QUEEN).to_text()  # the line was taken back


def test_without_quiet_leaves_the_position_itself_moves():
    game, learner = chess_learner(quiet_leaves=False)
    state = position(game, HANGING_QUEEN)
    h = float(learner.theta @ phi(learner, state))
    gradient = gradient_towards(learner, state, 300.0)
    np.testing.assert_allclose(gradient, (300.0 - h) * phi(learner, state))


def test_a_quiet_position_is_its_own_leaf():
    game, quiet = chess_learner(quiet_leaves=True)
    _, plain = chess_learner(quiet_leaves=False)
    state = position(game, ("e2e4", "e7e5", "g1f3", "b8c6"))
    np.testing.assert_array_equal(
        gradient_towards(quiet, state, 250.0), gradient_towards(plain, state, 250.0)
    )


def test_a_line_that_ends_the_game_moves_nothing():
    """Mate inside the quiescence search has no evaluation to move (fool's mate, in check)."""
    game, learner = chess_learner(quiet_leaves=True)
    state = position(game, ("f2f3", "e7e5", "g2g4", "d8h4"))
    assert not gradient_towards(learner, state, 100.0).any()


def test_treestrap_after_a_search_stopped_by_its_node_limit_still_learns():
    """A search cut short by a limit leaves its stop flags up; the quiescence searches of
    the update must not take them for their own."""
    game, learner = chess_learner("treestrap-ab", quiet_leaves=True, step=1e-9)
    state = position(game, HANGING_QUEEN)
    before = learner.theta.copy()
    learner.search_and_learn(state, Limits(nodes=3000))  # depth 3 ends at 1,972 nodes
    assert learner.stats.nodes_moved > 0
    assert not np.array_equal(learner.theta, before)


@pytest.mark.parametrize("algo", ["treestrap-ab", "treestrap-mm", "rootstrap", "tdleaf"])
@pytest.mark.parametrize(
    ("game_name", "options"), [("chess", {}), ("checkers", {}), ("duchess", {"players": 4})]
)
def test_every_learner_learns_every_game_with_quiet_leaves(algo, game_name, options):
    game = gamecore.get_game(game_name, **options)
    theta = resolve_weights(game, "default").theta.copy()
    learner = LEARNERS[algo](game, theta.copy(), quiet_leaves=True)
    state = game.initial_state()
    for _ in range(6):
        learner.search_and_learn(state, Limits(depth=2))
        state.push(state.legal_moves()[0])
    assert np.isfinite(learner.theta).all()
    assert not np.array_equal(learner.theta, theta)


def test_a_replayed_duchess_position_is_valued_with_the_weights_of_now():
    """Duchess keeps material and piece squares in an accumulator carried by make_move; a
    position stepped back to after θ moved (the outcome update, TD(0)) holds a value from the
    old θ, which quiet leaves must not learn from."""
    game = gamecore.get_game("duchess")
    theta = resolve_weights(game, "default").theta.copy()
    learner = LEARNERS["rootstrap"](
        game, theta, update="sgd", loss="value", step=1.0, quiet_leaves=True
    )
    rng = np.random.default_rng(3)
    played = game.initial_state()
    learner.searcher.refresh(played.arrays)
    for _ in range(60):
        played.push(rng.choice(played.legal_moves()))
    learner.theta[:] = -theta  # what the old θ would capture, the new θ leaves alone
    while len(played.history) > 20:
        played.pop()  # its accumulator written with the old θ
        fresh = game.initial_state()
        for move in played.history:
            fresh.push(move)
        np.testing.assert_allclose(
            gradient_towards(learner, played, 100.0), gradient_towards(learner, fresh, 100.0)
        )
