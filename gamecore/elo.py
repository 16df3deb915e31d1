"""Where :mod:`gamecore.play.elo` used to live: programs importing from here keep working."""

from gamecore.play.elo import *  # noqa: F403
