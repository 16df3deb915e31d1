"""Chess: a numba bitboard rules engine behind the gamecore interface."""
