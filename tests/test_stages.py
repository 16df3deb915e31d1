"""Staged learning: a stage updates only its feature groups; stages follow the game count."""

from __future__ import annotations

import numpy as np
import pytest

import gamecore
from gamecore.errors import BadOption
from gamecore.training.stages import parse_group_steps, parse_stages, stage_of, unreached_stages
from gamecore.training.trainer import TrainConfig, Trainer
from gamecore.weights import Weights
from tests.cli import run_cli


def test_schedule_maps_games_to_stages():
    game = gamecore.get_game("checkers")
    stages = parse_stages(game, "phased:2, phased+psq:3")
    assert [stage_of(stages, i).groups for i in (0, 1, 2, 4, 5, 99)] == [
        ("phased",),
        ("phased",),
        ("phased", "psq"),
        ("phased", "psq"),
        ("phased", "psq"),
        ("phased", "psq"),
    ]
    groups = game.feature_groups()
    mask = stages[0].mask
    assert mask[groups["phased"]].all() and not mask[groups["psq"]].any()


@pytest.mark.parametrize(
    ("parse", "text", "says"),
    [
        (parse_stages, "material:10", "no feature group 'material'"),
        (parse_stages, "phased", "is not GROUP"),
        (parse_stages, "phased:0", "is not GROUP"),
        (parse_stages, "phased:ten", "is not GROUP"),
        (parse_group_steps, "psq", "is not GROUP=K"),
        (parse_group_steps, "psq=fast", "is not GROUP=K"),
        (parse_group_steps, "psq=-1", "is not GROUP=K"),
        (parse_group_steps, "psq=nan", "is not GROUP=K"),
        (parse_group_steps, "psq=1000", "is not GROUP=K"),
        (parse_group_steps, "kings=0.5", "no feature group 'kings'"),
    ],
)
def test_bad_schedules_and_group_steps_are_refused(parse, text, says):
    with pytest.raises(BadOption, match=says):
        parse(gamecore.get_game("checkers"), text)


@pytest.fixture
def random_start(tmp_path):
    """Checkers, small random weights, and the file they are saved in (for --init)."""
    game = gamecore.get_game("checkers")
    start = Weights.random(game, seed=1, scale=1.0)
    init = tmp_path / "init.npz"
    start.save(init)
    return game, start, init


def test_a_stage_leaves_other_groups_unchanged_then_the_next_trains_them(tmp_path, random_start):
    game, start, init = random_start
    psq = game.feature_groups()["psq"]
    phased = game.feature_groups()["phased"]

    def run(games: int) -> np.ndarray:
        config = TrainConfig(
            game="checkers",
            algo="treestrap-ab",
            games=games,
            depth=2,
            init=str(init),
            stages="phased:3,all:3",
            out=str(tmp_path / f"run{games}.npz"),
        )
        trainer = Trainer(config)
        trainer.run()
        return trainer.learner.theta.copy()

    after_first = run(3)
    assert np.array_equal(after_first[psq], start.theta[psq])
    assert not np.array_equal(after_first[phased], start.theta[phased])
    after_second = run(6)
    assert not np.array_equal(after_second[psq], start.theta[psq])


def test_stages_set_the_number_of_games_when_not_given(tmp_path):
    out = tmp_path / "staged.npz"
    result = run_cli(
        "train", "checkers", "--stages", "phased:2,all:1", "--depth", "1", "--out", str(out)
    )
    assert result.returncode == 0, result.stderr
    assert "3 games" in result.stdout
    assert Weights.load(out).metadata["games"] == 3


def test_the_stages_a_short_run_never_reached_are_named():
    stages = parse_stages(gamecore.get_game("checkers"), "phased:2,psq:3,all:1")
    assert [s.groups for s in unreached_stages(stages, 2)] == [("psq",), ("all",)]
    assert [s.groups for s in unreached_stages(stages, 3)] == [("all",)]
    assert unreached_stages(stages, 6) == [] and unreached_stages(stages, 60) == []


def test_a_run_ended_before_its_last_stage_says_so(tmp_path):
    def train(*games: str) -> str:
        out = tmp_path / f"run{len(games)}.npz"
        args = ("--stages", "phased:2,all:1", "--depth", "1", *games, "--out", str(out))
        result = run_cli("train", "checkers", *args)
        assert result.returncode == 0, result.stderr
        return result.stdout

    assert "ended before its stage(s) all, which never trained" in train("--games", "2")
    assert "never trained" not in train()


def test_an_unknown_outcome_group_is_a_one_line_error_before_any_game(tmp_path):
    out = tmp_path / "run.npz"
    result = run_cli(
        "train", "checkers", "--outcome-step", "1", "--outcome-groups", "phased+kings",
        "--depth", "1", "--games", "2", "--out", str(out),
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "gamecore train: error: checkers has no feature group 'kings' (known: all phased psq)"
    ]
    assert not out.exists()


def test_outcome_groups_are_refused_for_a_network_evaluation(tmp_path):
    out = tmp_path / "run.npz"
    result = run_cli(
        "train", "checkers", "--evaluation", "network-pairs", "--outcome-step", "1",
        "--outcome-groups", "psq", "--depth", "1", "--games", "2", "--out", str(out),
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "gamecore train: error: --outcome-groups names groups of linear features; "
        "a network has none"
    ]
    assert not out.exists()


def test_group_steps_give_each_named_group_its_multiple_of_the_step():
    game = gamecore.get_game("checkers")
    groups = game.feature_groups()
    factors = parse_group_steps(game, "psq=0.25, phased=0")
    assert (factors[groups["psq"]] == 0.25).all() and (factors[groups["phased"]] == 0).all()


def test_a_group_at_a_smaller_step_moves_proportionally_less(tmp_path, random_start):
    """Same run, same games: psq at a quarter of the step moves a quarter as far in the first
    update, and a group at zero stays where it started while the others learn."""
    game, start, init = random_start
    psq = game.feature_groups()["psq"]
    phased = game.feature_groups()["phased"]

    def run(group_steps: str | None) -> np.ndarray:
        config = TrainConfig(
            game="checkers", games=1, depth=2, init=str(init), group_steps=group_steps,
            outcome_step=0.5, average=False, out=str(tmp_path / f"run{group_steps}.npz"),
        )  # fmt: skip
        trainer = Trainer(config)
        trainer.learner.search_and_learn(game.initial_state(), trainer.config.limits())
        return trainer.learner.theta.copy()

    full = run(None) - start.theta
    quarter = run("psq=0.25") - start.theta
    assert np.abs(full[psq]).sum() > 0
    assert np.allclose(quarter[psq], 0.25 * full[psq])
    assert np.allclose(quarter[phased], full[phased])
    out = tmp_path / "frozen.npz"
    result = run_cli(
        "train", "checkers", "--init", str(init), "--group-steps", "psq=0", "--outcome-step",
        "0.5", "--depth", "2", "--games", "4", "--workers", "1", "--no-average",
        "--out", str(out),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    learned = Weights.load(out).theta
    assert np.array_equal(learned[psq], start.theta[psq])
    assert not np.array_equal(learned[phased], start.theta[phased])


def test_a_malformed_group_step_is_a_one_line_error_before_any_game(tmp_path):
    out = tmp_path / "run.npz"
    result = run_cli(
        "train", "checkers", "--group-steps", "psq=lots", "--depth", "1", "--games", "2",
        "--out", str(out),
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "gamecore train: error: group step 'psq=lots' is not GROUP=K (K from 0 to 100)"
    ]
    assert not out.exists()
