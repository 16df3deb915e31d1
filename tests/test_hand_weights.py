"""Weights set by feature name, shipped with a game; edited weights are no checkpoint."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from gamecore import get_game
from gamecore.errors import BadOption
from gamecore.hand_weights import parse_assignments, ship, weights_by_name
from gamecore.training.trainer import TrainConfig, Trainer, resume_config
from gamecore.weights import Weights
from tests.cli import run_cli


@pytest.fixture(scope="module")
def game():
    return get_game("breakthrough")


def test_names_and_patterns_set_weights_later_ones_winning(game):
    weights = weights_by_name(game, {"own:*": 100, "own:?7": 200, "opp:a2": -300}, "test")
    theta = weights.theta
    names = game.feature_names()
    assert theta[names.index("own:c3")] == 100 and theta[names.index("own:c7")] == 200
    assert theta[names.index("opp:a2")] == -300 and theta[names.index("opp:b2")] == 0
    assert weights.metadata == {"init": "hand-set", "description": "test"}


def test_a_name_that_matches_nothing_or_a_bad_value_is_named(game):
    with pytest.raises(BadOption, match="no feature of breakthrough is named or matches 'own:z9'"):
        weights_by_name(game, {"own:z9": 1})
    with pytest.raises(BadOption, match="finite number"):
        weights_by_name(game, {"own:a1": float("inf")})
    with pytest.raises(BadOption, match="not NAME=VALUE"):
        parse_assignments(["own:a1"])
    assert parse_assignments(["own:*=1", "a=b=2"]) == {"own:*": 1.0, "a=b": 2.0}


def test_games_without_names_of_their_own_get_group_names():
    names = get_game("kalah").feature_names()
    assert names[0] == "stores[0]" and len(set(names)) == len(names)


def test_shipped_weights_are_listed_by_name(game, tmp_path, monkeypatch):
    monkeypatch.setattr(type(game), "weights_folder", classmethod(lambda cls: tmp_path))
    path = ship(game, weights_by_name(game, {"own:*": 50}), "mine")
    assert path == tmp_path / "mine.npz" and "mine" in type(game).named_weights()
    with pytest.raises(BadOption, match="letters, digits"):
        ship(game, weights_by_name(game, {}), "../escape")


def test_edited_checkpoints_lose_their_run_and_are_not_resumed(tmp_path):
    config = TrainConfig(game="breakthrough", games=2, depth=1, out=str(tmp_path / "run.npz"))
    Trainer(dataclasses.replace(config, sparring="none")).run()
    trained = Weights.load(config.out)
    assert "training" in trained.metadata
    # Changing θ and saving the file as it was read: resume notices and refuses.
    trained.theta[:] += 1.0
    trained.save(config.out)
    with pytest.raises(BadOption, match="changed after its checkpoint"):
        resume_config(Weights.load(config.out), games=4)
    edited = Weights.load(config.out).edited()
    assert "training" not in edited.metadata and edited.metadata["edited_after_training"]
    start = weights_by_name(get_game("breakthrough"), {"own:a1": 7}, start=Weights.load(config.out))
    assert start.theta[0] == 7 and "training" not in start.metadata


def test_the_command_writes_lists_and_refuses(tmp_path):
    out = tmp_path / "w.npz"
    result = run_cli("write-weights", "breakthrough", "own:*=100", "opp:*=-100", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert np.count_nonzero(Weights.load(out).theta == 100) == 64
    listing = run_cli("write-weights", "breakthrough", "--list")
    assert listing.stdout.splitlines()[0].split() == ["0", "own:a1"]
    for args in (
        ("own:z9=1", "--out", str(out)),
        ("own:*=x", "--out", str(out)),
        ("own:*=1",),
        ("own:*=1", "--out", "/proc/w.npz"),
        ("own:*=1", "--from", "nonesuch", "--out", str(out)),
    ):
        result = run_cli("write-weights", "breakthrough", *args)
        assert result.returncode == 2, args
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
