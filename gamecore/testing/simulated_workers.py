"""An executor whose workers answer at once with recorded games: the driver's own cost.

Feeding the training driver recorded :class:`~gamecore.training.worker.GameReport`
values as fast as it can take them measures what the driver spends per
merged game (sending θ, merging Δθ, the log, the average), which bounds how
many real workers one driver can keep busy. ``benchmarks/driver_capacity.py``
times it; the tests check that nothing is lost on the way.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from gamecore.executor import Executor
from gamecore.training.worker import GameReport, GameTask


class SimulatedWorkers(Executor):
    """``workers`` workers that each return recorded report ``index % len(reports)`` at once.

    Every task and report is pickled and unpickled, as a real worker's would be,
    and the bytes counted (``sent_bytes``, ``received_bytes``).
    """

    def __init__(self, workers: int, reports: list[GameReport]) -> None:
        self.workers = workers
        self.reports = reports
        self.sent_bytes = 0
        self.received_bytes = 0
        self.tasks = 0

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future:
        message = pickle.dumps(args)
        self.sent_bytes += len(message)
        (task,) = pickle.loads(message)
        assert isinstance(task, GameTask)
        recorded = self.reports[task.index % len(self.reports)]
        reply = pickle.dumps(GameReport(task.index, recorded.delta, recorded.row, {}, 0))
        self.received_bytes += len(reply)
        self.tasks += 1
        future: Future = Future()
        future.set_result(pickle.loads(reply))
        return future

    def result(self, future: Future) -> Any:
        return future.result()

    def close(self) -> None:
        pass
