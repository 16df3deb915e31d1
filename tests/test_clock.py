"""Fischer time controls: parsing, the per-move budget, and games played on the clock."""

from __future__ import annotations

import pytest

import gamecore
from gamecore.errors import BadOption
from gamecore.play.clock import Clocks, TimeControl
from gamecore.play.match import MatchSettings, PlayerSpec, run_match
from gamecore.search import Limits
from gamecore.training.trainer import TrainConfig, Trainer
from tests.cli import run_cli


def test_a_time_control_reads_base_and_increment():
    assert TimeControl.parse("6+0.1") == TimeControl(6.0, 0.1)
    assert TimeControl.parse("60") == TimeControl(60.0, 0.0)
    assert str(TimeControl.parse("6+0.1")) == "6+0.1"


@pytest.mark.parametrize("text", ["", "six", "6+x", "0+1", "-5+0.1", "6+-1", "nan+0", "inf"])
def test_a_malformed_time_control_is_refused(text):
    with pytest.raises(BadOption, match="--time-control"):
        TimeControl.parse(text)


def test_each_seat_spends_its_own_clock_and_gains_the_increment():
    clocks = Clocks(TimeControl(10.0, 0.5), seats=2)
    assert clocks.budget(0) == pytest.approx(10 / 20 + 0.9 * 0.5)
    clocks.punch(0, 3.0)
    assert clocks.remaining == [pytest.approx(7.5), 10.0]
    assert clocks.budget(0) < clocks.budget(1)  # less left, less per move
    clocks.punch(1, 12.0)  # overstepped: a flag, and the clock restarts from the increment
    assert clocks.flags == 1 and clocks.remaining[1] == pytest.approx(0.5)
    assert clocks.budget(1) <= 0.8 * 0.5


def test_a_match_on_the_clock_keeps_to_its_time():
    game = gamecore.get_game("connect4")
    spec = PlayerSpec.parse(game, "zeros")
    settings = MatchSettings(
        games=2, limits=Limits(), openings=1, time_control=TimeControl(0.4, 0.01)
    )
    result, games = run_match(game, spec, spec, settings)
    assert result.games == 2
    assert all(g.plies > 4 for g in games)


def test_training_on_the_clock_searches_deeper_when_the_clock_is_longer(tmp_path):
    """More time on the clock buys deeper searches (the point of time-controlled training).

    Checkers' compiled search keeps to a budget of a millisecond, so its depth follows the
    clock; six plies each keep the test short, all of them the learner's (no sparring
    partner takes half of them).
    """

    def depths(control: str) -> list[int]:
        cfg = TrainConfig(
            game="checkers", games=1, depth=None, time_control=control, seed=1,
            out=str(tmp_path / f"{control}.npz"), opening_plies=2, max_plies=6, sparring="none",
        )  # fmt: skip
        trainer = Trainer(cfg)
        reached: list[int] = []
        search = trainer.learner.search_and_learn

        def recording(state, limits):
            info = search(state, limits)
            reached.append(info.depth)
            return info

        trainer.learner.search_and_learn = recording
        trainer.run()
        return reached

    depths("0.02+0")  # load (or compile) the search first: no clock below pays for it
    short = depths("0.02+0")  # about 1 ms a move
    long = depths("4+0.05")  # about 0.25 s a move
    assert len(short) == len(long) == 4
    assert sum(long) >= sum(short) + 8, (short, long)


def test_the_cli_refuses_a_clock_and_a_time_per_move_together(tmp_path):
    result = run_cli(
        "train", "connect4", "--time-control", "5+0.1", "--time-per-move", "0.1",
        "--out", str(tmp_path / "x.npz"),
    )  # fmt: skip
    assert result.returncode == 2 and "not both" in result.stderr
    bad = run_cli("match", "connect4", "zeros", "zeros", "--time-control", "fast")
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1
