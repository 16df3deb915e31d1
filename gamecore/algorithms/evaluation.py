"""The linear evaluation θ·φ(s), shared by the search and the learners (bound per game)."""

from gamecore import kernel_api as game
from gamecore.jit import kernel


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
