"""Move ordering for the search, a template bound per game like the search itself.

Each move gets a key in tiers (the transposition-table move, then the game's
noisy moves by ``order_key``, two killers, then the history table) and moves
come out best first: the first few picked one by one, the rest sorted at once
(see :func:`next_move`). Killers and history learn from quiet moves that cut
off. Everything lives in the search context's arrays; nothing is allocated.
"""

from gamecore import kernel_api as game
from gamecore.jit import kernel

# Move-ordering tiers (higher first).
ORDER_TT = 1 << 50
ORDER_NOISY = 1 << 40
ORDER_KILLER_1 = 1 << 39
ORDER_KILLER_2 = 1 << 38
HISTORY_MAX = 1 << 30
HISTORY_BITS = 16
PICKED_ONE_BY_ONE = 4
"""Moves ordered by selection before the rest of a node's moves are sorted at once."""


@kernel
def history_slot(move):
    return (move ^ (move >> HISTORY_BITS)) & ((1 << HISTORY_BITS) - 1)


@kernel
def order_moves(st, ctx, ply, n, tt_move, use_killers, use_history):
    """Give each of the ``n`` moves at ``ply`` its ordering key (sorted lazily by ``pick``)."""
    moves, keys, killers, history = ctx.moves, ctx.keys, ctx.killers, ctx.history
    team = game.team_to_move(st)
    for i in range(n):
        m = moves[ply, i]
        noisy = game.order_key(st, m)
        if m == tt_move:
            keys[ply, i] = ORDER_TT
        elif noisy > 0:
            keys[ply, i] = ORDER_NOISY + noisy
        elif use_killers and m == killers[ply, 0]:
            keys[ply, i] = ORDER_KILLER_1
        elif use_killers and m == killers[ply, 1]:
            keys[ply, i] = ORDER_KILLER_2
        elif use_history:
            keys[ply, i] = history[team, history_slot(m)]
        else:
            keys[ply, i] = 0


@kernel
def pick(ctx, ply, i, n):
    """Swap the best-keyed move of ``i..n-1`` into place ``i`` and return it (selection sort)."""
    moves, keys = ctx.moves, ctx.keys
    best = i
    for j in range(i + 1, n):
        if keys[ply, j] > keys[ply, best]:
            best = j
    if best != i:
        moves[ply, i], moves[ply, best] = moves[ply, best], moves[ply, i]
        keys[ply, i], keys[ply, best] = keys[ply, best], keys[ply, i]
    return moves[ply, i]


@kernel
def sort_rest(ctx, ply, i, n):
    """Sort the moves ``i..n-1`` by key, best first (insertion sort: stable, allocation-free,
    and quick on the long runs of equal keys that quiet moves have)."""
    moves, keys = ctx.moves, ctx.keys
    for j in range(i + 1, n):
        move, key = moves[ply, j], keys[ply, j]
        k = j
        while k > i and keys[ply, k - 1] < key:
            moves[ply, k] = moves[ply, k - 1]
            keys[ply, k] = keys[ply, k - 1]
            k -= 1
        moves[ply, k] = move
        keys[ply, k] = key


@kernel
def next_move(ctx, ply, i, n):
    """The ``i``-th move in key order. The first few are picked one at a time, since a
    cut-off usually comes early; a node still searching after them is likely to search
    every move, and picking each of ~80 Duchess moves took a quarter of the search."""
    if i < PICKED_ONE_BY_ONE:
        return pick(ctx, ply, i, n)
    if i == PICKED_ONE_BY_ONE:
        sort_rest(ctx, ply, i, n)
    return ctx.moves[ply, i]


@kernel
def reward_quiet(st, ctx, ply, move, depth):
    """A quiet move caused a cutoff: remember it as a killer and in the history table."""
    killers, history = ctx.killers, ctx.history
    if killers[ply, 0] != move:
        killers[ply, 1] = killers[ply, 0]
        killers[ply, 0] = move
    team = game.team_to_move(st)
    slot = history_slot(move)
    history[team, slot] += depth * depth
    if history[team, slot] > HISTORY_MAX:
        history //= 2
