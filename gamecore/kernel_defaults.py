"""Defaults for the kernel functions a game may leave out.

A game without kings, null moves or tactics should not have to write stubs
for them. When a kernel module lacks one of the optional functions (see
``OPTIONAL_FUNCTIONS`` in :mod:`gamecore.kernel_api`), :mod:`gamecore.binding`
supplies the one here. Each default is the true answer for a game that has
nothing to say, so the search stays exact; it only forgoes an optimisation
the game did not ask for.

They are compiled like any kernel, so the bound search inlines them and a
constant answer folds away the code that depends on it (a game without null
moves pays nothing for the null-move test). A plain-Python game gets the
same functions uncompiled (their ``py_func``).
"""

from gamecore.jit import kernel


@kernel
def king_attacked(st, player):
    """False: without kings nothing is ever in check, so the search never extends a check,
    never stops pruning for one, and quiescence never widens to every move."""
    return False


@kernel
def gen_noisy(st, out):
    """No noisy moves: quiescence search then returns the static evaluation at once (it stands
    pat), which is plain depth-limited search. Terminal positions are still scored."""
    return 0


@kernel
def order_key(st, move):
    """0 for every move: all moves count as quiet and are ordered by the transposition-table
    move, killers and history. Correct because the default ``gen_noisy`` has no noisy moves."""
    return 0


@kernel
def move_target(st, move):
    """-1: no move lands anywhere the search can compare, so nothing is a recapture."""
    return -1


@kernel
def extends_move(st, move):
    """False: the game asks for no extension of its own."""
    return False


@kernel
def repeated(st):
    """False: positions never recur, so the search meets no repetition to score as a draw."""
    return False


@kernel
def surely_has_moves(st):
    """False: the search generates the moves at its leaves to see whether the game ended."""
    return False


@kernel
def cell_codes(st, out):
    """Every cell absent: a game without neighbourhoods has no occupants to report (and
    :func:`gamecore.neighbourhoods.relations_of` refuses it before this is reached)."""
    for c in range(out.shape[0]):
        out[c] = -1


@kernel
def null_move_ok(st):
    """False: a game that defines no null move never has one tried, so the search never
    reaches ``make_null``; pruning by a pass would be unsound where zugzwang is common."""
    return False


@kernel
def make_null(st):
    """Never called, since the default ``null_move_ok`` is False; fails loudly if it is."""
    raise NotImplementedError("this game's kernel defines no null move")


@kernel
def unmake_null(st):
    """Never called: see ``make_null``."""
    raise NotImplementedError("this game's kernel defines no null move")


@kernel
def value_is_incremental():
    """False: the search computes θ·φ from ``features`` at every node."""
    return False


@kernel
def value_refresh(st, theta):
    """Nothing to refresh: the game keeps no accumulator."""
    return 0


@kernel
def value_incremental(st, theta, idx, val):
    """Never called, since the default ``value_is_incremental`` is False."""
    return 0.0


@kernel
def value_additive(st):
    """Never called, since the default ``value_is_incremental`` is False."""
    return 0.0
