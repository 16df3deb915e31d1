"""Which evaluation a set of weights belongs to: the game's linear features or a network.

Every weights file names its feature set (:class:`gamecore.game.FeatureSet`).
The game's own set is the linear evaluation θ·φ(s); the sets
``GAME-neighbourhoods-pairs`` and ``GAME-neighbourhoods-triples`` are the
neighbourhood network of seed 001 (:mod:`gamecore.network.model`) with
that tuple expansion, for a game that declares neighbourhood relations.
:func:`evaluation_named` and :func:`evaluation_of` turn a name or a weights
file into an :class:`Evaluation`, which tells the binder which evaluation
template the search and the learners import and gives the search the
buffers it needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from gamecore.errors import BadOption, Unsupported
from gamecore.game import FeatureSet, Game

if TYPE_CHECKING:
    from gamecore.network.model import NetworkShape

LINEAR = "linear"
RANDOM = "random"
NETWORKS = {"network-pairs": "pairs", "network-triples": "triples"}
"""Evaluation names of the network, by tuple expansion."""
NETWORK_VERSION = 1


class NetworkBuffers(NamedTuple):
    """The network's tables and scratch arrays inside the search context (``ctx.net``).

    The linear evaluation gets the same record with empty arrays: the search context
    keeps one type, and the linear templates never read it.
    """

    codes: np.ndarray
    """[cells] the occupant codes of the position being evaluated."""
    inputs: np.ndarray
    """[cells, slots] its base-table indices."""
    lines: np.ndarray
    steps: np.ndarray
    n_codes: int
    order: int
    first_tuple: int
    mean_at: int
    x: np.ndarray
    y_hat: np.ndarray
    dx: np.ndarray
    grad: np.ndarray
    """[θ] where one gradient is summed; all zero between evaluations."""


@dataclass(frozen=True)
class Evaluation:
    """One evaluation of one game: its feature set (for weights files) and template."""

    name: str
    """``linear``, ``network-pairs``, ``network-triples`` (or ``random``, see
    :func:`random_evaluation`)."""
    feature_set: FeatureSet
    shape: NetworkShape | None = None
    """The network's layout in θ (None: linear)."""

    @property
    def size(self) -> int:
        return self.feature_set.count

    @property
    def template(self) -> str:
        """The evaluation template the bound search and learners import."""
        if self.name == RANDOM:
            return "gamecore.algorithms.random_evaluation"
        if self.shape is None:
            return "gamecore.algorithms.evaluation"
        return "gamecore.algorithms.network_evaluation"

    @property
    def is_linear(self) -> bool:
        return self.shape is None

    def buffers(self) -> NetworkBuffers:
        """Fresh buffers for one search context."""
        shape = self.shape
        if shape is None:
            empty = np.zeros(0, dtype=np.int64)
            return NetworkBuffers(
                empty,
                np.zeros((0, 0), dtype=np.int64),
                np.zeros((0, 0, 0), dtype=np.int64),
                np.zeros((0, 0), dtype=np.int64),
                0,
                0,
                0,
                0,
                np.zeros((0, 0)),
                np.zeros(0),
                np.zeros(0),
                np.zeros(0),
            )
        relations = shape.relations
        cells, slots = relations.cells, relations.slots
        return NetworkBuffers(
            np.zeros(cells, dtype=np.int64),
            np.zeros((cells, slots), dtype=np.int64),
            relations.lines,
            relations.steps,
            relations.codes,
            shape.order,
            shape.first_tuple,
            shape.mean,
            np.zeros((cells, slots)),
            np.zeros(cells),
            np.zeros(slots),
            np.zeros(shape.size),
        )

    def initial_weights(self, seed: int, scale: float = 1.0) -> np.ndarray:
        """Small random starting weights (the linear ones uniform in ±``scale``)."""
        if self.shape is None:
            return np.random.default_rng(seed).uniform(-scale, scale, self.size)
        from gamecore.network.model import initial_weights

        return initial_weights(self.shape, seed)


def linear(game: Game) -> Evaluation:
    return Evaluation(LINEAR, game.feature_set)


def random_evaluation(game: Game) -> Evaluation:
    """Beal's random evaluation (:mod:`gamecore.algorithms.random_evaluation`): an opponent
    for experiments, never learned; its θ is the game's linear one, unread."""
    return Evaluation(RANDOM, game.feature_set)


def evaluation_named(game: Game, name: str) -> Evaluation:
    """The evaluation ``name`` of ``game``; :class:`BadOption` for an unknown name and
    :class:`Unsupported` for a network of a game without neighbourhoods (one line each)."""
    if name == LINEAR:
        return linear(game)
    if name not in NETWORKS:
        choices = ", ".join((LINEAR, *NETWORKS))
        raise BadOption(f"unknown evaluation {name!r} (choose from {choices})")
    from gamecore.neighbourhoods import relations_of
    from gamecore.network.model import network_shape

    expansion = NETWORKS[name]
    shape = network_shape(relations_of(game), expansion)
    feature_set = FeatureSet(f"{game.name}-neighbourhoods-{expansion}", NETWORK_VERSION, shape.size)
    return Evaluation(name, feature_set, shape)


def evaluation_of_feature_set(game: Game, feature_set: str) -> Evaluation | None:
    """The evaluation of ``game`` whose feature set is called ``feature_set`` (None: none)."""
    if feature_set == game.feature_set.name:
        return linear(game)
    for name, expansion in NETWORKS.items():
        if feature_set == f"{game.name}-neighbourhoods-{expansion}":
            try:
                return evaluation_named(game, name)
            except Unsupported:
                return None
    return None
