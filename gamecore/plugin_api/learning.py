"""What a game adds for learning: feature groups and names, twins, shipped weights.

All optional, with defaults: a game that only sets ``feature_set`` (in
:class:`~gamecore.plugin_api.rules.Rules`) can be trained; these say more about
its features (groups for staged learning, names for hand-set weights, the twins
of a mover-view evaluation) and where its shipped weights and recipe are.
"""

from __future__ import annotations

import sys
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from gamecore.errors import PluginError

if TYPE_CHECKING:
    from gamecore.neighbourhoods import Relations
from gamecore.plugin_api.rules import Rules

WEIGHTS_FOLDER = "weights"
"""Folder of a game's package holding its shipped weights files."""
SEARCH_PARAMS_FOLDER = "search"
"""Folder of a game's package holding its shipped search-parameters files."""


def _package_of(cls: type) -> str:
    """The package a class is defined in (the module itself for a top-level module)."""
    module = sys.modules.get(cls.__module__)
    return (getattr(module, "__package__", None) or cls.__module__) if module else cls.__module__


class Learning(Rules):
    """Learning's view of a game: optional, with defaults (see the module)."""

    feature_ranges: ClassVar[tuple[tuple[str, int, int], ...]] = ()
    """The feature set's sections as ``(group, first index, end index)``, for staged learning."""

    opening_books: ClassVar[dict[str, Path]] = {}
    """Named opening books shipped with the game (see :mod:`gamecore.play.openings`)."""

    weights_package: ClassVar[str | None] = None
    """Package whose ``weights/`` folder holds the game's shipped weights, one ``NAME.npz``
    per name (see :meth:`named_weights`); None: the package that defines the class."""

    training_defaults: ClassVar[dict[str, Any]] = {}
    """Defaults of ``gamecore train`` for this game (games, depth, max_plies, opening_plies, vs),
    chosen so that a run with no options finishes within ten minutes and beats zero weights."""

    training_defaults_against: ClassVar[dict[str, dict[str, Any]]] = {}
    """Changes to :attr:`training_defaults` when ``--vs`` names that opponent (e.g. a short
    first run against ``random``)."""

    @classmethod
    def weights_folder(cls) -> Traversable:
        """The folder of the game's shipped weights, read as package data so it works wherever
        the package is installed (a plain ``Path`` for an ordinary install or a checkout)."""
        return cls._data_folder(WEIGHTS_FOLDER)

    @classmethod
    def search_params_folder(cls) -> Traversable:
        """The folder of the game's shipped search-parameters files (``search/`` next to
        ``weights/``; see :mod:`gamecore.search.params`)."""
        return cls._data_folder(SEARCH_PARAMS_FOLDER)

    @classmethod
    def _data_folder(cls, folder: str) -> Traversable:
        package = cls.weights_package or _package_of(cls)
        try:
            return files(package) / folder
        except ModuleNotFoundError:
            raise PluginError(f"game {cls.name!r}: weights package {package!r} not found") from None

    @classmethod
    def named_weights(cls) -> dict[str, Traversable]:
        """The weights files the game ships, by name (file name without ``.npz``), sorted.

        ``default`` is what a player spec ``default`` means; any other name can be given
        wherever weights are asked for (``gamecore match chess treestrap-mm-selfplay default``).
        """
        folder = cls.weights_folder()
        if not folder.is_dir():
            return {}
        found = {
            entry.name.removesuffix(".npz"): entry
            for entry in folder.iterdir()
            if entry.name.endswith(".npz") and not entry.name.startswith(".") and entry.is_file()
        }
        return dict(sorted(found.items()))

    def upgrade_theta(self, version: int, theta: np.ndarray) -> np.ndarray | None:
        """Weights for an older ``version`` of the game's feature set, carried forward to the
        current version; None when the game cannot (the default), so they are refused.

        Lets a game add features without making its users' weights files useless:
        :meth:`~gamecore.weights.Weights.load` calls it for files of an older version.
        """
        return None

    def feature_groups(self) -> dict[str, np.ndarray]:
        """Named groups of feature indices (e.g. ``material``), for staged learning.

        ``gamecore train --stages`` updates only the groups a stage names.
        Built from :attr:`feature_ranges`; a game without ranges has no groups.
        """
        return {name: np.arange(start, end) for name, start, end in self.feature_ranges}

    def feature_names(self) -> list[str]:
        """A name per feature, for messages and for writing weights by name
        (:mod:`gamecore.hand_weights`): ``group[k]`` for the k-th feature of a group of
        :attr:`feature_ranges`, ``f[i]`` for a feature outside every group. Games with
        better names (``own:a2``) override it; names must be distinct."""
        names = [f"f[{i}]" for i in range(self.feature_set.count)]
        for group, start, end in self.feature_ranges:
            for i in range(start, end):
                names[i] = f"{group}[{i - start}]"
        return names

    def side_mirror(self) -> np.ndarray | None:
        """Per feature, the index of the same feature seen for the other side (-1: none).

        In a two-sided evaluation from the mover's view, "own knight on c3" and "opp
        knight on c6" say the same thing about different sides, so their weights should
        be equal and opposite. Learners can tie such twins (``gamecore train
        --tie-sides``): every update then teaches both, with half the weights to learn.
        None (the default): the game declares no twins.
        """
        return None

    def piece_square_map(self) -> dict[str, np.ndarray]:
        """Per piece glyph, the feature index of its piece-square weight on each cell.

        Arrays are indexed by cell (``len(geometry().cells)``) with -1 where the
        piece has no square weight. Heat maps (``gamecore show-weights``, the
        GUI's weights view) draw ``theta[index]`` on the board; a game without
        piece-square features returns ``{}``.
        """
        return {}

    def neighbourhood_relations(self) -> Relations | None:
        """How the cells see each other (lines and leaper steps), for neighbourhood
        evaluations (:mod:`gamecore.neighbourhoods`); None (the default): the game has
        none. A game that returns relations also defines the kernel's ``cell_codes``."""
        return None
