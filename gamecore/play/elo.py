"""Elo arithmetic: a match score as an Elo difference, and maximum-likelihood tournament ratings.

The logistic Elo model: the expected score of A against B is
1 / (1 + 10^(−(r_A − r_B)/400)); a draw counts half a win for each side.

* :func:`match_elo` turns one match's W/D/L into an Elo difference with a 95%
  interval from the standard error of the per-game score (draws included).
  As in the Agresti–Coull interval, z² virtual draws are added for the
  interval only, so that a clean sweep of a few games still gets a finite
  lower bound instead of a degenerate "infinite to infinite".
* :func:`fit_ratings` fits ratings to all the games of a tournament by
  maximum likelihood (the role BayesElo plays in Veness et al. 2009), with one
  player pinned as the reference, and 95% intervals from the curvature of the
  likelihood. As BayesElo does, it adds a weak prior — one virtual draw
  between every pair that met — so a player who won or lost every game still
  gets a finite rating.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

Z95 = 1.959964
LOG10_400 = math.log(10) / 400


def expected_score(diff: float) -> float:
    return 1.0 / (1.0 + 10.0 ** (-diff / 400.0))


def elo_from_score(score: float) -> float:
    """Elo difference of an expected score (±inf at 0 and 1)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0  # + 0.0: an even score is 0, not -0


@dataclass(frozen=True)
class MatchResult:
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.5


def match_elo(result: MatchResult) -> tuple[float, float, float]:
    """(Elo difference, low, high) of the first player, the interval at 95%."""
    if result.games == 0:
        return 0.0, -math.inf, math.inf
    low, high = score_interval(result)
    return elo_from_score(result.score), elo_from_score(low), elo_from_score(high)


def score_interval(result: MatchResult) -> tuple[float, float]:
    """The 95% interval of the first player's score per game (0 to 1)."""
    n = result.games
    if n == 0:
        return 0.0, 1.0
    p = result.score
    # z² virtual games, half drawn, a quarter won and a quarter lost: a clean sweep still
    # gets a finite bound, and a match of draws alone an interval of real width.
    virtual = Z95**2
    n_adj = n + virtual
    wins = result.wins + virtual / 4
    draws = result.draws + virtual / 2
    losses = result.losses + virtual / 4
    q = (wins + 0.5 * draws) / n_adj
    var = (wins * (1 - q) ** 2 + draws * (0.5 - q) ** 2 + losses * q**2) / n_adj
    se = math.sqrt(var / n_adj)
    low = 0.0 if p == 0.0 else max(0.0, q - Z95 * se)
    high = 1.0 if p == 1.0 else min(1.0, q + Z95 * se)
    return low, high


@dataclass(frozen=True)
class Rating:
    name: str
    elo: float
    low: float
    high: float
    games: int
    score: float


def fit_ratings(
    names: list[str],
    games: list[tuple[int, int, float]],
    reference: int = 0,
    reference_elo: float = 0.0,
) -> list[Rating]:
    """Maximum-likelihood ratings from (player i, player j, score of i) triples.

    ``reference`` is pinned at ``reference_elo``; intervals are relative to it.
    """
    k = len(names)
    score = np.zeros((k, k))
    count = np.zeros((k, k))
    for i, j, s in games:
        score[i, j] += s
        score[j, i] += 1.0 - s
        count[i, j] += 1
        count[j, i] += 1
    met = count > 0
    score += 0.5 * met  # the prior: one virtual draw per pair that met
    count += 1.0 * met
    free = [p for p in range(k) if p != reference]
    r = np.zeros(k)
    for _ in range(100):
        diff = r[:, None] - r[None, :]
        e = 1.0 / (1.0 + 10.0 ** (-diff / 400.0))
        grad = LOG10_400 * (score - count * e).sum(axis=1)
        w = LOG10_400**2 * count * e * (1 - e)
        hess = np.diag(w.sum(axis=1)) - w  # negative Hessian of the log-likelihood
        h = hess[np.ix_(free, free)]
        step = np.linalg.solve(h, grad[free])
        r[free] += step
        if np.abs(step).max() < 1e-7:
            break
    cov = np.linalg.inv(hess[np.ix_(free, free)])
    se = np.zeros(k)
    se[free] = np.sqrt(np.diag(cov))
    played = count.sum(axis=1) - met.sum(axis=1)
    real_score = score.sum(axis=1) - 0.5 * met.sum(axis=1)
    ratings = []
    for p in range(k):
        elo = r[p] - r[reference] + reference_elo
        n = int(played[p])
        ratings.append(
            Rating(
                names[p],
                float(elo),
                float(elo - Z95 * se[p]),
                float(elo + Z95 * se[p]),
                n,
                float(real_score[p] / n) if n else 0.0,
            )
        )
    return ratings
