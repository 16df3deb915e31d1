"""Measuring training against fixed yardsticks: the eval log's rows, resume, options, Ctrl-C."""

from __future__ import annotations

import csv
import dataclasses

import pytest

from gamecore.training.trainer import TrainConfig, Trainer, resume_config
from gamecore.training.yardsticks import EVAL_FIELDS, read_eval_log
from gamecore.weights import Weights
from tests.cli import run_cli


def config(tmp_path, **kw) -> TrainConfig:
    base = dict(
        game="connect4",
        vs="random",
        games=5,
        depth=1,
        out=str(tmp_path / "run.npz"),
        seed=3,
        opening_plies=2,
        max_plies=42,
        checkpoint_every=2,
        eval_every=2,
        eval_games=2,
    )
    return TrainConfig(**{**base, **kw})


def train(cfg: TrainConfig, background: bool = False, resume: Weights | None = None) -> Trainer:
    trainer = Trainer(cfg, resume=resume)
    assert trainer.yardsticks is not None
    trainer.yardsticks.background = background
    trainer.run()
    return trainer


def measured(cfg: TrainConfig) -> list[tuple]:
    """The eval log without its clock column."""
    return [
        (r.games_trained, r.opponent, r.games, r.wins, r.draws, r.losses, r.score)
        for r in read_eval_log(cfg.eval_log_path())
    ]


def test_measurements_at_the_start_every_n_games_and_the_end(tmp_path):
    cfg = config(tmp_path)
    trainer = train(cfg)
    with cfg.eval_log_path().open(newline="") as f:
        assert tuple(csv.DictReader(f).fieldnames or ()) == EVAL_FIELDS
    rows = read_eval_log(cfg.eval_log_path())
    assert [(r.games_trained, r.opponent) for r in rows] == [
        (n, opponent) for n in (0, 2, 4, 5) for opponent in ("random", "zeros")
    ]
    for row in rows:
        assert row.games == 2 and row.wins + row.draws + row.losses == 2
        assert row.score == (row.wins + row.draws / 2) / 2
    seconds = [r.wall_seconds for r in rows]
    assert seconds == sorted(seconds) and seconds[0] == 0.0
    assert trainer.yardsticks is not None and trainer.yardsticks.latest == rows[-2:]


def test_a_background_worker_measures_the_same(tmp_path):
    inline, background = config(tmp_path / "a"), config(tmp_path / "b")
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    train(inline, background=False)
    train(background, background=True)
    assert measured(inline) == measured(background)


def test_resume_drops_measurements_after_the_checkpoint_and_redoes_them(tmp_path):
    (tmp_path / "whole").mkdir()
    whole = config(tmp_path / "whole", games=4)
    train(whole)

    cfg = config(tmp_path, games=4, snapshot_every=2)
    train(cfg)
    with cfg.eval_log_path().open("a") as f:  # a stale row and one cut short
        f.write("4,9.9,random,2,0,0,2,0.0\n3,1.0,zer")
    snapshot = Weights.load(tmp_path / "run-g00002.npz")
    rest = resume_config(snapshot, out=cfg.out)
    train(rest, resume=snapshot)
    assert measured(cfg) == measured(whole)
    assert [r.games_trained for r in read_eval_log(cfg.eval_log_path())] == [0, 0, 2, 2, 4, 4]


def test_a_new_run_starts_the_eval_log_afresh(tmp_path):
    cfg = config(tmp_path, games=2)
    train(cfg)
    train(dataclasses.replace(cfg, seed=4))
    assert [r.games_trained for r in read_eval_log(cfg.eval_log_path())] == [0, 0, 2, 2]


def test_ctrl_c_during_a_measurement_checkpoints_the_game_boundary(tmp_path):
    cfg = config(tmp_path, checkpoint_every=100)
    trainer = Trainer(cfg)
    runner = trainer.yardsticks
    assert runner is not None
    runner.background = False
    real = runner.submit

    def interrupted(games_done, theta, seconds):
        if games_done == 2:
            trainer.request_stop()  # what the signal handler does
        real(games_done, theta, seconds)

    runner.submit = interrupted
    with pytest.raises(KeyboardInterrupt):
        trainer.run()
    checkpoint = Weights.load(cfg.out)
    assert checkpoint.metadata["training"]["progress"]["games_done"] == 2
    assert [r.games_trained for r in read_eval_log(cfg.eval_log_path())] == [0, 0]


def test_train_command_measures_and_reports(tmp_path):
    out = tmp_path / "c4.npz"
    result = run_cli(
        "train", "connect4", "--vs", "random", "--games", "3", "--depth", "1",
        "--out", str(out), "--eval-every", "2", "--eval-games", "2", "--eval-vs", "zeros,random",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    rows = read_eval_log(tmp_path / "c4.eval.csv")
    assert [(r.games_trained, r.opponent) for r in rows] == [
        (n, opponent) for n in (0, 2, 3) for opponent in ("zeros", "random")
    ]
    assert "measured vs zeros" in result.stdout and "c4.eval.csv" in result.stdout


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--eval-every", "2", "--eval-games", "3"], "--eval-games must be a positive even"),
        (["--eval-every", "2", "--eval-games", "0"], "--eval-games must be a positive even"),
        (["--eval-every", "2", "--eval-games", "-4"], "--eval-games: must be a whole number"),
        (["--eval-every", "0"], "--eval-every: must be a whole number from 1"),
        (["--eval-games", "4"], "--eval-games needs --eval-every"),
        (["--eval-vs", "zeros"], "--eval-vs needs --eval-every"),
        (["--eval-every", "2", "--eval-vs", "random,strongest"], "unknown weights 'strongest'"),
        (["--eval-every", "2", "--eval-vs", "random,,zeros"], "empty entry"),
        (["--vs", "strongest"], "--vs: unknown weights 'strongest'"),
        (["--init", "strongest"], "unknown weights 'strongest'"),
    ],
)
def test_bad_measurement_options_stop_before_training(tmp_path, args, says):
    out = tmp_path / "x.npz"
    result = run_cli("train", "connect4", "--games", "2", "--out", str(out), *args)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and says in result.stderr
    assert not any(tmp_path.iterdir())  # nothing trained, nothing written


def test_vs_and_init_take_weights_names(tmp_path):
    cfg = config(tmp_path, vs="zeros", init="zeros", games=1, eval_every=0)
    trainer = Trainer(cfg)
    assert not trainer.learner.theta.any()
    assert [opponent.name for opponent in trainer.opponents] == ["zeros"]
    trainer.run()
    assert Weights.load(cfg.out).metadata["games"] == 1
