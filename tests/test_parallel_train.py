"""Training with several workers: the driver merges Δθ; one worker is today's trainer."""

from __future__ import annotations

import csv
import os
import signal

import numpy as np
import pytest

import gamecore
from gamecore.executor import LocalExecutor
from gamecore.training.trainer import TrainConfig, Trainer, resume_config
from gamecore.weights import Weights
from tests.cli import run_cli

# θ after six depth-2 Connect Four games from seed 3, recorded from the single-process
# trainer before workers existed: --workers 1 must keep reproducing them. The recording
# predates sparring partners, so self-play runs without them.
RECORDED = {
    "random": (27.9324240998132, 67.47668301278917, (5, 0, 1, 0)),
    "self": (45.33399349073609, 69.30759720595998, (0, 0, 0, 6)),
}


@pytest.mark.parametrize("vs", sorted(RECORDED))
def test_one_worker_reproduces_the_single_process_trainer(tmp_path, vs):
    out = tmp_path / "w.npz"
    result = run_cli(
        "train", "connect4", "--vs", vs, "--games", "6", "--depth", "2", "--seed", "3",
        "--no-average", "--workers", "1", "--sparring", "none", "--out", str(out),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    theta = Weights.load(out).theta
    total, magnitude, (wins, draws, losses, decisive) = RECORDED[vs]
    assert float(theta.sum()) == pytest.approx(total, rel=1e-12)
    assert float(np.abs(theta).sum()) == pytest.approx(magnitude, rel=1e-12)
    progress = Weights.load(out).metadata["training"]["progress"]
    assert (progress["wins"], progress["draws"], progress["losses"]) == (wins, draws, losses)
    assert progress["decisive"] == decisive


def config(tmp_path, **overrides) -> TrainConfig:
    fields = dict(
        game="checkers", vs="random", games=6, depth=2, seed=5, out=str(tmp_path / "p.npz"),
        checkpoint_every=2, max_plies=120,
    )  # fmt: skip
    return TrainConfig(**{**fields, **overrides})


def log_rows(cfg: TrainConfig) -> list[dict]:
    with cfg.log_path().open(newline="") as f:
        return list(csv.DictReader(f))


def test_two_workers_play_every_game_and_merge_what_each_learned(tmp_path):
    cfg = config(tmp_path)
    start = Weights.random(gamecore.get_game("checkers"), seed=5, scale=1.0).theta
    with LocalExecutor(2) as executor:
        progress = Trainer(cfg).run(executor=executor)
    assert progress.games_done == 6
    rows = log_rows(cfg)
    assert [int(r["game"]) for r in rows] == [1, 2, 3, 4, 5, 6]
    assert all(r["workers_lost"] == "0" for r in rows)
    saved = Weights.load(cfg.out)
    live = np.array(saved.metadata["training"]["live_theta"])
    assert not np.allclose(live, start)  # the workers' Δθ reached the driver's θ
    assert saved.metadata["games"] == 6


def test_a_killed_worker_costs_only_its_game_which_is_replayed(tmp_path):
    cfg = config(tmp_path, games=6)
    killed = []
    with LocalExecutor(2) as executor:
        trainer = Trainer(cfg)

        def kill_a_busy_worker(progress, row):
            if not killed:
                for pid in executor.worker_pids():
                    os.kill(pid, signal.SIGKILL)
                    killed.append(pid)

        progress = trainer.run(kill_a_busy_worker, executor)
    assert killed
    assert progress.games_done == 6
    rows = log_rows(cfg)
    assert [int(r["game"]) for r in rows] == [1, 2, 3, 4, 5, 6]
    assert sum(int(r["workers_lost"]) for r in rows) >= 1


def test_a_parallel_run_resumes_from_its_checkpoint(tmp_path):
    first = config(tmp_path, games=4)
    with LocalExecutor(2) as executor:
        Trainer(first).run(executor=executor)
    checkpoint = Weights.load(first.out)
    more = resume_config(checkpoint, games=6)
    with LocalExecutor(2) as executor:
        progress = Trainer(more, resume=checkpoint).run(executor=executor)
    assert progress.games_done == 6
    assert [int(r["game"]) for r in log_rows(more)] == [1, 2, 3, 4, 5, 6]


def test_bad_worker_counts_are_one_line_errors(tmp_path):
    result = run_cli("train", "connect4", "--workers", "0", "--out", str(tmp_path / "x.npz"))
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "--workers" in result.stderr


def test_a_driver_fed_by_many_simulated_workers_merges_every_game(tmp_path):
    """64 workers answering at once with recorded games: θ ends as the sum of every Δθ."""
    from gamecore.testing.simulated_workers import SimulatedWorkers
    from gamecore.training.worker import GameTask, play_training_game

    recorder = config(tmp_path, game="connect4", games=3, out=str(tmp_path / "rec.npz"))
    start = Weights.random(gamecore.get_game("connect4"), seed=5, scale=1.0).theta
    reports = [
        play_training_game(GameTask(recorder, index, start.copy(), {}, None)) for index in range(3)
    ]
    cfg = config(tmp_path, game="connect4", games=200, average=False)
    workers = SimulatedWorkers(64, reports)
    progress = Trainer(cfg).run(executor=workers)
    assert progress.games_done == 200 and workers.tasks == 200
    expected = start + sum(reports[i % 3].delta for i in range(200))
    np.testing.assert_allclose(Weights.load(cfg.out).theta, expected, rtol=1e-9, atol=1e-12)
    assert [int(r["game"]) for r in log_rows(cfg)] == list(range(1, 201))
