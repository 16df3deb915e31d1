"""A real two-node Ray cluster on this machine, with token authentication, as a user runs one.

``ray start --head`` and ``ray start --address`` as separate node processes (two raylets),
both with ``RAY_AUTH_MODE=token``. Training runs across both; the second node's raylet and
the worker running a game there are killed mid-run, and the run must finish every game,
replaying the one in flight. A driver without the token is refused in one line that says
what is missing. The cluster's processes are found by its port and killed at the end
(``ray stop`` would stop every Ray instance on the machine, other tests' included).
"""

from __future__ import annotations

import contextlib
import csv
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("ray")

HOST = "127.0.0.1"
SECOND_NODE = "gamecore_second_node"
"""A custom resource only the second node has: it names that node's raylet."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def processes() -> dict[int, tuple[int, str]]:
    """Every process: pid -> (parent pid, command line)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        found[int(entry.name)] = (parent, cmdline)
    return found


def descendants(root: int, table: dict[int, tuple[int, str]]) -> list[int]:
    children = [pid for pid, (parent, _) in table.items() if parent == root]
    return children + [pid for child in children for pid in descendants(child, table)]


def of_cluster(cmd: str, port: int) -> bool:
    """Whether a command line is one of the cluster's processes (Ray gives each the GCS
    address, with the machine's own IP whatever ``--node-ip-address`` says)."""
    return re.search(rf"(gcs[-_]address=\S*:{port}|gcs_server_port={port})\b", cmd) is not None


def cluster_pids(port: int) -> list[int]:
    """The processes of the cluster whose GCS listens on ``port``, with their children."""
    table = processes()
    own = [pid for pid, (_, cmd) in table.items() if of_cluster(cmd, port)]
    own = [pid for pid in own if pid != os.getpid() and "pytest" not in table[pid][1]]
    return sorted({pid for root in own for pid in [root, *descendants(root, table)]})


def kill_all(pids: list[int]) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def ray_start(*args: str, env: dict[str, str]) -> None:
    ray = str(Path(sys.executable).with_name("ray"))
    subprocess.run(
        [
            ray,
            "start",
            "--node-ip-address",
            HOST,
            "--num-cpus",
            "1",
            "--disable-usage-stats",
            *args,
        ],
        env=env,
        check=True,
        capture_output=True,
        timeout=180,
    )


@pytest.fixture(scope="module")
def cluster(tmp_path_factory) -> Iterator[tuple[str, dict[str, str], int]]:
    """``(address, env with the token, port)`` of a running two-node cluster."""
    token = tmp_path_factory.mktemp("ray-auth") / "token"
    token.write_text(secrets.token_hex(32))
    env = {**os.environ, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN_PATH": str(token)}
    port = free_port()
    address = f"{HOST}:{port}"
    try:
        ray_start("--head", "--port", str(port), "--include-dashboard", "false", env=env)
        ray_start("--address", address, "--resources", f'{{"{SECOND_NODE}": 1}}', env=env)
        yield address, env, port
    finally:
        kill_all(cluster_pids(port))
        forget_head(port)


def forget_head(port: int) -> None:
    """Remove the address file ``ray start --head`` leaves (``ray stop`` would): a later
    ``ray.init()`` without an address would try to join the dead head."""
    current = Path(tempfile.gettempdir()) / "ray" / "ray_current_cluster"
    with contextlib.suppress(OSError):
        if current.read_text().strip().endswith(f":{port}"):
            current.unlink()


def second_node_raylet(port: int) -> int:
    table = processes()
    (raylet,) = [
        pid
        for pid, (_, cmd) in table.items()
        if "raylet" in cmd and SECOND_NODE in cmd and of_cluster(cmd, port)
    ]
    return raylet


def busy_workers(raylet: int) -> list[int]:
    """Workers of that raylet running one of our tasks (Ray titles them ``ray::_call``)."""
    table = processes()
    return [pid for pid in descendants(raylet, table) if table[pid][1].startswith("ray::_call")]


def test_a_driver_without_the_token_is_told_what_is_missing(cluster, tmp_path):
    address, _, _ = cluster
    bare = {k: v for k, v in os.environ.items() if not k.startswith("RAY_AUTH")}
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "gamecore", "train", "connect4", "--cluster", address,
         "--out", str(tmp_path / "x.npz")],
        capture_output=True, text=True, env=bare, timeout=120,
    )  # fmt: skip
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "wants a token" in lines[0] and "RAY_AUTH_MODE=token" in lines[0]
    assert time.monotonic() - started < 60  # ray.init alone retried for 20 s


def test_training_survives_losing_a_node_mid_run(cluster, tmp_path):
    address, env, port = cluster
    out = tmp_path / "two-nodes.npz"
    raylet = second_node_raylet(port)
    train = subprocess.Popen(
        [sys.executable, "-m", "gamecore", "train", "connect4", "--games", "4", "--depth", "1",
         "--cluster", address, "--workers", "2", "--verdict-games", "0", "--out", str(out)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 240
        while not (victims := busy_workers(raylet)) and time.monotonic() < deadline:
            assert train.poll() is None, train.stderr.read() if train.stderr else ""
            time.sleep(0.05)
        assert victims, "no game ever ran on the second node"
        kill_all([*victims, raylet])
        _, stderr = train.communicate(timeout=300)
    finally:
        train.kill()
    assert train.returncode == 0, stderr
    with out.with_suffix(".csv").open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert [int(r["game"]) for r in rows] == [1, 2, 3, 4]
    assert sum(int(r["workers_lost"]) for r in rows) >= 1
