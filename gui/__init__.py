"""The pygame window that draws and plays any registered game (``gamecore gui GAME``).

Modules, one job each: :mod:`gui.session` (the game, seats, undo/redo, engines'
turns, records; no drawing), :mod:`gui.view` (what a frame shows, as a frozen
record), :mod:`gui.render` (draws a view, returns its click areas),
:mod:`gui.actions` (the one table of keys, mouse buttons and panel buttons),
:mod:`gui.app` (the controller: events in, a frame out), :mod:`gui.layout`
(board to screen, hit testing), :mod:`gui.pieces` (pieces and target markers),
:mod:`gui.art` (SVG piece pictures), :mod:`gui.seats` (who plays each seat),
:mod:`gui.engine` (the search in a background thread), :mod:`gui.widgets`
(buttons, text prompt) and
:mod:`gui.screenshots` (the pictures in ``docs/images``). Nothing here imports a
game: everything comes through :class:`gamecore.game.Game`.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
