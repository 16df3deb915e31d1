"""Game plugins shipped with gamecore; each registers under the ``gamecore.games`` entry point."""
