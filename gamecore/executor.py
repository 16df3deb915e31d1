"""Where parallel work runs: local worker processes, or a Ray cluster.

Training, matches and tournaments hand out independent tasks (one game
each) and gather their results as they finish. They see one interface,
:class:`Executor`: ``submit`` a picklable function and its arguments, get a
:class:`concurrent.futures.Future`; a future whose worker died raises
:class:`WorkerLost`, and the caller decides what to replay.

* :class:`LocalExecutor` — ``N`` worker processes on this machine (spawned,
  not forked, so no thread's lock is copied). Each worker is its own
  single-process pool, so a worker that is killed breaks only its own task;
  the next task sent to that slot starts a fresh process.
* :class:`RayExecutor` — tasks on a Ray cluster (``pip install
  "gamecore[ray]"``; ``ray start --head`` on one machine, ``ray start
  --address HEAD:6379`` on the others). Ray retries nothing itself here: a
  lost task comes back as :class:`WorkerLost` like a local one.

Scheduling, transport and fault detection are the standard library's and
Ray's; this module only gives them one shape.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import socket
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from gamecore.bounds import is_digits
from gamecore.errors import BadOption, GamecoreError


class WorkerLost(Exception):
    """The worker running a task died (killed, out of memory, its node lost)."""


class ClusterError(GamecoreError):
    """The Ray cluster cannot be used (Ray missing, no head at that address)."""


def default_workers() -> int:
    """All cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


DRIVER_CHECK_SECONDS = 1.0
"""How often a worker looks whether its driver is still alive."""


def start_worker(driver: int) -> None:
    """A worker process's set-up: Ctrl-C is the driver's to handle (it stops the workers
    itself), and a worker whose driver (process ``driver``) is gone (``kill -9``) ends
    itself instead of waiting for tasks for ever. The driver's pid comes from the driver:
    one killed while this worker was still starting would otherwise leave it a parent
    (init) that never goes away."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == driver:
            time.sleep(DRIVER_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="driver-watch", daemon=True).start()


class Executor(ABC):
    """Runs tasks on ``workers`` workers; at most that many should be in flight."""

    workers: int

    @abstractmethod
    def submit(self, fn: Callable[..., Any], *args: Any) -> Future:
        """Start ``fn(*args)`` on a free worker."""

    @abstractmethod
    def result(self, future: Future) -> Any:
        """The task's value; :class:`WorkerLost` if its worker died."""

    @abstractmethod
    def close(self) -> None:
        """Stop every worker now; tasks in flight are dropped."""

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class LocalExecutor(Executor):
    """``workers`` spawned processes, one single-process pool each (see the module notes)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = default_workers() if workers is None else workers
        if self.workers < 1:
            raise BadOption(f"--workers must be at least 1, not {self.workers}")
        self._context = multiprocessing.get_context("spawn")
        self._pools: list[ProcessPoolExecutor | None] = [None] * self.workers
        self._slot_of: dict[Future, int] = {}
        self._lock = threading.Lock()

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future:
        with self._lock:
            busy = {slot for future, slot in self._slot_of.items() if not future.done()}
            free = [slot for slot in range(self.workers) if slot not in busy]
            if not free:
                raise RuntimeError("every worker is busy: wait for a task before submitting")
            slot = free[0]
            try:
                future = self._pool(slot).submit(fn, *args)
            except BrokenProcessPool:  # its process died after its last task
                self._drop_pool(slot)
                future = self._pool(slot).submit(fn, *args)
            self._slot_of = {f: s for f, s in self._slot_of.items() if not f.done()}
            self._slot_of[future] = slot
            return future

    def _pool(self, slot: int) -> ProcessPoolExecutor:
        """The slot's one-process pool, started if it has none."""
        pool = self._pools[slot]
        if pool is None:
            pool = ProcessPoolExecutor(
                1, mp_context=self._context, initializer=start_worker, initargs=(os.getpid(),)
            )
            self._pools[slot] = pool
        return pool

    def _drop_pool(self, slot: int) -> None:
        """Forget a slot's broken pool; the next task sent there starts a fresh process."""
        pool, self._pools[slot] = self._pools[slot], None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def result(self, future: Future) -> Any:
        try:
            return future.result()
        except BrokenProcessPool:
            with self._lock:
                slot = self._slot_of.pop(future, None)
                if slot is not None:
                    self._drop_pool(slot)
            raise WorkerLost("a worker process died") from None

    def worker_pids(self) -> list[int]:
        """The process ids of the running workers (for tests that kill one)."""
        pids: list[int] = []
        for pool in self._pools:
            if pool is not None:
                pids.extend(pool._processes or {})
        return pids

    def close(self) -> None:
        for pool in self._pools:
            if pool is None:
                continue
            for process in list((pool._processes or {}).values()):
                process.terminate()
            pool.shutdown(wait=True, cancel_futures=True)
        self._pools = [None] * self.workers


class RayExecutor(Executor):
    """Tasks on a Ray cluster; ``workers`` defaults to the cluster's CPUs."""

    def __init__(self, address: str, workers: int | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise ClusterError('Ray is not installed: pip install "gamecore[ray]"') from None
        self._ray = ray
        if address not in ("auto", "local"):
            _check_reachable(address)
            _check_authorised(ray, address)
        try:
            if not ray.is_initialized():
                ray.init(
                    # "local" tells Ray itself to start a private instance; None would join
                    # the head this machine started last, if its address file is still there.
                    address=address,
                    include_dashboard=False,
                    log_to_driver=False,
                    configure_logging=False,
                )
        except (ConnectionError, ValueError, RuntimeError) as exc:
            first = str(exc).strip().split(". ")[0] if str(exc).strip() else type(exc).__name__
            raise ClusterError(f"cannot join the Ray cluster at {address!r}: {first}") from None
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.workers = cpus if workers is None else workers
        if self.workers < 1:
            raise BadOption(f"--workers must be at least 1, not {self.workers}")
        self._remote = ray.remote(max_retries=0, num_cpus=1)(_call)
        self._refs: dict[Future, Any] = {}

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future:
        ref = self._remote.remote(fn, *args)
        future = ref.future()
        self._refs[future] = ref
        return future

    def result(self, future: Future) -> Any:
        exceptions = self._ray.exceptions
        lost = (
            exceptions.WorkerCrashedError,
            exceptions.NodeDiedError,
            exceptions.OwnerDiedError,
            exceptions.TaskUnschedulableError,
            exceptions.ActorDiedError,
        )
        try:
            return future.result()
        except lost as exc:
            raise WorkerLost(f"a Ray worker died ({type(exc).__name__})") from None
        except exceptions.RayTaskError as exc:
            raise exc.as_instanceof_cause() from None
        finally:
            self._refs.pop(future, None)

    def close(self) -> None:
        for ref in self._refs.values():
            self._ray.cancel(ref, force=True)
        self._refs.clear()


def _check_reachable(address: str) -> None:
    """Fail in one line at once if nothing listens at HOST:PORT (Ray itself retries for minutes)."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not is_digits(port):
        raise ClusterError(f"--cluster wants HOST:PORT, auto or local, not {address!r}")
    try:
        socket.create_connection((host, int(port)), timeout=5).close()
    except OSError as exc:
        raise ClusterError(
            f"cannot join the Ray cluster at {address!r}: nothing answers there ({exc.strerror})"
        ) from None


AUTH_HELP = (
    "set RAY_AUTH_MODE=token and the cluster's token in RAY_AUTH_TOKEN, RAY_AUTH_TOKEN_PATH "
    "or ~/.ray/auth_token (docs/parallel.md)"
)


def _check_authorised(ray: Any, address: str) -> None:
    """Fail in one line if the cluster wants a token this process does not present.

    ``ray.init`` reports that only as "Failed to connect", after 20 s of retries and a C++
    warning per retry; one request to the cluster's GCS says why at once. The probe uses
    Ray's own GCS client (``ray._raylet``, not a public API): if this Ray lacks it, the
    check is skipped and ``ray.init`` reports as before.
    """
    try:
        from ray._raylet import GcsClient  # type: ignore[attr-defined]

        denied = ray.exceptions.AuthenticationError
    except (ImportError, AttributeError):
        return
    with _stderr_silenced():  # the GCS client's C++ side logs the refusal too
        try:
            GcsClient(address=address.removeprefix("ray://")).internal_kv_get(
                b"gamecore-probe", None, timeout=10
            )
        except denied:
            mode = os.environ.get("RAY_AUTH_MODE", "disabled")
            problem = (
                f"it wants a token (its auth mode is token; here RAY_AUTH_MODE is {mode!r})"
                if mode != "token"
                else "it refused this process's token (not the cluster's own)"
            )
            raise ClusterError(
                f"cannot join the Ray cluster at {address!r}: {problem}; {AUTH_HELP}"
            ) from None
        except Exception:  # anything else: ray.init says it in its own words
            return


@contextlib.contextmanager
def _stderr_silenced() -> Iterator[None]:
    """Send file descriptor 2 to /dev/null meanwhile (C++ logging bypasses sys.stderr)."""
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _call(fn: Callable[..., Any], *args: Any) -> Any:
    return fn(*args)


def run_all(
    executor: Executor | None,
    fn: Callable[[Any], Any],
    tasks: list[Any],
    on_result: Callable[[int, Any, int], None] | None = None,
    admit: Callable[[int], bool] | None = None,
) -> list[Any]:
    """``fn(task)`` for every task on the executor's workers (None: here, in turn), results
    in task order.

    A task whose worker dies is sent again; ``on_result(i, result, lost)`` is
    called as each finishes, ``lost`` counting the workers it cost. ``admit(i)``, if
    given, is asked just before task ``i`` would start: a task it refuses is not run
    and its result stays None (a match that has reached its verdict).
    """
    results: list[Any] = [None] * len(tasks)
    if executor is None:
        for i, task in enumerate(tasks):
            if admit is not None and not admit(i):
                continue
            results[i] = fn(task)
            if on_result is not None:
                on_result(i, results[i], 0)
        return results
    lost = [0] * len(tasks)
    pending = list(range(len(tasks)))[::-1]
    in_flight: dict[Future, int] = {}
    try:
        while pending or in_flight:
            while pending and len(in_flight) < executor.workers:
                i = pending.pop()
                if admit is not None and lost[i] == 0 and not admit(i):
                    continue
                in_flight[executor.submit(fn, tasks[i])] = i
            done, _ = wait(in_flight, return_when=FIRST_COMPLETED)
            for future in done:
                i = in_flight.pop(future)
                try:
                    results[i] = executor.result(future)
                except WorkerLost:
                    lost[i] += 1
                    pending.append(i)
                    continue
                if on_result is not None:
                    on_result(i, results[i], lost[i])
    except BaseException:
        executor.close()
        raise
    return results


def make_executor(workers: int | None = None, cluster: str | None = None) -> Executor:
    """The executor the options ask for: local processes, or Ray at ``cluster``.

    ``cluster`` is a Ray address (``HOST:PORT``), ``auto`` for the head already
    running on this machine, or ``local`` for a private Ray instance.
    """
    if cluster:
        return RayExecutor(cluster, workers)
    return LocalExecutor(workers)
