"""Weights files: θ for a linear evaluation, with the facts needed to use it safely.

A file is a NumPy ``.npz`` archive holding ``theta`` (float64) and ``meta``, a
JSON document: the game, the feature-set name, version and size, and free-form
training metadata (algorithm, games played, seed, ...). Loading checks every
fact against the game it is for and refuses a mismatch with a message saying
what did not match — weights are never read against the wrong features.
Saving writes a temporary file, syncs it and renames it over the target, so an
interrupted save never leaves a truncated file behind.
"""

from __future__ import annotations

import json
import os
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from gamecore.errors import GamecoreError
from gamecore.game import Game

FORMAT = "gamecore-weights"
FORMAT_VERSION = 1
DEFAULT_NAME = "default.npz"


def weights_dir() -> Path:
    """Where shipped weights live: ``$GAMECORE_WEIGHTS_DIR``, else ``weights/`` of the checkout."""
    env = os.environ.get("GAMECORE_WEIGHTS_DIR")
    if env:
        return Path(env)
    return Path(__file__).resolve().parent.parent / "weights"


def default_weights_path(game_name: str) -> Path:
    """Where a game's shipped hand-set weights live: ``weights/<game>/default.npz``."""
    return weights_dir() / game_name / DEFAULT_NAME


def write_hand_set(
    game_name: str, theta: np.ndarray, description: str, argv: list[str] | None = None
) -> Path:
    """The command line of a game's ``default_weights`` module: write its hand-set θ.

    ``python -m games.<game>.default_weights [--out FILE]`` rebuilds the shipped
    file from the module, so the two can be kept equal by a test.
    """
    import argparse

    from gamecore.registry import get_game

    default = default_weights_path(game_name)
    parser = argparse.ArgumentParser(description=f"Write the hand-set {game_name} weights file.")
    parser.add_argument("--out", type=Path, default=None, help=f"default: {default}")
    path = parser.parse_args(argv).out or default
    game = get_game(game_name)
    Weights.for_game(game, theta, init="hand-set", description=description).save(path)
    fs = game.feature_set
    print(f"wrote {path} ({fs.count} {fs.name} weights)")
    return path


class BadWeights(GamecoreError):
    """A weights file that cannot be read, or that belongs to other features."""


@dataclass
class Weights:
    """θ plus what it was trained for."""

    theta: np.ndarray
    game: str
    feature_set: str
    feature_version: int
    metadata: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def for_game(cls, game: Game, theta: np.ndarray, **metadata: Any) -> Weights:
        fs = game.feature_set
        theta = np.asarray(theta, dtype=np.float64)
        if theta.shape != (fs.count,):
            raise BadWeights(f"{fs.name} has {fs.count} features, theta has shape {theta.shape}")
        return cls(theta.copy(), game.name, fs.name, fs.version, dict(metadata))

    @classmethod
    def zeros(cls, game: Game, **metadata: Any) -> Weights:
        return cls.for_game(game, np.zeros(game.feature_set.count), **metadata)

    @classmethod
    def random(cls, game: Game, seed: int, scale: float = 1.0, **metadata: Any) -> Weights:
        """Small random weights (uniform in ±scale), the learners' usual starting point."""
        rng = np.random.default_rng(seed)
        theta = rng.uniform(-scale, scale, game.feature_set.count)
        return cls.for_game(game, theta, init="random", seed=seed, scale=scale, **metadata)

    @classmethod
    def default(cls, game: Game) -> Weights:
        """The game's shipped hand-set weights (``weights/<game>/default.npz``), else zeros."""
        path = default_weights_path(game.name)
        if path.is_file():
            return cls.load(path, game)
        return cls.zeros(game, init="zeros", note="no default weights shipped for this game")

    def check_fits(self, game: Game) -> None:
        """Raise :class:`BadWeights` unless these weights are for ``game``'s features."""
        fs = game.feature_set
        if self.game != game.name:
            raise BadWeights(f"weights are for game {self.game!r}, not {game.name!r}")
        if (self.feature_set, self.feature_version) != (fs.name, fs.version):
            raise BadWeights(
                f"weights are for features {self.feature_set} v{self.feature_version}, "
                f"game {game.name} uses {fs.name} v{fs.version}"
            )
        if self.theta.shape != (fs.count,):
            raise BadWeights(
                f"weights have {self.theta.size} values, {fs.name} has {fs.count} features"
            )

    def save(self, path: str | os.PathLike) -> None:
        """Write atomically: temporary file, fsync, rename."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        meta = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "feature_set": self.feature_set,
            "feature_version": self.feature_version,
            "feature_count": int(self.theta.size),
            "metadata": self.metadata,
        }
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                np.savez(f, theta=self.theta, meta=np.array(json.dumps(meta)))
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: str | os.PathLike, game: Game | None = None) -> Weights:
        """Read a weights file; with ``game``, also check it fits that game's features."""
        path = Path(path)
        if path.is_file() and not zipfile.is_zipfile(path):
            raise BadWeights(f"{str(path)!r} is not a weights file (truncated, or not .npz)")
        try:
            with np.load(path, allow_pickle=False) as data:
                theta = np.asarray(data["theta"], dtype=np.float64)
                meta = json.loads(str(data["meta"]))
        except FileNotFoundError:
            raise BadWeights(f"weights file {str(path)!r} does not exist") from None
        except (OSError, ValueError, KeyError, zipfile.BadZipFile, json.JSONDecodeError) as exc:
            raise BadWeights(f"{str(path)!r} is not a readable weights file ({exc})") from None
        if meta.get("format") != FORMAT:
            raise BadWeights(f"{str(path)!r} is not a gamecore weights file")
        if meta.get("format_version") != FORMAT_VERSION:
            raise BadWeights(
                f"{str(path)!r} has weights format {meta.get('format_version')}, "
                f"this gamecore reads {FORMAT_VERSION}"
            )
        if theta.ndim != 1 or theta.size != meta.get("feature_count"):
            raise BadWeights(f"{str(path)!r} is corrupt: its size does not match its header")
        if not np.isfinite(theta).all():
            raise BadWeights(f"{str(path)!r} holds non-finite weights")
        weights = cls(
            theta,
            meta["game"],
            meta["feature_set"],
            int(meta["feature_version"]),
            dict(meta.get("metadata", {})),
        )
        if game is not None:
            weights.check_fits(game)
        return weights
