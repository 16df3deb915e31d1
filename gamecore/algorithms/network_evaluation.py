"""The neighbourhood network (seed 001) as an evaluation for the search and the learners.

The same two functions as the linear template (see
:mod:`gamecore.algorithms.evaluation`), over the network's buffers in
``ctx.net`` (:class:`gamecore.evaluations.NetworkBuffers`). The network gives
the mover's win probability P; the search works in value units, so
H = S·ln(P/(1 − P)) with S = LOGISTIC_SCALE: the logistic loss of the
learners, σ(target/S) − σ(H/S), is then exactly σ(target/S) − P.
"""

import math

from gamecore import kernel_api as game
from gamecore.jit import kernel
from gamecore.neighbourhood_net import network_gradient, network_value
from gamecore.neighbourhoods import gather
from gamecore.values import LOGISTIC_SCALE, MAX_EVAL

P_LIMIT = 1.0e-6
"""P is read within [P_LIMIT, 1 − P_LIMIT] (about ±2,070 value units): H and its
gradient stay finite where the squash saturates."""


@kernel
def _inputs(st, net):
    """Every neighbourhood's base-table indices for ``st`` (in ``net.inputs``)."""
    game.cell_codes(st, net.codes)
    gather(net.codes, net.lines, net.steps, net.n_codes, net.inputs)


@kernel
def _to_value(p):
    p = min(1.0 - P_LIMIT, max(P_LIMIT, p))
    return LOGISTIC_SCALE * math.log(p / (1.0 - p)), p


@kernel
def search_value(st, ctx):
    """H(st) for the team to move, clipped to ±MAX_EVAL."""
    net = ctx.net
    _inputs(st, net)
    p, _ = network_value(
        net.inputs, ctx.theta, net.order, net.first_tuple, net.mean_at, net.x, net.y_hat
    )
    value, _ = _to_value(p)
    return min(MAX_EVAL, max(-MAX_EVAL, value))


@kernel
def value_and_gradient(st, ctx):
    """(H(st), n): ∂H/∂θ as ``n`` entries in ``ctx.fidx``/``ctx.fval``, each index once.

    The gradient is summed in ``net.grad`` (all zero between calls) and moved out
    entry by entry, zeroing as it goes, so no call clears the whole array.
    """
    net = ctx.net
    grad, fidx, fval = net.grad, ctx.fidx, ctx.fval
    _inputs(st, net)
    p, _ = network_gradient(
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
    value, p = _to_value(p)
    dv_dp = LOGISTIC_SCALE / (p * (1.0 - p))
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
