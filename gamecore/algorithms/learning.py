"""Learning from search: the compiled parts of the learners, bound per game like the search.

Who calls what (``gamecore/learners/``): TreeStrap(αβ) ``treestrap_walk``,
TreeStrap(minimax) ``minimax_strap``, RootStrap and the outcome update
``move_towards``, TD-Leaf ``accumulate_features``.

The kernels do not change θ: they add the error-weighted features of every
node they move, Σ eᵢ·φ(sᵢ), to a dense ``gradient`` array (and Σ φ(sᵢ)² per
feature to ``squares``, whose sum is NLMS's normaliser), and the learner's update rule
(:mod:`gamecore.learners.updates`) turns that into Δθ after the search: θ
never changes while a search runs. Values and bounds are from the point of
view of the team to move at each node; targets are clipped to ±MAX_EVAL, so a
mate found by the search pulls the evaluation towards "as good as a heuristic
value can be" rather than towards an unreachable 9999.

The error e of a node is ``target − H(s)`` in value units when ``scale`` is 0,
the same clipped to ±|scale| when it is negative (the Huber loss), or the
difference of win probabilities σ(target/scale) − σ(H/scale) when it is
positive: the gradient of the cross-entropy between the two, which keeps
every error within ±1 so that a mate and a pawn pull on one bounded scale.

``ctx`` is the searcher's context (see gamecore.search.Searcher): the learners
reuse its move buffers and feature buffers after the search is over.
"""

import math

import numpy as np

from gamecore import kernel_api as game
from gamecore.algorithms import tt as ttable
from gamecore.algorithms.alphabeta import ABORTED, quiesce
from gamecore.algorithms.evaluation import search_value, value_and_gradient
from gamecore.jit import kernel
from gamecore.kernel_api import LOSS, ONGOING, WIN
from gamecore.values import INF, MATE, MAX_EVAL, MAX_PLY

# Indices of the float64 ``stats`` array the learners report through.
UPDATED = 0  # nodes whose evaluation was moved
ABS_ERROR = 1  # sum of |target - H(s)| over those nodes, in value units
VISITED = 2  # nodes looked at
STATS_SIZE = 3


@kernel
def add_scaled_features(delta, fidx, fval, n, scale):
    """delta += scale · φ, with φ as left in fidx/fval by ``value_and_gradient``."""
    for i in range(n):
        delta[fidx[i]] += scale * fval[i]


@kernel
def clip(value):
    return min(MAX_EVAL, max(-MAX_EVAL, value))


@kernel
def win_probability(value, scale):
    return 1.0 / (1.0 + math.exp(-value / scale))


@kernel
def update_error(target, h, scale):
    """How far H(s) should move: win probability (``scale`` > 0), value units (``scale`` 0),
    or value units clipped to ±|scale| (``scale`` < 0, the Huber loss's gradient)."""
    if scale > 0.0:
        return win_probability(target, scale) - win_probability(h, scale)
    if scale < 0.0:
        return min(-scale, max(scale, target - h))
    return target - h


@kernel
def record_update(gradient, squares, fidx, fval, n, target, h, scale, stats):
    """gradient += e·φ and squares += φ² for one node moved towards ``target``, with its
    statistics."""
    error = update_error(target, h, scale)
    for i in range(n):
        gradient[fidx[i]] += error * fval[i]
        squares[fidx[i]] += fval[i] * fval[i]
    stats[UPDATED] += 1
    stats[ABS_ERROR] += abs(target - h)


@kernel
def play_quiet_line(st, ctx, params, ply):
    """Play the principal line of a quiescence search from ``st`` (searched at ``ply``).

    The position it reaches is the one the search would evaluate in place of
    ``st``: the search never trusts H at a node with captures pending, so
    that is the H a node's target is meant for (Texel-style tuning does the
    same). Returns the number of moves played, or -1, with nothing played,
    when the line ends the game or the search was stopped.
    """
    value = quiesce(st, ctx, params, ply, np.int64(0), -INF, INF)
    if ctx.info[ABORTED] != 0 or abs(value) > MAX_EVAL:
        return np.int64(-1)
    end = ctx.pv_len[ply]
    for j in range(ply, end):
        game.make_move(st, ctx.pv[ply, j])
    length = end - ply
    if game.status(st, np.int64(-1)) != ONGOING:
        take_back_line(st, ctx, ply, length)
        return np.int64(-1)
    return length


@kernel
def take_back_line(st, ctx, ply, length):
    """Undo ``play_quiet_line``'s ``length`` moves (still in the principal-variation row)."""
    for j in range(ply + length - 1, ply - 1, -1):
        game.unmake_move(st, ctx.pv[ply, j])


@kernel
def bound_node(st, ctx, params, lower, upper, quiet, scale, gradient, squares, ply, stats):
    """Move H(st) inside [lower, upper] (values for the team to move at ``st``).

    With ``quiet`` the value moved is that of the quiet position at the end of
    the node's quiescence line, seen from ``st``'s team: its features, signed,
    are the gradient.
    """
    fidx, fval = ctx.fidx, ctx.fval
    length = np.int64(0)
    sign = 1.0
    if quiet:
        team = game.team_to_move(st)
        length = play_quiet_line(st, ctx, params, ply)
        if length < 0:
            return
        if game.team_to_move(st) != team:
            sign = -1.0
    h, n = value_and_gradient(st, ctx)
    h *= sign
    target = h
    if lower > h:
        target = lower
    elif upper < h:
        target = upper
    if target != h:
        # Seen from the leaf's team the error changes sign with the value: σ(−x) = 1 − σ(x).
        record_update(gradient, squares, fidx, fval, n, sign * target, sign * h, scale, stats)
    if quiet:
        take_back_line(st, ctx, ply, length)


@kernel
def treestrap_walk(
    st, ctx, params, min_depth, quiet, scale, gradient, squares, seen, stamp, ply, stats
):
    """DeltaFromTransTbl (Veness et al. 2009, Algorithm 2) from ``st`` down the table.

    For every position reachable through the table with an entry searched to
    at least ``min_depth``: if H(s) is below its lower bound, move it up to
    the bound; if above its upper bound, down to it (with ``quiet``, H of the
    end of s's quiescence line: see ``bound_node``). ``seen`` (one stamp per
    table slot) makes each stored position count once, however many paths
    lead to it.
    """
    tt = ctx.tt
    key = game.hash_of(st)
    slot = ttable.probe(tt, key)
    if slot < 0 or tt.depth[slot] < min_depth or seen[slot] == stamp or ply >= MAX_PLY:
        return
    seen[slot] = stamp
    stats[VISITED] += 1
    lower = clip(tt.lower[slot])
    upper = clip(tt.upper[slot])
    bound_node(st, ctx, params, lower, upper, quiet, scale, gradient, squares, ply, stats)
    moves = ctx.moves
    count = game.gen_moves(st, moves[ply])
    for i in range(count):
        move = moves[ply, i]
        game.make_move(st, move)
        treestrap_walk(
            st,
            ctx,
            params,
            min_depth,
            quiet,
            scale,
            gradient,
            squares,
            seen,
            stamp,
            ply + 1,
            stats,
        )
        game.unmake_move(st, move)


@kernel
def minimax_strap(st, ctx, params, depth, ply, quiet, scale, gradient, squares, stats):
    """Full-width minimax to ``depth``; every interior node moves towards its minimax value.

    TreeStrap(minimax) (Veness et al. 2009, Algorithm 1). The updates are
    accumulated as the recursion unwinds, which is the same as keeping the
    tree in memory and updating it afterwards. Returns the node's value.
    """
    moves = ctx.moves
    stats[VISITED] += 1
    if ply >= MAX_PLY:
        return search_value(st, ctx)
    if ply > 0 and game.repeated(st):
        return 0.0  # a repetition below the root is a draw, as in the alpha-beta search
    n = game.gen_moves(st, moves[ply])
    result = game.status(st, n)
    if result != ONGOING:
        if result == WIN:
            return MATE - ply
        if result == LOSS:
            return -(MATE - ply)
        return 0.0
    if depth <= 0:
        return search_value(st, ctx)
    team = game.team_to_move(st)
    best = -INF
    for i in range(n):
        move = moves[ply, i]
        game.make_move(st, move)
        value = minimax_strap(
            st, ctx, params, depth - 1, ply + 1, quiet, scale, gradient, squares, stats
        )
        if game.team_to_move(st) != team:
            value = -value
        game.unmake_move(st, move)
        best = max(best, value)
    value = clip(best)
    bound_node(st, ctx, params, value, value, quiet, scale, gradient, squares, ply, stats)
    return best


@kernel
def move_towards(st, ctx, params, target, quiet, scale, gradient, squares, stats):
    """One node, ``st``, towards ``target`` (RootStrap's root, TreeStrap(minimax)'s root,
    and every position of a finished game towards its result); with ``quiet``, the end of
    its quiescence line (see ``bound_node``)."""
    t = clip(target)
    bound_node(st, ctx, params, t, t, quiet, scale, gradient, squares, np.int64(0), stats)
    stats[VISITED] += 1


@kernel
def accumulate_features(st, ctx, scale, out):
    """out += scale · ∂H/∂θ at st (φ(st) for the linear evaluation): TD-Leaf's eligibility
    trace gathers gradients this way."""
    _, n = value_and_gradient(st, ctx)
    add_scaled_features(out, ctx.fidx, ctx.fval, n, scale)
    return np.int64(n)
