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
    def parse(cls, text: str) -> TimeControl:
        """``BASE+INC`` in seconds (``6+0.1``), or ``BASE`` alone for no increment."""
        base_text, _, increment_text = text.partition("+")
        try:
            base = float(base_text)
            increment = float(increment_text) if increment_text else 0.0
        except ValueError:
            raise BadOption(
                f"--time-control wants BASE+INC in seconds, e.g. 6+0.1, not {text!r}"
            ) from None
        if not (math.isfinite(base) and math.isfinite(increment)) or base <= 0 or increment < 0:
            raise BadOption(
                f"--time-control {text!r}: the base must be positive and the increment "
                "zero or positive"
            )
        return cls(base, increment)

    def __str__(self) -> str:
        return f"{self.base:g}+{self.increment:g}"

    def typical_move_time(self) -> float:
        """What a move gets on a full clock (for settings that need one fixed time)."""
        return self.base / MOVES_TO_GO + INCREMENT_SHARE * self.increment


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
        left = self.remaining[seat]
        share = left / MOVES_TO_GO + INCREMENT_SHARE * self.control.increment
        return max(SMALLEST_BUDGET, min(share, 0.8 * left))

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
    if hasattr(player, "limits"):  # searching players; random movers take no time
        player.limits = Limits(depth=clocks.depth, time=clocks.budget(seat))
    started = time.perf_counter()
    choice = player.choose(state)
    clocks.punch(seat, time.perf_counter() - started)
    return choice
