"""Weights files: round trip, every mismatch or corruption refused with a clear reason, and
the one reading of a weights spec (zeros, default, a shipped name, a file) in every command."""

import json
from pathlib import Path

import numpy as np
import pytest

import gamecore
import games
from gamecore.cli import main
from gamecore.game import WEIGHTS_FOLDER
from gamecore.play.match import PlayerSpec
from gamecore.registry import game_class
from gamecore.weights import BadWeights, Weights, resolve_weights, shipped_path
from tests.cli import run_cli


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
    learned = resolve_weights(chess, "treestrap-mm-selfplay")
    assert learned.metadata["algorithm"] == "treestrap-mm"
    sparring = resolve_weights(chess, "treestrap-vs-default")
    assert sparring.metadata["algorithm"] == "treestrap-ab"
    mirror = chess.side_mirror()
    paired = np.flatnonzero(mirror >= 0)
    assert np.allclose(sparring.theta[paired], -sparring.theta[mirror[paired]])  # learned tied
    material = resolve_weights(chess, "treestrap-material")
    assert material.metadata["init"] == "random" and material.metadata["games"] == 6000
    assert np.allclose(material.theta[paired], -material.theta[mirror[paired]])


@pytest.mark.parametrize("name", ["chess", "checkers", "duchess"])
def test_built_in_games_ship_their_weights_in_their_own_package(name):
    """The built-in games use the plugin route: ``games/<game>/weights/`` as package data."""
    cls = game_class(name)
    shipped = cls.named_weights()
    assert "default" in shipped and len(shipped) >= 2
    assert Path(str(shipped["default"])).parent == Path(games.__file__).parent / name / "weights"
    assert shipped_path(cls, "default") == shipped["default"]  # what the rebuild writes
    for weights in shipped.values():
        Weights.load(weights, cls()).check_fits(cls())
    assert f"*/{WEIGHTS_FOLDER}/*.npz" in Path("pyproject.toml").read_text()


def test_zeros_are_all_zero_weights(chess):
    weights = resolve_weights(chess, "zeros")
    assert not weights.theta.any() and weights.theta.size == chess.feature_set.count


def test_default_without_shipped_weights_is_zeros_with_a_note(capsys):
    connect4 = gamecore.get_game("connect4")
    assert connect4.named_weights() == {}
    weights = resolve_weights(connect4, "default")
    assert not weights.theta.any()
    assert "connect4 ships no default weights" in capsys.readouterr().err


def test_unknown_name_lists_what_the_game_ships(chess):
    with pytest.raises(BadWeights) as caught:
        resolve_weights(chess, "strongest", others=("random",))
    message = str(caught.value)
    assert "'strongest'" in message and "\n" not in message
    for name in ("default", "treestrap-mm-selfplay", "zeros", "random", "weights file"):
        assert name in message


def test_a_path_or_an_existing_file_is_read_as_a_file(tmp_path, monkeypatch, chess):
    Weights.random(chess, seed=1).save(tmp_path / "mine.npz")
    (tmp_path / "bare").write_bytes((tmp_path / "mine.npz").read_bytes())
    expected = Weights.random(chess, seed=1).theta
    assert np.array_equal(resolve_weights(chess, str(tmp_path / "mine.npz")).theta, expected)
    monkeypatch.chdir(tmp_path)
    assert np.array_equal(resolve_weights(chess, "bare").theta, expected)
    with pytest.raises(BadWeights, match="does not exist"):
        resolve_weights(chess, "missing.npz")


@pytest.fixture
def plugin_package(tmp_path, monkeypatch):
    """A plugin package on sys.path whose ``weights/`` folder ships ``default`` and ``strong``,
    and Connect Four pointed at it."""
    from gamecore_connect4 import ConnectFour

    package = tmp_path / "c4weights"
    (package / "weights").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    game = gamecore.get_game("connect4")
    Weights.for_game(game, np.full(game.feature_set.count, 3.0)).save(
        package / "weights" / "default.npz"
    )
    Weights.for_game(game, np.full(game.feature_set.count, 7.0)).save(
        package / "weights" / "strong.npz"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(ConnectFour, "weights_package", "c4weights")
    return package


def test_a_plugin_ships_named_weights_from_its_package(plugin_package):
    game = gamecore.get_game("connect4")
    assert list(game.named_weights()) == ["default", "strong"]
    assert resolve_weights(game, "default").theta[0] == 3.0
    assert resolve_weights(game, "strong").theta[0] == 7.0
    assert PlayerSpec.parse(game, "strong").name == "strong"


def test_commands_find_a_plugins_shipped_weights(plugin_package, tmp_path, capsys):
    assert main(["games"]) == 0
    listing = capsys.readouterr().out.splitlines()
    row = next(i for i, line in enumerate(listing) if line.startswith("connect4 "))
    assert listing[row + 1].split() == ["weights:", "default,", "strong"]
    out = tmp_path / "games.txt"
    args = ["match", "connect4", "strong", "zeros", "--games", "2", "--depth", "1"]
    assert main([*args, "--out", str(out)]) == 0
    assert "strong vs zeros" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args",
    [
        ("match", "chess", "strongest", "random"),
        ("tournament", "chess", "random", "strongest"),
        ("play", "chess", "--weights", "strongest"),
        ("uci", "chess", "--weights", "strongest"),
        ("gui", "chess", "--weights", "strongest"),
        ("gui", "chess", "--players", "human,engine:strongest"),
        ("show-weights", "chess", "--weights", "strongest"),
    ],
)
def test_an_unknown_weights_name_is_one_line_and_exit_2(args):
    result = run_cli(*args, env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "unknown weights 'strongest'" in lines[0] and "treestrap-mm-selfplay" in lines[0]
