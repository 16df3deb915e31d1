"""Where :mod:`gamecore.play.match` used to live: programs importing from here keep working."""

from gamecore.play.match import *  # noqa: F403
