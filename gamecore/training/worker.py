"""What the parallel trainer sends a worker for one game, and what comes back.

The worker's side is :func:`play_training_game`, which plays each game with a
:class:`~gamecore.training.games.TrainingGames` kept for the run.

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
update rule's running averages (Adam's moments, ``nlms-scaled``'s mean
squares) are merged the same way: each game's updates are taken in after the
games merged meanwhile, exactly as if it had been played then
(:func:`~gamecore.learners.updates.merge_average`). EG±'s positive and
negative parts, which say more than θ, are the last merged game's; when θ no
longer matches them (another game was merged), they are split afresh from θ.

Each game's random choices (opening plies, a random opponent) come from a
generator seeded with the run's seed and the game's index, so they do not
depend on which worker plays it or when.
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass
from typing import Any

import numpy as np

from gamecore.training.config import TrainConfig
from gamecore.training.games import TrainingGames
from gamecore.training.live import LivePublisher


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


_TABLES: dict[str, TrainingGames] = {}
"""Per worker process: one table of games per configuration, reused across its games."""


def play_training_game(task: GameTask) -> GameReport:
    """Play and learn from one game with the task's θ; return what it changed."""
    table = games_for(task.config)
    learner = table.learner
    learner.theta[:] = task.theta
    learner.rule.load_state(task.rule_state)
    learner.trainable = task.mask
    if task.params is not None:
        learner.searcher.set_params(task.params)
    table.rng.bit_generator.state = game_seed(task.config.seed, task.index).bit_generator.state
    table.live = _publisher(task)
    row = table.play_game(task.index, task.partner)
    return GameReport(
        index=task.index,
        delta=learner.theta - task.theta,
        row=row,
        rule_state=learner.rule.state(),
        worker=os.getpid(),
    )


def _publisher(task: GameTask) -> LivePublisher | None:
    """The worker's publisher of ``task.live`` (kept across games, so its pace holds)."""
    if task.live is None:
        return None
    config = task.config
    key = ("live", task.live)
    if key not in _PUBLISHERS:
        _PUBLISHERS.clear()
        _PUBLISHERS[key] = LivePublisher(task.live, config.game, config.game_options, config.games)
    return _PUBLISHERS[key]


_PUBLISHERS: dict[tuple[str, str], LivePublisher] = {}


def games_for(config: TrainConfig) -> TrainingGames:
    key = repr(config)
    if key not in _TABLES:
        _TABLES.clear()
        # The driver checks files and measures the weights; a worker only plays, with the θ,
        # stage mask and search parameters each task brings. The starting weights are the
        # evaluation's own random ones (no file to read, and of the network's shape, where
        # ``zeros`` would be linear), overwritten by the task's θ anyway.
        local = dataclasses.replace(
            config, init=None, eval_every=0, stages=None, tune_search_every=0
        )
        _TABLES[key] = TrainingGames(local)
    return _TABLES[key]


def compile_learning(config: TrainConfig) -> None:
    """Compile the run's learner kernels into the disk cache (a helper process's one task
    while the driver compiles the search; see ``gamecore.commands.train.warm_up``)."""
    games_for(config).warm_up_learning()
