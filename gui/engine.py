"""The engine thinks in a background thread so the window keeps drawing and answering.

The numba search releases the GIL, so a plain thread is enough. Each search
gets a token; what it reports goes on a queue as ``(token, kind, payload)``
with kind ``"ready"`` (the search kernel is loaded: the clock may run),
``"info"`` (a :class:`~gamecore.search.SearchInfo` per depth), ``"done"``
(the SearchInfo of the move to play: the search's best, or the move a
strength level picked), ``"move"`` (the move an agent from another library
chose) or ``"error"`` (a message). Other work — a hint, the analysis mode's
lines, the evaluation graph's points — runs as a task (:meth:`EngineThread.
start_task`) that reports kinds of its own. The window
ignores tokens it has cancelled. ``Searcher.stop()`` is cleared when a
search starts, so a stop asked for before the search got going would be lost:
stopping therefore re-raises the flag every few milliseconds until the thread
has finished.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from gamecore.play.levels import LEVELS, STRONGEST, Level, choose_move
from gamecore.search import Limits, Searcher
from gamecore.state import State

Post = Callable[[str, Any], None]
"""How a task reports: ``post(kind, payload)``."""

STOP_INTERVAL = 0.005
"""Seconds between repeated stop requests while a stopped search winds down."""


class EngineThread:
    """Runs one search at a time; reports through :attr:`messages`."""

    def __init__(self) -> None:
        self.messages: queue.Queue[tuple[int, str, Any]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._searcher: Searcher | None = None
        self._agent: Any = None
        """The agent choosing (an :class:`~gamecore.interop.external.ExternalPlayer`), if any."""
        self._stopping = threading.Event()
        self._token = 0
        self._warm: set[int] = set()

    @property
    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def token(self) -> int:
        """The token of the latest search started."""
        return self._token

    def is_warm(self, searcher: Searcher) -> bool:
        """Whether ``searcher``'s kernel has been loaded here (its first search starts at
        once)."""
        return id(searcher) in self._warm

    def start(
        self,
        searcher: Searcher,
        state: State,
        seconds: float,
        level: Level | None = None,
        rng: np.random.Generator | None = None,
    ) -> int:
        """Choose a move in a copy of ``state`` within ``seconds`` at strength ``level``
        (default: the full engine); returns the search's token."""
        lvl = level or LEVELS[STRONGEST]
        generator = rng if rng is not None else np.random.default_rng()
        return self._launch(searcher, self._run, (searcher, state.copy(), seconds, lvl, generator))

    def start_task(
        self, searcher: Searcher, task: Callable[[Post, Callable[[], bool]], None]
    ) -> int:
        """Run ``task(post, cancelled)`` with ``searcher`` (stopped by :meth:`cancel` like a
        search); what it posts arrives with the task's token."""
        return self._launch(searcher, self._run_task, (task,))

    def _launch(self, searcher: Searcher, target: Callable, args: tuple) -> int:
        self.cancel()
        self._token += 1
        self._searcher = searcher
        self._agent = None
        self._stopping.clear()
        token = self._token
        self._thread = threading.Thread(target=target, args=(token, *args), daemon=True)
        self._thread.start()
        return token

    def _run_task(self, token: int, task: Callable[[Post, Callable[[], bool]], None]) -> None:
        def post(kind: str, payload: Any) -> None:
            self.messages.put((token, kind, payload))

        try:
            task(post, self._stopping.is_set)
        except Exception as exc:  # shown in the window; the game goes on
            post("error", f"analysis failed: {type(exc).__name__}: {exc}")
        post("finished", None)

    def start_agent(self, player: Any, state: State) -> int:
        """Let ``player`` (an agent from OpenSpiel or PettingZoo) choose in a copy of ``state``.

        :meth:`move_now` asks it to answer at once (OpenSpiel's MCTS does; a policy answers
        in one call anyway); cancelling it forgets what it reports.
        """
        self.cancel()
        self._token += 1
        self._searcher = None
        self._agent = player
        player.resume()
        token = self._token
        root = state.copy()
        self._thread = threading.Thread(
            target=self._run_agent, args=(token, player, root), daemon=True
        )
        self._thread.start()
        return token

    def _run_agent(self, token: int, player: Any, root: State) -> None:
        try:
            self.messages.put((token, "move", player.choose(root).move))
        except Exception as exc:  # shown in the window; the game goes on
            self.messages.put((token, "error", f"agent failed: {type(exc).__name__}: {exc}"))

    def _run(
        self,
        token: int,
        searcher: Searcher,
        root: State,
        seconds: float,
        level: Level,
        rng: np.random.Generator,
    ) -> None:
        try:
            if id(searcher) not in self._warm:
                # The first call loads (or compiles) the search kernel: keep it off the clock.
                searcher.search(root.copy(), Limits(depth=1))
                searcher.clear()
                self._warm.add(id(searcher))
            self.messages.put((token, "ready", None))
            if not root.legal_moves():
                self.messages.put((token, "error", "the engine found no move"))
                return
            choice = choose_move(
                searcher,
                root,
                level,
                rng,
                time_limit=seconds,
                cancelled=self._stopping.is_set,
                on_info=lambda info: self.messages.put((token, "info", info)),
            )
            self.messages.put((token, "done", choice.info))
        except Exception as exc:  # shown in the window; the game goes on
            self.messages.put((token, "error", f"engine failed: {type(exc).__name__}: {exc}"))

    def move_now(self) -> None:
        """Stop the running search: it reports its best move so far as ``done`` (an agent:
        as ``move``)."""
        if self.busy and self._agent is not None:
            self._agent.stop()
            return
        if not self.busy or self._searcher is None:
            return
        self._stopping.set()
        searcher, thread = self._searcher, self._thread
        threading.Thread(target=self._keep_stopping, args=(searcher, thread), daemon=True).start()

    def _keep_stopping(self, searcher: Searcher, thread: threading.Thread | None) -> None:
        while thread is not None and thread.is_alive() and self._stopping.is_set():
            searcher.stop()
            thread.join(STOP_INTERVAL)

    def cancel(self, timeout: float = 5.0) -> None:
        """Stop the running search, wait for it, and forget what it reports."""
        if self.busy and (self._searcher is not None or self._agent is not None):
            self.move_now()
            assert self._thread is not None
            self._thread.join(timeout)
        self._token += 1
        self._stopping.clear()

    def wait(self, timeout: float) -> bool:
        """Block until the running search ends (for tests and shutdown); True if it did."""
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.busy
