"""Elo arithmetic: match differences with intervals, maximum-likelihood tournament ratings."""

import math

import numpy as np
import pytest

from gamecore.play.elo import MatchResult, expected_score, fit_ratings, match_elo


def test_even_match_is_zero_elo_and_interval_contains_it():
    elo, low, high = match_elo(MatchResult(10, 10, 10))
    assert elo == pytest.approx(0.0)
    assert low < 0 < high


def test_three_to_one_is_about_191_elo():
    elo, low, high = match_elo(MatchResult(30, 0, 10))
    assert elo == pytest.approx(190.85, abs=0.05)
    assert low < elo < high


def test_draws_narrow_the_interval():
    _, low_d, high_d = match_elo(MatchResult(5, 30, 5))
    _, low_w, high_w = match_elo(MatchResult(20, 0, 20))
    assert high_d - low_d < high_w - low_w


def test_a_clean_sweep_has_a_finite_lower_bound():
    elo, low, high = match_elo(MatchResult(10, 0, 0))
    assert elo == math.inf and high == math.inf and 100 < low < 400
    elo, low, high = match_elo(MatchResult(0, 0, 4))
    assert elo == -math.inf and low == -math.inf and high < 0


def test_a_match_of_draws_alone_still_has_an_interval():
    elo, low, high = match_elo(MatchResult(0, 40, 0))
    assert elo == 0.0 and str(elo) == "0.0"  # not -0.0, which prints as "-0"
    assert -40 < low < -10 and 10 < high < 40


def test_fit_recovers_simulated_ratings():
    true = [0.0, 150.0, 400.0]
    rng = np.random.default_rng(1)
    games = []
    for _ in range(600):
        i, j = rng.choice(3, size=2, replace=False)
        p = expected_score(true[i] - true[j])
        games.append((int(i), int(j), float(rng.random() < p)))
    ratings = fit_ratings(["a", "b", "c"], games, reference=0, reference_elo=0.0)
    assert ratings[0].elo == 0.0 and ratings[0].low == ratings[0].high == 0.0
    for rating, t in zip(ratings[1:], true[1:], strict=True):
        assert rating.low <= t <= rating.high, rating
    assert ratings[1].elo < ratings[2].elo


def test_a_player_who_won_everything_gets_a_finite_rating():
    games = [(0, 1, 1.0)] * 10 + [(1, 2, 0.5)] * 10
    ratings = fit_ratings(["best", "mid", "other"], games, reference=1, reference_elo=1000.0)
    assert math.isfinite(ratings[0].elo) and ratings[0].elo > 1000.0
    assert ratings[0].games == 10 and ratings[0].score == 1.0
