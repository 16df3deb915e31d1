"""Weights set by hand, by feature name, and shipped with a game.

A plugin author writes values for named features — or for every feature a
pattern names (``own:*``, ``own:?7``, shell-style, :mod:`fnmatch`) — and gets
weights (:func:`weights_by_name`) to save or to ship in the game's package,
where ``gamecore games`` lists them and every command takes their name
(:func:`ship`). Names come from :meth:`gamecore.game.Game.feature_names`.
Later entries win over earlier ones, so a general pattern can be refined.

Weights made here carry no training state: a file read from a training run
and written back with new values (:meth:`gamecore.weights.Weights.edited`)
loses its checkpoint, so nothing resumes from a state that no longer matches.
"""

from __future__ import annotations

from collections.abc import Mapping
from fnmatch import fnmatchcase
from pathlib import Path

import numpy as np

from gamecore.errors import BadOption
from gamecore.game import Game
from gamecore.weights import Weights, shipped_path


def weights_by_name(
    game: Game,
    values: Mapping[str, float],
    description: str = "",
    start: Weights | None = None,
) -> Weights:
    """Weights for ``game`` with each named feature, or each feature a pattern matches, set
    to its value (in order); the rest as in ``start`` (default: 0).

    :class:`BadOption` names a key that matches no feature, or a value that is not a finite
    number."""
    names = game.feature_names()
    if len(set(names)) != len(names):
        raise BadOption(f"{game.name}'s feature names are not distinct; names cannot set them")
    theta = np.zeros(len(names)) if start is None else start.edited().theta.copy()
    index = {name: i for i, name in enumerate(names)}
    for key, value in values.items():
        try:
            number = float(value)
        except (TypeError, ValueError):
            number = float("nan")
        if not np.isfinite(number):
            raise BadOption(f"the weight of {key!r} must be a finite number, not {value!r}")
        matched = (
            [index[key]]
            if key in index
            else [i for i, n in enumerate(names) if fnmatchcase(n, key)]
        )
        if not matched:
            raise BadOption(
                f"no feature of {game.name} is named or matches {key!r} (its names look like "
                f"{', '.join(repr(n) for n in names[:3])}; `gamecore write-weights "
                f"{game.name} --list` shows them all)"
            )
        theta[matched] = number
    metadata = {"init": "hand-set"}
    if description:
        metadata["description"] = description
    return Weights.for_game(game, theta, **metadata)


def parse_assignments(pairs: list[str]) -> dict[str, float]:
    """``NAME=VALUE`` pairs of the command line (the name may be a pattern), in order."""
    values: dict[str, float] = {}
    for pair in pairs:
        name, sep, value = pair.rpartition("=")
        if not sep or not name:
            raise BadOption(f"{pair!r} is not NAME=VALUE (e.g. 'own:*=100')")
        try:
            values[name] = float(value)
        except ValueError:
            raise BadOption(f"{pair!r}: {value!r} is not a number") from None
    return values


def ship(game: Game, weights: Weights, name: str) -> Path:
    """Write ``weights`` into the game's own ``weights/`` folder as ``NAME.npz``, so that
    ``gamecore games`` lists it and ``NAME`` can be given wherever weights are asked for.
    The folder must be on disk (a source checkout or an editable install)."""
    if not name or not all(c.isalnum() or c in "-_" for c in name):
        raise BadOption(f"a shipped weights name is letters, digits, - and _, not {name!r}")
    weights.check_fits(game)
    path = shipped_path(type(game), name)
    weights.save(path)
    return path
