"""Errors a user can cause. The CLI turns each into one line and exit code 2."""


class GamecoreError(Exception):
    """Base of every error that is the input's fault, not the program's."""


class UnknownGame(GamecoreError):
    """No registered game has that name."""


class BadPosition(GamecoreError):
    """A position string (FEN, ...) could not be read."""


class BadMove(GamecoreError):
    """A move string is malformed or names an illegal move."""


class BadOption(GamecoreError):
    """A command-line option or argument has an unusable value."""


class PluginError(GamecoreError):
    """A game plugin does not satisfy the game interface."""


class Unsupported(GamecoreError):
    """An algorithm was asked to run on a game that lacks what it needs (see Capabilities)."""


class CannotWrite(GamecoreError):
    """An output could not be written (a full disk, a file system that takes no files); the
    file it would have replaced is left as it was."""
