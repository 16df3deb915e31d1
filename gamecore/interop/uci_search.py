"""One UCI ``go``: the search it runs, its clock, pondering, and the move it answers.

A :class:`SearchJob` runs in the engine's search thread. It searches one of
three ways: the full search with one line (:meth:`Searcher.iterate`, with the
root restricted by ``searchmoves`` in the kernel), several lines (``MultiPV``
above 1: every root move scored by :mod:`gamecore.search.analysis`), or a
strength level (``UCI_LimitStrength``: :func:`gamecore.play.levels.choose_move`).

Pondering (``go ponder``): the search runs without a time limit, since the
opponent is thinking on the GUI's clock. ``ponderhit`` says the expected move
was played: the same search goes on, and from that moment the move's budget
is counted from the clock that ``go ponder`` carried (:meth:`ponderhit`);
``stop`` answers at once.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from gamecore.interop.uci_go import GoRequest
from gamecore.interop.uci_info import Reporter, TableUse, info_line, pv_texts
from gamecore.play.levels import STRONGEST, Level, choose_move
from gamecore.search import Limits, Searcher, SearchInfo, SearchParams
from gamecore.search.analysis import counted_root_lines
from gamecore.state import State


@dataclass(frozen=True)
class GoSettings:
    """What the options said when ``go`` arrived."""

    params: SearchParams
    overhead_ms: float
    multipv: int = 1
    show_wdl: bool = False
    level: Level | None = None
    """A strength level to play at (None: full strength)."""


class SearchJob:
    """The search of one ``go``, its time budget, and whether its answer waits."""

    def __init__(
        self,
        get_searcher: Callable[[], Searcher],
        state: State,
        request: GoRequest,
        settings: GoSettings,
        send: Callable[[str], None],
        received: float,
        moves: list[int] | None,
        rng: np.random.Generator,
    ) -> None:
        self._get_searcher = get_searcher
        self.state = state
        self.request = request
        self.settings = settings
        self.send = send
        self.received = received
        self.moves = moves or None
        """The root moves ``searchmoves`` allows (None: every legal move)."""
        self.rng = rng
        self.limits, soft, self.waits = request.limits(state.team, settings.overhead_ms)
        """Whether the answer waits for ``stop`` (``go infinite``, ``go ponder``, bare ``go``)."""
        self.soft_at = None if soft is None else received + soft
        """When no new depth is begun (a :func:`time.perf_counter` instant)."""
        self.pondering = request.ponder
        self.searcher: Searcher | None = None
        self.stopped = threading.Event()
        self.released = threading.Event()
        """Set when an answer that waits may be given (``stop``, or ``ponderhit`` after which
        the move's limits no longer wait)."""
        self.time_up = threading.Event()
        self.may_stop = threading.Event()
        """Set once a first depth is reported: only then may the clock stop the search."""
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None
        self._finished = False

    # -- from the engine's input thread -----------------------------------------

    def stop(self) -> None:
        """``stop``: end the search now and answer."""
        self.stopped.set()
        self.released.set()
        if self.searcher is not None:
            self.searcher.stop()

    def ponderhit(self) -> bool:
        """The move pondered on was played: the clock of ``go ponder`` starts now. False when
        this search is not pondering."""
        now = time.perf_counter()
        with self._lock:
            if not self.pondering:
                return False
            self.pondering = False
            limits, soft, waits = self.request.after_ponderhit(
                self.state.team, self.settings.overhead_ms
            )
            self.soft_at = None if soft is None else now + soft
            if limits.time is not None and not self._finished:
                self._timer = threading.Timer(limits.time, self._out_of_time)
                self._timer.daemon = True
                self._timer.start()
            self.waits = waits
        if not waits:
            self.released.set()
        return True

    def _out_of_time(self) -> None:
        # Each side sets its event before looking at the other's (as Searcher.iterate does):
        # a search past its first depth is stopped, the first depth is finished.
        self.time_up.set()
        with self._lock:
            if self.may_stop.is_set() and not self._finished and self.searcher is not None:
                self.searcher.stop()

    def _should_end(self) -> bool:
        """After a reported depth: whether to stop here (stopped, out of time, or too little
        time left to begin another depth)."""
        self.may_stop.set()
        if self.stopped.is_set() or self.time_up.is_set():
            return True
        soft_at = self.soft_at
        return soft_at is not None and time.perf_counter() >= soft_at

    # -- in the search thread --------------------------------------------------------

    def wait_for_release(self) -> None:
        """Hold the answer of a search that must wait for ``stop`` (or ``ponderhit``)."""
        if self.waits:
            self.released.wait()

    def run(self) -> tuple[int | None, int | None]:
        """Search and return (best move, ponder move): None for no legal move / none known."""
        try:
            return self._run()
        finally:
            with self._lock:
                self._finished = True
                if self._timer is not None:
                    self._timer.cancel()

    def _run(self) -> tuple[int | None, int | None]:
        searcher = self._get_searcher()
        self.searcher = searcher
        exhaustive = bool(self.request.mate and self.request.mate > 0)
        params = self.settings.params
        searcher.set_params(params.exhaustive() if exhaustive else params)
        state = self.state
        moves = state.legal_moves()
        if not moves:
            self.send("info string no legal moves: the game is over")
            return None, None
        if state.is_terminal():  # drawn by a rule the GUI has not applied
            fresh = state.game.state_from_text(state.to_text())  # without its history
            if fresh.is_terminal():
                self.send("info string the game is already over; playing a legal move")
                return (self.moves or moves)[0], None
            state = fresh
        limits = self.limits
        if self.stopped.is_set():  # "stop" came before the search began: answer quickly
            limits = Limits(depth=1)
        if limits.time is not None:  # the clock has been running since "go" arrived
            spent = time.perf_counter() - self.received
            limits = Limits(limits.depth, limits.nodes, max(0.001, limits.time - spent))
        table_use = TableUse(searcher)
        level = self.settings.level
        if level is not None and level.number < STRONGEST:
            best, pv = self._at_level(searcher, state, limits, level, table_use)
        elif self.settings.multipv > 1:
            best, pv = self._lines(searcher, state, limits, table_use)
        else:
            best, pv = self._one_line(searcher, state, limits, table_use)
        if best is None:
            best, pv = (self.moves or moves)[0], []
        return best, ponder_move(state, best, pv)

    def _one_line(
        self, searcher: Searcher, state: State, limits: Limits, table_use: TableUse
    ) -> tuple[int | None, list[int]]:
        best: SearchInfo | None = None
        searcher.restrict_root(self.moves)
        reporter = Reporter(searcher, state, self.send, table_use).start()
        try:
            iterations = searcher.iterate(state, limits)
            try:
                for result in iterations:
                    if self.moves and result.best_move not in self.moves:
                        continue  # the first legal move of a search stopped at once
                    best = result
                    self.send(self._line(state, result, table_use))
                    if self._should_end():
                        break
            finally:
                iterations.close()
        finally:
            reporter.stop()
            searcher.restrict_root(None)
        return (None, []) if best is None else (best.best_move, best.pv)

    def _lines(
        self, searcher: Searcher, state: State, limits: Limits, table_use: TableUse
    ) -> tuple[int | None, list[int]]:
        """``MultiPV`` lines: every root move scored, the best ``multipv`` reported."""
        start = time.perf_counter()
        best = None

        def cancelled() -> bool:
            return self.stopped.is_set() or self.time_up.is_set()

        for lines, nodes in counted_root_lines(searcher, state, limits, cancelled, self.moves):
            seconds = time.perf_counter() - start
            full = table_use.permille()
            wdl = self.settings.show_wdl
            for number, line in enumerate(lines[: self.settings.multipv], 1):
                info = SearchInfo(line.depth, line.score, line.move, line.pv, nodes, 0, seconds)
                self.send(info_line(state, info, show_wdl=wdl, hashfull=full, multipv=number))
            best = lines[0]
            if self._should_end():
                break
        return (None, []) if best is None else (best.move, best.pv)

    def _at_level(
        self,
        searcher: Searcher,
        state: State,
        limits: Limits,
        level: Level,
        table_use: TableUse,
    ) -> tuple[int | None, list[int]]:
        """A strength level's move: its depth and node caps, and ``go``'s limits within them."""
        nodes = [n for n in (level.nodes, limits.nodes) if n is not None]
        capped = dataclasses.replace(level, nodes=min(nodes) if nodes else None)

        def cancelled() -> bool:
            return self.stopped.is_set() or self.time_up.is_set()

        def on_info(info: SearchInfo) -> None:
            self.send(self._line(state, info, table_use))
            self.may_stop.set()

        choice = choose_move(
            searcher,
            state,
            capped,
            self.rng,
            time_limit=limits.time,
            depth=limits.depth,
            cancelled=cancelled,
            on_info=on_info,
            moves=self.moves,
        )
        return choice.move, choice.info.pv

    def _line(self, state: State, result: SearchInfo, table_use: TableUse) -> str:
        show_wdl = self.settings.show_wdl
        return info_line(state, result, show_wdl=show_wdl, hashfull=table_use.permille())


def ponder_move(state: State, best: int, pv: list[int]) -> int | None:
    """The reply the search expects to ``best``: the second move of its line, if legal."""
    if len(pv) < 2 or pv[0] != best or len(pv_texts(state, pv[:2])) < 2:
        return None
    return pv[1]


__all__ = ["GoSettings", "SearchJob", "ponder_move"]
