"""Game-generic algorithm templates, bound to a game's kernel by :mod:`gamecore.binding`."""
