"""Search parameters as files: read, checked, written, and named per game.

A search-parameters file is JSON::

    {"format": "gamecore-search-params", "version": 1, "game": "chess",
     "params": {"null_reduction": 3, "multi_cut": true, ...}}

Fields left out of ``params`` keep the tournament defaults
(:meth:`SearchParams.tournament`); an unknown field, a value of the wrong type
or outside its range is refused in one line. Games ship named files in their
package's ``search/`` folder (``default`` is what every searching command uses
when no ``--search-params`` is given); ``tournament``, ``training`` (with
the game's own bounds on quiescence, :func:`training`) and ``plain`` (full width to
the depth, no quiescence) name the built-in settings.
:data:`RANGES` also gives the bits of each tunable parameter, for the genetic tuner
(seed 004, Table 1, extended by gamecore's own late-move reduction and aspiration
parameters).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from gamecore.errors import BadOption
from gamecore.files import write_text_atomically
from gamecore.game import Game
from gamecore.search import SearchParams
from gamecore.values import MAX_EVAL, MAX_PLY, ONE_PLY

FORMAT = "gamecore-search-params"
VERSION = 1
BUILT_IN = ("tournament", "training", "plain")


@dataclass(frozen=True)
class Range:
    """The values one parameter may take, and how many bits the tuner spends on it."""

    low: float
    high: float
    bits: int
    """0: not tuned (checked only)."""

    @property
    def is_float(self) -> bool:
        return isinstance(self.low, float)


#: Every parameter a file may set, with its range. The tuned ones (bits > 0) make the
#: chromosome: seed 004's 18 in its order (70 bits), then gamecore's own.
RANGES: dict[str, Range] = {
    "null_move": Range(0, 1, 1),
    "null_reduction": Range(0, 7, 3),
    "null_adaptive": Range(0, 1, 1),
    "null_adaptive_depth": Range(0, 7, 3),
    "futility_depth": Range(0, 3, 2),
    "futility_margin_1": Range(0.0, 1023.0, 10),
    "futility_margin_2": Range(0.0, 1023.0, 10),
    "futility_margin_3": Range(0.0, 1023.0, 10),
    "multi_cut": Range(0, 1, 1),
    "multi_cut_reduction": Range(0, 7, 3),
    "multi_cut_depth": Range(0, 7, 3),
    "multi_cut_moves": Range(0, 31, 5),
    "multi_cut_cuts": Range(0, 7, 3),
    "check_extension": Range(0, ONE_PLY, 3),
    "one_reply_extension": Range(0, ONE_PLY, 3),
    "recapture_extension": Range(0, ONE_PLY, 3),
    "game_extension": Range(0, ONE_PLY, 3),
    "mate_threat_extension": Range(0, ONE_PLY, 3),
    "lmr": Range(0, 1, 1),
    "lmr_min_depth": Range(1, 8, 3),
    "lmr_min_moves": Range(1, 16, 4),
    "lmr_reduction": Range(1, 4, 2),
    "aspiration": Range(0, 1, 1),
    "aspiration_window": Range(8.0, 519.0, 9),
    # Checked, not tuned: they decide what is searched at all, not how selectively.
    "pvs": Range(0, 1, 0),
    "quiescence": Range(0, 1, 0),
    "killers": Range(0, 1, 0),
    "history": Range(0, 1, 0),
    "futility": Range(0, 1, 0),
    "check_evasion_plies": Range(0, MAX_PLY, 0),
    "quiescence_plies": Range(0, MAX_PLY, 0),
    "contempt": Range(0.0, 1023.0, 0),
    "lazy_margin": Range(0.0, 1023.0, 0),
}
assert set(RANGES) == set(SearchParams._fields), "every SearchParams field needs a range"
assert sum(RANGES[name].bits for name in list(RANGES)[:18]) == 70  # seed 004, Table 1


def checked(params: SearchParams) -> SearchParams:
    """``params`` if every value lies in its range, else :class:`BadOption` naming the first
    that does not."""
    for name, value in params._asdict().items():
        check_value(name, value)
    return params


def check_value(name: str, value: Any) -> Any:
    """``value`` converted to the field's type, or :class:`BadOption` (one line)."""
    default = SearchParams._field_defaults[name]
    span = RANGES[name]
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise BadOption(f"search parameter {name} must be true or false, not {value!r}")
        return value
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadOption(f"search parameter {name} must be a number, not {value!r}")
    if isinstance(default, int) and not (isinstance(value, int) or float(value).is_integer()):
        raise BadOption(f"search parameter {name} must be a whole number, not {value!r}")
    if not math.isfinite(value):
        raise BadOption(f"search parameter {name} must be finite, not {value!r}")
    high = MAX_EVAL if span.is_float else span.high  # files may go past the tuner's range
    if not span.low <= value <= high:
        raise BadOption(f"search parameter {name} must be from {span.low:g} to {high:g}")
    return type(default)(value)


def from_dict(values: dict[str, Any], base: SearchParams | None = None) -> SearchParams:
    """``base`` (default: tournament settings) with ``values`` in place; checked."""
    if not isinstance(values, dict):
        raise BadOption("search parameters must be an object of name: value")
    unknown = sorted(set(values) - set(SearchParams._fields), key=repr)
    if unknown:
        raise BadOption(f"unknown search parameter {unknown[0]!r}")
    fixed = {name: check_value(name, value) for name, value in values.items()}
    return checked((base or SearchParams.tournament())._replace(**fixed))


def read(path: str | Path | Traversable, game: Game | None = None) -> SearchParams:
    """The parameters in the file at ``path``; :class:`BadOption` (one line) for a file that
    cannot be read, is not a search-parameters file, or is for another game."""
    where = str(path)
    source = Path(path) if isinstance(path, str) else path
    try:
        data = json.loads(source.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        message = f"search parameters {where} are not JSON ({exc.msg}, line {exc.lineno})"
        raise BadOption(message) from None
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or type(exc).__name__
        raise BadOption(f"cannot read search parameters {where}: {reason}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadOption(f'{where} is not a search-parameters file (no "format": "{FORMAT}")')
    if data.get("version") != VERSION:
        raise BadOption(f"search parameters {where}: unknown version {data.get('version')!r}")
    unknown = sorted(set(data) - {"format", "version", "game", "params", "note"}, key=repr)
    if unknown:
        raise BadOption(f"search parameters {where}: unknown field {unknown[0]!r}")
    if game is not None and data.get("game", game.name) != game.name:
        raise BadOption(f"search parameters {where} are for {data['game']!r}, not {game.name!r}")
    try:
        return from_dict(data.get("params", {}))
    except BadOption as exc:
        raise BadOption(f"search parameters {where}: {exc}") from None


def write(path: str | Path, params: SearchParams, game: Game, note: str = "") -> None:
    """Write every field of ``params`` for ``game`` (atomically: the old file survives a crash)."""
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": game.name}
    if note:
        data["note"] = note
    data["params"] = checked(params)._asdict()
    write_text_atomically(Path(path), json.dumps(data, indent=2) + "\n")


def named(game: Game) -> dict[str, Traversable]:
    """The search-parameters files ``game`` ships, by name (``search/NAME.json``)."""
    folder = game.search_params_folder()
    if not folder.is_dir():
        return {}
    return {
        entry.name.removesuffix(".json"): entry
        for entry in sorted(folder.iterdir(), key=lambda e: e.name)
        if entry.name.endswith(".json") and entry.is_file()
    }


SHAPE = ("check_evasion_plies", "quiescence_plies")
"""Parameters that bound how far quiescence goes, whatever the weights: training mode takes
them from the game's default file (Duchess caps quiescence at a round of the seats)."""


def training(game: Game) -> SearchParams:
    """Training mode for ``game``: no pruning that the weights decide, and the game's own
    bounds on quiescence (:data:`SHAPE`) from its default file."""
    default = resolve(game, None)
    return SearchParams.training()._replace(**{name: getattr(default, name) for name in SHAPE})


def resolve(game: Game, spec: str | None) -> SearchParams:
    """What ``--search-params SPEC`` means: ``tournament``, ``training`` (:func:`training`), a
    name the game ships, or a file; None is the game's ``default`` (tournament settings if it
    ships none)."""
    if spec == "training":
        return training(game)
    if spec in BUILT_IN:
        return getattr(SearchParams, spec)()
    shipped = named(game)
    name = "default" if spec is None else spec
    if name in shipped:
        return read(shipped[name], game)
    if spec is None:
        return SearchParams.tournament()
    return read(spec, game)
