"""The game interface: one class a plugin subclasses, joined from the parts it implements.

Modelled on OpenSpiel's split: a :class:`Game` holds what never changes (name,
players, teams, feature set, kernel) and makes :class:`~gamecore.state.State`
objects, each one position with its move history. The rules themselves live in
the game's kernel module (see :mod:`gamecore.kernel_api`). The methods are
grouped by concern in :mod:`gamecore.plugin_api`: rules and text (required),
presentation (three required methods), learning and environments (optional).
"""

from __future__ import annotations

from gamecore.plugin_api.environments import Environments
from gamecore.plugin_api.learning import SEARCH_PARAMS_FOLDER as SEARCH_PARAMS_FOLDER
from gamecore.plugin_api.learning import WEIGHTS_FOLDER as WEIGHTS_FOLDER
from gamecore.plugin_api.learning import Learning
from gamecore.plugin_api.rules import Capabilities as Capabilities
from gamecore.plugin_api.rules import FeatureSet as FeatureSet


class Game(Learning, Environments):
    """One game (with its options fixed), e.g. chess, or six-player Duchess.

    Subclasses set the class attributes and implement the abstract methods:
    those of :class:`~gamecore.plugin_api.rules.Rules` and the drawing methods
    of :class:`~gamecore.plugin_api.presentation.Presentation`; everything of
    :class:`~gamecore.plugin_api.learning.Learning` and
    :class:`~gamecore.plugin_api.environments.Environments` has a default.
    Options (``Game(players=4)``) are keyword arguments of ``__init__``; an
    unusable option raises :class:`~gamecore.errors.BadOption`.
    """
