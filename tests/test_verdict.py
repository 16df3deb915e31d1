"""A finished training run ends with a verdict a newcomer can judge, and the way to play."""

from __future__ import annotations

from gamecore.cli import main
from gamecore.training.trainer import configure
from gamecore.training.verdict import yardstick_for


def test_a_run_against_random_movers_is_judged_against_them(tmp_path, capsys):
    out = tmp_path / "b.npz"
    args = ["train", "breakthrough", "--vs", "random", "--games", "30", "--depth", "2"]
    assert main([*args, "--verdict-games", "4", "--out", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    verdict = next(line for line in lines if line.startswith("verdict:"))
    assert verdict.startswith("verdict: against random movers the learned weights won ")
    assert verdict.endswith(" of 4 games (100%)"), verdict
    assert lines[-1] == f"play against them: gamecore gui breakthrough --weights {out}"


def test_no_verdict_when_asked_for_none(tmp_path, capsys):
    out = tmp_path / "b.npz"
    args = ["train", "breakthrough", "--games", "1", "--depth", "1", "--verdict-games", "0"]
    assert main([*args, "--out", str(out)]) == 0
    assert not any(line.startswith("verdict") for line in capsys.readouterr().out.splitlines())


def test_self_play_and_other_opponents_are_judged_against_the_zero_weights():
    assert yardstick_for(configure("breakthrough")) == "zeros"
    assert yardstick_for(configure("breakthrough", vs="default")) == "zeros"
    assert yardstick_for(configure("breakthrough", vs="random")) == "random"
