"""Impossible numbers on the command line are one-line errors before any work starts."""

from __future__ import annotations

import pytest

import gamecore
from gamecore.cli import main
from tests.cli import hears_ctrl_c, run_cli

HUGE = "9" * 200


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["perft", "checkers", "--depth", "100000"], "--depth"),
        (["perft", "chess", "--depth", "-1"], "--depth"),
        (["analyse", "chess", "--time", "inf"], "--time"),
        (["analyse", "chess", "--time", "1e300"], "--time"),
        (["analyse", "duchess", "--depth", "1000000000"], "--depth"),
        (["analyse", "chess", "--nodes", "0"], "--nodes"),
        (["analyse", "chess", "--hash", "99999999"], "--hash"),
        (["train", "chess", "--time-per-move", "inf"], "--time-per-move"),
        (["train", "chess", "--time-per-move", "nan"], "--time-per-move"),
        (["train", "chess", "--depth", "99999999999999999999999"], "--depth"),
        (["train", "chess", "--time-budget", "nan"], "--time-budget"),
        (["train", "chess", "--step", "-1"], "--step"),
        (["train", "chess", "--lambda", "5"], "--lambda"),
        (["train", "chess", "--opening-plies", "-1"], "--opening-plies"),
        (["train", "chess", "--max-plies", HUGE], "--max-plies"),
        (["train", "chess", "--seed", "-3"], "--seed"),
        (["train", "chess", "--outcome-step", "nan"], "--outcome-step"),
        (["train", "chess", "--outcome-discount", "0"], "--outcome-discount"),
        (["train", "chess", "--outcome-discount", "1.5"], "--outcome-discount"),
        (["train", "chess", "--workers", "0"], "--workers"),
        (["match", "chess", "zeros", "zeros", "--games", "0"], "--games"),
        (["match", "chess", "zeros", "zeros", "--depth", "1e20"], "--depth"),
        (["tournament", "chess", "random", "zeros", "--reference-elo", "nan"], "--reference-elo"),
        (["plot-learning", "x.csv", "--window", "0"], "--window"),
    ],
)
def test_an_impossible_number_is_refused_in_one_line(capsys, args, option):
    """Refused while the command line is read: nothing is computed, written or allocated."""
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and option in lines[0] and "must be" in lines[0]
    assert len(lines[0]) < 200  # a huge value is quoted cut short


def test_the_help_states_the_ranges():
    result = run_cli("analyse", "--help")
    assert "1 to 95" in result.stdout and "1 to 4096" in result.stdout


@pytest.mark.parametrize(
    ("option", "says"),
    [
        ("players=²", "whole numbers"),
        ("move_limit=99999999999999999999999", "move_limit must be"),
        ("move_limit=-1", "move_limit must be"),
    ],
)
def test_impossible_game_options_are_refused_by_the_game(capsys, option, says):
    assert main(["perft", "duchess", "-o", option, "--depth", "1"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and says in lines[0]


def one_error_line(capsys) -> str:
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1
    return lines[0]


def test_outputs_that_cannot_be_written_are_refused_before_any_game(tmp_path, capsys):
    folder = tmp_path / "a-folder"
    folder.mkdir()
    cases = [
        (["match", "connect4", "zeros", "zeros", "--out", "/dev/null/x.txt"], "cannot write"),
        (["tournament", "connect4", "zeros", "random", "--out", str(folder)], "is a folder"),
        (["train", "connect4", "--out", str(folder)], "is a folder"),
        (["train", "connect4", "--out", str(tmp_path / "w.csv")], "would be one file"),
        (["plot-learning", "x.csv", "--out", str(tmp_path / "plot.xyz")], "unknown image type"),
        (["show-weights", "chess", "--out", str(tmp_path / "w.xyz")], "unknown image type"),
    ]
    for args, says in cases:
        assert main(args) == 2, args
        assert says in one_error_line(capsys), args
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-folder"]  # nothing written


def test_a_new_run_does_not_overwrite_an_earlier_one_without_force(tmp_path, capsys):
    out = tmp_path / "run.npz"
    out.write_bytes(b"an earlier run")
    assert main(["train", "connect4", "--out", str(out)]) == 2
    assert "--resume" in one_error_line(capsys) and out.read_bytes() == b"an earlier run"
    assert main(["train", "connect4", "--games", "0", "--out", str(out), "--force"]) == 0
    assert out.read_bytes() != b"an earlier run"


def damaged_copies(tmp_path):
    """A real checkpoint, then copies of it each damaged in one way."""
    import copy

    import numpy as np

    from gamecore.weights import Weights

    good = tmp_path / "good.npz"
    assert main(["train", "connect4", "--games", "0", "--out", str(good)]) == 0
    weights = Weights.load(good)

    def variant(name, change):
        meta = copy.deepcopy(weights.metadata)
        change(meta["training"])
        path = tmp_path / f"{name}.npz"
        Weights(
            weights.theta, weights.game, weights.feature_set, weights.feature_version, meta
        ).save(path)
        return path

    yield variant("depth", lambda t: t["config"].update(depth=-3))
    yield variant("plies", lambda t: t["config"].update(max_plies=0))
    yield variant("unknown", lambda t: t["config"].update(colour="blue"))
    yield variant("config", lambda t: t.update(config=[1, 2]))
    yield variant("games", lambda t: t["progress"].update(games_done=-4))
    yield variant("progress", lambda t: t.update(progress={"games": 1}))
    yield variant("rng", lambda t: t.update(rng={"state": 3}))
    yield variant("live", lambda t: t.update(live_theta=[float("nan")] * len(weights.theta)))
    raw = tmp_path / "complex.npz"
    np.savez(raw, theta=weights.theta.astype(complex), meta=np.array("{}"))
    yield raw


def test_a_damaged_checkpoint_is_one_line_and_stays_as_it_was(tmp_path, capsys):
    for path in damaged_copies(tmp_path):
        before = path.read_bytes()
        capsys.readouterr()
        assert main(["train", "connect4", "--resume", str(path)]) == 2, path.name
        line = one_error_line(capsys)
        assert "damaged" in line or "must be" in line or "not a gamecore" in line, line
        assert path.read_bytes() == before
        assert not path.with_suffix(".csv").exists()


def test_weights_headers_of_the_wrong_shape_are_refused(tmp_path):
    import json

    import numpy as np

    from gamecore.weights import FORMAT, FORMAT_VERSION, BadWeights, Weights

    header = {"format": FORMAT, "format_version": FORMAT_VERSION, "feature_count": 3}
    for meta, says in (
        ([1, 2], "not a gamecore weights file"),
        ({**header, "game": 5}, "'game' should be str"),
        ({**header, "game": "chess", "feature_set": "x", "feature_version": "1"}, "int"),
    ):
        path = tmp_path / "w.npz"
        np.savez(path, theta=np.zeros(3), meta=np.array(json.dumps(meta)))
        with pytest.raises(BadWeights, match=says):
            Weights.load(path)


def test_special_files_are_refused_as_inputs_instead_of_blocking(tmp_path, capsys):
    """Reading a FIFO blocks until someone writes to it: every input is refused at once."""
    import os

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    cases = [
        ["match", "connect4", str(fifo), "random", "--games", "1", "--depth", "1"],
        ["analyse", "connect4", "--weights", str(fifo), "--depth", "1"],
        ["train", "connect4", "--resume", str(fifo)],
        ["plot-learning", str(fifo), "--out", str(tmp_path / "p.png")],
        ["gui", "connect4", "--load", str(fifo)],
        ["match", "connect4", "zeros", "random", "--book", str(fifo), "--depth", "1"],
    ]
    for args in cases:
        assert main(args) == 2, args
        line = one_error_line(capsys)
        assert str(fifo) in line and ("special file" in line or "neither a file" in line), args
    assert main(["gui", "connect4", "--load", str(tmp_path)]) == 2
    assert "is a folder" in one_error_line(capsys)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--size", "99999x99999"], "320 to 8192"),
        (["--size", "0x0"], "320 to 8192"),
        (["--size", "²x800"], "WIDTHxHEIGHT"),
        (["--screenshot", "shot.xyz"], "unknown image type"),
        (["--screenshot", "."], "unknown image type"),
    ],
)
def test_window_size_and_screenshot_file_are_checked_before_a_window_opens(capsys, args, says):
    assert main(["gui", "chess", *args]) == 2
    assert says in one_error_line(capsys)


def test_ctrl_c_while_the_command_loads_is_one_line(monkeypatch, capsys):
    """Heavy imports (numpy, numba, the games) happen inside ``main``, where Ctrl-C is caught."""
    import importlib
    import subprocess
    import sys

    def interrupted(name):
        raise KeyboardInterrupt

    monkeypatch.setattr(importlib, "import_module", interrupted)
    assert main(["games"]) == 130
    assert one_error_line(capsys) == "gamecore: interrupted"
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, gamecore.cli; print('numpy' in sys.modules)"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert loaded.stdout.strip() == "False"


def test_a_duchess_position_with_a_huge_counter_is_one_line(capsys):
    start = gamecore.get_game("duchess").initial_state().to_text()
    for counter in ("9" * 40, "²"):
        position = start.replace("quiet=0", f"quiet={counter}")
        assert main(["analyse", "duchess", "--position", position, "--depth", "1"]) == 2
        assert "quiet" in one_error_line(capsys)


def test_an_unreadable_log_beside_a_checkpoint_is_one_line_before_any_game(tmp_path, capsys):
    out = tmp_path / "run.npz"
    assert main(["train", "connect4", "--games", "1", "--depth", "1", "--out", str(out)]) == 0
    capsys.readouterr()
    (tmp_path / "run.csv").write_bytes(b"\xff\xfe not a log")
    before = out.read_bytes()
    assert main(["train", "connect4", "--resume", str(out), "--games", "3"]) == 2
    assert "training log" in one_error_line(capsys)
    assert out.read_bytes() == before
    assert (tmp_path / "run.csv").read_bytes() == b"\xff\xfe not a log"


def test_ctrl_c_stops_a_deep_analysis_at_once():
    """A compiled search in the main thread would hear Ctrl-C only when its iteration ends
    (seconds to hours); the command's searcher runs in a helper thread instead."""
    import signal
    import subprocess
    import sys
    import time

    proc = subprocess.Popen(
        [sys.executable, "-m", "gamecore", "analyse", "chess", "--depth", "40"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=hears_ctrl_c,
    )  # fmt: skip
    assert proc.stdout is not None
    for _ in range(8):  # let the iterations grow long
        proc.stdout.readline()
    started = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and err.strip().splitlines()[-1].endswith("interrupted")
    assert time.perf_counter() - started < 2.0
