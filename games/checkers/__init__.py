"""English checkers (see the checkers issue; not yet registered as a game)."""
