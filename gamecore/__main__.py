"""``python -m gamecore`` is the ``gamecore`` command."""

from gamecore.cli import run

run()
