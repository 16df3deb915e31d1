"""Weights files: θ of an evaluation, with the facts needed to use it safely.

A file is a NumPy ``.npz`` archive holding ``theta`` (float64) and ``meta``, a
JSON document: the game, the feature-set name, version and size, and free-form
training metadata (algorithm, games played, seed, ...). Loading checks every
fact against the game it is for and refuses a mismatch with a message saying
what did not match — weights are never read against the wrong features.
Saving writes a temporary file, syncs it and renames it over the target, so an
interrupted save never leaves a truncated file behind.

Games ship named weights files in their own package (:meth:`Game.named_weights`);
:func:`resolve_weights` turns what a user types — ``zeros``, ``default``, a
shipped name or a path — into weights, the same way in every command.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import zipfile
from dataclasses import dataclass, field
from importlib.resources import as_file
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import numpy as np

from gamecore.errors import BadOption, GamecoreError
from gamecore.evaluations import Evaluation, evaluation_of_feature_set, linear
from gamecore.files import check_input, write_atomically
from gamecore.game import Game

FORMAT = "gamecore-weights"
FORMAT_VERSION = 1
DEFAULT = "default"
"""The name of a game's shipped weights that ``default`` picks."""
ZEROS = "zeros"
"""All-zero weights: a searching player that knows only the rules, the yardstick learners
must beat."""


def shipped_path(game_cls: type[Game], name: str) -> Path:
    """Where the game's shipped weights ``name`` are written (its package's ``weights/``).

    Only for rebuilding shipped files from a source checkout: the folder must be on disk.
    """
    folder = game_cls.weights_folder()
    if not isinstance(folder, Path):
        raise BadOption(f"{game_cls.name}'s weights folder {folder} is not on disk; give --out")
    return folder / f"{name}.npz"


def write_hand_set(
    game_name: str, theta: np.ndarray, description: str, argv: list[str] | None = None
) -> Path:
    """The command line of a game's ``default_weights`` module: write its hand-set θ.

    ``python -m games.<game>.default_weights [--out FILE]`` rebuilds the shipped
    file from the module, so the two can be kept equal by a test.
    """
    import argparse

    from gamecore.registry import game_class, get_game

    parser = argparse.ArgumentParser(description=f"Write the hand-set {game_name} weights file.")
    parser.add_argument(
        "--out", type=Path, default=None, help="default: the game's shipped default.npz"
    )
    path = parser.parse_args(argv).out or shipped_path(game_class(game_name), DEFAULT)
    game = get_game(game_name)
    Weights.for_game(game, theta, init="hand-set", description=description).save(path)
    fs = game.feature_set
    print(f"wrote {path} ({fs.count} {fs.name} weights)")
    return path


def resolve_weights(game: Game, spec: str, others: tuple[str, ...] = ()) -> Weights:
    """The weights a command-line spec names: ``zeros``, ``default``, a name the game ships,
    or a weights file — the one reading every command shares.

    A bare word that is neither a name nor an existing file is an unknown name
    (:class:`BadWeights` listing the names); anything with a path separator or the
    ``.npz`` suffix is a file. ``others`` are the names the caller itself accepts
    (``random``, ...), listed in that message too. An explicit ``default`` for a game
    that ships none says on stderr that it plays with zeros.
    """
    if spec == ZEROS:
        return Weights.zeros(game, init=ZEROS)
    if spec == DEFAULT:
        weights = Weights.default(game)
        if "note" in weights.metadata:
            sys.stderr.write(f"note: {weights.metadata['note']}\n")
        return weights
    shipped = game.named_weights()
    if spec in shipped:
        return _load_shipped(shipped[spec], game)
    if _names_a_file(spec) or Path(spec).exists():
        return Weights.load(spec, game)
    names = ", ".join(sorted({*others, ZEROS, DEFAULT, *shipped}))
    raise BadWeights(f"unknown weights {spec!r}: {game.name} knows {names}, or give a weights file")


def spec_label(spec: str) -> str:
    """A short name for the player a spec makes: the name itself, or a file's stem."""
    return Path(spec).stem if _names_a_file(spec) else spec


def _names_a_file(spec: str) -> bool:
    """A spec that can only be a path: it has a folder in it or the weights suffix."""
    return "/" in spec or os.sep in spec or spec.endswith(".npz")


def _load_shipped(entry: Traversable, game: Game) -> Weights:
    with as_file(entry) as path:
        return Weights.load(path, game)


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
    def for_game(
        cls, game: Game, theta: np.ndarray, evaluation: Evaluation | None = None, **metadata: Any
    ) -> Weights:
        """θ of ``evaluation`` (default: the game's linear features) for ``game``."""
        fs = (evaluation or linear(game)).feature_set
        theta = np.asarray(theta, dtype=np.float64)
        if theta.shape != (fs.count,):
            raise BadWeights(f"{fs.name} has {fs.count} features, theta has shape {theta.shape}")
        return cls(theta.copy(), game.name, fs.name, fs.version, dict(metadata))

    def evaluation(self, game: Game) -> Evaluation:
        """The evaluation these weights are for (they must fit ``game``: see :meth:`check_fits`)."""
        evaluation = evaluation_of_feature_set(game, self.feature_set)
        if evaluation is None:
            self.check_fits(game)  # raises, naming what does not fit
            raise AssertionError("unreachable")
        return evaluation

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
        """The game's shipped ``default`` weights, else all zeros (with a note saying so)."""
        shipped = game.named_weights()
        if DEFAULT in shipped:
            return _load_shipped(shipped[DEFAULT], game)
        return cls.zeros(
            game, init=ZEROS, note=f"{game.name} ships no default weights; using all zeros"
        )

    def upgraded(self, game: Game) -> Weights:
        """These weights carried forward to ``game``'s feature-set version when they are for
        an older version of the same set and the game knows how (:meth:`Game.upgrade_theta`);
        otherwise themselves (and :meth:`check_fits` says why they do not fit)."""
        fs = game.feature_set
        same_set = (self.game, self.feature_set) == (game.name, fs.name)
        if not same_set or self.feature_version >= fs.version:
            return self
        theta = game.upgrade_theta(self.feature_version, self.theta.copy())
        if theta is None:
            return self
        metadata = {**self.metadata, "upgraded_from_feature_version": self.feature_version}
        theta = np.asarray(theta, dtype=np.float64)
        return Weights(theta, self.game, fs.name, fs.version, metadata)

    def edited(self, theta: np.ndarray | None = None) -> Weights:
        """A copy with ``theta`` (default: the same values) and without the training
        checkpoint: weights whose values were changed by hand are no run's state to resume."""
        values = self.theta if theta is None else np.asarray(theta, dtype=np.float64)
        if values.shape != self.theta.shape:
            raise BadWeights(f"{self.feature_set} has {self.theta.size} weights, not {values.size}")
        metadata = {k: v for k, v in self.metadata.items() if k != "training"}
        if "training" in self.metadata:
            metadata["edited_after_training"] = True
        return Weights(values.copy(), self.game, self.feature_set, self.feature_version, metadata)

    def digest(self) -> str:
        """A short fingerprint of θ: a checkpoint records it, so a resume notices weights
        changed after the checkpoint was written."""
        values = np.ascontiguousarray(self.theta, dtype=np.float64).tobytes()
        return hashlib.sha256(values).hexdigest()[:16]

    def check_fits(self, game: Game) -> None:
        """Raise :class:`BadWeights` unless these weights are for one of ``game``'s
        evaluations (its linear features, or a network of its neighbourhoods)."""
        if self.game != game.name:
            raise BadWeights(f"weights are for game {self.game!r}, not {game.name!r}")
        evaluation = evaluation_of_feature_set(game, self.feature_set)
        fs = evaluation.feature_set if evaluation is not None else game.feature_set
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
        write_atomically(
            path, lambda f: np.savez(f, theta=self.theta, meta=np.array(json.dumps(meta))), True
        )

    @classmethod
    def load(cls, path: str | os.PathLike, game: Game | None = None) -> Weights:
        """Read a weights file; with ``game``, also check it fits that game's features."""
        path = check_input(path, "weights file", BadWeights)  # a FIFO would block np.load
        if not zipfile.is_zipfile(path):
            raise BadWeights(f"{str(path)!r} is not a weights file (truncated, or not .npz)")
        try:
            with np.load(path, allow_pickle=False) as data:
                raw = data["theta"]
                meta = json.loads(str(data["meta"]))
        except Exception as exc:  # numpy's header parser raises SyntaxError, TokenError, ...
            reason = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
            raise BadWeights(f"{str(path)!r} is not a readable weights file ({reason})") from None
        if not isinstance(meta, dict) or meta.get("format") != FORMAT:
            raise BadWeights(f"{str(path)!r} is not a gamecore weights file")
        if not (np.issubdtype(raw.dtype, np.floating) or np.issubdtype(raw.dtype, np.integer)):
            raise BadWeights(f"{str(path)!r} holds {raw.dtype} weights, not real numbers")
        theta = np.asarray(raw, dtype=np.float64)
        if meta.get("format_version") != FORMAT_VERSION:
            raise BadWeights(
                f"{str(path)!r} has weights format {meta.get('format_version')}, "
                f"this gamecore reads {FORMAT_VERSION}"
            )
        _check_header(path, meta)
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
            weights = weights.upgraded(game)
            weights.check_fits(game)
        return weights


_HEADER_TYPES = {
    "game": str,
    "feature_set": str,
    "feature_version": int,
    "feature_count": int,
    "metadata": dict,
}


def _check_header(path: Path, meta: dict) -> None:
    """Every header field present with its type (bool is not an int here)."""
    for name, kind in _HEADER_TYPES.items():
        if name == "metadata" and name not in meta:
            continue  # optional: files may carry no metadata
        value = meta.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise BadWeights(
                f"{str(path)!r} is corrupt: header field {name!r} should be "
                f"{kind.__name__}, not {type(value).__name__}"
            )
