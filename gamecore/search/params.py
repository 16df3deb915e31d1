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
from typing import Any, NamedTuple

from gamecore.errors import BadOption
from gamecore.files import write_text_atomically
from gamecore.game import Game
from gamecore.values import MAX_EVAL, MAX_PLY, ONE_PLY

NULL_VERIFY_MOVES = 16
"""Tournament mode verifies null-move cut-offs at nodes with this many legal moves or
fewer (see ``SearchParams.null_verify_moves``)."""


class SearchParams(NamedTuple):
    """Every search knob, in one record a tuner can change (seed 004 tunes them).

    Training mode uses only what does not depend on the evaluation weights —
    transposition table, killers, history, check extension, quiescence — so
    that learning from the search tree is not biased by pruning decisions the
    weights made (Veness et al. 2009, §5). Tournament mode adds the rest.
    Depths are in plies; extensions are in quarter plies (``ONE_PLY`` units).
    This module reads and writes them as files, with ranges.
    """

    pvs: bool = True
    """Null-window search of all but the first move, re-searching on fail-high."""
    quiescence: bool = True
    killers: bool = True
    history: bool = True
    null_move: bool = False
    null_reduction: int = 2
    """R: plies saved by the null-move search (2 is the classic safe choice)."""
    null_adaptive: bool = False
    """Adaptive null move (Heinz): R one less near the leaves."""
    null_adaptive_depth: int = 6
    """With ``null_adaptive``: at this many plies left or fewer, R − 1 is used."""
    null_verify_moves: int = 0
    """Verified null move (after Tabibi & Netanyahu 2002) where the side to move has at
    most this many legal moves (0: never): a null-move cut-off there stands only if the
    node's own moves, searched R plies shallower with no null move at the node, also
    reach beta. Zugzwang, where every move is worse than passing, lives in positions
    with few moves (sparse endings); there the null move pruned away quiet mates."""
    futility: bool = False
    futility_depth: int = 1
    """Futility pruning at this many plies from the horizon or fewer (0 to 3)."""
    futility_margin_1: float = 200.0
    """With one ply left, skip quiet moves when static value + margin cannot reach alpha.
    In evaluation units: about two pawns with the shipped chess weights."""
    futility_margin_2: float = 500.0
    futility_margin_3: float = 900.0
    multi_cut: bool = False
    """Multi-cut (Björnsson & Marsland): at a node the table says cut off before, search
    the first moves shallower; enough cut-offs among them prune the node."""
    multi_cut_reduction: int = 2
    """Extra plies the trial searches save."""
    multi_cut_depth: int = 4
    """Tried only with at least this many plies left."""
    multi_cut_moves: int = 10
    multi_cut_cuts: int = 3
    check_extension: int = 4
    """Quarter plies added to a move that gives check (reduces the horizon effect)."""
    one_reply_extension: int = 0
    """Quarter plies added to the only legal move."""
    recapture_extension: int = 0
    """Quarter plies added to a capture on the cell the previous move captured on (games
    that define ``move_target``)."""
    game_extension: int = 0
    """Quarter plies added to a move the game's ``extends_move`` names (chess: a pawn to
    its seventh rank, the paper's passed-pawn extension)."""
    mate_threat_extension: int = 0
    """Quarter plies added to a node where passing loses to a mate (the null-move search
    returns a mate score)."""
    lmr: bool = False
    lmr_min_depth: int = 3
    lmr_min_moves: int = 4
    """Reduce quiet moves only after this many moves were searched at full depth."""
    lmr_reduction: int = 1
    check_evasion_plies: int = 4
    """Quiescence answers a check with every move only this many plies deep; below, a
    checked side stands pat and searches noisy moves. In six-player Duchess checks pass
    from seat to seat: one depth-1 search of a random position took 41,210 nodes, 25 plies
    deep, where the 99th percentile of 300 positions was 4,103; with 4 it takes 10,091, with
    the same move and value."""
    quiescence_plies: int = MAX_PLY
    """Quiescence stands pat this many plies past the horizon (the default: never). In
    multi-player games every seat has captures and a nearly flat evaluation seldom cuts: a
    depth-4 six-player Duchess search under small random weights ran to ply 42 and 17.4M
    nodes, 99.7% of them in quiescence (see BENCHMARKS.md, "Quiescence depth")."""
    aspiration: bool = False
    aspiration_window: float = 50.0
    """Half-width of the first window around the previous iteration's value."""
    contempt: float = 0.0
    """How much worse than a level position a draw (repetition, the game's draw rules) is
    for the team the search plays for, in evaluation units: above 0 it plays on where it
    can rather than take the draw. Engines use it against weaker opponents; 0 is the
    honest value of a draw."""
    lazy_margin: float = 0.0
    """Lazy evaluation, for games that keep an additive accumulator (``value_additive``):
    where that part alone lies this far beyond what a test needs (stand-pat against the
    window, the null-move and futility tests), it stands in for the value, ``margin`` to
    the safe side, and the rest of the evaluation is not computed. A margin the rest can
    exceed makes the search inexact there; 0 (the default) always evaluates in full."""

    @classmethod
    def training(cls) -> SearchParams:
        return cls()

    @classmethod
    def tournament(cls) -> SearchParams:
        return cls(
            null_move=True,
            null_verify_moves=NULL_VERIFY_MOVES,
            futility=True,
            lmr=True,
            aspiration=True,
        )

    def exhaustive(self) -> SearchParams:
        """These settings without the pruning that can cut a forced line (null move, LMR,
        futility, multi-cut): what a requested mate search needs, which must find every
        mate within its depth, quiet first moves and zugzwang included."""
        return self._replace(null_move=False, lmr=False, futility=False, multi_cut=False)

    @classmethod
    def plain(cls) -> SearchParams:
        """Full width to the depth and no further: no quiescence, no extensions (seed 001's
        fixed-depth agents; a nearly flat evaluation cannot make it explode)."""
        return cls(quiescence=False, check_extension=0)


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
    "null_verify_moves": Range(0, 255, 0),  # a safeguard against zugzwang, not tuned
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
