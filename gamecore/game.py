"""The game interface: the fixed facts of a game and its text and display edges.

Modelled on OpenSpiel's split: a :class:`Game` holds what never changes (name,
players, teams, feature set, kernel) and makes :class:`~gamecore.state.State`
objects, each one position with its move history. The rules themselves live in
the game's kernel module (see :mod:`gamecore.kernel_api`); this class adds what
is not on the hot path: reading and writing positions and moves, and geometry
for display.
"""

from __future__ import annotations

import importlib
import sys
from abc import ABC, abstractmethod
from dataclasses import dataclass
from functools import cached_property
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from gamecore.bounds import is_digits
from gamecore.errors import BadMove, BadOption, BadPosition, PluginError, Unsupported
from gamecore.geometry import Geometry, PieceView
from gamecore.kernel_api import NULL_MOVE_FUNCTIONS

if TYPE_CHECKING:
    from gamecore.neighbourhoods import Relations
    from gamecore.search import Score
    from gamecore.state import State


WEIGHTS_FOLDER = "weights"
"""Folder of a game's package holding its shipped weights files."""
SEARCH_PARAMS_FOLDER = "search"
"""Folder of a game's package holding its shipped search-parameters files."""


def _package_of(cls: type) -> str:
    """The package a class is defined in (the module itself for a top-level module)."""
    module = sys.modules.get(cls.__module__)
    return (getattr(module, "__package__", None) or cls.__module__) if module else cls.__module__


@dataclass(frozen=True)
class FeatureSet:
    """Names the feature vector a game's ``features`` kernel writes.

    Weights files record these three facts; loading weights trained for a
    different set (or version, or size) is refused.
    """

    name: str
    version: int
    count: int


@dataclass(frozen=True)
class Capabilities:
    """What algorithms may assume about a game: they read it before running, and refuse
    (:class:`~gamecore.errors.Unsupported`, one line) a game they cannot handle."""

    has_kings: bool
    """``king_attacked`` is meaningful: legal moves never leave the mover's king attacked
    (the search extends check evasions only then)."""
    has_passes: bool
    """Some positions have a pass as their (only) legal move."""
    jit: bool
    """The kernel is numba-compiled (otherwise algorithms run as plain Python)."""
    features: int = 0
    """Length of the feature vector: the learners need at least one feature."""
    null_move: bool = False
    """The kernel defines the null-move functions (the tournament search prunes with them)."""

    def require(self, game: str, what: str, by: str) -> None:
        """Raise Unsupported when ``game`` lacks capability ``what`` ("features") that ``by``
        (the algorithm, for the message) needs."""
        if what == "features" and self.features <= 0:
            raise Unsupported(f"{by} cannot run on {game}: it has no evaluation features to learn")
        if what == "null_move" and not self.null_move:
            raise Unsupported(f"{by} cannot run on {game}: its kernel has no null move")
        if what not in ("features", "null_move"):
            raise ValueError(f"unknown capability {what!r}")


class Game(ABC):
    """One game (with its options fixed), e.g. chess, or six-player Duchess.

    Subclasses set the class attributes and implement the abstract methods.
    Options (``Game(players=4)``) are keyword arguments of ``__init__``; an
    unusable option raises :class:`~gamecore.errors.BadOption`.
    """

    name: ClassVar[str]
    """Registry name, as typed on the command line."""
    kernel_module: ClassVar[str]
    """Dotted path of the module implementing :mod:`gamecore.kernel_api`."""
    max_moves: ClassVar[int]
    """Upper bound on the legal moves of any position (move buffer length)."""
    feature_set: ClassVar[FeatureSet]
    feature_ranges: ClassVar[tuple[tuple[str, int, int], ...]] = ()
    """The feature set's sections as ``(group, first index, end index)``, for staged learning."""
    has_kings: ClassVar[bool] = False
    has_passes: ClassVar[bool] = False
    default_capacity: ClassVar[int] = 1024
    """Plies of history the state arrays hold before they are grown."""
    opening_books: ClassVar[dict[str, Path]] = {}
    """Named opening books shipped with the game (see :mod:`gamecore.openings`)."""
    weights_package: ClassVar[str | None] = None
    """Package whose ``weights/`` folder holds the game's shipped weights, one ``NAME.npz``
    per name (see :meth:`named_weights`); None: the package that defines the class."""
    training_defaults: ClassVar[dict[str, Any]] = {}
    """Defaults of ``gamecore train`` for this game (games, depth, max_plies, opening_plies, vs),
    chosen so that a run with no options finishes within ten minutes and beats zero weights."""
    training_defaults_against: ClassVar[dict[str, dict[str, Any]]] = {}
    """Changes to :attr:`training_defaults` when ``--vs`` names that opponent (e.g. a short
    first run against ``random``)."""

    def __init__(self, **options: Any) -> None:
        if options:
            name = next(iter(options))
            raise BadOption(f"game {self.name!r} has no option {name!r}")

    # -- facts -------------------------------------------------------------

    @property
    def num_players(self) -> int:
        """Seats at the table (2 for chess)."""
        return len(self.player_names)

    @property
    def player_names(self) -> tuple[str, ...]:
        return ("first", "second")

    def team_of(self, player: int) -> int:
        """The team (0 or 1) of a seat; seats of opposing teams alternate by default."""
        return player % 2

    @property
    def team_names(self) -> tuple[str, str]:
        return (self.player_names[0], self.player_names[1])

    def __getstate__(self) -> dict[str, Any]:
        """The game's options without its imported kernel, so a game can be sent to a worker
        process (which imports the kernel again on first use)."""
        return {k: v for k, v in vars(self).items() if k != "kernel"}

    @cached_property
    def kernel(self) -> ModuleType:
        """The kernel, imported on first use and checked: its module, with defaults for the
        optional functions it leaves out (see :func:`gamecore.binding.kernel_of`)."""
        from gamecore.binding import guard_kernel_caches, kernel_of

        guard_kernel_caches(self.kernel_module)
        return kernel_of(self)

    @classmethod
    def weights_folder(cls) -> Traversable:
        """The folder of the game's shipped weights, read as package data so it works wherever
        the package is installed (a plain ``Path`` for an ordinary install or a checkout)."""
        package = cls.weights_package or _package_of(cls)
        try:
            return files(package) / WEIGHTS_FOLDER
        except ModuleNotFoundError:
            raise PluginError(f"game {cls.name!r}: weights package {package!r} not found") from None

    @classmethod
    def search_params_folder(cls) -> Traversable:
        """The folder of the game's shipped search-parameters files (``search/`` next to
        ``weights/``; see :mod:`gamecore.search_params`)."""
        package = cls.weights_package or _package_of(cls)
        try:
            return files(package) / SEARCH_PARAMS_FOLDER
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

    @property
    def capabilities(self) -> Capabilities:
        own = importlib.import_module(self.kernel_module)  # without the defaults filled in
        return Capabilities(
            has_kings=self.has_kings,
            has_passes=self.has_passes,
            jit=hasattr(self.kernel.gen_moves, "py_func"),
            features=self.feature_set.count,
            null_move=all(hasattr(own, name) for name in NULL_MOVE_FUNCTIONS),
        )

    # -- positions ---------------------------------------------------------

    @abstractmethod
    def new_arrays(self, capacity: int) -> tuple:
        """Fresh, empty state arrays holding ``capacity`` plies of history.

        Arrays whose length depends on ``capacity`` must have it as their first
        axis: that is how a state grows (the old contents are copied in front).
        """

    @abstractmethod
    def start_text(self) -> str:
        """The position string of the standard start position."""

    @abstractmethod
    def load_text(self, arrays: tuple, text: str) -> None:
        """Set ``arrays`` (fresh from ``new_arrays``) to the position ``text``.

        Raises :class:`~gamecore.errors.BadPosition` naming what is wrong.
        """

    @abstractmethod
    def position_text(self, arrays: tuple) -> str:
        """The position string of ``arrays`` (``load_text`` reads it back)."""

    @abstractmethod
    def move_to_text(self, arrays: tuple, move: int) -> str:
        """The notation of ``move``, legal in ``arrays``."""

    def move_record_text(self, arrays: tuple, move: int) -> str:
        """``move`` (legal in ``arrays``) as the game's records and move lists write it.

        The default is :meth:`move_to_text`. Games whose players read another notation
        than the one programs exchange override it: chess writes SAN (``Nf3``,
        ``exd5``, ``O-O``, ``e8=Q+``) here and UCI in :meth:`move_to_text`.
        """
        return self.move_to_text(arrays, move)

    def move_from_text(self, state: State, text: str) -> int:
        """The legal move that ``text`` names; :class:`BadMove` if none does.

        The default matches ``text`` against the notation of every legal move;
        games with alternative spellings override this.
        """
        wanted = text.strip()
        for move in state.legal_moves():
            if self.move_to_text(state.arrays, move) == wanted:
                return move
        raise BadMove(f"{text!r} is not a legal move in {self.name} position {state.to_text()!r}")

    def initial_state(self) -> State:
        """The standard start position."""
        return self.state_from_text(self.start_text())

    def state_from_text(self, text: str) -> State:
        """A state set to the position string ``text``."""
        from gamecore.state import State

        arrays = self.new_arrays(self.default_capacity)
        self.load_text(arrays, text)
        return State(self, arrays)

    def score_text(self, score: Score) -> str:
        """A search score for people, from the mover's side: ``value +1.5``, ``win in 3
        plies``. Games with a notation of their own override it (chess: ``cp 35``, ``mate 2``)."""
        if score.mate is not None:
            side = "win" if score.mate > 0 else "loss"
            plies = abs(score.mate)
            return f"{side} in {plies} {'ply' if plies == 1 else 'plies'}"
        value = score.value + 0.0  # no "-0.0"
        return f"value {value:+.1f}" if round(value, 1) != 0 else "value 0.0"

    def describe_result(self, state: State) -> str:
        """A sentence saying how a finished game ended (overridden for reasons like 'checkmate')."""
        winner = state.winner_team()
        if winner is None:
            return "draw"
        return f"{self.team_names[winner]} wins"

    def describe_time_loss(self, state: State, seat: int) -> str:
        """A sentence saying the game ended because ``seat``'s clock ran out: the other
        team wins (``black wins on time``)."""
        winner = 1 - self.team_of(seat)
        text = f"{self.team_names[winner]} wins on time"
        if self.num_players > 2:
            text += f" ({self.player_names[seat]} ran out of time)"
        return text

    def time_loss_headers(self, state: State, seat: int) -> dict[str, str]:
        """The record headers of a game lost on time by ``seat``: its result as the game's
        records write one, and how it ended. Games with a standard format override the
        result (chess PGN: ``1-0``/``0-1``)."""
        return {"Result": self.describe_time_loss(state, seat), "Termination": "time forfeit"}

    # -- records -------------------------------------------------------------

    record_suffix: ClassVar[str] = ".txt"
    """File suffix of :meth:`game_record` (chess: ``.pgn``)."""

    def game_record(self, state: State, headers: dict[str, str]) -> str:
        """A finished (or stopped) game as text in the game's record format.

        The default is line-based: ``Key: value`` headers, the start position,
        then one move per line in the game's notation. A ``Result`` header (a game
        lost on time, :meth:`time_loss_headers`) replaces the result the position gives.
        Games with a standard format (chess PGN, checkers PDN) override this.
        """
        moves = list(state.history)
        root = state.copy()
        for _ in moves:
            root.pop()
        lines = [f"{key}: {value}" for key, value in headers.items() if key != "Result"]
        lines.append(f"Start: {root.to_text()}")
        result = self.describe_result(state) if state.is_terminal() else "*"
        lines.append(f"Result: {headers.get('Result', result)}")
        for ply, move in enumerate(moves, 1):
            lines.append(f"{ply} {root.move_text(move)}")
            root.push_unchecked(move)
        return "\n".join(lines) + "\n"

    def read_record(self, text: str) -> State:
        """The game :meth:`game_record` wrote, replayed: the state after its last move.

        The default reads the line-based format (a ``Start:`` line, then one
        ``<ply> <move>`` line per move); games with a standard record format
        override it. Raises :class:`BadPosition` or :class:`BadMove` naming the
        faulty line.
        """
        start: str | None = None
        moves: list[str] = []
        for number, line in enumerate(text.splitlines(), 1):
            line = line.strip()
            if line.startswith("Start:"):
                if start is not None:
                    raise BadPosition(f"record line {number}: a second 'Start:' line")
                start = line.removeprefix("Start:").strip()
            elif line and line[0].isdigit() and start is not None:
                ply, _, move = line.partition(" ")
                if not is_digits(ply) or int(ply) != len(moves) + 1 or not move.strip():
                    raise BadPosition(f"record line {number}: expected '{len(moves) + 1} <move>'")
                moves.append(move.strip())
        if start is None:
            raise BadPosition("record has no 'Start:' line")
        state = self.state_from_text(start)
        for move in moves:
            state.push_text(move)
        return state

    # -- actions and observations (gamecore.envs) ---------------------------

    piece_glyphs: ClassVar[tuple[str, ...]] = ()
    max_actions_per_move: ClassVar[int] = 1
    """The longest spelling :meth:`move_actions` gives any move (checkers: one per hop)."""
    """Every glyph :meth:`pieces` reports, in a fixed order: one plane each in the default
    observation. Empty: one plane per seat for any piece (games with one kind of piece)."""

    @cached_property
    def cell_count(self) -> int:
        """Cells of :meth:`geometry` (kept: some games build their geometry at each call)."""
        return len(self.geometry().cells)

    def action_count(self) -> int:
        """Actions of :meth:`move_actions` lie in ``0 .. action_count() - 1``.

        The default spelling (see :meth:`move_actions`) needs ``1 + C + C*C``
        for ``C`` cells; games with a smaller natural spelling override both.
        """
        return 1 + self.cell_count + self.cell_count**2

    def move_actions(self, arrays: tuple, move: int) -> tuple[int, ...]:
        """The actions (see :mod:`gamecore.actions`) that spell ``move``, legal in ``arrays``.

        The default reads :meth:`move_cells`: a pass is ``0``, a piece placed on
        cell ``t`` is ``1 + t``, a move from ``f`` to ``t`` is ``1 + C + f*C + t``.
        Override it when two legal moves can share their cells (promotions,
        multi-jumps): spell them with more actions, one choice each.
        """
        frm, to = self.move_cells(arrays, move)
        cells = self.cell_count
        if to < 0:
            return (0,)
        if frm < 0:
            return (1 + to,)
        return (1 + cells + frm * cells + to,)

    def observation_shape(self) -> tuple[int, ...]:
        """The shape of :meth:`observe`'s array."""
        kinds = max(1, len(self.piece_glyphs))
        return (kinds * self.num_players + 1, self.cell_count)

    def observe(self, arrays: tuple, seat: int) -> np.ndarray:
        """The position as ``seat`` sees it: a float32 array of :meth:`observation_shape`.

        The default is one plane (a row over the cells) per piece kind and seat,
        seats counted from ``seat`` onwards (its own pieces first, then the next
        seat's, ...) so one policy can play every seat; then a plane of ones when
        ``seat`` is to move. It holds what :meth:`pieces` shows, not counters
        such as castling rights: games whose rules depend on more override it.
        """
        planes = np.zeros(self.observation_shape(), dtype=np.float32)
        kinds = max(1, len(self.piece_glyphs))
        kind_of = {glyph: k for k, glyph in enumerate(self.piece_glyphs)}
        players = self.num_players
        for piece in self.pieces(arrays):
            relative = (piece.player - seat) % players
            planes[relative * kinds + kind_of.get(piece.glyph, 0), piece.cell] = 1.0
        if int(self.kernel.side_to_move(arrays)) == seat:
            planes[-1, :] = 1.0
        return planes

    # -- display -----------------------------------------------------------

    @abstractmethod
    def geometry(self) -> Geometry:
        """The board as polygons, for any renderer."""

    @abstractmethod
    def pieces(self, arrays: tuple) -> list[PieceView]:
        """Every piece on the board, for drawing."""

    @abstractmethod
    def move_cells(self, arrays: tuple, move: int) -> tuple[int, int]:
        """The (from, to) cells of ``move`` for highlighting; a pass returns (-1, -1)."""

    def piece_svg(self, glyph: str, player: int, fill: str, stroke: str) -> str | None:
        """A picture of the piece ``glyph`` of seat ``player`` as an SVG document, or None.

        ``fill`` and ``stroke`` are ``#rrggbb`` colours the window chose: the owner's
        colour and an outline that stands out against it; the picture should use
        them, so seats told apart by colour stay told apart. Any ``viewBox`` works
        (the window sizes the picture to the cell). The default, None, leaves the
        window its own drawing: a disc in the owner's colour with the glyph's letter.
        :mod:`gamecore.art` has Staunton chess pieces and draughts men and kings.
        """
        return None

    def move_tags(self, arrays: tuple, move: int) -> frozenset[str]:
        """What kind of move ``move`` (legal in ``arrays``) is, for display.

        Tags a renderer understands: ``capture``, ``promotion``, ``teleport``,
        ``castle``, ``pass``. Games without special moves keep the default.
        """
        return frozenset()

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

    def board_diagram(self, arrays: tuple) -> str:
        """The position drawn as plain text for a terminal (``gamecore play``).

        The default is the position string; games override it with a picture.
        """
        return self.position_text(arrays)
