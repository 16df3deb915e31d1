"""Sparring partners of self-play: who is met when, scores kept across a resume, bad specs."""

from __future__ import annotations

import csv
import dataclasses

import pytest

from gamecore.errors import BadOption
from gamecore.training.sparring import FLOOR, Sparring
from gamecore.training.trainer import TrainConfig, Trainer, resume_config
from gamecore.weights import Weights
from tests.cli import run_cli


def test_none_means_plain_self_play():
    assert Sparring.parse("none") is None
    assert Sparring.parse("zeros").partners == ("zeros",)
    assert Sparring.parse("zeros, random").partners == ("zeros", "random")


def test_the_share_follows_the_worst_score():
    sparring = Sparring(("zeros", "random"))
    assert sparring.share() == 1.0  # an even start: every game against the partners
    sparring.scores.update(zeros=0.99, random=0.99)
    assert sparring.share() == FLOOR
    sparring.scores.update(zeros=0.5, random=0.8)
    assert sparring.share() == 1.0
    choices = {sparring.choose(seed=1, index=i) for i in range(200)}
    assert choices == {"zeros", "random"}  # the weaker score is met more, the other still met
    picks = [sparring.choose(seed=1, index=i) for i in range(400)]
    assert picks.count("zeros") > 3 * picks.count("random")


def test_choices_are_reproducible_and_scores_move_towards_results():
    sparring = Sparring(("zeros",))
    first = [sparring.choose(seed=4, index=i) for i in range(50)]
    assert first == [sparring.choose(seed=4, index=i) for i in range(50)]
    for _ in range(60):
        sparring.record("zeros", 1.0)
    assert sparring.scores["zeros"] > 0.99
    assert sum(sparring.choose(seed=4, index=i) is None for i in range(200)) > 150
    saved = sparring.state()
    again = Sparring(("zeros",))
    again.load_state(saved)
    assert again.scores == sparring.scores


def config(tmp_path, **changes) -> TrainConfig:
    base = TrainConfig(
        game="breakthrough", games=6, depth=1, out=str(tmp_path / "bt.npz"), max_plies=80
    )
    return dataclasses.replace(base, **changes)


def logged(path) -> list[dict]:
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def test_a_self_play_run_meets_its_partner_and_logs_it(tmp_path):
    cfg = config(tmp_path)
    Trainer(cfg).run()
    rows = logged(cfg.log_path())
    assert [r["opponent"] for r in rows] == ["zeros"] * 6  # it has not beaten them yet
    assert {r["outcome"] for r in rows} <= {"win", "draw", "loss"}
    assert {r["learner_team"] for r in rows} == {"0", "1"}
    state = Weights.load(cfg.out).metadata["training"]["sparring"]
    assert set(state["scores"]) == {"zeros"}


def test_plain_self_play_meets_nobody(tmp_path):
    cfg = config(tmp_path, sparring="none")
    trainer = Trainer(cfg)
    trainer.run()
    assert trainer.sparring is None
    assert {r["opponent"] for r in logged(cfg.log_path())} == {"self"}


def test_a_resumed_run_keeps_its_scores(tmp_path):
    cfg = config(tmp_path, games=4)
    Trainer(cfg).run()
    saved = Weights.load(cfg.out)
    scores = saved.metadata["training"]["sparring"]["scores"]
    resumed = Trainer(resume_config(saved, games=8), resume=saved)
    assert resumed.sparring is not None and resumed.sparring.scores == scores


def test_checkpoints_of_older_runs_resume_as_plain_self_play(tmp_path):
    cfg = config(tmp_path, games=2, sparring="none")
    Trainer(cfg).run()
    saved = Weights.load(cfg.out)
    del saved.metadata["training"]["config"]["sparring"]
    assert resume_config(saved).sparring == "none"


def test_a_partner_nobody_knows_stops_the_run_before_it_starts(tmp_path):
    with pytest.raises(BadOption, match="--sparring"):
        Trainer(config(tmp_path, sparring="nonesuch"))
    with pytest.raises(BadOption, match="not its own sparring partner"):
        Trainer(config(tmp_path, sparring="self"))


def test_the_command_line_refuses_partners_without_self_play(tmp_path):
    out = str(tmp_path / "x.npz")
    result = run_cli("train", "breakthrough", "--vs", "random", "--sparring", "zeros", "--out", out)
    assert result.returncode == 2
    assert "--sparring" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    result = run_cli(
        "train", "breakthrough", "--games", "1", "--depth", "1", "--sparring", "bogus",
        "--out", out,
    )  # fmt: skip
    assert result.returncode == 2 and "bogus" in result.stderr


def test_partners_are_refused_outside_self_play_from_python_and_the_command_line(tmp_path):
    """Partners meet a learner in self-play; asked for against another opponent, the run is
    refused wherever it is configured. ``none`` is accepted with any opponent."""
    from gamecore.training.config import configure

    with pytest.raises(BadOption, match="partners meet a learner in self-play, not --vs random"):
        configure("breakthrough", vs="random", sparring="zeros")
    assert configure("breakthrough", vs="random", sparring="none").vs == "random"
    args = ["--vs", "random", "--sparring", "zeros", "--out", str(tmp_path / "b.npz")]
    result = run_cli("train", "breakthrough", *args)
    assert result.returncode == 2
    assert "partners meet a learner in self-play, not --vs random" in result.stderr
