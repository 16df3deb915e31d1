"""Who sits in each seat: a person, the engine (with its weights), or a random mover.

``--players human,engine,random`` names one kind per seat in seat order;
``engine:WEIGHTS`` gives that engine its own weights (``zeros``, ``default``, a name
the game ships or a weights file) and ``engine@S`` (or ``engine:WEIGHTS@S``) its own
seconds per move. An agent from OpenSpiel or PettingZoo takes a seat by its player spec
(``openspiel:mcts``, ``pettingzoo:MODULE.POLICY``; see :mod:`gamecore.interop.external`),
with ``@S`` too. The window lets a
person change a seat's kind by clicking it; engines with the same weights
share one searcher (and so one transposition table).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from gamecore.errors import BadOption
from gamecore.game import Game
from gamecore.interop.external import ExternalPlayer, ExternalSpec, is_external
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.weights import Weights, resolve_weights

KINDS = ("human", "engine", "random")
AGENT = "agent"
REMOTE = "remote"
"""The kind of a seat of a game on a server that this window does not hold."""
"""The kind of a seat played by an agent from another library (not in the click cycle)."""
TT_MEGABYTES = 16


@dataclass(frozen=True)
class Seat:
    """One seat's player: its kind and, for an engine, its own weights spec and seconds per
    move (None: the window's --weights and time)."""

    kind: str
    weights: str | None = None
    seconds: float | None = None
    agent: ExternalSpec | None = None
    """The agent of an ``agent`` seat."""
    name: str | None = None
    """Who sits there, when someone else says (a game on a server): shown as the label."""

    @property
    def label(self) -> str:
        if self.name is not None:
            return self.name
        if self.agent is not None:
            return self.agent.label + (f" ({self.seconds:g} s)" if self.seconds else "")
        if self.kind != "engine":
            return self.kind
        extras = [Path(self.weights).name] if self.weights else []
        if self.seconds is not None:
            extras.append(f"{self.seconds:g} s")
        return f"engine ({', '.join(extras)})" if extras else "engine"

    def next_kind(self) -> Seat:
        """The seat with the next kind (human → engine → random → human, an agent → human),
        engine settings kept."""
        if self.kind == AGENT:
            return Seat("human", self.weights)
        return Seat(KINDS[(KINDS.index(self.kind) + 1) % len(KINDS)], self.weights, self.seconds)


def default_seats(num_players: int) -> list[Seat]:
    """Seat 0 a person, every other seat the engine."""
    return [Seat("human")] + [Seat("engine") for _ in range(num_players - 1)]


def parse_seats(spec: str | None, num_players: int) -> list[Seat]:
    """Seats from ``human,engine:WEIGHTS,random`` (one per seat); BadOption on a bad entry."""
    if spec is None:
        return default_seats(num_players)
    entries = [e.strip() for e in spec.split(",")]
    if len(entries) != num_players:
        raise BadOption(
            f"--players lists {len(entries)} seat(s), the game has {num_players} "
            f"(one of {'/'.join(KINDS)} per seat, comma-separated)"
        )
    return [_parse_seat(entry) for entry in entries]


def _parse_seat(entry: str) -> Seat:
    """``human``, ``random``, ``engine``, ``engine:WEIGHTS``, ``engine@S``, ``engine:WEIGHTS@S``,
    or an agent's player spec (``openspiel:mcts``), with ``@S`` too."""
    body, at, seconds_text = entry.rpartition("@") if "@" in entry else (entry, "", "")
    seconds = _seconds(entry, seconds_text) if at else None
    if is_external(body):
        return Seat(AGENT, seconds=seconds, agent=ExternalSpec.parse(body))
    kind, sep, path = body.partition(":")
    if kind not in KINDS:
        raise BadOption(f"--players: unknown seat kind {entry!r} (use {', '.join(KINDS)})")
    if (sep or at) and kind != "engine":
        raise BadOption(
            f"--players: {entry!r}: only an engine takes weights or a time (engine:WEIGHTS@S)"
        )
    if sep and not path:
        raise BadOption(
            f"--players: {entry!r}: engine: needs weights (a name or a file) after the colon"
        )
    return Seat(kind, path or None, seconds)


def _seconds(entry: str, text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds < float("inf"):
        raise BadOption(f"--players: {entry!r}: the time after @ must be seconds > 0")
    return seconds


class Engines:
    """One searcher per weights spec the seats use, made on first use and kept."""

    def __init__(
        self,
        game: Game,
        default_weights: str | None = None,
        params: SearchParams | None = None,
        threads: int = 1,
    ) -> None:
        self.game = game
        self.default_weights = default_weights
        self.params = params
        """Search parameters of every engine (None: the game's default)."""
        self.threads = threads
        """Search threads of each seat's engine (the analyst beside them keeps one)."""
        self._weights: dict[str | None, Weights] = {}
        self._searchers: dict[str | None, Searcher] = {}
        self._agents: dict[tuple[str, float], ExternalPlayer] = {}
        self._analyst: Searcher | None = None

    def weights(self, spec: str | None) -> Weights:
        """The weights for a seat's spec (None: --weights, else the game's shipped default).

        Raises :class:`~gamecore.weights.BadWeights` with a one-line message.
        """
        spec = spec or self.default_weights
        if spec not in self._weights:
            self._weights[spec] = (
                resolve_weights(self.game, spec) if spec else Weights.default(self.game)
            )
        return self._weights[spec]

    def theta(self, path: str | None = None) -> np.ndarray:
        return self.weights(path).theta

    def searcher(self, seat: Seat) -> Searcher:
        key = seat.weights or self.default_weights
        if key not in self._searchers:
            weights = self.weights(seat.weights)
            self._searchers[key] = Searcher(
                self.game,
                weights.theta.copy(),
                self.params,
                TT_MEGABYTES,
                evaluation=weights.evaluation(self.game),
                threads=self.threads,
            )
        return self._searchers[key]

    def analyst(self) -> Searcher:
        """A searcher of its own (with --weights) for hints, the analysis mode and the
        evaluation graph: it runs beside a seat's search and never shares its buffers."""
        if self._analyst is None:
            weights = self.weights(None)
            self._analyst = Searcher(
                self.game,
                weights.theta.copy(),
                self.params,
                TT_MEGABYTES,
                evaluation=weights.evaluation(self.game),
            )
        return self._analyst

    def agent(self, seat: Seat, seconds: float) -> ExternalPlayer:
        """The player of an agent seat, made on first use and kept (one per spec and time)."""
        assert seat.agent is not None
        key = (seat.agent.text, seconds)
        if key not in self._agents:
            self._agents[key] = seat.agent.make(self.game, Limits(time=seconds), seed=0)
        return self._agents[key]

    def clear(self) -> None:
        """Forget every searcher's table (a new game)."""
        for searcher in self._searchers.values():
            searcher.clear()
        if self._analyst is not None:
            self._analyst.clear()
