"""Learners and the trainer: updates go the right way; runs checkpoint and resume exactly."""

from __future__ import annotations

import csv
import dataclasses
import json
import re
from typing import ClassVar

import numpy as np
import pytest

import gamecore
from gamecore.errors import BadOption, CannotWrite
from gamecore.learners import LEARNERS
from gamecore.search import Limits
from gamecore.training.trainer import TrainConfig, Trainer, resume_config
from gamecore.weights import Weights
from tests.cli import run_cli

# White mates at once with Qxf7# (scholar's mate).
SCHOLAR = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
# x (to move) wins at once in column 1.
CONNECT4_WIN = "......./......./......./......./......o/.xxx.oo x"


def heuristic(learner, state) -> float:
    return float(learner.searcher.evaluate(state))


@pytest.mark.parametrize("algo", ["treestrap-ab", "treestrap-mm", "rootstrap"])
@pytest.mark.parametrize(
    ("game_name", "position"), [("chess", SCHOLAR), ("connect4", CONNECT4_WIN)]
)
def test_a_won_position_is_valued_higher_after_learning(algo, game_name, position):
    """The search sees a forced win; the root's evaluation must move up towards it."""
    game = gamecore.get_game(game_name)
    state = game.state_from_text(position)
    learner = LEARNERS[algo](game, Weights.random(game, seed=3, scale=1.0).theta)
    before = heuristic(learner, state)
    info = learner.search_and_learn(state, Limits(depth=2))
    assert info.score.mate == 1
    assert heuristic(learner, state) > before + 1e-6
    assert learner.stats.updates == 1 and learner.stats.nodes_moved >= 1


def test_tdleaf_moves_the_principal_leaf_towards_the_result():
    game = gamecore.get_game("connect4")
    learner = LEARNERS["tdleaf"](game, Weights.random(game, seed=5, scale=1.0).theta)
    learner.begin_game()
    state = game.state_from_text("......./......./......./......./......./.xx.oo. x")
    info = learner.search_and_learn(state, Limits(depth=1))
    leaf = state.copy()
    for move in info.pv:
        leaf.push_unchecked(move)
    sign = 1.0 if leaf.team == state.team else -1.0
    before = sign * heuristic(learner, leaf)
    won = game.state_from_text("......./......./......./......./......o/oxxxx.o o")
    learner.end_game(won, learner_team=state.team)  # x, the learner's team, has won
    assert sign * heuristic(learner, leaf) > before + 1e-6


def config(tmp_path, **kw) -> TrainConfig:
    base = dict(
        game="connect4",
        algo="treestrap-ab",
        vs="random",
        games=4,
        depth=2,
        out=str(tmp_path / "run.npz"),
        seed=7,
        opening_plies=2,
        max_plies=42,
        checkpoint_every=2,
    )
    return TrainConfig(**{**base, **kw})


def quick_run(tmp_path, games: int, checkpoint_every: int) -> TrainConfig:
    """A Connect Four run against random movers at depth 1: a game takes milliseconds."""
    return TrainConfig(
        game="connect4", vs="random", games=games, depth=1,
        checkpoint_every=checkpoint_every, out=str(tmp_path / "run.npz"),
    )  # fmt: skip


def log_rows(cfg: TrainConfig) -> list[dict]:
    with cfg.log_path().open() as f:
        return [{k: v for k, v in r.items() if k != "seconds"} for r in csv.DictReader(f)]


@pytest.mark.parametrize("algo", sorted(LEARNERS))
def test_resumed_run_equals_an_uninterrupted_one(tmp_path, algo):
    whole = config(tmp_path / "a", algo=algo)
    (tmp_path / "a").mkdir()
    Trainer(whole).run()

    (tmp_path / "b").mkdir()
    half = config(tmp_path / "b", algo=algo, games=2)
    Trainer(half).run()
    checkpoint = Weights.load(half.out)
    assert checkpoint.metadata["training"]["progress"]["games_done"] == 2
    rest = resume_config(checkpoint, games=4)
    Trainer(rest, resume=checkpoint).run()

    assert np.array_equal(Weights.load(whole.out).theta, Weights.load(half.out).theta)
    assert log_rows(whole) == log_rows(half)
    assert len(log_rows(whole)) == 4


def test_interrupt_checkpoints_the_last_finished_game(tmp_path):
    cfg = config(tmp_path)
    trainer = Trainer(cfg)
    real = trainer.learner.search_and_learn
    calls = {"n": 0}

    def flaky(state, limits):  # Ctrl-C in the middle of the third game
        if trainer.progress.games_done == 2:
            calls["n"] += 1
            if calls["n"] > 3:
                raise KeyboardInterrupt
        return real(state, limits)

    trainer.learner.search_and_learn = flaky
    with pytest.raises(KeyboardInterrupt):
        trainer.run()
    checkpoint = Weights.load(cfg.out)
    assert checkpoint.metadata["training"]["progress"]["games_done"] == 2

    Trainer(resume_config(checkpoint), resume=checkpoint).run()
    (tmp_path / "ref").mkdir()
    reference = dataclasses.replace(cfg, out=str(tmp_path / "ref" / "run.npz"))
    Trainer(reference).run()
    assert np.array_equal(Weights.load(cfg.out).theta, Weights.load(reference.out).theta)
    assert log_rows(cfg) == log_rows(reference)


def test_a_failed_save_leaves_the_previous_file_intact(tmp_path, monkeypatch):
    game = gamecore.get_game("connect4")
    path = tmp_path / "w.npz"
    Weights.zeros(game).save(path)
    good = path.read_bytes()

    def boom(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(np, "savez", boom)
    with pytest.raises(CannotWrite, match="disk full"):
        Weights.random(game, seed=1).save(path)
    assert path.read_bytes() == good
    assert [p.name for p in tmp_path.iterdir()] == ["w.npz"]


def test_train_command_writes_weights_and_log(tmp_path):
    out = tmp_path / "c4.npz"
    result = run_cli(
        "train", "connect4", "--vs", "random", "--games", "2", "--depth", "1", "--out", str(out)
    )
    assert result.returncode == 0, result.stderr
    weights = Weights.load(out, gamecore.get_game("connect4"))
    assert weights.metadata["games"] == 2
    assert len(list(csv.DictReader(out.with_suffix(".csv").open()))) == 2
    assert "W/D/L" in result.stdout


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--algo", "nope"], "invalid choice"),
        (["--games", "-1"], "--games"),
        (["--time-budget", "0"], "--time-budget"),
        (["--vs", "missing.npz"], "--vs"),
        (["--resume", "missing.npz"], "does not exist"),
        (["--time-per-move", "-1"], "--time-per-move"),
    ],
)
def test_train_rejects_bad_options_in_one_line(tmp_path, args, says):
    result = run_cli("train", "connect4", "--out", str(tmp_path / "x.npz"), *args)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and says in result.stderr


def test_zero_games_writes_the_starting_weights_and_a_budget_stops_early(tmp_path):
    game = gamecore.get_game("connect4")
    start = config(tmp_path, games=0, out=str(tmp_path / "init.npz"))
    Trainer(start).run()
    assert np.array_equal(
        Weights.load(start.out).theta, Weights.random(game, seed=7, scale=1.0).theta
    )
    budget = config(tmp_path, games=1000, time_budget=0.01, snapshot_every=1)
    progress = Trainer(budget).run()
    assert 1 <= progress.games_done < 1000
    saved = Weights.load(budget.out).metadata["training"]["progress"]["games_done"]
    assert saved == progress.games_done
    assert (tmp_path / "run-g00001.npz").exists()


def test_sigterm_stops_training_with_a_checkpoint(tmp_path):
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "run.npz"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gamecore",
            "train",
            "connect4",
            "--vs",
            "random",
            "--depth",
            "1",
            "--games",
            "100000",
            "--checkpoint-every",
            "1000",
            "--out",
            str(out),
        ],
        stderr=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    deadline = time.time() + 60
    while not out.with_suffix(".csv").exists() and time.time() < deadline:
        time.sleep(0.1)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert "--resume" in err
    done = Weights.load(out).metadata["training"]["progress"]["games_done"]
    assert done >= 1


@pytest.mark.parametrize("algo", sorted(LEARNERS))
def test_every_learner_trains_chess_through_the_driver(tmp_path, algo):
    cfg = TrainConfig(
        game="chess",
        algo=algo,
        vs="self",
        games=1,
        depth=1,
        out=str(tmp_path / "c.npz"),
        seed=2,
        opening_plies=2,
        max_plies=16,
    )
    Trainer(cfg).run()
    before = Weights.random(gamecore.get_game("chess"), seed=2, scale=1.0).theta
    after = Weights.load(cfg.out).theta
    assert not np.array_equal(before, after)
    assert len(log_rows(cfg)) == 1


@pytest.mark.parametrize("tie", [True, False])
def test_tied_twin_features_learn_equal_and_opposite_weights(tmp_path, tie):
    """With ``tie_sides`` (the default) "own knight on c3" and "opp knight on c6" keep
    weights of opposite sign from a random start on, through search and outcome updates."""
    cfg = TrainConfig(
        game="chess", algo="treestrap-ab", vs="default", games=2, depth=2, seed=3,
        opening_plies=2, max_plies=30, outcome_step=1.0, outcome_at_cut="draw",
        average=False, tie_sides=tie, out=str(tmp_path / "c.npz"),
    )  # fmt: skip
    Trainer(cfg).run()
    theta = Weights.load(cfg.out).theta
    mirror = gamecore.get_game("chess").side_mirror()
    paired = np.flatnonzero(mirror >= 0)
    start = Weights.random(gamecore.get_game("chess"), seed=3, scale=1.0).theta
    assert not np.allclose(theta, start)
    assert np.allclose(theta[paired], -theta[mirror[paired]]) == tie


def test_weight_decay_shrinks_the_weights_after_every_game(tmp_path):
    """--decay 0.1 with updates too small to matter: three games leave 0.9³ of the start."""
    cfg = config(
        tmp_path, games=3, update="sgd", step=1e-12, decay=0.1, average=False, tie_sides=False
    )
    Trainer(cfg).run()
    start = Weights.random(gamecore.get_game("connect4"), seed=cfg.seed, scale=1.0).theta
    assert np.allclose(Weights.load(cfg.out).theta, start * 0.9**3, atol=1e-9)


@pytest.mark.parametrize("decay", [-0.1, 0.6, float("nan")])
def test_an_impossible_decay_is_refused(tmp_path, decay):
    with pytest.raises(BadOption, match=r"decay must be a number from 0 to 0\.5"):
        Trainer(config(tmp_path, decay=decay))


@pytest.mark.parametrize(
    ("field", "why"),
    [
        ("contempt", "a contempt would shift the draws the learner learns from"),
        ("lazy_margin", "lazy bounds would stand in for the values the learner learns from"),
    ],
)
def test_search_settings_that_bias_the_targets_are_refused_before_any_game(tmp_path, field, why):
    """A contempt moves the draws the learner learns from, lazy evaluation turns values into
    bounds; training refuses either in one line and writes nothing."""
    spec = tmp_path / "params.json"
    params = {"format": "gamecore-search-params", "version": 1, "params": {field: 50}}
    spec.write_text(json.dumps(params))
    out = tmp_path / "run.npz"
    args = ["train", "connect4", "--search-params", str(spec), "--games", "1", "--out", str(out)]
    result = run_cli(*args)
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip().splitlines() == [
        f"gamecore train: error: --search-params: training needs {field} 0, not 50 ({why})"
    ]
    assert not out.exists()


def test_a_checkpoint_from_before_twins_were_tied_resumes_untied(tmp_path):
    cfg = config(tmp_path, game="chess", vs="self", games=1, depth=1, max_plies=8)
    Trainer(cfg).run()
    checkpoint = Weights.load(cfg.out)
    del checkpoint.metadata["training"]["config"]["tie_sides"]
    assert resume_config(checkpoint).tie_sides is False
    assert cfg.tie_sides is True


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_diverging_run_stops_with_the_last_finite_weights(tmp_path, workers):
    out = tmp_path / "diverged.npz"
    result = run_cli(
        "train", "checkers", "--algo", "treestrap-ab", "--update", "sgd", "--loss", "value",
        "--step", "1", "--games", "5", "--depth", "3", "--out", str(out), "--workers", workers,
        "--sparring", "none",
    )  # fmt: skip
    assert result.returncode == 2
    assert "infinite or NaN in game" in result.stderr and "smaller --step" in result.stderr
    assert "Traceback" not in result.stderr and "Warning" not in result.stderr
    saved = Weights.load(out)  # loading refuses non-finite weights
    diverged = re.search(r"in game (\d+):", result.stderr)
    assert diverged
    before = int(diverged.group(1)) - 1
    if workers == "1":  # the file holds every game before the one that diverged
        assert saved.metadata["games"] == before
    else:  # ... with two, the games merged before it, which may include later ones
        assert saved.metadata["games"] < 5


def test_a_stop_requested_between_games_waits_for_the_bookkeeping(tmp_path):
    """A signal arriving while the log or checkpoint is written stops before the next game."""
    config = quick_run(tmp_path, games=10, checkpoint_every=100)
    trainer = Trainer(config)

    def on_game(progress, row):
        if progress.games_done == 3:
            trainer.request_stop()  # outside a game: must not raise here

    with pytest.raises(KeyboardInterrupt):
        trainer.run(on_game)
    saved = Weights.load(config.out)
    assert saved.metadata["training"]["progress"]["games_done"] == 3
    with open(config.log_path(), newline="") as f:
        assert [int(r["game"]) for r in csv.DictReader(f)] == [1, 2, 3]


def test_a_resumed_adam_run_with_averaging_equals_an_uninterrupted_one(tmp_path):
    """Adam's moments, the live θ and its average all survive a checkpoint exactly."""
    options = dict(update="adam", loss="logistic", average=True, games=6, checkpoint_every=1)
    (tmp_path / "a").mkdir()
    whole = config(tmp_path / "a", **options)
    Trainer(whole).run()

    (tmp_path / "b").mkdir()
    half = config(tmp_path / "b", **options)
    trainer = Trainer(half)

    def stop_after_three(progress, row):
        if progress.games_done == 3:
            trainer.request_stop()

    with pytest.raises(KeyboardInterrupt):
        trainer.run(stop_after_three)
    checkpoint = Weights.load(half.out)
    assert checkpoint.metadata["training"]["progress"]["games_done"] == 3
    assert "live_theta" in checkpoint.metadata["training"]
    Trainer(resume_config(checkpoint), resume=checkpoint).run()

    assert np.array_equal(Weights.load(whole.out).theta, Weights.load(half.out).theta)
    assert log_rows(whole) == log_rows(half)


def test_a_second_ctrl_c_cannot_cut_short_the_first_ones_checkpoint(tmp_path):
    config = quick_run(tmp_path, games=10, checkpoint_every=2)
    trainer = Trainer(config)
    real_checkpoint, real_play = trainer.checkpoint, trainer.play_game

    presses = []

    def play(index, partner=None):
        if index == 3:
            presses.append("in game")
            trainer.request_stop()  # Ctrl-C during the fourth game
        return real_play(index, partner)

    def checkpoint(path=None):
        if presses:
            presses.append("in save")
            trainer.request_stop()  # and again while its checkpoint is written
        real_checkpoint(path)

    trainer.play_game = play
    trainer.checkpoint = checkpoint
    with pytest.raises(KeyboardInterrupt):
        trainer.run()
    assert presses == ["in game", "in save"] and trainer.progress.games_done == 3
    saved = Weights.load(config.out)
    assert saved.metadata["training"]["progress"]["games_done"] == 3
    assert np.array_equal(saved.theta, trainer.current_weights())


def test_a_torn_last_log_row_is_dropped_on_resume(tmp_path):
    """A run killed while appending to its log leaves half a row; resuming must not keep it."""
    config = quick_run(tmp_path, games=4, checkpoint_every=2)
    Trainer(config).run()
    log = tmp_path / "run.csv"
    log.write_text(log.read_text() + "1")  # the start of a row "12,...", cut off
    checkpoint = Weights.load(config.out)
    resumed = dataclasses.replace(resume_config(checkpoint), games=6)
    Trainer(resumed, resume=checkpoint).run()
    assert [r["game"] for r in log_rows(config)] == ["1", "2", "3", "4", "5", "6"]
    assert run_cli("plot-learning", str(log), "--out", str(tmp_path / "p.png")).returncode == 0


def test_several_opponents_take_turns_and_each_meets_both_sides(tmp_path):
    cfg = TrainConfig(
        game="connect4", games=4, depth=1, vs="random,zeros", out=str(tmp_path / "w.npz")
    )
    trainer = Trainer(cfg)
    met: list[tuple[str, int]] = []
    for opponent in trainer.opponents:
        name = "random" if not hasattr(opponent, "limits") else "zeros"

        def new_game(name=name, original=opponent.new_game):
            met.append((name, len(met)))
            original()

        opponent.new_game = new_game
    rows = [trainer.play_game(i) for i in range(4)]
    assert [name for name, _ in met] == ["random", "zeros", "random", "zeros"]
    assert [row["learner_team"] for row in rows] == [0, 0, 1, 1]


def test_warming_up_compiles_without_touching_the_run(tmp_path):
    trainer = Trainer(TrainConfig(game="checkers", games=1, out=str(tmp_path / "w.npz")))
    theta = trainer.learner.theta.copy()
    trainer.warm_up()
    np.testing.assert_array_equal(trainer.learner.theta, theta)
    assert trainer.progress.games_done == 0


def test_a_long_preparation_is_announced_as_compiling(monkeypatch, capsys):
    import time

    from gamecore.commands import train as train_command

    class SlowToCompile:
        config = TrainConfig(game="duchess", games=1)

        def warm_up(self):
            time.sleep(0.3)

    monkeypatch.setattr(train_command, "NOTICE_AFTER_SECONDS", 0.1)
    train_command.warm_up(SlowToCompile())
    err = capsys.readouterr().err
    assert "compiling the duchess search and learners" in err and "ready after" in err
    quick = type("Quick", (), {"config": SlowToCompile.config, "warm_up": lambda self: None})
    train_command.warm_up(quick())
    assert capsys.readouterr().err == ""


class RecordingCompiler:
    """Stands in for the helper process of a cold start, recording what is asked of it."""

    events: ClassVar[list[str]] = []

    def __init__(self, config):
        self.events.clear()

    def start(self):
        self.events.append("start")

    def wait(self):
        self.events.append("wait")

    def close(self):
        self.events.append("close")


class SearchSlowToCompile:
    config = TrainConfig(game="duchess", games=1)

    def __init__(self, search_seconds: float) -> None:
        self.search_seconds = search_seconds

    def warm_up_search(self):
        import time

        time.sleep(self.search_seconds)
        RecordingCompiler.events.append("searched")

    def warm_up(self):
        RecordingCompiler.events.append("warmed up")


def test_a_cold_start_compiles_the_learner_in_a_second_process(monkeypatch, capsys):
    """While the search compiles, the helper compiles the learner; the rest of the warm-up
    waits for it (and loads what it wrote), and the helper is ended before training."""
    from gamecore.commands import train as train_command

    monkeypatch.setattr(train_command, "NOTICE_AFTER_SECONDS", 0.1)
    monkeypatch.setattr(train_command, "LearningCompiler", RecordingCompiler)
    train_command.warm_up(SearchSlowToCompile(0.4), helper=True)
    assert RecordingCompiler.events == ["start", "searched", "wait", "warmed up", "close"]
    assert "compiling the duchess search" in capsys.readouterr().err


def test_a_warm_start_starts_no_helper(monkeypatch, capsys):
    from gamecore.commands import train as train_command

    monkeypatch.setattr(train_command, "NOTICE_AFTER_SECONDS", 0.5)
    monkeypatch.setattr(train_command, "LearningCompiler", RecordingCompiler)
    train_command.warm_up(SearchSlowToCompile(0.0), helper=True)
    assert "start" not in RecordingCompiler.events
    assert RecordingCompiler.events[-1] == "close"
    assert capsys.readouterr().err == ""


def test_the_learning_warm_up_compiles_without_searching(tmp_path, monkeypatch):
    """What the helper runs: TreeStrap's walk and the outcome step, but no search (the
    driver's half), and the run's own θ untouched."""
    from gamecore.search import Searcher

    trainer = Trainer(TrainConfig(game="checkers", games=1, out=str(tmp_path / "w.npz")))
    theta = trainer.learner.theta.copy()

    def no_search(self, state, limits):
        raise AssertionError("the learning warm-up searched")

    monkeypatch.setattr(Searcher, "search", no_search)
    trainer.warm_up_learning()
    np.testing.assert_array_equal(trainer.learner.theta, theta)


def test_the_helper_compiles_in_its_own_process_and_ends(tmp_path):
    from gamecore.training.compile_helper import LearningCompiler

    compiler = LearningCompiler(TrainConfig(game="checkers", games=1, out=str(tmp_path / "w.npz")))
    compiler.start()
    process = next(iter(compiler._pool._processes.values()))
    compiler.wait()
    compiler.close()
    process.join(10)
    assert not process.is_alive()
    compiler.start()  # after close: refused quietly
    assert compiler._pool is None


def test_a_game_can_change_its_training_defaults_for_one_opponent(monkeypatch):
    from gamecore.cli import build_parser
    from gamecore.commands.train import build_config
    from gamecore.registry import game_class

    cls = game_class("connect4")
    monkeypatch.setattr(cls, "training_defaults_against", {"random": {"games": 7}})
    parse = build_parser().parse_args
    against_random, _ = build_config(parse(["train", "connect4", "--vs", "random"]))
    assert against_random.games == 7 and against_random.depth == cls.training_defaults["depth"]
    against_self, _ = build_config(parse(["train", "connect4"]))
    assert against_self.games == cls.training_defaults["games"]
    given, _ = build_config(parse(["train", "connect4", "--vs", "random", "--games", "9"]))
    assert given.games == 9  # what the user types still wins


def test_duchess_learns_material_first_at_quiet_leaves_against_the_hand_set_team_only():
    """The default run updates the quiet end of each node's capture line and learns material
    first (together they took the score against the hand-set team from 25% to 48-54.5%);
    --vs random keeps its measured recipe."""
    from gamecore.cli import build_parser
    from gamecore.commands.train import build_config

    parse = build_parser().parse_args
    default, _ = build_config(parse(["train", "duchess"]))
    assert default.quiet_leaves and default.vs == "default" and default.update == "nlms-scaled"
    assert default.stages == "material:50,material+mating:50,all:100" and default.games == 200
    against_random, _ = build_config(parse(["train", "duchess", "--vs", "random"]))
    assert not against_random.quiet_leaves and against_random.update == "nlms"
    assert against_random.stages is None and against_random.games == 150
    unstaged, _ = build_config(parse(["train", "duchess", "--stages", "all:400"]))
    assert unstaged.games == 400
    off, _ = build_config(parse(["train", "duchess", "--no-quiet-leaves"]))
    assert not off.quiet_leaves


def test_chess_against_the_hand_set_weights_gets_the_recipe_that_reached_them():
    """`--vs default` in chess: the result's pull on material alone, quiet leaves and
    nlms-scaled (52% against the hand-set weights); self-play keeps the plain defaults."""
    from gamecore.cli import build_parser
    from gamecore.commands.train import build_config

    parse = build_parser().parse_args
    against, _ = build_config(parse(["train", "chess", "--vs", "default"]))
    assert against.update == "nlms-scaled" and against.outcome_step == 3.0
    assert against.outcome_groups == "material" and against.quiet_leaves
    own, _ = build_config(parse(["train", "chess", "--vs", "default", "--outcome-groups", "all"]))
    assert own.outcome_groups == "all" and own.outcome_step == 3.0
    selfplay, _ = build_config(parse(["train", "chess"]))
    assert selfplay.outcome_groups == "all" and not selfplay.outcome_step


def test_a_network_run_does_without_the_recipe_for_linear_feature_groups():
    """Duchess's default stages name feature groups; a network has none, and the user who
    asked for a network gave no --stages to be told off about."""
    from gamecore.cli import build_parser
    from gamecore.commands.train import build_config

    parse = build_parser().parse_args
    network, _ = build_config(parse(["train", "duchess", "--evaluation", "network-pairs"]))
    assert network.stages is None and network.outcome_groups == "all"
    assert network.vs == "default" and network.outcome_step == 6.0  # the rest of the recipe
    chess, _ = build_config(
        parse(["train", "chess", "--vs", "default", "--evaluation", "network-pairs"])
    )
    assert chess.outcome_groups == "all" and chess.update == "nlms-scaled"
    asked, _ = build_config(
        parse(["train", "duchess", "--evaluation", "network-pairs", "--stages", "all:10"])
    )
    assert asked.stages == "all:10"  # given, so still refused by the trainer


def test_a_disk_that_fills_mid_run_stops_it_in_one_line_with_its_checkpoint(
    tmp_path, monkeypatch, capsys
):
    """ENOSPC while logging the fourth game: one line, exit code 2, and the checkpoint
    written after the third game is whole and resumes."""
    from gamecore.cli import main
    from gamecore.training import run_log

    writerow, rows = csv.DictWriter.writerow, []

    def filling(writer, row):  # the disk is full from the fourth game's row on
        if writer.fieldnames == run_log.LOG_FIELDS and row.get("game") != "game":  # no header
            if len(rows) == 3:
                raise OSError(28, "No space left on device")
            rows.append(row)
        return writerow(writer, row)

    monkeypatch.setattr(csv.DictWriter, "writerow", filling)
    out = tmp_path / "run.npz"
    args = ["train", "connect4", "--games", "6", "--depth", "1", "--workers", "1"]
    code = main([*args, "--checkpoint-every", "1", "--verdict-games", "0", "--out", str(out)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert err[-1] == (
        f"gamecore train: error: cannot write training log "
        f"{str(out.with_suffix('.csv'))!r}: No space left on device"
    )
    assert Weights.load(out).metadata["training"]["progress"]["games_done"] == 3
    monkeypatch.undo()
    done = run_cli("train", "connect4", "--resume", str(out))
    assert done.returncode == 0, done.stderr
    assert Weights.load(out).metadata["training"]["progress"]["games_done"] == 6
