"""The sequential probability ratio test of engine testers: stop a match once it has decided.

A test of ``elo0`` against ``elo1`` asks whether A is about ``elo0`` stronger than B
(hypothesis H0) or about ``elo1`` (H1). After every finished pair of games (one
opening, colours reversed) the generalized log-likelihood ratio (LLR) of H1 against
H0 is compared with Wald's bounds ``log(beta / (1 - alpha))`` and
``log((1 - beta) / alpha)``: below the lower bound H0 is accepted, above the upper
H1, in between the match goes on. ``alpha`` is the chance of accepting H1 when H0
holds, ``beta`` of accepting H0 when H1 holds.

The model is Michel Van den Bergh's GSPRT as Fishtest computes it (its ``LLRcalc``
module), in **logistic Elo**: an Elo difference ``d`` means an expected score
``1 / (1 + 10^(-d / 400))`` per game, the same scale as the Elo
:func:`gamecore.play.elo.match_elo` prints. The outcomes are *pentanomial*: the points
A scored in a pair of games, 0, ½, 1, 1½ or 2 (LL, LD, LW+DD, WD, WW), whose
correlation (a lopsided opening favours whoever has the good side in both games)
the trinomial W/D/L model ignores. Van den Bergh's formulas, from his notes
"Maximum likelihood estimation of a multinomial distribution with a given
expectation value" (support_MLE_multinomial.pdf, Proposition 1.1) and
"A practical introduction to the GSPRT":

* the empirical distribution ``p_i`` over the outcomes ``a_i`` (scores per game,
  0, ¼, ½, ¾, 1), a count of zero replaced by 1e-3 so that every ``p_i > 0``;
* for an expected score ``s``, the distribution nearest ``p`` in likelihood with
  mean ``s`` is ``q_i = p_i / (1 + x (a_i - s))``, where ``x`` solves the secular
  equation ``sum_i p_i (a_i - s) / (1 + x (a_i - s)) = 0`` on the interval where
  every denominator is positive (one root there: the sum falls with ``x``);
* ``LLR = N * sum_i p_i log(q1_i / q0_i)`` for ``s0``, ``s1`` the scores of
  ``elo0``, ``elo1``, with ``N`` the (regularized) number of pairs.

The same function takes trinomial counts (L, D, W) for games that were not paired.
The root is found by :func:`scipy.optimize.brentq`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from gamecore.errors import BadOption

REGULARIZATION = 1e-3
"""A count of zero is taken as this (Fishtest's prior), so that every outcome has p > 0."""
PAIR_OUTCOMES = 5
"""Points of a pair of games: 0, 0.5, 1, 1.5, 2."""


def logistic_score(elo: float) -> float:
    """The expected score per game of an Elo difference (logistic Elo)."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def _mle_with_mean(values: np.ndarray, probs: np.ndarray, s: float) -> np.ndarray:
    """The distribution over ``values`` with mean ``s`` most likely to give ``probs``."""
    from scipy.optimize import brentq

    shifted = values - s
    low, high = -1.0 / shifted.max(), -1.0 / shifted.min()
    margin = 1e-9 * (high - low)

    def secular(x: float) -> float:
        return float(np.sum(probs * shifted / (1.0 + x * shifted)))

    x = brentq(secular, low + margin, high - margin, xtol=1e-15)
    return probs / (1.0 + x * shifted)


def llr(counts: list[int] | tuple[int, ...] | np.ndarray, elo0: float, elo1: float) -> float:
    """The generalized log-likelihood ratio of H1 (``elo1``) against H0 (``elo0``), logistic
    Elo, for ``counts``: five pentanomial counts (pairs scoring 0, ½, 1, 1½, 2 points) or
    three trinomial ones (losses, draws, wins)."""
    raw = np.asarray(counts, dtype=float)
    if raw.ndim != 1 or len(raw) not in (3, 5) or (raw < 0).any():
        raise ValueError("counts: three (L, D, W) or five (pentanomial) counts, none negative")
    if raw.sum() == 0:
        return 0.0
    regular = np.where(raw == 0, REGULARIZATION, raw)
    n = regular.sum()
    probs = regular / n
    values = np.linspace(0.0, 1.0, len(raw))
    q0 = _mle_with_mean(values, probs, logistic_score(elo0))
    q1 = _mle_with_mean(values, probs, logistic_score(elo1))
    return float(n * np.sum(probs * (np.log(q1) - np.log(q0))))


def pentanomial(pair_points: list[float]) -> list[int]:
    """Counts of pairs that scored 0, ½, 1, 1½ and 2 points (from A's side)."""
    counts = [0] * PAIR_OUTCOMES
    for points in pair_points:
        counts[round(2 * points)] += 1
    return counts


@dataclass(frozen=True)
class Sprt:
    """A test of H0 (A is ``elo0`` stronger) against H1 (``elo1``), logistic Elo."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    @classmethod
    def parse(cls, text: str) -> Sprt:
        """``ELO0,ELO1[,ALPHA,BETA]`` (``--sprt 0,5`` or ``--sprt 0,5,0.05,0.1``)."""
        usage = f"--sprt wants ELO0,ELO1[,ALPHA,BETA], e.g. 0,5 or 0,5,0.05,0.05, not {text[:40]!r}"
        parts = [part.strip() for part in text.split(",")]
        if len(parts) not in (2, 4):
            raise BadOption(usage)
        try:
            numbers = [float(part) for part in parts]
        except ValueError:
            raise BadOption(usage) from None
        if not all(math.isfinite(number) for number in numbers):
            raise BadOption(usage)
        elo0, elo1 = numbers[:2]
        alpha, beta = numbers[2:] if len(numbers) == 4 else (0.05, 0.05)
        if not elo0 < elo1 or max(abs(elo0), abs(elo1)) >= 2000:
            raise BadOption(f"--sprt {text[:40]!r}: ELO0 must be below ELO1, both within ±2000")
        if not (0 < alpha < 0.5 and 0 < beta < 0.5):
            raise BadOption(f"--sprt {text[:40]!r}: ALPHA and BETA must be above 0 and below 0.5")
        return cls(elo0, elo1, alpha, beta)

    @property
    def bounds(self) -> tuple[float, float]:
        """Wald's bounds on the LLR: H0 is accepted below the first, H1 above the second."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, counts: list[int]) -> float:
        return llr(counts, self.elo0, self.elo1)

    def verdict(self, value: float) -> str | None:
        """``"H0"`` or ``"H1"`` once ``value`` (an LLR) crosses a bound, else None."""
        lower, upper = self.bounds
        if value <= lower:
            return "H0"
        if value >= upper:
            return "H1"
        return None

    def __str__(self) -> str:
        return f"SPRT elo0={self.elo0:g} elo1={self.elo1:g} alpha={self.alpha:g} beta={self.beta:g}"
