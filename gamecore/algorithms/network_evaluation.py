"""The neighbourhood network (seed 001) as an evaluation for the search and the learners.

The same two functions as the linear template (see
:mod:`gamecore.algorithms.evaluation`), over the network's buffers in
``ctx.net`` (:class:`gamecore.evaluations.NetworkBuffers`). The network gives
the mover's win probability P; the search works in value units, so
H = S·ln(P/(1 − P)) with S = LOGISTIC_SCALE: the logistic loss of the
learners, σ(target/S) − σ(H/S), is then exactly σ(target/S) − P.

P and 1 − P are both read from the squash's tails (``erfc``), not 1 − P from
P: a position the network is sure of keeps a finite value and, above all, a
gradient. Rounded to P = 1, it would sit at a clipped value with no gradient,
and a network pushed there by a large step (a mate's target) never learned
again.
"""

import math

from gamecore import kernel_api as game
from gamecore.jit import kernel
from gamecore.neighbourhoods import gather
from gamecore.network.model import network_gradient, network_value
from gamecore.values import LOGISTIC_SCALE, MAX_EVAL

SQRT2 = math.sqrt(2.0)
TINY = 1.0e-300
"""Least P or 1 − P read (far beyond ±MAX_EVAL): a logarithm stays finite."""


@kernel
def _inputs(st, net):
    """Every neighbourhood's base-table indices for ``st`` (in ``net.inputs``)."""
    game.cell_codes(st, net.codes)
    gather(net.codes, net.lines, net.steps, net.n_codes, net.inputs)


@kernel
def _to_value(top, theta, mean_at):
    """(H, dH/dP) at the top-level value ``top``: P = Φ(z) and 1 − P = Φ(−z), each from
    its own tail, z = (Y − m)/s."""
    z = (top - theta[mean_at]) / theta[mean_at + 1]
    p = max(TINY, 0.5 * math.erfc(-z / SQRT2))
    q = max(TINY, 0.5 * math.erfc(z / SQRT2))
    return LOGISTIC_SCALE * (math.log(p) - math.log(q)), LOGISTIC_SCALE * (1.0 / p + 1.0 / q)


@kernel
def search_value(st, ctx):
    """H(st) for the team to move, clipped to ±MAX_EVAL."""
    net = ctx.net
    _inputs(st, net)
    _, top = network_value(
        net.inputs, ctx.theta, net.order, net.first_tuple, net.mean_at, net.x, net.y_hat
    )
    value, _ = _to_value(top, ctx.theta, net.mean_at)
    return min(MAX_EVAL, max(-MAX_EVAL, value))


@kernel
def bounded_value(st, ctx, margin, low, high):
    """``search_value``: the network has no additive part to be lazy with."""
    return search_value(st, ctx)


@kernel
def value_and_gradient(st, ctx):
    """(H(st), n): ∂H/∂θ as ``n`` entries in ``ctx.fidx``/``ctx.fval``, each index once.

    The gradient is summed in ``net.grad`` (all zero between calls) and moved out
    entry by entry, zeroing as it goes, so no call clears the whole array.
    """
    net = ctx.net
    grad, fidx, fval = net.grad, ctx.fidx, ctx.fval
    _inputs(st, net)
    _, top = network_gradient(
        net.inputs,
        ctx.theta,
        net.order,
        net.first_tuple,
        net.mean_at,
        grad,
        1.0,
        net.x,
        net.y_hat,
        net.dx,
    )
    value, dv_dp = _to_value(top, ctx.theta, net.mean_at)
    n = 0
    for i in range(net.first_tuple - 1, net.mean_at):
        if grad[i] != 0.0:
            fidx[n] = i
            fval[n] = grad[i] * dv_dp
            grad[i] = 0.0
            n += 1
    cells, slots = net.inputs.shape
    for c in range(cells):
        for k in range(slots):
            i = net.inputs[c, k]
            if i >= 0 and grad[i] != 0.0:
                fidx[n] = i
                fval[n] = grad[i] * dv_dp
                grad[i] = 0.0
                n += 1
    return value, n
