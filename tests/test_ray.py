"""The Ray backend, on a private local Ray instance: same training, same fault handling."""

from __future__ import annotations

import csv
import signal
import subprocess

import pytest

from gamecore.training.trainer import TrainConfig, Trainer
from tests.cli import run_cli

ray = pytest.importorskip("ray")

from gamecore.executor import RayExecutor  # noqa: E402 - only with Ray installed


@pytest.fixture(scope="module")
def executor():
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield RayExecutor("local", workers=2)
    finally:
        ray.shutdown()


def config(tmp_path, **overrides) -> TrainConfig:
    fields = dict(
        game="checkers", vs="random", games=6, depth=2, seed=5, out=str(tmp_path / "r.npz"),
        max_plies=120,
    )  # fmt: skip
    return TrainConfig(**{**fields, **overrides})


def log_rows(cfg: TrainConfig) -> list[dict]:
    with cfg.log_path().open(newline="") as f:
        return list(csv.DictReader(f))


def ray_task_pids() -> list[int]:
    """Worker processes of this Ray instance running one of our tasks."""
    found = subprocess.run(["pgrep", "-f", "ray::_call"], capture_output=True, text=True)
    return [int(pid) for pid in found.stdout.split()]


def test_ray_workers_train_every_game(tmp_path, executor):
    cfg = config(tmp_path)
    progress = Trainer(cfg).run(executor=executor)
    assert progress.games_done == 6
    assert [int(r["game"]) for r in log_rows(cfg)] == [1, 2, 3, 4, 5, 6]


def test_a_killed_ray_worker_costs_only_its_game(tmp_path, executor):
    import os

    cfg = config(tmp_path, out=str(tmp_path / "k.npz"))
    killed: list[int] = []

    def kill_busy_workers(progress, row):
        if not killed:
            for pid in ray_task_pids():
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)

    progress = Trainer(cfg).run(kill_busy_workers, executor)
    assert killed
    assert progress.games_done == 6
    rows = log_rows(cfg)
    assert [int(r["game"]) for r in rows] == [1, 2, 3, 4, 5, 6]
    assert sum(int(r["workers_lost"]) for r in rows) >= 1


def test_an_unreachable_cluster_is_a_one_line_error(tmp_path):
    result = run_cli(
        "train", "connect4", "--cluster", "127.0.0.1:1", "--out", str(tmp_path / "x.npz"),
        timeout=120,
    )  # fmt: skip
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "Ray cluster" in result.stderr


def test_tuning_scores_organisms_on_ray_as_here(executor):
    """tune-search's fitness on Ray workers equals the same searches in this process."""
    import gamecore
    from gamecore.search import SearchParams
    from gamecore.search.tuning import suite_evaluator
    from gamecore.suites import parse_suite
    from gamecore.weights import Weights
    from tests.test_mates import SUITE, uci_of

    game = gamecore.get_game("chess")
    text = "\n".join(f"{fen} bm {uci_of(fen, san)};" for _, fen, san, _ in SUITE[:4])
    positions = parse_suite(game, text)
    theta = Weights.default(game).theta
    candidates = [SearchParams.tournament(), SearchParams.tournament()._replace(multi_cut=True)]
    here = suite_evaluator(game, positions, theta, 20_000, None)(candidates)
    assert suite_evaluator(game, positions, theta, 20_000, executor)(candidates) == here
