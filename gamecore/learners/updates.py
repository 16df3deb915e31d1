"""Update rules: how a learner turns what its search found into Δθ.

Every learner's compiled part gathers, for the positions it moves, the
gradient g = Σ eᵢ·φ(sᵢ) and the normaliser Σ‖φ(sᵢ)‖² (see
:mod:`gamecore.algorithms.learning`); the errors eᵢ are in one of two
**losses**:

* ``logistic`` — the difference of win probabilities σ(target/S) − σ(H/S),
  S = :data:`LOGISTIC_SCALE` value units: every error lies within ±1, so a
  mate found by the search (±9900) and a lost pawn pull on one bounded
  scale instead of the mate drowning everything else;
* ``value`` — target − H in value units: the squared error of Veness et al.
  (2009), kept to reproduce the paper's runs;
* ``huber`` — target − H in value units, clipped to ±:data:`HUBER_LIMIT`: the
  value loss near the target, a bounded pull far from it. Unlike the
  logistic loss it does not flatten large values: with noisy targets the mean
  of σ(target/S) lies nearer ½ than σ of the mean target, so the logistic
  loss fits large values (material imbalances) too small against small ones.

An **update rule** then chooses the step:

* ``nlms`` (the default) — normalised least mean squares: g·step·4S/Σ‖φ‖²,
  which moves the evaluation of the updated positions a share ``step`` of
  the way to their targets however many features are active and however
  large they are, so no game needs a step of its own;
* ``nlms-groups`` — the same per feature group (``Game.feature_groups``):
  each of the G groups moves the positions ``step / G`` of the way, divided
  by its own Σφ², so a group of a few small values (material counts) is not
  starved by one of large counts (King-zone attacks) that holds most of ‖φ‖²;
* ``nlms-scaled`` — ``nlms-groups`` with every feature first scaled to unit
  mean square (a running average of φᵢ² over the run): inside a group, a
  count that is often 40 (King-zone pressure) no longer takes nearly all of
  the group's share from a 0/1 term next to it, and a rarely active feature
  moves further when it is seen, as in RLS with a diagonal covariance;
* ``adam`` — per-feature adaptive steps (Kingma & Ba 2015): each weight moves
  about ``step`` value units per update whatever the size and frequency of
  its feature;
* ``sgd`` — plain gradient steps, step·g: the paper's rule, whose right step
  depends on the game's feature scale (its default is the paper's);
* ``gd`` and ``eg`` — for the neighbourhood network only (seed 001, §3.1):
  gradient descent and EG± on the mean cross-entropy gradient of the
  positions one update moves, Σ eᵢ·∂(H/S)/∂θ / n; the base weights always
  take the gradient step and stay within [0, 1] (see
  :mod:`gamecore.network.updates`).

The measurements that chose the defaults are in docs/learning.md.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

import numpy as np

from gamecore.errors import BadOption
from gamecore.network.model import NetworkShape
from gamecore.network.updates import NETWORK_STEPS, make_network_update
from gamecore.values import LOGISTIC_SCALE

HUBER_LIMIT = 150.0
"""The largest error of the ``huber`` loss, in value units (1.5 pawns in chess)."""

LOSSES = ("logistic", "value", "huber")
DEFAULT_LOSS = "logistic"


def loss_scale(loss: str) -> float:
    """The ``scale`` argument of the compiled learners for ``loss``: the logistic scale,
    0 for value units, or minus the limit of the clipped value error (``huber``)."""
    if loss not in LOSSES:
        raise BadOption(f"unknown loss {loss!r} (choose from {', '.join(LOSSES)})")
    return {"logistic": LOGISTIC_SCALE, "value": 0.0, "huber": -HUBER_LIMIT}[loss]


def value_gain(loss: str) -> float:
    """Value units per unit of error: 4S for win probabilities (σ' = 1/4S at even odds), else 1."""
    return 4.0 * LOGISTIC_SCALE if loss == "logistic" else 1.0


def merge_average(now: np.ndarray, sent: Any, finished: Any, decay: float) -> np.ndarray:
    """A running average moved by one game's updates, merged into ``now``.

    The game took the average from ``sent`` to ``finished = decay·sent + c``, where c is
    what its own updates contributed and ``decay`` the product of their forgetting
    factors. Applied after the games merged meanwhile it gives ``decay·now + c``: exactly
    the average had the game been played after them (with the gradients it had)."""
    sent_array = np.asarray(sent, dtype=np.float64)
    return decay * now + (np.asarray(finished, dtype=np.float64) - decay * sent_array)


class UpdateRule(ABC):
    """Turns one search's gradient into Δθ; may keep state across updates (checkpointed)."""

    name: str

    def __init__(self, size: int, step: float, loss: str) -> None:
        if not np.isfinite(step) or step <= 0:
            raise BadOption(f"the step size must be a positive number, not {step}")
        self.step = step
        self.gain = value_gain(loss)

    @abstractmethod
    def delta(self, gradient: np.ndarray, squares: np.ndarray, positions: int = 1) -> np.ndarray:
        """Δθ for the gradient Σ eᵢφᵢ of one search and its Σ φᵢ² per feature, summed over
        ``positions`` updated positions."""

    def inverse_scale(self) -> np.ndarray | None:
        """Per-feature 1/E[φᵢ²] the rule works in, for the outcome update too (None: raw φ)."""
        return None

    def state(self) -> dict[str, Any]:
        """What a checkpoint must keep for a resumed run to continue exactly (JSON-able)."""
        return {}

    def load_state(self, state: dict[str, Any]) -> None:  # noqa: B027 - stateless by default
        """Restore :meth:`state`."""

    def merge_state(self, sent: dict[str, Any], finished: dict[str, Any]) -> None:
        """Take in what one game did to the state, as a driver merges a worker's game: it
        started from ``sent`` and ended at ``finished``, while other games may have moved
        this rule's state meanwhile. The default takes ``finished`` as it is; rules whose
        state is a running average add the game's share to the state as it is now."""
        self.load_state(finished)


def grouped_step(
    gradient: np.ndarray,
    squares: np.ndarray,
    groups: list[np.ndarray],
    share: float,
    inverse_scale: np.ndarray | None = None,
) -> np.ndarray:
    """Δθ = Σ over the G groups of share/G · g_group / Σφ²_group (see ``nlms-groups``).

    With ``inverse_scale`` (1/E[φᵢ²] per feature, see ``nlms-scaled``) the same in the
    space where every feature has unit mean square: Δθᵢ = share/G · gᵢ·sᵢ / Σ φⱼ²·sⱼ.
    """
    if inverse_scale is not None:
        gradient = gradient * inverse_scale
        squares = squares * inverse_scale
    delta = np.zeros_like(gradient)
    for members in groups:
        norm = float(squares[members].sum())
        if norm > 0:
            delta[members] = (share / len(groups)) * gradient[members] / norm
    return delta


def tie_sides(values: np.ndarray, mirror: np.ndarray) -> np.ndarray:
    """``values`` with every pair of twin features (``Game.side_mirror``) made equal and
    opposite, each the half-difference of the two: the nearest such vector, so a tied θ
    stays tied under tied updates, and a feature without a twin is left as it is."""
    paired = mirror >= 0
    tied = values.copy()
    tied[paired] = 0.5 * (values[paired] - values[mirror[paired]])
    return tied


class SGD(UpdateRule):
    name = "sgd"

    def delta(self, gradient: np.ndarray, squares: np.ndarray, positions: int = 1) -> np.ndarray:
        return (self.step * self.gain) * gradient


class NLMS(UpdateRule):
    name = "nlms"

    def delta(self, gradient: np.ndarray, squares: np.ndarray, positions: int = 1) -> np.ndarray:
        squared_norm = float(squares.sum())
        if squared_norm <= 0.0:
            return np.zeros_like(gradient)
        return (self.step * self.gain / squared_norm) * gradient


class GroupedNLMS(UpdateRule):
    name = "nlms-groups"

    def __init__(self, size: int, step: float, loss: str, groups: list[np.ndarray]) -> None:
        super().__init__(size, step, loss)
        self.groups = groups

    def delta(self, gradient: np.ndarray, squares: np.ndarray, positions: int = 1) -> np.ndarray:
        return grouped_step(gradient, squares, self.groups, self.step * self.gain)


class ScaledNLMS(GroupedNLMS):
    name = "nlms-scaled"
    average_share = 0.01
    """Weight of each update's Σφ² in the running mean square (about the last 100 searches)."""
    min_mean_square = 1e-100
    """The least mean square :meth:`inverse_scale` divides by, far above the subnormals."""

    def __init__(self, size: int, step: float, loss: str, groups: list[np.ndarray]) -> None:
        super().__init__(size, step, loss, groups)
        self.mean_square = np.zeros(size)
        self.updates = 0

    def delta(self, gradient: np.ndarray, squares: np.ndarray, positions: int = 1) -> np.ndarray:
        self.updates += 1
        self.mean_square += self.average_share * (squares - self.mean_square)
        return grouped_step(
            gradient, squares, self.groups, self.step * self.gain, self.inverse_scale()
        )

    def inverse_scale(self) -> np.ndarray:
        """1 / the running mean of φᵢ² (0 for a feature never seen, whose φᵢ is always 0).

        The mean of a feature absent for long decays geometrically, into subnormal numbers
        whose inverse is infinite; one infinite sᵢ makes its group's Σ φ²s NaN (∞ · 0), and
        that group stops learning. The mean is taken as at least ``min_mean_square``, which
        changes nothing else: any sᵢ near that bound already dominates its group's norm.
        """
        seen = self.mean_square > 0
        inverse = np.zeros_like(self.mean_square)
        inverse[seen] = 1.0 / np.maximum(self.mean_square[seen], self.min_mean_square)
        return inverse

    def state(self) -> dict[str, Any]:
        return {"mean_square": self.mean_square.tolist(), "updates": self.updates}

    def load_state(self, state: dict[str, Any]) -> None:
        self.mean_square = np.array(state["mean_square"], dtype=np.float64)
        self.updates = int(state.get("updates", 0))  # checkpoints before it was kept: 0

    def merge_state(self, sent: dict[str, Any], finished: dict[str, Any]) -> None:
        """The game's updates applied after those merged meanwhile, as if it had been
        played then: its n updates decay what was there by (1 − share)ⁿ and add what the
        game's squares contributed (:func:`merge_average`)."""
        n = int(finished.get("updates", 0)) - int(sent.get("updates", 0))
        decay = (1 - self.average_share) ** n
        self.mean_square = merge_average(
            self.mean_square, sent["mean_square"], finished["mean_square"], decay
        )
        self.updates += n


class Adam(UpdateRule):
    name = "adam"
    beta1 = 0.9
    beta2 = 0.999
    epsilon = 1e-8

    def __init__(self, size: int, step: float, loss: str) -> None:
        super().__init__(size, step, loss)
        self.mean = np.zeros(size)
        self.mean_square = np.zeros(size)
        self.updates = 0

    def delta(self, gradient: np.ndarray, squares: np.ndarray, positions: int = 1) -> np.ndarray:
        g = self.gain * gradient
        self.updates += 1
        self.mean = self.beta1 * self.mean + (1.0 - self.beta1) * g
        self.mean_square = self.beta2 * self.mean_square + (1.0 - self.beta2) * g * g
        mean = self.mean / (1.0 - self.beta1**self.updates)
        mean_square = self.mean_square / (1.0 - self.beta2**self.updates)
        return self.step * mean / (np.sqrt(mean_square) + self.epsilon)

    def state(self) -> dict[str, Any]:
        return {
            "updates": self.updates,
            "mean": self.mean.tolist(),
            "mean_square": self.mean_square.tolist(),
        }

    def load_state(self, state: dict[str, Any]) -> None:
        self.updates = int(state["updates"])
        self.mean = np.array(state["mean"], dtype=np.float64)
        self.mean_square = np.array(state["mean_square"], dtype=np.float64)

    def merge_state(self, sent: dict[str, Any], finished: dict[str, Any]) -> None:
        """The game's moments added after those merged meanwhile (:func:`merge_average`),
        and its updates counted, so the bias correction stays true."""
        n = int(finished["updates"]) - int(sent["updates"])
        self.mean = merge_average(self.mean, sent["mean"], finished["mean"], self.beta1**n)
        self.mean_square = merge_average(
            self.mean_square, sent["mean_square"], finished["mean_square"], self.beta2**n
        )
        self.updates += n


class NetworkRule(UpdateRule):
    """A seed-001 rule (:class:`NetworkUpdate`) on the live θ of a network evaluation."""

    def __init__(self, step: float, loss: str, shape: NetworkShape, theta: np.ndarray) -> None:
        if loss != "logistic":
            raise BadOption(
                f"--update {self.name} learns win probabilities: it needs --loss logistic"
            )
        super().__init__(shape.size, step, loss)
        self.theta = theta
        """The learner's θ (the searcher's array, moved in place by the learner)."""
        self.update = make_network_update(self.name, shape, theta, step)

    def delta(self, gradient: np.ndarray, squares: np.ndarray, positions: int = 1) -> np.ndarray:
        self.update.follow(self.theta)
        moved = self.theta.copy()
        self.update.apply(moved, gradient / (LOGISTIC_SCALE * max(positions, 1)), 1.0)
        return moved - self.theta

    def state(self) -> dict[str, Any]:
        return self.update.state()

    def load_state(self, state: dict[str, Any]) -> None:
        if state:
            self.update.load_state(state)


class NetworkGD(NetworkRule):
    name = "gd"


class NetworkEG(NetworkRule):
    name = "eg"


NETWORK_RULES: dict[str, type[NetworkRule]] = {rule.name: rule for rule in (NetworkGD, NetworkEG)}
"""Rules for the neighbourhood network only."""
UPDATE_RULES: dict[str, type[UpdateRule]] = {
    **{rule.name: rule for rule in (Adam, NLMS, GroupedNLMS, ScaledNLMS, SGD)},
    **NETWORK_RULES,
}
DEFAULT_UPDATE = "nlms"

DEFAULT_STEPS = {
    "adam": 1.0,
    "nlms": 0.1,
    "nlms-groups": 0.1,
    "nlms-scaled": 0.1,
    **NETWORK_STEPS,
}
"""Steps of the scale-free rules: value units per update (adam), share of the error (nlms),
gradient step on the mean cross-entropy gradient (gd, eg)."""


def make_rule(
    name: str,
    size: int,
    step: float | None,
    loss: str,
    sgd_step: float,
    groups: list[np.ndarray] | None = None,
    network: tuple[NetworkShape, np.ndarray] | None = None,
) -> UpdateRule:
    """The rule called ``name``; ``sgd_step`` is the learner's paper step (for ``sgd``);
    ``groups`` the feature groups (for ``nlms-groups``; default: one group of all);
    ``network`` the network's shape and live θ (for ``gd`` and ``eg``)."""
    if name not in UPDATE_RULES:
        raise BadOption(f"unknown update rule {name!r} (choose from {', '.join(UPDATE_RULES)})")
    if step is None:
        step = DEFAULT_STEPS.get(name, sgd_step)  # the gain makes one sgd step fit both losses
    if name in NETWORK_RULES:
        if network is None:
            raise BadOption(
                f"--update {name} updates the neighbourhood network: give --evaluation "
                "network-pairs or network-triples"
            )
        return NETWORK_RULES[name](step, loss, *network)
    if name in (GroupedNLMS.name, ScaledNLMS.name):
        return UPDATE_RULES[name](size, step, loss, groups or [np.arange(size)])  # type: ignore[call-arg]
    return UPDATE_RULES[name](size, step, loss)
