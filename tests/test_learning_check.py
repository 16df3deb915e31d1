"""Learning works on a game nobody tuned for: the check a plugin author runs, and its parts."""

from __future__ import annotations

import numpy as np
import pytest

from gamecore import get_game
from gamecore.testing import LearningConformance
from gamecore.training.check import check_learning, feature_notes
from tests.cli import run_cli

SHORT = {"games": 150, "depth": 3}
"""A quarter of Breakthrough's default run: still enough to beat the zero weights."""


class TestBreakthroughLearns(LearningConformance):
    game_name = "breakthrough"
    settings = SHORT
    time_budget = None  # the same games on any machine


def test_without_sparring_partners_self_play_learns_worse_than_zero():
    """The failure the sparring partners fix: plain self-play from zero weights on the plain
    piece-square plugin loses to the zero weights (docs/learning.md)."""
    verdict = check_learning(
        "breakthrough", time_budget=None, match_games=40, workers=1, sparring="none", **SHORT
    )
    assert verdict.vs_zeros.score < 0.5
    assert "do not beat the zero weights" in verdict.failures()[0]


def test_feature_notes_name_constants_twins_and_outsized_features():
    chess = feature_notes(get_game("chess"))
    assert any("tempo[0] has the same value in every position" in note for note in chess)
    assert any("psqt[48] = passed pawns[48]" in note for note in chess)
    duchess = feature_notes(get_game("duchess"))
    assert any("mating[8]" in note and "nlms-scaled" in note for note in duchess)
    assert feature_notes(get_game("kalah")) == []


def test_the_command_reports_a_verdict_and_exits_by_it(tmp_path):
    out = tmp_path / "learned.npz"
    result = run_cli(
        "check-learning", "breakthrough", "--games", "150", "--depth", "3",
        "--workers", "1", "--match-games", "20", "--out", str(out),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines[-1].startswith("passed")
    assert any(line.startswith("vs zeros:") for line in lines) and out.exists()


def test_the_command_refuses_bad_input_in_one_line():
    for args in (("nonesuch",), ("breakthrough", "--time-budget", "-1")):
        result = run_cli("check-learning", *args)
        assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.slow
@pytest.mark.parametrize("name", ["breakthrough", "kalah", "connect4", "othello", "hex"])
def test_the_default_run_learns(name):
    verdict = check_learning(name, time_budget=None, match_games=40, workers=2)
    assert verdict.passed, "; ".join(verdict.failures())
    assert np.isfinite(verdict.seconds)
