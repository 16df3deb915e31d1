"""Fischer clocks: a time control of BASE seconds plus INC seconds per move, per seat.

Veness et al. (2009) trained and played under a Fischer time control
(1 minute + 1 second) rather than a fixed depth, so that a learner whose
search is cheaper per node (alpha-beta against minimax) searches deeper in
the same time. ``--time-control 6+0.1`` does the same here: every seat has
its own clock, and each move may use a share of what is left plus most of
the increment.

A clock that runs out does not lose the game (training and matches end by
the game's own rules or the move limit); the next move gets the smallest
budget, and :attr:`Clocks.flags` counts how often that happened.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from gamecore.bounds import MAX_SECONDS
from gamecore.errors import BadOption
from gamecore.search import Limits

MOVES_TO_GO = 20
"""A move may use 1/MOVES_TO_GO of the time left, plus most of the increment."""
INCREMENT_SHARE = 0.9
SMALLEST_BUDGET = 0.002
"""Seconds: enough for a depth-1 search, which the searcher finishes whatever the budget."""


@dataclass(frozen=True)
class TimeControl:
    base: float
    """Seconds on each seat's clock at the start."""
    increment: float
    """Seconds added to a seat's clock after each of its moves."""

    @classmethod
    def parse(cls, text: str, option: str = "--time-control") -> TimeControl:
        """``BASE+INC`` in seconds (``6+0.1``), or ``BASE`` alone for no increment."""
        base_text, _, increment_text = text.partition("+")
        try:
            base = float(base_text)
            increment = float(increment_text) if increment_text else 0.0
        except ValueError:
            raise BadOption(
                f"{option} wants BASE+INC in seconds, e.g. 6+0.1, not {text[:40]!r}"
            ) from None
        if (
            not (math.isfinite(base) and math.isfinite(increment))
            or base <= 0
            or increment < 0
            or base > MAX_SECONDS
            or increment > MAX_SECONDS
        ):
            raise BadOption(
                f"{option} {text[:40]!r}: the base must be positive and the increment "
                "zero or positive"
            )
        return cls(base, increment)

    @classmethod
    def parse_per_seat(cls, text: str, seats: int, option: str = "--clock") -> list[TimeControl]:
        """One control for every seat (``300+2``) or one per seat in seat order
        (``300+2,60+1``)."""
        entries = [entry.strip() for entry in text.split(",")]
        if len(entries) not in (1, seats):
            raise BadOption(
                f"{option} lists {len(entries)} time controls, the game has {seats} seats "
                "(give one for every seat, or one per seat)"
            )
        controls = [cls.parse(entry, option) for entry in entries]
        return controls * seats if len(controls) == 1 else controls

    def __str__(self) -> str:
        return f"{self.base:g}+{self.increment:g}"

    def typical_move_time(self) -> float:
        """What a move gets on a full clock (for settings that need one fixed time)."""
        return self.base / MOVES_TO_GO + INCREMENT_SHARE * self.increment


def move_budget(remaining: float, increment: float, overhead: float = 0.0) -> float:
    """Seconds a search may take with ``remaining`` on the clock and ``increment`` per move:
    1/MOVES_TO_GO of what is left plus most of the increment, never more than 80% of what
    is left after ``overhead`` (seconds a move costs besides searching: a window's frames,
    a thread starting), so the clock does not run out in normal play."""
    left = max(0.0, remaining - overhead)
    share = left / MOVES_TO_GO + INCREMENT_SHARE * increment
    return max(SMALLEST_BUDGET, min(share, 0.8 * left))


def clock_text(seconds: float) -> str:
    """A clock as people read one: ``5:00``, ``0:42``, tenths under ten seconds (``9.4``),
    ``1:02:03`` past an hour."""
    seconds = max(0.0, seconds)
    if seconds < 10:
        return f"{math.floor(seconds * 10) / 10:.1f}"
    hours, rest = divmod(int(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class Clocks:
    """One clock per seat of a game under ``control``."""

    def __init__(self, control: TimeControl, seats: int, depth: int | None = None) -> None:
        self.control = control
        self.depth = depth
        """A depth cap on top of the clock (None: the clock alone)."""
        self.remaining = [control.base] * seats
        self.flags = 0

    def budget(self, seat: int) -> float:
        """Seconds the seat's next move may take."""
        return move_budget(self.remaining[seat], self.control.increment)

    def punch(self, seat: int, seconds: float) -> None:
        """The seat moved after ``seconds``: charge them, add the increment."""
        self.remaining[seat] -= seconds
        if self.remaining[seat] < 0:
            self.flags += 1
            self.remaining[seat] = 0.0
        self.remaining[seat] += self.control.increment


def choose_on_clock(player, state, clocks: Clocks | None):
    """``player.choose(state)`` with a search budget from the mover's clock (if any)."""
    if clocks is None:
        return player.choose(state)
    seat = state.player
    if hasattr(player, "set_clock"):  # a UCI engine keeps its own time: it is told both clocks
        player.set_clock(clocks.remaining, clocks.control.increment)
    elif hasattr(player, "limits"):  # searching players; random movers take no time
        player.limits = Limits(depth=clocks.depth, time=clocks.budget(seat))
    started = time.perf_counter()
    choice = player.choose(state)
    clocks.punch(seat, time.perf_counter() - started)
    return choice
