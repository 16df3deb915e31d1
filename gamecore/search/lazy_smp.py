"""Lazy SMP: helper threads that search the same position and share one transposition table.

The main thread runs the usual iterative deepening and reports what it finds;
each helper runs its own iterative deepening on a copy of the position, with
its own move lists, killers, history and counters, writing what it learns into
the shared table (:mod:`gamecore.algorithms.tt`, lockless). The main thread
then finds cut-offs and best moves the helpers stored and gets through each
depth sooner. Threads that walked the tree in step would only search every node
twice, so odd-numbered helpers take the moves after the first at the root and
at every PV node from the last (the two threads meet in the middle, each cutting
on the bounds the other stored: 1.45 times faster to depth 9 in chess, where the
same depth in the same order was 1.10), and even-numbered helpers start a ply
deeper. A helper that completes a depth the main thread
has not reached hands its result over (:meth:`HelperThreads.deeper_than`): the
main thread reports it and goes on from the depth after (a helper that finishes
the last depth asked for ends the search). The compiled search releases the
GIL (``nogil``), so the threads run on separate cores; a plain-Python plugin's
search cannot, and gets no helpers.

Nothing here is deterministic: the table the main thread reads depends on how
the threads were scheduled. Training and the tests search with one thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from types import ModuleType
from typing import Any, NamedTuple

import numpy as np

from gamecore.state import State
from gamecore.values import INF, MAX_PLY


class Finished(NamedTuple):
    """A depth a helper searched to the end."""

    depth: int
    value: float
    pv: list[int]
    seldepth: int


class HelperThreads:
    """The ``count`` helpers of one :class:`~gamecore.search.Searcher`, started per search."""

    def __init__(self, kernel: ModuleType, make_context: Callable, count: int) -> None:
        """``make_context(info)``: a fresh search context on the main thread's table and θ."""
        self.kernel = kernel
        self.helpers: list[Any] = [
            make_context(np.zeros(kernel.INFO_SIZE, dtype=np.int64)) for _ in range(count)
        ]
        """Each helper's own search context (the table and θ in it are the main thread's)."""
        self._threads: list[threading.Thread] = []
        self._errors: list[BaseException] = []
        self._lock = threading.Lock()
        self._deepest: Finished | None = None
        self._stop_main: Callable[[], None] = lambda: None

    def __len__(self) -> int:
        return len(self.helpers)

    def start(
        self,
        state: State,
        main: Any,
        params,
        max_depth: int,
        refresh: Callable,
        stop_main: Callable[[], None],
    ) -> None:
        """Start every helper on a copy of ``state``, with the main thread's search number,
        team, node limit and root moves (from its context ``main``, already set);
        ``refresh(arrays)`` brings a copy's value accumulator up to date with θ;
        ``stop_main()`` stops the main thread once a helper has finished ``max_depth``."""
        self._stop_main = stop_main
        k = self.kernel
        self._errors = []
        self._deepest = None
        for index, helper in enumerate(self.helpers):
            copy = state.copy()
            copy.reserve(MAX_PLY + 1)
            refresh(copy.arrays)
            helper.info[:] = 0
            for slot in (k.GENERATION, k.ROOT_TEAM, k.NODE_LIMIT):
                helper.info[slot] = main.info[slot]
            helper.root_moves[:] = main.root_moves
            number = index + 1
            if number % 2:  # odd helpers: the root's moves from the other end
                helper.info[k.ROOT_ORDER] = 1
            first = 1 if number % 2 else 2  # even helpers: a ply ahead
            thread = threading.Thread(
                target=self._work,
                args=(copy, helper, params, first, max_depth),
                name=f"search-helper-{index + 1}",
                daemon=True,
            )
            self._threads.append(thread)
            thread.start()

    def _work(self, state: State, helper: Any, params, first: int, max_depth: int) -> None:
        k = self.kernel
        try:
            for depth in range(first, max_depth + 1):
                value = k.search_root(state.arrays, helper, params, np.int64(depth), -INF, INF)
                if helper.info[k.ABORTED]:
                    return
                pv = [int(m) for m in helper.pv[0, : int(helper.pv_len[0])]]
                if pv:
                    self._finished(Finished(depth, float(value), pv, int(helper.info[k.SELDEPTH])))
                    if depth == max_depth:
                        self._stop_main()
        except BaseException as exc:  # reported by stop(), in the searching thread
            self._errors.append(exc)

    def _finished(self, result: Finished) -> None:
        with self._lock:
            if self._deepest is None or result.depth > self._deepest.depth:
                self._deepest = result

    def deeper_than(self, depth: int) -> Finished | None:
        """The deepest depth a helper has finished in this search, if deeper than ``depth``."""
        with self._lock:
            deepest = self._deepest
        return deepest if deepest is not None and deepest.depth > depth else None

    def signal_stop(self) -> None:
        """Ask every helper to stop (safe from any thread)."""
        for helper in self.helpers:
            helper.info[self.kernel.STOP] = 1

    def stop(self) -> None:
        """Stop every helper, wait for it, and raise the first error one met."""
        self.signal_stop()
        for thread in self._threads:
            thread.join()
        self._threads = []
        if self._errors:
            raise self._errors[0]

    def nodes(self) -> int:
        """Nodes the helpers have searched in this search so far."""
        return sum(int(helper.info[self.kernel.NODES]) for helper in self.helpers)

    def clear(self) -> None:
        """Forget the helpers' killers and history (the table is the main thread's)."""
        for helper in self.helpers:
            helper.killers[:] = 0
            helper.history[:] = 0
