"""What every game plugin implements: its facts, positions, moves and records as text.

The required part of :class:`gamecore.game.Game`: the class attributes without a
default and the abstract methods here. The rules themselves live in the game's
kernel module (:mod:`gamecore.kernel_api`); this class adds what is not on the hot
path.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from dataclasses import dataclass
from functools import cached_property
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, cast

from gamecore.bounds import is_digits
from gamecore.errors import BadMove, BadOption, BadPosition, Unsupported
from gamecore.kernel_api import NULL_MOVE_FUNCTIONS

if TYPE_CHECKING:
    from gamecore.game import Game
    from gamecore.play.records import MoveNote
    from gamecore.search import Score
    from gamecore.state import State


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


class Rules(ABC):
    """Facts, positions, moves and records: required of every game (see the module)."""

    name: ClassVar[str]
    """Registry name, as typed on the command line."""

    kernel_module: ClassVar[str]
    """Dotted path of the module implementing :mod:`gamecore.kernel_api`."""

    max_moves: ClassVar[int]
    """Upper bound on the legal moves of any position (move buffer length)."""

    feature_set: ClassVar[FeatureSet]

    has_kings: ClassVar[bool] = False

    has_passes: ClassVar[bool] = False

    default_capacity: ClassVar[int] = 1024
    """Plies of history the state arrays hold before they are grown."""

    def __init__(self, **options: Any) -> None:
        if options:
            name = next(iter(options))
            raise BadOption(f"game {self.name!r} has no option {name!r}")

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
        return kernel_of(cast("Game", self))  # every Rules is a Game's part

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
        return State(cast("Game", self), arrays)

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

    def can_win(self, state: State, team: int) -> bool:
        """Whether ``team`` could still win from ``state`` by some series of legal moves.
        A flag fall against a team that cannot is a draw (FIDE 6.9); a game that cannot
        tell keeps the default, True (chess: a lone king cannot)."""
        return True

    def time_loss_winner(self, state: State, seat: int) -> int | None:
        """The team that wins when ``seat``'s clock runs out: the other one, unless it
        cannot win at all (None: a draw)."""
        winner = 1 - self.team_of(seat)
        return winner if self.can_win(state, winner) else None

    def describe_time_loss(self, state: State, seat: int) -> str:
        """A sentence saying the game ended because ``seat``'s clock ran out: the other
        team wins (``black wins on time``), or it is a draw when that team cannot win."""
        winner = self.time_loss_winner(state, seat)
        if winner is None:
            loser = self.player_names[seat]
            other = self.team_names[1 - self.team_of(seat)]
            return f"draw: {loser} ran out of time, but {other} cannot win"
        text = f"{self.team_names[winner]} wins on time"
        if self.num_players > 2:
            text += f" ({self.player_names[seat]} ran out of time)"
        return text

    def time_loss_headers(self, state: State, seat: int) -> dict[str, str]:
        """The record headers of a game lost on time by ``seat``: its result as the game's
        records write one, and how it ended. Games with a standard format override the
        result (chess PGN: ``1-0``/``0-1``, ``1/2-1/2`` when the other side cannot win)."""
        return {"Result": self.describe_time_loss(state, seat), "Termination": "time forfeit"}

    def ending_headers(self, state: State, winner: int | None, termination: str) -> dict[str, str]:
        """The record headers of a game that ended off the board — by resignation, by
        agreement, at a move limit — with team ``winner`` winning (None: a draw): its result
        as the game's records write one, and ``termination``. Games with a standard format
        override the result (chess PGN: ``1-0``, ``0-1``, ``1/2-1/2``)."""
        result = "draw" if winner is None else f"{self.team_names[winner]} wins"
        return {"Result": result, "Termination": termination}

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

    def annotated_record(self, state: State, headers: dict[str, str], notes: list[MoveNote]) -> str:
        """:meth:`game_record` with a note on each move (a match's evaluations and times,
        ``book`` for opening moves; a note past the last move is a closing remark, such
        as why an engine forfeited). The default leaves the notes out; chess writes them
        as PGN comments."""
        return self.game_record(state, headers)

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

    def board_diagram(self, arrays: tuple) -> str:
        """The position drawn as plain text for a terminal (``gamecore play``).

        The default is the position string; games override it with a picture.
        """
        return self.position_text(arrays)
