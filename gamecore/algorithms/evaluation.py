"""The linear evaluation θ·φ(s), shared by the search and the learners (bound per game).

An evaluation template gives the search and the learners two functions over
the search context ``ctx`` (:class:`gamecore.search.searcher.SearchContext`):

* ``search_value(st, ctx)`` — H(st) for the team to move, clipped to
  ±MAX_EVAL, as fast as the evaluation allows;
* ``value_and_gradient(st, ctx)`` — H(st) unclipped and its gradient ∂H/∂θ,
  left as ``n`` sparse entries in ``ctx.fidx``/``ctx.fval`` (an index may
  repeat; its entries add up); returns ``(H, n)``.

:mod:`gamecore.algorithms.network_evaluation` gives the same two for the
neighbourhood network; :func:`gamecore.binding.bind` decides which one a bound
search or learner imports, so the linear path pays nothing for the other.
"""

from gamecore import kernel_api as game
from gamecore.jit import kernel
from gamecore.values import MAX_EVAL


@kernel
def linear_value(st, theta, fidx, fval):
    """θ·φ(st), unclipped, for the team to move; leaves φ in ``fidx``/``fval``.

    Returns the value and the number of active features (the gradient of a
    linear evaluation is φ itself, which the learners read back from the buffers).
    """
    n = game.features(st, fidx, fval)
    value = 0.0
    for i in range(n):
        value += theta[fidx[i]] * fval[i]
    return value, n


@kernel
def search_value(st, ctx):
    """θ·φ(st) for the team to move, clipped to ±MAX_EVAL.

    From the game's accumulator where it keeps one (``value_is_incremental``;
    ``Searcher`` refreshes it before a search), else from the features.
    """
    if game.value_is_incremental():
        value = game.value_incremental(st, ctx.theta, ctx.fidx, ctx.fval)
    else:
        value, _ = linear_value(st, ctx.theta, ctx.fidx, ctx.fval)
    return min(MAX_EVAL, max(-MAX_EVAL, value))


@kernel
def bounded_value(st, ctx, margin, low, high):
    """``search_value``, or a bound of it where a bound decides against the window
    (``low``, ``high``): lazy evaluation (``SearchParams.lazy_margin``).

    Where the game's additive part alone lies ``margin`` or more beyond the window, it
    stands in for the value, ``margin`` to the side of the window, and the terms that are
    not additive (Duchess: the mating terms, from every piece's attacks) are skipped.
    """
    if margin > 0.0 and game.value_is_incremental():
        additive = game.value_additive(st)
        if additive - margin >= high:
            return min(MAX_EVAL, additive - margin)
        if additive + margin <= low:
            return max(-MAX_EVAL, additive + margin)
    return search_value(st, ctx)


@kernel
def value_and_gradient(st, ctx):
    """(θ·φ(st), n): the gradient φ(st) is left in ``ctx.fidx``/``ctx.fval``."""
    return linear_value(st, ctx.theta, ctx.fidx, ctx.fval)
