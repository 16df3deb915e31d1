"""gamecore: a multi-game engine framework that learns its own evaluation from search.

The public names below are imported on first use, so ``import gamecore`` is cheap
and the ``gamecore`` command can catch Ctrl-C before numpy and numba load.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_HOMES = {
    "BadMove": "gamecore.errors",
    "BadOption": "gamecore.errors",
    "BadPosition": "gamecore.errors",
    "GamecoreError": "gamecore.errors",
    "PluginError": "gamecore.errors",
    "UnknownGame": "gamecore.errors",
    "Unsupported": "gamecore.errors",
    "Capabilities": "gamecore.game",
    "FeatureSet": "gamecore.game",
    "Game": "gamecore.game",
    "DRAW": "gamecore.kernel_api",
    "LOSS": "gamecore.kernel_api",
    "ONGOING": "gamecore.kernel_api",
    "WIN": "gamecore.kernel_api",
    "game_names": "gamecore.registry",
    "get_game": "gamecore.registry",
    "State": "gamecore.state",
}

__all__ = [
    "DRAW",
    "LOSS",
    "ONGOING",
    "WIN",
    "BadMove",
    "BadOption",
    "BadPosition",
    "Capabilities",
    "FeatureSet",
    "Game",
    "GamecoreError",
    "PluginError",
    "State",
    "UnknownGame",
    "Unsupported",
    "game_names",
    "get_game",
]


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module 'gamecore' has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOMES[name]), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from gamecore.errors import (
        BadMove,
        BadOption,
        BadPosition,
        GamecoreError,
        PluginError,
        UnknownGame,
        Unsupported,
    )
    from gamecore.game import Capabilities, FeatureSet, Game
    from gamecore.kernel_api import DRAW, LOSS, ONGOING, WIN
    from gamecore.registry import game_names, get_game
    from gamecore.state import State
