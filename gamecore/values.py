"""The value scale shared by the search, the learners and every score shown to a user.

Terminal values are ±MATE adjusted by distance (shorter wins preferred);
heuristic values are clipped to ±MAX_EVAL, which lies below every mate score
the search can produce (MATE − MAX_PLY > MAX_EVAL), as in Veness et al. (2009).
"""

MATE = 9999.0
MAX_EVAL = 9900.0
MAX_PLY = 96
"""Deepest ply any search or learner walk reaches; move buffers have MAX_PLY + 1 rows."""
INF = 1.0e9
ONE_PLY = 4
"""Search depth is counted in units of a quarter ply, so that extensions can be
fractional (David-Tabibi, Koppel & Netanyahu: several half-ply extensions along a line
add up to a whole ply). The transposition table stores depths in these units."""

LOGISTIC_SCALE = 150.0
"""Value units per logistic unit: a value v means the win probability σ(v/150), +150 (1.5
pawns in chess) a 73% chance. The learners' logistic loss and the network evaluation,
whose output is a probability, share it."""

assert MATE - MAX_PLY > MAX_EVAL
