"""gamecore: a multi-game engine framework that learns its own evaluation from search."""

from gamecore.errors import BadMove, BadOption, BadPosition, GamecoreError, PluginError, UnknownGame
from gamecore.game import Capabilities, FeatureSet, Game
from gamecore.kernel_api import DRAW, LOSS, ONGOING, WIN
from gamecore.registry import game_names, get_game
from gamecore.state import State

__version__ = "0.1.0"

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
    "game_names",
    "get_game",
]
