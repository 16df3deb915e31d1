"""Seed 001's training regime: TD(0) over a game's positions, loser learns, GD and EG± on
the network, symmetric weights averaged or tied, and the plain fixed-depth search."""

from __future__ import annotations

import numpy as np
import pytest

import gamecore
from gamecore.errors import BadOption
from gamecore.evaluations import evaluation_named
from gamecore.learners import LEARNERS
from gamecore.learners.base import fix_squash
from gamecore.learners.td0 import TD0
from gamecore.network.model import NeighbourhoodNetwork
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.search.params import resolve
from gamecore.values import MAX_EVAL
from gamecore.weights import Weights
from tests.cli import run_cli

CHESS = gamecore.get_game("chess")
FOOLS_MATE = ("f2f3", "e7e5", "g2g4", "d8h4")


def fools_mate():
    state = CHESS.initial_state()
    for move in FOOLS_MATE:
        state.push_text(move)
    return state


def network_learner(update: str = "gd", expansion: str = "pairs", **options) -> TD0:
    evaluation = evaluation_named(CHESS, f"network-{expansion}")
    theta = evaluation.initial_weights(2)
    # Spread the base weights so that the network tells positions apart.
    base = evaluation.shape.base_size
    theta[:base] = np.random.default_rng(2).uniform(0.05, 0.95, base)
    return TD0(CHESS, theta, update=update, evaluation=evaluation, **options)


def position_before_mate():
    state = fools_mate()
    state.pop()
    return state


@pytest.mark.parametrize("update", ["gd", "eg"])
def test_a_lost_game_tells_the_winners_last_position_from_the_losers(update):
    learner = network_learner(update)
    white_lost = fools_mate()
    white_lost.pop()
    black_won = white_lost.copy()  # Black to move, and about to mate
    white_lost.pop()  # White's last move: the position White lost from
    evaluate = learner.searcher.evaluate
    gap_before = evaluate(black_won) - evaluate(white_lost)
    for _ in range(10):
        learner.end_game(fools_mate(), None)
        learner.track_squash(fools_mate())
    # Both positions share most of their neighbourhoods (in the mover's frame), so the
    # game moves both; what it must do is tell them apart.
    assert evaluate(black_won) - evaluate(white_lost) > gap_before + 1


def test_the_linear_evaluation_learns_by_td0_too():
    theta = np.zeros(CHESS.feature_set.count)
    learner = LEARNERS["td0"](CHESS, theta, update="nlms")
    learner.end_game(fools_mate(), None)
    assert learner.searcher.evaluate(position_before_mate()) > 0


def test_the_loser_learns_and_the_winner_does_not():
    black_won = fools_mate()
    winner = network_learner(loser_learns=True)
    kept = winner.theta.copy()
    winner.end_game(black_won, learner_team=1)
    np.testing.assert_array_equal(winner.theta, kept)
    loser = network_learner(loser_learns=True)
    loser.end_game(black_won, learner_team=0)
    assert not np.array_equal(loser.theta, kept)


def test_eg_keeps_its_parts_through_updates_and_follows_a_theta_moved_elsewhere():
    learner = network_learner("eg")
    shape = learner.evaluation.shape
    tuples = slice(shape.bias, shape.mean)
    learner.end_game(fools_mate(), None)
    update = learner.rule.update
    np.testing.assert_allclose(
        learner.theta[tuples], update.total * (update.positive - update.negative), atol=1e-12
    )
    learner.theta[tuples] += 0.01  # an outcome update, or another worker's merged game
    learner.end_game(fools_mate(), None)
    np.testing.assert_allclose(
        learner.theta[tuples], update.total * (update.positive - update.negative), atol=1e-12
    )
    assert update.positive.sum() + update.negative.sum() == pytest.approx(1.0)


def test_network_rules_refuse_the_linear_evaluation_and_value_losses():
    theta = np.zeros(CHESS.feature_set.count)
    with pytest.raises(BadOption, match="--update gd updates the neighbourhood network"):
        LEARNERS["td0"](CHESS, theta, update="gd")
    with pytest.raises(BadOption, match="needs --loss logistic"):
        network_learner("eg", loss="value")


def symmetric_spread(learner: TD0) -> float:
    """The largest difference between the base weights of two symmetric slots."""
    relations = learner.evaluation.shape.relations
    table = learner.theta[: relations.base_size].reshape(
        relations.codes, relations.slots, relations.codes, 2
    )
    plain = np.ones(relations.codes, dtype=bool)
    for kind in relations.directional:
        plain[[kind, kind + relations.kinds]] = False
    spread = 0.0
    for members in relations.symmetric:
        block = table[np.ix_(plain, list(members), plain)]
        spread = max(spread, float(np.ptp(block, axis=1).max()))
    return spread


@pytest.mark.parametrize(
    ("symmetry", "after_update", "after_game"),
    [("none", False, False), ("average", False, True), ("tie", True, True)],
)
def test_symmetric_base_weights_are_averaged_after_the_game_or_tied(
    symmetry, after_update, after_game
):
    learner = network_learner(symmetry=symmetry)
    assert symmetric_spread(learner) > 0.01  # a random start
    learner.end_game(fools_mate(), None)
    assert (symmetric_spread(learner) < 1e-12) == after_update
    learner.average_symmetry()
    assert (symmetric_spread(learner) < 1e-12) == after_game


def test_a_network_sure_of_a_position_keeps_a_value_and_a_gradient():
    """Pushed far into the squash's tail (P rounds to 1), H stays finite and still learns:
    a network that got there by one large step is not stuck for good."""
    learner = network_learner()
    shape = learner.evaluation.shape
    state = CHESS.initial_state()
    _, top = NeighbourhoodNetwork(CHESS, learner.theta, "pairs").value(state)
    learner.theta[shape.mean] = top - 10.0  # z = 10: 1 − P is 8e-24, P rounds to 1
    learner.theta[shape.mean + 1] = 1.0
    value = learner.searcher.evaluate(state)
    assert 7000 < value < 9900
    gradient, squares = learner._buffers()
    learner.move_towards(state.arrays, 0.0, gradient, squares)
    assert np.abs(gradient).sum() > 0


def test_the_plain_search_stops_at_its_depth():
    """``plain``: full width to the depth, no quiescence, no check extension."""
    params = resolve(CHESS, "plain")
    assert params == SearchParams.plain() and not params.quiescence
    searcher = Searcher(CHESS, Weights.default(CHESS).theta, params)
    state = CHESS.initial_state()
    for move in ("e2e4", "d7d5"):  # a capture is on: quiescence would look at it
        state.push_text(move)
    info = searcher.search(state, Limits(depth=1))
    assert info.nodes == 1 + len(state.legal_moves())


def test_train_runs_the_papers_regime_from_the_command_line(tmp_path):
    out = tmp_path / "td0.npz"
    done = run_cli(
        "train", "chess", "--algo", "td0", "--evaluation", "network-pairs", "--update", "eg",
        "--vs", "random", "--loser-learns", "--search-params", "plain", "--opening-plies", "2",
        "--games", "3", "--depth", "1", "--max-plies", "30", "--workers", "1",
        "--out", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    saved = Weights.load(out)
    assert saved.feature_set == "chess-neighbourhoods-pairs"
    config = saved.metadata["training"]["config"]
    assert config["loser_learns"] and config["symmetry"] == "average"
    assert saved.metadata["training"]["update_rule"]["total"] > 0  # EG±'s parts kept


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--algo", "td0", "--loser-learns"], "--loser-learns needs an opponent"),
        (["--algo", "rootstrap", "--vs", "random", "--loser-learns"], "a rule of TD(0)"),
        (["--update", "gd"], "--update gd updates the neighbourhood network"),
        (["--symmetry", "mirror"], "invalid choice"),
        (["--squash", "loose"], "invalid choice"),
        (["--base-rule", "deep"], "invalid choice"),
        (["--base-rule", "local"], "a rule of TD(0)"),
        (["--algo", "td0", "--vs", "random", "--base-rule", "local"], "give --evaluation"),
    ],
)
def test_impossible_regimes_are_refused_in_one_line(tmp_path, options, message):
    done = run_cli(
        "train", "chess", *options, "--games", "1", "--out", str(tmp_path / "x.npz"),
    )  # fmt: skip
    assert done.returncode == 2
    assert message in done.stderr
    assert done.stderr.strip().count("\n") <= 1  # argparse adds its usage line


def test_the_random_evaluation_gives_every_leaf_a_fresh_number():
    """Seed 001's random agent: values within ±RANDOM_RANGE, new at every search, so the
    same position is scored differently each time (Beal's mobility effect needs this)."""
    from gamecore.algorithms.random_evaluation import RANDOM_RANGE, seed
    from gamecore.evaluations import random_evaluation

    evaluation = random_evaluation(CHESS)
    searcher = Searcher(
        CHESS, np.zeros(evaluation.size), SearchParams.plain(), evaluation=evaluation
    )
    seed(7)
    state = CHESS.initial_state()
    values = {searcher.evaluate(state) for _ in range(20)}
    assert len(values) == 20 and all(abs(v) <= RANDOM_RANGE for v in values)
    info = searcher.search(state, Limits(depth=3))
    assert info.best_move in state.legal_moves() and abs(info.score.value) <= RANDOM_RANGE


def test_a_fixed_squash_stays_where_it_is_set():
    learner = network_learner(squash="fixed")
    shape = learner.evaluation.shape
    fix_squash(learner.theta, shape)
    assert tuple(learner.theta[shape.mean : shape.mean + 2]) == (-2.0, 0.25)
    learner.end_game(fools_mate(), None)
    learner.track_squash(fools_mate())
    assert tuple(learner.theta[shape.mean : shape.mean + 2]) == (-2.0, 0.25)
    tracked = network_learner()
    tracked.track_squash(fools_mate())
    assert tracked.theta[shape.mean + 1] != 1.0  # the default follows the game


def test_base_weights_stay_probabilities_under_any_rule():
    """NLMS knows nothing of networks; the learner still keeps the base weights in [0, 1]."""
    learner = network_learner("nlms", step=1.0)
    base = learner.evaluation.shape.base_size
    gradient, squares = learner._buffers()
    learner.move_towards(position_before_mate().arrays, MAX_EVAL, gradient, squares)
    raw = learner.rule.delta(gradient, squares)  # NLMS's Δθ does not depend on θ
    # Every base weight half its step from the edge the step pushes it over.
    half = np.abs(raw[:base]) / 2
    learner.theta[:base] = np.where(raw[:base] > 0, 1.0 - half, half)
    pushed = learner.theta[:base] + raw[:base]
    assert ((pushed > 1.0) | (pushed < 0.0)).any()
    learner._apply(gradient, squares, None)
    assert np.array_equal(learner.theta[:base], np.clip(pushed, 0.0, 1.0))


def test_train_keeps_the_squash_fixed_from_the_command_line(tmp_path):
    out = tmp_path / "fixed.npz"
    done = run_cli(
        "train", "chess", "--algo", "td0", "--evaluation", "network-pairs", "--squash", "fixed",
        "--search-params", "plain", "--games", "2", "--depth", "1", "--max-plies", "20",
        "--workers", "1", "--no-average", "--out", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    saved = Weights.load(out)
    shape = evaluation_named(CHESS, "network-pairs").shape
    assert tuple(saved.theta[shape.mean : shape.mean + 2]) == (-2.0, 0.25)
    assert saved.metadata["training"]["config"]["squash"] == "fixed"


def positions_by_team(state):
    """Per team, the base-table indices of the positions it was to move in (a game's
    positions before each of its moves, the ones TD(0) learns from)."""
    network = NeighbourhoodNetwork(
        CHESS, evaluation_named(CHESS, "network-pairs").initial_weights(0)
    )
    seen = {0: set(), 1: set()}
    replay = state.copy()
    while replay.history:
        replay.pop()
        inputs = network.inputs(replay)
        seen[replay.team].update(int(i) for i in inputs[inputs >= 0])
    return seen


def test_the_local_base_rule_moves_base_weights_towards_the_game_result():
    """Seed 001's lower level: a base weight becomes the expected result of the games it
    occurs in, up where only the winner's positions hold it, down where only the loser's
    do, untouched where no position does; the tuple weights still learn by TD(0)."""
    learner = network_learner(base_rule="local")
    shape = learner.evaluation.shape
    before = learner.theta.copy()
    game = fools_mate()  # White, to move in the last position, is mated
    seen = positions_by_team(game)
    learner.end_game(game, None)
    moved = learner.theta - before
    winners, losers = sorted(seen[1] - seen[0]), sorted(seen[0] - seen[1])
    assert winners and losers
    assert (moved[winners] > 0).all() and (moved[losers] < 0).all()
    untouched = np.ones(shape.base_size, dtype=bool)
    untouched[sorted(seen[0] | seen[1])] = False
    assert not moved[: shape.base_size][untouched].any()
    assert np.abs(moved[shape.first_tuple : shape.mean]).max() > 0


def test_the_chain_rule_moves_base_weights_through_the_tuple_weights():
    learner = network_learner()
    before = learner.theta.copy()
    learner.end_game(fools_mate(), None)
    base = learner.evaluation.shape.base_size
    seen = positions_by_team(fools_mate())
    occurring = sorted(seen[0] | seen[1])
    assert np.abs(learner.theta[occurring] - before[occurring]).max() > 0
    absent = np.ones(base, dtype=bool)
    absent[occurring] = False
    assert np.array_equal(learner.theta[:base][absent], before[:base][absent])


def test_train_runs_the_local_base_rule_from_the_command_line(tmp_path):
    out = tmp_path / "local.npz"
    done = run_cli(
        "train", "chess", "--algo", "td0", "--evaluation", "network-pairs", "--base-rule",
        "local", "--search-params", "plain", "--games", "2", "--depth", "1", "--max-plies",
        "20", "--workers", "1", "--out", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert Weights.load(out).metadata["training"]["config"]["base_rule"] == "local"
