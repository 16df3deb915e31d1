"""A second process that compiles a run's learner kernels while the first compiles its search.

On a cold numba cache ``gamecore train`` spends tens of seconds compiling
before its first game (Duchess: about 50 s), in one process, on one core. The
search and the learner's update walk are separate compiled functions, so a
helper process can compile the learner's (and write them to the disk cache)
while the driver compiles the search; the driver then loads them instead of
compiling them after the search. Numba writes each cache file to a temporary
name and renames it, so the two processes never read a half-written file, and
a function both happen to compile is simply written twice.

The helper is started only once compiling has been announced (the cache is
cold) and only while the driver is still compiling the search; a warm start
never pays for the extra process. Whatever the helper does not finish, the
driver's own warm-up compiles as before.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from gamecore.executor import start_worker
from gamecore.training.worker import compile_learning


class LearningCompiler:
    """Compiles a run's learner kernels in a spawned process, once asked to."""

    def __init__(self, config: Any) -> None:
        self.config = config
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None
        self._future: Future | None = None
        self._closed = False

    def start(self) -> None:
        """Begin compiling in the helper (from any thread; nothing after :meth:`close`)."""
        with self._lock:
            if self._closed or self._pool is not None:
                return
            # spawn, not fork: the driver has threads (the notice's, a progress bar's)
            self._pool = ProcessPoolExecutor(
                1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=start_worker,
                initargs=(os.getpid(),),
            )
            self._future = self._pool.submit(compile_learning, self.config)

    def wait(self) -> None:
        """Let a started helper finish: what it writes is what the driver loads next. A
        helper that failed is ignored (the driver compiles what it left)."""
        with self._lock:
            future = self._future
        if future is None:
            return
        with contextlib.suppress(Exception):  # the driver compiles what a failed helper left
            future.result()

    def close(self) -> None:
        """End the helper, finished or not; no helper starts afterwards."""
        with self._lock:
            self._closed = True
            pool, self._pool, self._future = self._pool, None, None
        if pool is None:
            return
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()  # the executor has no public way to stop a running task
        pool.shutdown(wait=True, cancel_futures=True)
