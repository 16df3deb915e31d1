"""The pygame window that draws and plays any registered game (``gamecore gui GAME``).

Modules, one job each: :mod:`gui.layout` (board to screen, hit testing),
:mod:`gui.pieces` (pieces and target markers), :mod:`gui.seats` (who plays each
seat), :mod:`gui.engine` (the search in a background thread), :mod:`gui.widgets`
(buttons, text prompt), :mod:`gui.app` (the window itself) and
:mod:`gui.screenshots` (the pictures in ``docs/images``). Nothing here imports a
game: everything comes through :class:`gamecore.game.Game`.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
