"""Perft: count the leaves of the legal-move tree — the checksum of a move generator.

Every node is made and unmade (no bulk counting at the leaves), so the count
also exercises make/unmake and the speed figure measures the full cycle. The
leaves are made and unmade in the depth-1 loop rather than by a call per leaf:
each call of a kernel costs numba an atomic reference-count update per array,
which would otherwise dominate.
"""

import numpy as np

from gamecore import kernel_api as game
from gamecore.jit import kernel


@kernel
def perft(st, depth, moves):
    """Leaf count of the ``depth``-ply tree below ``st``.

    ``moves`` is a (depth + 1, max_moves) buffer: row ``d`` holds the moves at depth ``d``.

    ``depth`` must be an ``int64``: the recursion has one signature, which keeps
    numba's on-disk cache loadable in a later process.
    """
    if depth <= 0:
        return np.int64(1)
    buf = moves[depth]
    n = game.gen_moves(st, buf)
    total = np.int64(0)
    for i in range(n):
        move = buf[i]
        game.make_move(st, move)
        if depth == 1:
            total += 1
        else:
            total += perft(st, depth - 1, moves)
        game.unmake_move(st, move)
    return total


@kernel
def divide(st, depth, moves, counts):
    """Perft split by root move: writes the root moves into ``moves[depth]`` and each
    subtree's count into ``counts``; returns the number of root moves."""
    buf = moves[depth]
    n = game.gen_moves(st, buf)
    for i in range(n):
        move = buf[i]
        game.make_move(st, move)
        counts[i] = perft(st, depth - 1, moves)
        game.unmake_move(st, move)
    return n
