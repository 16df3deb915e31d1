"""Learning with the default update rule makes a game's weights stronger than zero weights.

Slow: a few hundred Connect Four games of TreeStrap(αβ) self-play from zero
weights, then a match at the training depth against the zero weights.
"""

from __future__ import annotations

import pytest

import gamecore
from gamecore.play.match import MatchSettings, PlayerSpec, run_match
from gamecore.search import Limits
from gamecore.training.trainer import TrainConfig, Trainer


@pytest.mark.slow
def test_default_learning_beats_zero_weights_at_connect4(tmp_path):
    out = tmp_path / "learned.npz"
    config = TrainConfig(
        game="connect4", vs="self", games=300, depth=3, init="zeros", out=str(out), seed=1
    )
    Trainer(config).run()
    game = gamecore.get_game("connect4")
    settings = MatchSettings(games=60, limits=Limits(depth=3), openings=30)
    result, _ = run_match(
        game, PlayerSpec.parse(game, str(out)), PlayerSpec.parse(game, "zeros"), settings
    )
    score = (result.wins + result.draws / 2) / 60
    assert score >= 0.6, f"learned weights scored only {score:.0%} against zero weights"
