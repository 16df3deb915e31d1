"""Training speed with and without a window watching the run (``gamecore train --watch``).

Runs the same training command alternately without and with ``--watch``, on an
Xvfb display of its own, and prints per round the wall time of the command and
the games' own time (the sum of the log's ``seconds``, what the trainer spends
playing and learning), then the medians and their ratios. The window of a
watched run is closed after the run ends (it stays open for a person).

    python benchmarks/watch_overhead.py --rounds 3 -- connect4 --games 200 --workers 1
"""

from __future__ import annotations

import argparse
import csv
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def start_xvfb() -> tuple[subprocess.Popen, str]:
    for number in range(99, 160):
        if not Path(f"/tmp/.X{number}-lock").exists():
            break
    server = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    socket = Path(f"/tmp/.X11-unix/X{number}")
    while not socket.exists():
        if server.poll() is not None:
            sys.exit(f"Xvfb did not start on :{number}")
        time.sleep(0.05)
    return server, f":{number}"


def one_round(train_args: list[str], watch: bool, env: dict[str, str], folder: Path):
    out = folder / ("watched.npz" if watch else "plain.npz")
    command = [sys.executable, "-m", "gamecore", "train", *train_args, "--out", str(out)]
    command += ["--force"] + (["--watch"] if watch else [])
    start = time.perf_counter()
    result = subprocess.run(command, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(result.stderr)
    if watch:
        found = re.search(r"process (\d+)", result.stderr)
        if found is None:
            sys.exit("no window was started")
        pid = int(found.group(1))
        time.sleep(1.0)  # the window shows the end, as a person would see it
        os.kill(pid, signal.SIGTERM)
    with out.with_suffix(".csv").open() as f:
        games = sum(float(row["seconds"]) for row in csv.DictReader(f))
    return wall, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("train", nargs=argparse.REMAINDER, help="-- GAME and train options")
    args = parser.parse_args()
    train_args = [a for a in args.train if a != "--"] or ["connect4", "--games", "200"]
    if shutil.which("Xvfb") is None:
        sys.exit("Xvfb is not installed (apt-get install xvfb)")
    server, display = start_xvfb()
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env["DISPLAY"] = display
    times: dict[bool, list[tuple[float, float]]] = {False: [], True: []}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for r in range(args.rounds):
                for watch in (False, True):
                    wall, games = one_round(train_args, watch, env, Path(tmp))
                    times[watch].append((wall, games))
                    label = "watched  " if watch else "unwatched"
                    print(f"round {r + 1} {label} wall {wall:7.2f} s  games {games:7.2f} s")
    finally:
        server.terminate()
        server.wait(10)
    medians = {
        w: (statistics.median(t[0] for t in ts), statistics.median(t[1] for t in ts))
        for w, ts in times.items()
    }
    (pw, pg), (ww, wg) = medians[False], medians[True]
    print(f"median unwatched: wall {pw:.2f} s, games {pg:.2f} s")
    print(f"median watched:   wall {ww:.2f} s, games {wg:.2f} s")
    print(f"watched / unwatched: wall {ww / pw:.3f}, games {wg / pg:.3f}")


if __name__ == "__main__":
    main()
