"""Continuing a run from its checkpoint: the stored configuration, checked for damage."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from gamecore.bounds import is_finite_number, is_whole
from gamecore.errors import BadOption
from gamecore.training.config import TrainConfig
from gamecore.training.games import Progress
from gamecore.weights import Weights


def resume_config(checkpoint: Weights, **overrides: Any) -> TrainConfig:
    """The configuration stored in a checkpoint, with ``overrides`` applied (e.g. more games)."""
    try:
        stored = checkpoint.metadata["training"]["config"]
    except (KeyError, TypeError):
        raise BadOption("that weights file is not a training checkpoint") from None
    # Runs checkpointed before the update rules existed used the paper's rule.
    if not isinstance(stored, dict):
        raise BadOption("that checkpoint is damaged: its configuration is not a record")
    # ... those from before twin features were tied learned every weight on its own, and
    # those from before quiet leaves moved every position itself, and networks from before
    # symmetric weights were averaged kept them apart.
    stored = {
        "update": "sgd",
        "loss": "value",
        "average": False,
        "tie_sides": False,
        "quiet_leaves": False,
        "symmetry": "none",
        "sparring": "none",
        **stored,
    }
    known = {field.name for field in dataclasses.fields(TrainConfig)}
    unknown = sorted(set(stored) - known, key=repr)
    if unknown:
        raise BadOption(f"that checkpoint is damaged: its configuration has {unknown[0]!r:.60}")
    try:
        config = TrainConfig(**stored)
    except TypeError as exc:  # a field missing: its name is an identifier, the line one line
        raise BadOption(f"that checkpoint is damaged: {exc}") from None
    _check_training_state(checkpoint)  # the configuration is checked by the Trainer
    return dataclasses.replace(config, **{k: v for k, v in overrides.items() if v is not None})


def _check_training_state(checkpoint: Weights) -> None:
    """The progress, random state and live θ a resume continues from, or one line naming the
    damage (nothing is changed: the check runs before the run opens any file)."""
    state = checkpoint.metadata["training"]
    try:
        progress = Progress(**state["progress"])
        np.random.default_rng().bit_generator.state = state["rng"]
    except (KeyError, TypeError, ValueError, OverflowError) as exc:
        raise BadOption(f"that checkpoint is damaged: {type(exc).__name__}: {exc}") from None
    digest = state.get("theta_digest")
    if digest is not None and digest != checkpoint.digest():
        raise BadOption(
            "that file's weights were changed after its checkpoint was written, so it is no "
            "run's state to resume: start a new run from them with --init"
        )
    counts = (progress.games_done, progress.wins, progress.draws, progress.losses)
    if any(not is_whole(n) or n < 0 for n in counts):
        raise BadOption(f"that checkpoint is damaged: negative or fractional counts {counts}")
    if "live_theta" in state:
        live = state["live_theta"]
        if (
            not isinstance(live, list)
            or len(live) != checkpoint.theta.size
            or not all(is_finite_number(x) for x in live)
        ):
            raise BadOption("that checkpoint is damaged: its live weights are not finite numbers")
