"""Finding games: every game, built-in or plugin, registers under the entry-point group
``gamecore.games`` as ``name = "package.module:GameClass"``."""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from gamecore.errors import PluginError, UnknownGame
from gamecore.game import Game

GROUP = "gamecore.games"


@cache
def _entry_points() -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for ep in entry_points(group=GROUP):
        found.setdefault(ep.name, ep)
    return found


def game_names() -> list[str]:
    """Names of every registered game, sorted."""
    return sorted(_entry_points())


def game_class(name: str) -> type[Game]:
    """The Game subclass registered as ``name``; :class:`UnknownGame` if there is none."""
    eps = _entry_points()
    if name not in eps:
        known = ", ".join(sorted(eps)) or "none"
        raise UnknownGame(f"unknown game {name!r} (registered games: {known})")
    try:
        cls = eps[name].load()
    except Exception as exc:  # a broken plugin must not take the CLI down with a traceback
        raise PluginError(f"game {name!r} failed to load: {type(exc).__name__}: {exc}") from exc
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise PluginError(f"entry point {name!r} is {cls!r}, not a gamecore.Game subclass")
    return cls


def get_game(name: str, **options: Any) -> Game:
    """An instance of game ``name`` with ``options`` (e.g. ``players=4``)."""
    return game_class(name)(**options)
