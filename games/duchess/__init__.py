"""Six-player hexagonal Duchess (see the Duchess issue; not yet registered as a game)."""
