"""Where :mod:`gamecore.play.clock` used to live: programs importing from here keep working."""

from gamecore.play.clock import *  # noqa: F403
