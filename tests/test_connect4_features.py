"""Connect Four's features: cells from the mover's side, and counts of open lines."""

from __future__ import annotations

import numpy as np

import gamecore
from gamecore.learners import LEARNERS
from gamecore.weights import Weights


def features(text: str) -> dict[int, float]:
    game = gamecore.get_game("connect4")
    learner = LEARNERS["rootstrap"](game, Weights.zeros(game).theta)
    phi = np.zeros(game.feature_set.count)
    learner.kernel.accumulate_features(
        game.state_from_text(text).arrays, learner.searcher.ctx, 1.0, phi
    )
    return {int(i): float(phi[i]) for i in np.flatnonzero(phi)}


def test_one_disc_opens_every_line_through_it():
    # o to move; x's corner disc lies on three lines (row, column, diagonal).
    assert features("......./......./......./......./......./x...... o") == {42: 1.0, 87: 3.0}


def test_three_in_a_row_counts_for_the_player_to_move_only_while_open():
    phi = features("......./......./......./......./......./xxx.ooo x")
    # Bottom row x x x . o o o, x to move: "x x x ." is open with three of x's discs,
    # ". o o o" with three of o's; the two lines holding both colours count for neither.
    assert phi[84 + 2] == 1.0 and phi[87 + 2] == 1.0
    assert {0, 1, 2, 42 + 4, 42 + 5, 42 + 6} <= set(phi)
