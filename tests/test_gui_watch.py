"""Watching a training run: the live record the trainer publishes, the window's reading of
the run's files as they change, and ``gamecore gui GAME --watch RUN`` (headless)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import numpy as np
import pygame
import pytest

import gamecore
from gamecore.errors import BadOption
from gamecore.training.live import PUBLISH_SECONDS, LivePublisher, live_path, read_live
from gamecore.training.trainer import TrainConfig, Trainer
from gamecore.weights import Weights
from gui.watch import CsvTail, RunWatch, check_run
from gui.watch_view import WatchApp
from tests.cli import run_cli
from tests.gui_support import start_pygame


@pytest.fixture(autouse=True)
def _pygame():
    start_pygame()
    yield
    pygame.display.quit()


def short_run(tmp_path, games: int = 3, **extra) -> TrainConfig:
    tmp_path.mkdir(exist_ok=True)
    config = TrainConfig(
        game="connect4", vs="random", games=games, depth=1, out=str(tmp_path / "run.npz"),
        checkpoint_every=1, **extra,
    )  # fmt: skip
    Trainer(config).run()
    return config


def test_the_live_record_is_paced_whole_and_says_when_the_run_ends(tmp_path):
    path = tmp_path / "run.live"
    publisher = LivePublisher(path, "connect4", {}, 10)
    assert publisher.start(0)
    assert read_live(path).run == "running" and read_live(path).moves == ()
    publisher.game(0, [3, 3])
    publisher.game(0, [3, 3, 4])  # too soon after the last: not written
    assert read_live(path).moves == (3, 3)
    time.sleep(PUBLISH_SECONDS)
    publisher.game(0, [3, 3, 4, 4], "drawn", final=True)
    live = read_live(path)
    assert (live.number, live.moves, live.end, live.over) == (1, (3, 3, 4, 4), "drawn", True)
    publisher.end("finished", 1)
    live = read_live(path)
    assert (live.run, live.games_done, live.moves) == ("finished", 1, (3, 3, 4, 4))
    assert [p.name for p in tmp_path.iterdir()] == ["run.live"], "no temporary file is left"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (b"{not json", "not JSON"),
        (b'{"format": "other"}', "not a live game record"),
        (b'{"format": "gamecore-live", "game": "connect4"}', "damaged"),
        (b"\xff\xfe", "not JSON"),
    ],
)
def test_a_bad_live_record_is_one_line(tmp_path, text, says):
    path = tmp_path / "run.live"
    path.write_bytes(text)
    with pytest.raises(BadOption, match=says):
        read_live(path)


def test_an_unwritable_live_record_does_not_stop_training(tmp_path):
    publisher = LivePublisher(tmp_path / "missing-dir" / "run.live", "connect4", {}, 1)
    assert not publisher.start(0)
    publisher.game(0, [1])  # quietly nothing


def test_training_publishes_its_games_and_the_end(tmp_path):
    config = short_run(tmp_path)
    live = read_live(live_path(config.out))
    assert (live.game, live.run, live.games_done, live.games) == ("connect4", "finished", 3, 3)
    state = gamecore.get_game("connect4").initial_state()
    for move in live.moves:
        state.push(move)  # every published move is legal in turn


def test_the_csv_tail_reads_whole_lines_only_and_starts_again_on_a_new_file(tmp_path):
    path = tmp_path / "log.csv"
    path.write_text("game,score\n1,0.5\n2,0.")
    tail = CsvTail(path)
    assert tail.read() and tail.rows == [{"game": "1", "score": "0.5"}]
    with path.open("a") as f:
        f.write("75\n")
    assert tail.read() and tail.rows[-1] == {"game": "2", "score": "0.75"}
    assert not tail.read()
    replacement = tmp_path / "new.csv"
    replacement.write_text("game,score\n1,0.25\n")
    replacement.replace(path)  # a resumed run trims its log by replacing it
    assert tail.read() and tail.rows == [{"game": "1", "score": "0.25"}]


def test_the_window_reads_a_run_and_shows_it(tmp_path):
    config = short_run(tmp_path, eval_every=1, eval_games=2, eval_vs="random")
    game = gamecore.get_game("connect4")
    app = WatchApp(game, config.out, "connect4", window=True)
    watch = app.watch
    assert watch.problems == {}
    assert watch.checkpoint_games == 3 and watch.theta is not None
    assert [g for g, _ in watch.errors] == [1, 2, 3]
    assert [c.opponent for c in watch.curves] == ["random"]
    assert [g for g, _ in watch.curves[0].points] == [0, 1, 2, 3]
    assert watch.ended == "finished"
    view = app.view()
    assert view.board.banner == "the run has finished: 3 games"
    assert len(view.moves) == len(watch.live.moves) and view.curve.series
    assert app.screenshot(tmp_path / "watch.png").stat().st_size > 0


def test_the_window_follows_a_run_as_its_files_change(tmp_path):
    game = gamecore.get_game("connect4")
    out = tmp_path / "run.npz"
    clock = [0.0]
    publisher = LivePublisher(live_path(out), "connect4", {}, 50)
    publisher.start(0)
    watch = RunWatch(game, out, "connect4", now=lambda: clock[0])
    watch.poll(force=True)
    assert "checkpoint" in watch.problems and "log" in watch.problems
    assert watch.ended is None and watch.state.history == []
    publisher.game(0, [3, 2, 3])
    clock[0] += 1
    assert watch.poll()
    assert watch.state.history == [3, 2, 3] and len(watch.move_texts) == 3
    weights = Weights.random(game, seed=1)
    weights.metadata["games"] = 5
    weights.save(out)
    (tmp_path / "run.csv").write_text("game,mean_abs_error\n1,0.5\n")
    clock[0] += 3
    assert watch.poll()
    assert watch.checkpoint_games == 5 and watch.errors == [(1, 0.5)]
    assert "checkpoint" not in watch.problems and "log" not in watch.problems
    out.write_bytes(b"half a file")  # never written so by a run: shown, not a crash
    clock[0] += 3
    assert watch.poll() and "not a weights file" in watch.problems["checkpoint"]
    assert watch.theta is not None, "the last good weights stay on the board"
    clock[0] += 100
    assert watch.quiet_seconds() is not None
    publisher.end("stopped", 1)
    assert watch.poll() and watch.ended == "stopped" and watch.quiet_seconds() is None


def test_an_illegal_published_move_is_a_problem_not_a_crash(tmp_path):
    game = gamecore.get_game("connect4")
    out = tmp_path / "run.npz"
    LivePublisher(live_path(out), "connect4", {}, 5).game(0, [3] * 7)  # column 3 holds six
    watch = RunWatch(game, out, "connect4")
    watch.poll(force=True)
    assert "move 7 is not legal" in watch.problems["live"]


def test_check_run_names_what_is_wrong(tmp_path):
    with pytest.raises(BadOption, match="no training run there"):
        check_run("chess", str(tmp_path / "none.npz"), {})
    config = short_run(tmp_path, games=1)
    assert check_run("connect4", config.out, {}) == {}
    with pytest.raises(BadOption, match="is a connect4 training run, not chess"):
        check_run("chess", config.out, {})
    plain = tmp_path / "plain.npz"
    Weights.zeros(gamecore.get_game("connect4")).save(plain)
    with pytest.raises(BadOption, match="not a training run"):
        check_run("connect4", str(plain), {})


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["chess", "--watch", "nowhere.npz"], "no training run there"),
        (["chess", "--watch", "RUN"], "is a connect4 training run, not chess"),
        (["connect4", "--watch", "RUN", "--players", "human,human"], "takes no --players"),
        (["connect4", "--watch", "BAD"], "is not a weights file"),
        (["connect4", "--watch", "LIVE"], "not a live game record"),
    ],
)
def test_bad_watch_arguments_are_one_line(tmp_path, args, says):
    config = short_run(tmp_path, games=1)
    (tmp_path / "bad.npz").write_bytes(b"junk")
    (tmp_path / "only.live").write_text("[]")
    names = {"RUN": config.out, "BAD": str(tmp_path / "bad.npz"), "LIVE": str(tmp_path / "only")}
    args = [names.get(a, a) for a in args]
    result = run_cli("gui", *args, env={"SDL_VIDEODRIVER": "dummy"})
    assert result.returncode == 2, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and says in result.stderr


def test_watch_command_draws_a_run_headless(tmp_path):
    config = short_run(tmp_path, games=2)
    shot = tmp_path / "shot.png"
    result = run_cli(
        "gui", "connect4", "--watch", config.out, "--quit-after", "2", "--screenshot", str(shot),
        env={"SDL_VIDEODRIVER": "dummy"},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1180, 800)


def test_train_watch_needs_a_display(tmp_path):
    hidden = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    env = {k: v for k, v in os.environ.items() if k not in hidden}
    command = [sys.executable, "-m", "gamecore", "train", "connect4", "--games", "1"]
    command += ["--out", str(tmp_path / "x.npz"), "--watch"]
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 2
    assert "needs a display" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not any(tmp_path.iterdir())


def test_a_publishing_run_costs_no_extra_game_state(tmp_path):
    """Watching must not change what a run learns: the same weights with and without the
    live record (it is written beside, never read by the trainer)."""
    first = short_run(tmp_path / "a")
    theta = Weights.load(first.out).theta
    config = TrainConfig(
        game="connect4", vs="random", games=3, depth=1, out=str(tmp_path / "b.npz"),
        checkpoint_every=1,
    )  # fmt: skip
    trainer = Trainer(config)
    trainer._live_publisher = lambda: None  # type: ignore[method-assign]
    trainer.run()
    assert np.array_equal(Weights.load(config.out).theta, theta)
    assert not live_path(config.out).exists()
    assert json.loads(live_path(first.out).read_text())["run"] == "finished"
