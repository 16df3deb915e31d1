"""How the neighbourhood network learns from an error: GD or EG± (seed 001, §3.1).

Both minimise ``d(w_new, w_old) + η·L`` for the square loss L of the win
probability; they differ in the distance d. Gradient descent (Widrow-Hoff)
uses the squared Euclidean distance, so every weight moves by η·e·∂P/∂w.
EG± (Kivinen & Warmuth 1997) uses the relative entropy: every tuple weight is
the difference of two positive parts, w = U·(w⁺ − w⁻) with Σ(w⁺ + w⁻) = 1,
and the parts grow and shrink multiplicatively, w⁺ ← w⁺·r/Z, w⁻ ← w⁻/r/Z with
r = exp(η·U·e·∂P/∂w). Its loss grows only with the logarithm of the number of
irrelevant tuples, which is why the paper tries it on the pairs and triples.
As in the paper, EG± moves the network's tuple weights (and w₀); the base
weights, which are probabilities, always learn by gradient descent and stay
within [0, 1] (:func:`clip_base`, which the learners apply after every update, whatever
the rule).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

import numpy as np

from gamecore.errors import BadOption
from gamecore.network.model import NetworkShape


class NetworkUpdate(ABC):
    """One update rule for the whole θ of a :class:`NetworkShape`."""

    name: str
    default_step: float
    """One update moves H of a position from the starting weights about a tenth of the way
    to its target (see :data:`NETWORK_STEPS`)."""

    def __init__(self, shape: NetworkShape, step: float, theta: np.ndarray) -> None:
        if not step > 0:
            raise BadOption(f"the network's step must be above 0 (got {step})")
        self.shape = shape
        self.step = step

    def apply(self, theta: np.ndarray, gradient: np.ndarray, error: float) -> None:
        """Move θ (in place) to shrink the square error ``error`` = target − P, whose
        ∂P/∂θ is ``gradient``; the base weights may leave [0, 1] (see :func:`clip_base`)."""
        base = slice(0, self.shape.base_size)
        theta[base] += self.step * error * gradient[base]
        self._network(theta, gradient, error)

    @abstractmethod
    def _network(self, theta: np.ndarray, gradient: np.ndarray, error: float) -> None:
        """Move w₀ and the tuple weights."""

    def follow(self, theta: np.ndarray) -> None:  # noqa: B027 - GD keeps nothing to follow
        """Take θ as it is now, which something other than this rule may have moved (an
        outcome update, another worker's merged game)."""

    def state(self) -> dict[str, Any]:
        """What must be checkpointed besides θ."""
        return {}

    def load_state(self, state: dict[str, Any]) -> None:  # noqa: B027 - stateless by default
        """Restore :meth:`state`."""


class GradientDescent(NetworkUpdate):
    name = "gd"
    default_step = 1e-3

    def _network(self, theta: np.ndarray, gradient: np.ndarray, error: float) -> None:
        tuples = slice(self.shape.bias, self.shape.mean)
        theta[tuples] += self.step * error * gradient[tuples]


class ExponentiatedGradient(NetworkUpdate):
    """EG± with total weight ``U`` = ``total_share`` × the starting L1 norm (at least 1)."""

    name = "eg"
    default_step = 1e-2
    total_share = 4.0

    def __init__(self, shape: NetworkShape, step: float, theta: np.ndarray) -> None:
        super().__init__(shape, step, theta)
        weights = theta[shape.bias : shape.mean]
        self.total = max(self.total_share * float(np.abs(weights).sum()), 1.0)
        self._split(weights)

    def _split(self, weights: np.ndarray) -> None:
        """Positive and negative parts for ``weights``, the slack shared evenly; the total
        grows if the weights no longer fit in it."""
        norm = float(np.abs(weights).sum())
        if norm >= self.total:
            self.total = self.total_share * norm
        slack = (1.0 - norm / self.total) / (2 * len(weights))
        self.positive = np.maximum(weights, 0.0) / self.total + slack
        self.negative = np.maximum(-weights, 0.0) / self.total + slack

    def follow(self, theta: np.ndarray) -> None:
        """Keep the parts where they are if θ's tuple weights are still what they say
        (EG± remembers more than their difference); split θ afresh if they moved."""
        weights = theta[self.shape.bias : self.shape.mean]
        if not np.allclose(
            weights, self.total * (self.positive - self.negative), rtol=0.0, atol=1e-12 * self.total
        ):
            self._split(weights)

    def _network(self, theta: np.ndarray, gradient: np.ndarray, error: float) -> None:
        tuples = slice(self.shape.bias, self.shape.mean)
        exponent = np.clip(self.step * self.total * error * gradient[tuples], -30.0, 30.0)
        ratio = np.exp(exponent)
        self.positive *= ratio
        self.negative /= ratio
        normaliser = self.positive.sum() + self.negative.sum()
        self.positive /= normaliser
        self.negative /= normaliser
        theta[tuples] = self.total * (self.positive - self.negative)

    def state(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "positive": self.positive.tolist(),
            "negative": self.negative.tolist(),
        }

    def load_state(self, state: dict[str, Any]) -> None:
        self.total = float(state["total"])
        self.positive = np.array(state["positive"], dtype=np.float64)
        self.negative = np.array(state["negative"], dtype=np.float64)


def clip_base(theta: np.ndarray, shape: NetworkShape) -> None:
    """Keep the base weights, which are probabilities, within [0, 1] (in place)."""
    np.clip(theta[: shape.base_size], 0.0, 1.0, out=theta[: shape.base_size])


NETWORK_UPDATES: dict[str, type[NetworkUpdate]] = {
    rule.name: rule for rule in (GradientDescent, ExponentiatedGradient)
}
NETWORK_STEPS = {name: rule.default_step for name, rule in NETWORK_UPDATES.items()}
"""Default steps for the learners' mean cross-entropy gradient (``gamecore.learners.updates``):
one update moves H of a position from the starting weights about a tenth of the way to its
target (EG± 0.09–0.14 in chess, Duchess and checkers alike; GD 0.13 in chess, 0.24–0.54 in
Duchess, 0.03 in checkers, since its step is not normalised)."""


def make_network_update(
    name: str, shape: NetworkShape, theta: np.ndarray, step: float | None = None
) -> NetworkUpdate:
    """The rule called ``name`` (``gd`` or ``eg``) for a network starting at ``theta``."""
    if name not in NETWORK_UPDATES:
        raise BadOption(
            f"unknown network update {name!r} (choose from {', '.join(NETWORK_UPDATES)})"
        )
    rule = NETWORK_UPDATES[name]
    return rule(shape, rule.default_step if step is None else step, theta)
