"""Weights files: round trip, and every mismatch or corruption refused with a clear reason."""

import json

import numpy as np
import pytest

import gamecore
from gamecore.weights import BadWeights, Weights


@pytest.fixture
def chess():
    return gamecore.get_game("chess")


def test_round_trip_keeps_values_and_metadata(tmp_path, chess):
    w = Weights.random(chess, seed=3, scale=0.5, note="x")
    w.save(tmp_path / "w.npz")
    back = Weights.load(tmp_path / "w.npz", chess)
    assert np.array_equal(back.theta, w.theta)
    assert back.metadata == {"init": "random", "seed": 3, "scale": 0.5, "note": "x"}


def test_weights_of_another_game_are_refused(tmp_path, chess):
    Weights.zeros(gamecore.get_game("connect4")).save(tmp_path / "c4.npz")
    with pytest.raises(BadWeights, match="for game 'connect4', not 'chess'"):
        Weights.load(tmp_path / "c4.npz", chess)


def test_weights_of_other_features_are_refused(tmp_path, chess):
    w = Weights.zeros(chess)
    w.feature_set, w.feature_version = "chess-psqt", 1
    w.save(tmp_path / "old.npz")
    with pytest.raises(BadWeights, match="chess-psqt v1"):
        Weights.load(tmp_path / "old.npz", chess)


@pytest.mark.parametrize(
    ("damage", "says"),
    [
        (lambda p: p.write_bytes(b"not a zip at all"), "not .npz"),
        (lambda p: p.write_bytes(p.read_bytes()[:200]), "truncated"),
        (lambda p: np.savez(p, theta=np.zeros(3)), "not a readable weights file"),
        (
            lambda p: np.savez(p, theta=np.zeros(3), meta=np.array(json.dumps({"format": "x"}))),
            "not a gamecore weights file",
        ),
    ],
)
def test_damaged_files_are_refused(tmp_path, chess, damage, says):
    path = tmp_path / "w.npz"
    Weights.zeros(chess).save(path)
    damage(path)
    with pytest.raises(BadWeights, match=says):
        Weights.load(path, chess)


def test_a_header_that_disagrees_with_the_values_is_refused(tmp_path, chess):
    path = tmp_path / "w.npz"
    Weights.zeros(chess).save(path)
    with np.load(path) as data:
        meta = str(data["meta"])
    np.savez(path, theta=np.zeros(10), meta=np.array(meta))
    with pytest.raises(BadWeights, match="corrupt"):
        Weights.load(path, chess)


def test_missing_file_is_named(tmp_path, chess):
    with pytest.raises(BadWeights, match="does not exist"):
        Weights.load(tmp_path / "nope.npz", chess)


def test_shipped_weights_fit_their_game(chess):
    assert Weights.default(chess).metadata["init"] == "hand-set"
    learned = Weights.load("weights/chess/treestrap-mm-selfplay.npz", chess)
    assert learned.metadata["algorithm"] == "treestrap-mm"
