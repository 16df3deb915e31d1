"""UCI's ``go``: its arguments read, and the time a move gets from the clock.

Time management (:func:`allot_time`) gives a move ``remaining / movestogo``
(30 moves when the GUI does not say) plus three quarters of the increment,
minus a move overhead, never more than 80 % of what is on the clock. That is
the hard limit, kept by the searcher's watchdog; a new iteration is not
started once half of it is gone, since the next one would not finish in time.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from gamecore.bounds import MAX_SEARCH_DEPTH, MAX_SECONDS
from gamecore.search import Limits
from gamecore.values import MAX_PLY

DEFAULT_OVERHEAD_MS = 30
MOVES_TO_GO = 30
"""Moves the rest of the game is assumed to last when the GUI sends no ``movestogo``."""
SOFT_FRACTION = 0.5
"""Do not start another iteration after this fraction of the allotted time."""

GO_NUMBER_LIMIT = 10**12
"""Largest number a ``go`` argument may carry (milliseconds: about 31 years)."""
_GO_NUMBERS = ("wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "movetime", "mate")
_GO_FLAGS = ("infinite", "ponder")
_GO_KEYWORDS = (*_GO_NUMBERS, *_GO_FLAGS, "searchmoves")


def allot_time(
    remaining_ms: float,
    increment_ms: float = 0.0,
    moves_to_go: int | None = None,
    overhead_ms: float = DEFAULT_OVERHEAD_MS,
) -> float:
    """Seconds to spend on this move with ``remaining_ms`` on the clock.

    ``remaining / moves_to_go + 3/4 increment - overhead``, capped at 80 % of
    the remaining time minus the overhead (so the clock never runs out from
    one move), and at least a millisecond.
    """
    remaining_ms = max(0.0, remaining_ms)
    increment_ms = max(0.0, increment_ms)
    moves = MOVES_TO_GO if not moves_to_go or moves_to_go <= 0 else min(moves_to_go, 50)
    target = remaining_ms / moves + 0.75 * increment_ms - overhead_ms
    cap = 0.8 * remaining_ms - overhead_ms
    return max(0.001, min(target, cap)) / 1000.0


@dataclass
class GoRequest:
    """The arguments of one ``go`` command."""

    wtime: int | None = None
    btime: int | None = None
    winc: int | None = None
    binc: int | None = None
    movestogo: int | None = None
    depth: int | None = None
    nodes: int | None = None
    movetime: int | None = None
    mate: int | None = None
    infinite: bool = False
    ponder: bool = False
    searchmoves: list[str] = field(default_factory=list)
    """The moves after ``searchmoves``, as sent (the engine checks them against the position)."""

    @classmethod
    def parse(cls, tokens: list[str]) -> tuple[GoRequest, list[str]]:
        """The request and a list of complaints about tokens that were skipped."""
        request = cls()
        problems = []
        i = 0
        while i < len(tokens):
            token = tokens[i]
            if token in _GO_FLAGS:
                setattr(request, token, True)
            elif token in _GO_NUMBERS:
                value = tokens[i + 1] if i + 1 < len(tokens) else ""
                try:
                    number = int(value)
                except ValueError:
                    problems.append(f"go {token} needs a whole number, not {value[:40]!r}")
                else:
                    if not 0 <= number <= GO_NUMBER_LIMIT:
                        number = min(max(number, 0), GO_NUMBER_LIMIT)
                        problems.append(f"go {token} {value[:40]} is out of range; using {number}")
                    setattr(request, token, number)
                i += 1
            elif token == "searchmoves":  # the moves up to the next keyword
                while i + 1 < len(tokens) and tokens[i + 1] not in _GO_KEYWORDS:
                    i += 1
                    request.searchmoves.append(tokens[i][:40])
            else:
                problems.append(f"go: ignored {token!r}")
            i += 1
        return request, problems

    def limits(self, team: int, overhead_ms: float) -> tuple[Limits, float | None, bool]:
        """(hard limits, soft time limit in seconds or None, wait for ``stop``) for ``team``."""
        depth = self.depth if self.depth and self.depth > 0 else None
        if self.mate and self.mate > 0:
            depth = min(depth or MAX_PLY, 2 * self.mate)
        if depth is not None:
            depth = min(depth, MAX_SEARCH_DEPTH)  # the search's per-ply buffers end there
        nodes = self.nodes if self.nodes and self.nodes > 0 else None
        seconds = None
        soft = None
        if self.movetime is not None:
            seconds = max(0.001, (self.movetime - overhead_ms) / 1000.0)
        else:
            clock, inc = (self.wtime, self.winc) if team == 0 else (self.btime, self.binc)
            if clock is not None:
                seconds = allot_time(clock, inc or 0, self.movestogo, overhead_ms)
                soft = SOFT_FRACTION * seconds
        if seconds is not None:
            seconds = min(seconds, MAX_SECONDS)  # a month of milliseconds is "think long"
        if self.infinite or self.ponder:
            return Limits(depth=depth, nodes=nodes), None, True
        if depth is None and nodes is None and seconds is None:  # a bare "go": until "stop"
            return Limits(), None, True
        return Limits(depth=depth, nodes=nodes, time=seconds), soft, False

    def after_ponderhit(self, team: int, overhead_ms: float) -> tuple[Limits, float | None, bool]:
        """:meth:`limits` of this ``go ponder`` once the opponent has played the expected move:
        the clock it was sent with now runs, so the move gets its budget from that clock."""
        return replace(self, ponder=False).limits(team, overhead_ms)
