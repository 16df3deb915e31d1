"""What the parallel trainer sends a worker for one game, and what comes back.

The worker's side, :func:`gamecore.training.trainer.play_training_game`, lives with the
:class:`~gamecore.training.trainer.Trainer` it plays each game with.

The driver (:meth:`gamecore.training.trainer.Trainer.run` with an executor) owns θ. It
sends each worker a :class:`GameTask`: the run's configuration, the game's
index, a copy of θ as it is now and the update rule's state. The worker plays
that game exactly as the single-process trainer would, learning as it goes,
and returns a :class:`GameReport` with Δθ (θ after the game minus θ sent)
and the game's log row. The driver adds Δθ to its own θ, which other
workers' games may have moved meanwhile.

**Staleness.** A game starts from θ as merged when it was sent; with ``W``
workers, up to ``W − 1`` other games are merged while it plays, so its
updates are computed against weights up to ``W − 1`` games old. For the
bootstrapping learners (the TreeStraps, RootStrap) that is a lag of a
fraction of a game's updates per worker, the asynchronous-SGD regime in which
small steps still converge. TD-Leaf's temporal differences are taken within
one game and one θ, so they stay consistent; only their sum lands late. The
update rule's state (Adam's moments) is the one from the most recently
merged game: the moments of concurrent games are not added, so Adam's
statistics lag by the same games. EG±'s positive and negative parts, which
say more than θ, are likewise the last merged game's; when θ no longer
matches them (another game was merged), they are split afresh from θ.

Each game's random choices (opening plies, a random opponent) come from a
generator seeded with the run's seed and the game's index, so they do not
depend on which worker plays it or when.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from gamecore.training.config import TrainConfig


@dataclass
class GameTask:
    config: TrainConfig
    """The run's configuration as the driver resolved it
    (:func:`~gamecore.training.config.configure`, or a checkpoint's): a worker derives
    nothing from the options again."""
    index: int
    """Which game of the run: decides the learner's team, the book line and the stage."""
    theta: np.ndarray
    rule_state: dict
    mask: np.ndarray | None
    """The stage's trainable features (None: all)."""
    live: str | None = None
    """Publish this game in that ``OUT.live`` file as it is played (one game of those in
    flight is; see :mod:`gamecore.training.live`)."""
    params: Any = None
    """The learner's search parameters when the run re-tunes them (None: as configured)."""
    partner: str | None = None
    """The sparring partner the driver chose for this game (None: as configured)."""


@dataclass
class GameReport:
    index: int
    delta: np.ndarray
    """θ after the game minus θ as sent."""
    row: dict
    """The game's log row (its ``game`` field is set by the driver, in merge order)."""
    rule_state: dict
    worker: int
    """The process id that played it."""


def game_seed(seed: int, index: int) -> np.random.Generator:
    """The random generator of game ``index`` of a run seeded ``seed``."""
    return np.random.default_rng([seed, index])
