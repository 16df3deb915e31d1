"""Rules that read a game's history of position hashes: repetition draws.

Kernels keep the hash of the position at every ply in a column of their
per-ply history array; these helpers scan it. Shared because every game with
a repetition rule needs the same scan, only with its own turn period (2 for
two players, 6 for six).
"""

from __future__ import annotations

from gamecore.jit import kernel


@kernel
def repetitions(hist, hash_column, ply, reversible, period):
    """How often the position at ``ply`` occurred earlier with the same seat to move.

    Only the last ``reversible`` plies can hold a repeat (a capture or a pawn
    move makes every earlier position unreachable), and only every
    ``period``-th ply has the same seat to move; the nearest candidate is two
    full rounds back, since one round cannot undo itself.
    """
    h = hist[ply, hash_column]
    oldest = ply - min(reversible, ply)
    seen = 0
    i = ply - 2 * period
    while i >= oldest:
        if hist[i, hash_column] == h:
            seen += 1
        i -= period
    return seen
