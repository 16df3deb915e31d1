"""Every key, mouse button and panel button of the window, and the action each one names.

One table, so a key, its button, its help line and the docs cannot drift
apart: the controller looks events up here, the renderer draws the buttons
and the help from here. Modes that take keys for themselves (a text prompt,
the chooser's digits) are handled before the table is asked.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Binding:
    """One named action: its panel button (if any), its keys and mouse buttons."""

    action: str
    label: str | None
    """The panel button's text; None: no button (a key only)."""
    hint: str
    """The key as shown on the help overlay."""
    keys: tuple[tuple[int, int], ...] = ()
    """``(key, modifiers)`` pairs; modifiers 0 means none are needed."""
    mouse: tuple[int, ...] = ()
    """Mouse buttons (3: right) that run the action."""
    also: str = ""
    """Other keys, for the help line."""
    help: str = ""
    """The help line of an action without a button."""
    where: str = "both"
    """``local`` (a game in this window), ``remote`` (a game on a server) or ``both``."""


CTRL = pygame.KMOD_CTRL

BINDINGS = (
    Binding("new", "New game", "N", ((pygame.K_n, 0),), where="local"),
    Binding(
        "undo",
        "Undo",
        "U",
        ((pygame.K_u, 0), (pygame.K_BACKSPACE, 0), (pygame.K_LEFT, 0), (pygame.K_z, CTRL)),
        also="Backspace, Left, Ctrl+Z",
        where="local",
    ),
    Binding(
        "redo", "Redo", "Y", ((pygame.K_y, 0), (pygame.K_RIGHT, 0)), also="Right", where="local"
    ),
    Binding("lobby", "Lobby", "N", ((pygame.K_n, 0),), where="remote"),
    Binding("resign", "Resign", "Ctrl+R", ((pygame.K_r, CTRL),), where="remote"),
    Binding("offer_draw", "Offer draw", "O", ((pygame.K_o, 0),), where="remote"),
    Binding("rotate", "Rotate", "R", ((pygame.K_r, 0),)),
    Binding("flip", "Flip", "F", ((pygame.K_f, 0),)),
    Binding("move_now", "Move now", "M", ((pygame.K_m, 0),), where="local"),
    Binding("save", "Save", "S", ((pygame.K_s, 0),)),
    Binding("load", "Load", "L", ((pygame.K_l, 0),), where="local"),
    Binding("weights", "Weights", "W", ((pygame.K_w, 0),)),
    Binding("pause", "Pause", "Space", ((pygame.K_SPACE, 0),), where="local"),
    Binding("pass", "Pass", "P", ((pygame.K_p, 0),)),
    Binding("time", "Time", "T", ((pygame.K_t, 0),), where="local"),
    Binding("names", "Cell names", "C", ((pygame.K_c, 0),)),
    Binding("follow", "Auto-rotate", "A", ((pygame.K_a, 0),)),
    Binding("hint", "Hint", "B", ((pygame.K_b, 0),)),
    Binding("analysis", "Analysis", "E", ((pygame.K_e, 0),)),
    Binding("level", "Level", "D", ((pygame.K_d, 0),), where="local"),
    Binding("screenshot", None, "F12", ((pygame.K_F12, 0),), help="Screenshot"),
    Binding("help", None, "H, F1", ((pygame.K_h, 0), (pygame.K_F1, 0)), help="This help"),
    Binding(
        "cancel",
        None,
        "Esc",
        ((pygame.K_ESCAPE, 0),),
        mouse=(3,),
        also="right click",
        help="Drop the selection, close the chooser",
    ),
)


def bindings(remote: bool = False) -> tuple[Binding, ...]:
    """The bindings of a game in this window, or of a game on a server (``remote``)."""
    skip = "local" if remote else "remote"
    return tuple(b for b in BINDINGS if b.where != skip)


BUTTONS = tuple(b for b in bindings() if b.label is not None)
"""The panel's buttons, in the order they are laid out."""
REMOTE_BUTTONS = tuple(b for b in bindings(remote=True) if b.label is not None)
"""The buttons of a game on a server: no undo, pause or engine settings; resign and draw."""


def action_for_key(key: int, mod: int = 0, remote: bool = False) -> str | None:
    """The action a key press names: a binding that needs the held modifier wins over a
    plain one (Ctrl+Z is Undo, Z alone is nothing)."""
    plain = None
    for binding in bindings(remote):
        for bound, needs in binding.keys:
            if bound != key:
                continue
            if needs and mod & needs:
                return binding.action
            if not needs and plain is None:
                plain = binding.action
    return plain


def action_for_mouse(button: int) -> str | None:
    """The action a mouse button names (the left button picks pieces instead: None)."""
    return next((b.action for b in BINDINGS if button in b.mouse), None)


def help_rows(remote: bool = False) -> list[tuple[str, str]]:
    """``(key, what it does)`` per action, for the help overlay."""
    rows = []
    for binding in bindings(remote):
        text = binding.label or binding.help
        if binding.also:
            text += f" (also {binding.also})"
        rows.append((binding.hint, text))
    return rows
