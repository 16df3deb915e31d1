"""The neighbourhood network of Levinson & Weber (seed 001): value and gradient.

Three levels, all in one weight vector θ (:class:`NetworkShape` says where):

1. **Base weights** ``b``, one per (centre code, slot, satellite code, adjacency)
   (:mod:`gamecore.neighbourhoods`): a neighbourhood's input vector is
   ``x_k = b[inputs[k]]``, each a value in (0, 1) like the paper's Table 5.1
   (the centre slot alone is the learned worth of a piece on a square).
2. **Tuple weights** ``w``, shared by every neighbourhood: the prediction of
   one neighbourhood is ``ŷ = w₀ + Σ_t w_t · Π_{i∈t} x_i`` over the tuples of
   its inputs — every single input and every pair (``pairs``, 17 + 136 = 153
   tuples for chess), and every triple too (``triples``, 833), the paper's
   eqs. 3.3–3.4 and 4.1. The paper needs ``ŷ`` inside (0, 1) for its logs but
   does not say how it keeps it there; a hard clip stops every gradient once a
   large step pushes all 64 predictions past 1 (the network then never learns
   again), so ``ŷ = σ(4(u − ½))`` of the regression output ``u`` instead: the
   identity's tangent at ½, smooth, and inside (0, 1) for any ``u``.
3. **Top level**, no weights: the neighbourhoods combine by product and
   entropy (§3.2, eq. 3.8), ``Y = Σ log₂ ŷ_n / Σ ŷ_n log₂(1/ŷ_n)``, then a
   Gaussian squash (§3.2, eq. 3.9) ``P = Φ((Y − m)/s)`` gives the mover's
   probability of winning. ``m`` and ``s`` are the running mean and spread of
   ``Y`` (kept at the end of θ, moved by :func:`track_spread`, not by
   gradients), so the squash follows the network's range as it learns.

``Y`` runs from −∞ (every neighbourhood lost) to −1 (every neighbourhood
won); it is −2 when every ``ŷ`` is ½. The gradient of ``P`` with respect to
every learned weight is exact (a test checks it against finite differences),
and nothing is allocated per call: callers pass the scratch arrays.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from gamecore.jit import kernel
from gamecore.neighbourhoods import Relations, gather, relations_of

ORDERS = {"pairs": 2, "triples": 3}
"""Tuple expansions: every tuple of one up to this many inputs (the paper's 2- and 3-tuples)."""
EPSILON = 1e-12
"""How close a neighbourhood's prediction may come to 0 or 1 (log₂ 0 is not a number)."""
LN2 = math.log(2.0)


@dataclass(frozen=True)
class NetworkShape:
    """Where each part of the network sits in θ: ``[base | w₀ | tuples | m, s]``."""

    relations: Relations
    expansion: str

    @property
    def order(self) -> int:
        return ORDERS[self.expansion]

    @property
    def base_size(self) -> int:
        return self.relations.base_size

    @property
    def bias(self) -> int:
        """Index of w₀."""
        return self.base_size

    @property
    def first_tuple(self) -> int:
        return self.base_size + 1

    @property
    def tuple_count(self) -> int:
        """Tuple weights: every tuple of 1 up to :attr:`order` distinct inputs, in the order the
        kernels walk them (singles, then pairs i<j, then triples i<j<k)."""
        slots = self.relations.slots
        return sum(math.comb(slots, size) for size in range(1, self.order + 1))

    @property
    def mean(self) -> int:
        """Index of the squash's mean m (the spread s follows it)."""
        return self.first_tuple + self.tuple_count

    @property
    def size(self) -> int:
        return self.mean + 2


def network_shape(relations: Relations, expansion: str = "pairs") -> NetworkShape:
    """The network over ``relations`` with the ``pairs`` or ``triples`` expansion."""
    if expansion not in ORDERS:
        raise ValueError(f"unknown expansion {expansion!r} (choose from {', '.join(ORDERS)})")
    return NetworkShape(relations, expansion)


def initial_weights(shape: NetworkShape, seed: int = 0, spread: float = 0.05) -> np.ndarray:
    """Small random weights: inputs near ½, ŷ near ½, the squash centred on Y = −2."""
    rng = np.random.default_rng(seed)
    theta = np.zeros(shape.size)
    theta[: shape.base_size] = 0.5 + rng.uniform(-spread, spread, shape.base_size)
    theta[shape.bias] = 0.5
    count = shape.tuple_count
    theta[shape.first_tuple : shape.mean] = rng.uniform(-spread, spread, count) / count
    theta[shape.mean] = -2.0
    theta[shape.mean + 1] = 1.0
    return theta


@kernel
def _neighbourhood(xs, theta, order, first_tuple):
    """ŷ of one neighbourhood's inputs ``xs``: w₀ plus every tuple weight times its product,
    tuples in the order of :func:`network_shape` (singles, then pairs i<j, then triples)."""
    slots = xs.shape[0]
    y = theta[first_tuple - 1]
    t = first_tuple
    for i in range(slots):
        y += theta[t] * xs[i]
        t += 1
    if order >= 2:
        for i in range(slots):
            for j in range(i + 1, slots):
                y += theta[t] * xs[i] * xs[j]
                t += 1
    if order >= 3:
        for i in range(slots):
            for j in range(i + 1, slots):
                xij = xs[i] * xs[j]
                for k in range(j + 1, slots):
                    y += theta[t] * xij * xs[k]
                    t += 1
    return y


@kernel
def _predictions(inputs, theta, order, first_tuple, x, y_hat):
    """Fill ``x`` [cells, slots] with the inputs and ``y_hat`` [cells] with each neighbourhood's
    clipped prediction (absent centres: 1, which adds nothing); returns (Σ log₂ ŷ, Σ ŷ log₂ 1/ŷ)."""
    cells, slots = inputs.shape
    log_sum = 0.0
    entropy = 0.0
    for n in range(cells):
        if inputs[n, 0] < 0:
            y_hat[n] = 1.0
            continue
        for k in range(slots):
            x[n, k] = theta[inputs[n, k]]
        y = 1.0 / (1.0 + math.exp(-4.0 * (_neighbourhood(x[n], theta, order, first_tuple) - 0.5)))
        if y < EPSILON:
            y = EPSILON
        elif y > 1.0 - EPSILON:
            y = 1.0 - EPSILON
        y_hat[n] = y
        log2y = math.log(y) / LN2
        log_sum += log2y
        entropy -= y * log2y
    return log_sum, entropy


@kernel
def _squash(top, theta, mean_at):
    """P = Φ((Y − m)/s) and dP/dY."""
    spread = theta[mean_at + 1]
    z = (top - theta[mean_at]) / spread
    p = 0.5 * (1.0 + math.erf(z / 1.4142135623730951))
    density = math.exp(-0.5 * z * z) / 2.5066282746310002
    return p, density / spread


@kernel
def network_value(inputs, theta, order, first_tuple, mean_at, x, y_hat):
    """(P, Y): the mover's win probability and the top-level combination, for one position's
    gathered ``inputs`` and tuple ``order`` (2 pairs, 3 triples); ``x``, ``y_hat`` are scratch."""
    log_sum, entropy = _predictions(inputs, theta, order, first_tuple, x, y_hat)
    top = log_sum / entropy if entropy > 0.0 else -1.0
    p, _ = _squash(top, theta, mean_at)
    return p, top


@kernel
def _tuple_gradient(xs, theta, order, first_tuple, grad, c, dx):
    """Add ``c`` · ∂ŷ/∂w to ``grad`` for every tuple weight, and ∂ŷ/∂x_i into ``dx``."""
    slots = xs.shape[0]
    t = first_tuple
    for i in range(slots):
        grad[t] += c * xs[i]
        dx[i] += theta[t]
        t += 1
    if order >= 2:
        for i in range(slots):
            for j in range(i + 1, slots):
                w = theta[t]
                grad[t] += c * xs[i] * xs[j]
                dx[i] += w * xs[j]
                dx[j] += w * xs[i]
                t += 1
    if order >= 3:
        for i in range(slots):
            for j in range(i + 1, slots):
                xij = xs[i] * xs[j]
                for k in range(j + 1, slots):
                    w = theta[t]
                    grad[t] += c * xij * xs[k]
                    dx[i] += w * xs[j] * xs[k]
                    dx[j] += w * xs[i] * xs[k]
                    dx[k] += w * xij
                    t += 1


@kernel
def network_gradient(inputs, theta, order, first_tuple, mean_at, grad, scale, x, y_hat, dx):
    """Add ``scale`` · ∂P/∂θ to ``grad`` (base, w₀ and tuple weights); returns (P, Y).

    Chain: P = Φ((Y − m)/s); Y = A/B with A = Σ log₂ ŷ_n and B = −Σ ŷ_n log₂ ŷ_n, so
    ∂Y/∂ŷ_n = (1/(ŷ_n ln 2))/B + (A/B²)(log₂ ŷ_n + 1/ln 2); a clipped ŷ_n passes no
    gradient. ``dx`` [slots] is scratch.
    """
    cells, slots = inputs.shape
    log_sum, entropy = _predictions(inputs, theta, order, first_tuple, x, y_hat)
    top = log_sum / entropy if entropy > 0.0 else -1.0
    p, dp_dtop = _squash(top, theta, mean_at)
    if entropy <= 0.0:
        return p, top
    for n in range(cells):
        if inputs[n, 0] < 0:
            continue
        y = y_hat[n]
        if y <= EPSILON or y >= 1.0 - EPSILON:
            continue
        log2y = math.log(y) / LN2
        dtop_dy = (1.0 / (y * LN2)) / entropy + (log_sum / (entropy * entropy)) * (
            log2y + 1.0 / LN2
        )
        c = scale * dp_dtop * dtop_dy * 4.0 * y * (1.0 - y)
        grad[first_tuple - 1] += c
        for k in range(slots):
            dx[k] = 0.0
        _tuple_gradient(x[n], theta, order, first_tuple, grad, c, dx)
        for k in range(slots):
            grad[inputs[n, k]] += c * dx[k]
    return p, top


def track_spread(theta: np.ndarray, shape: NetworkShape, tops: np.ndarray, share: float) -> None:
    """Move the squash's mean and spread a ``share`` of the way to those of ``tops`` (the Y of
    a game's positions), as the paper's squash follows the network's range (§3.2)."""
    if len(tops) == 0:
        return
    mean, spread = shape.mean, shape.mean + 1
    theta[mean] += share * (float(np.mean(tops)) - theta[mean])
    target = max(float(np.std(tops)), 1e-3)
    theta[spread] += share * (target - theta[spread])


class NeighbourhoodNetwork:
    """One game's network with its weights and scratch arrays: gather, value, gradient.

    The hot parts are the kernels above; this binds them to a game (its relations and
    its kernel's ``cell_codes``) for learners, tests and tools.
    """

    def __init__(self, game, theta: np.ndarray, expansion: str = "pairs") -> None:
        self.game = game
        self.shape = network_shape(relations_of(game), expansion)
        if theta.shape != (self.shape.size,):
            raise ValueError(
                f"{game.name} {expansion} network weights need {self.shape.size} values, "
                f"got {theta.shape[0]}"
            )
        self.theta = theta
        relations = self.shape.relations
        self._codes = np.zeros(relations.cells, dtype=np.int64)
        self._inputs = np.zeros((relations.cells, relations.slots), dtype=np.int64)
        self._x = np.zeros((relations.cells, relations.slots))
        self._y_hat = np.zeros(relations.cells)
        self._dx = np.zeros(relations.slots)

    def inputs(self, state) -> np.ndarray:
        """The base-table indices of every neighbourhood of ``state`` (a view, reused)."""
        relations = self.shape.relations
        self.game.kernel.cell_codes(state.arrays, self._codes)
        gather(self._codes, relations.lines, relations.steps, relations.codes, self._inputs)
        return self._inputs

    def value(self, state) -> tuple[float, float]:
        """(P, Y): the mover's win probability and the top-level value."""
        shape = self.shape
        return network_value(
            self.inputs(state),
            self.theta,
            shape.order,
            shape.first_tuple,
            shape.mean,
            self._x,
            self._y_hat,
        )

    def add_gradient(self, state, gradient: np.ndarray, scale: float = 1.0) -> tuple[float, float]:
        """Add ``scale`` · ∂P/∂θ at ``state`` to ``gradient``; returns (P, Y)."""
        shape = self.shape
        return network_gradient(
            self.inputs(state),
            self.theta,
            shape.order,
            shape.first_tuple,
            shape.mean,
            gradient,
            scale,
            self._x,
            self._y_hat,
            self._dx,
        )
