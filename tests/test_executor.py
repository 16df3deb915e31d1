"""The local executor: results in order, and a killed worker costs only its own task."""

from __future__ import annotations

import os
import signal
import time

import pytest

from gamecore.errors import BadOption
from gamecore.executor import LocalExecutor, WorkerLost, run_all


def slow_square(x: int) -> tuple[int, int]:
    time.sleep(1.5 if x == 1 else 0.3)  # task 1 is still running when task 0 reports
    return x * x, os.getpid()


def test_run_all_returns_results_in_task_order():
    with LocalExecutor(2) as executor:
        results = run_all(executor, slow_square, [3, 1, 2, 5])
    assert [r[0] for r in results] == [9, 1, 4, 25]
    assert len({r[1] for r in results}) == 2  # both workers took tasks


def test_a_killed_worker_is_reported_and_its_task_runs_again():
    lost_counts = {}
    with LocalExecutor(2) as executor:
        killed = []

        def on_result(index, result, lost):
            lost_counts[index] = lost
            if not killed:  # task 0 is back; the other worker is still busy with task 1
                for pid in executor.worker_pids():
                    if pid != result[1]:
                        os.kill(pid, signal.SIGKILL)
                        killed.append(pid)

        results = run_all(executor, slow_square, list(range(6)), on_result)
    assert killed
    assert [r[0] for r in results] == [x * x for x in range(6)]
    assert sum(lost_counts.values()) == 1


def test_a_dead_worker_surfaces_as_worker_lost():
    with LocalExecutor(1) as executor:
        future = executor.submit(slow_square, 4)
        time.sleep(0.1)
        for pid in executor.worker_pids():
            os.kill(pid, signal.SIGKILL)
        with pytest.raises(WorkerLost):
            executor.result(future)
        assert executor.result(executor.submit(slow_square, 3))[0] == 9  # a fresh process


def test_zero_workers_is_a_bad_option():
    with pytest.raises(BadOption, match="--workers"):
        LocalExecutor(0)


def test_workers_end_when_their_driver_is_killed(tmp_path):
    """kill -9 of a driver leaves no worker behind: each sees its parent gone and ends."""
    import subprocess
    import sys
    import time
    from pathlib import Path

    script = (
        "import time\n"
        "from gamecore.executor import LocalExecutor\n"
        "executor = LocalExecutor(2)\n"
        "futures = [executor.submit(time.sleep, 60) for _ in range(2)]\n"
        "while len(executor.worker_pids()) < 2: time.sleep(0.05)\n"
        "print(*executor.worker_pids(), flush=True)\n"
        "time.sleep(120)\n"
    )
    driver = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert driver.stdout is not None
    workers = [int(pid) for pid in driver.stdout.readline().split()]
    assert len(workers) == 2
    driver.kill()
    driver.wait(10)

    def alive(pid: int) -> bool:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except FileNotFoundError:
            return False
        return "State:\tZ" not in status  # a zombie has ended; only its reaping is left

    deadline = time.monotonic() + 20
    while any(alive(pid) for pid in workers):
        assert time.monotonic() < deadline, f"workers still running: {workers}"
        time.sleep(0.1)
