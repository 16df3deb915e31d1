"""Run the hostile inputs and faults of docs/robustness.md and count the outcomes by kind.

Every case is a real ``gamecore`` process with a time limit. A case passes when it
ends the way a user should see: a usage error is exit code 2 with one line on
stderr, an interrupt is exit code 130 with one line, a well-formed request is
exit code 0; never a traceback, a hang, a crash (killed by a signal), a wrong
answer or a changed input file.

    python benchmarks/hostile_inputs.py [--timeout 30] [--verbose]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
GAMECORE = [sys.executable, "-m", "gamecore"]
TOY = f"{sys.executable} {ROOT / 'tests' / 'toys' / 'uci_engine.py'}"
"""A small UCI engine that misbehaves on request (tests/toys/uci_engine.py)."""
DUCHESS_START = None  # filled in main(): the start position's text


@dataclass
class Case:
    kind: str
    args: list[str]
    expect: int = 2
    stdin: str | None = None
    says: str = ""
    """Text the output must contain (stderr for errors, stdout otherwise)."""
    untouched: list[Path] = field(default_factory=list)
    """Input files that must not change."""
    interrupt_after: float | None = None
    """Send SIGINT twice this many seconds after the start (Ctrl-C, then again)."""
    out_file: bool = False
    """Give the command ``--out`` in a scratch folder (a match's record)."""


def run(case: Case, timeout: float, scratch: Path) -> str:
    """The outcome: 'ok', 'traceback', 'hang', 'crash', 'wrong answer' or 'lost data'."""
    before = {p: p.read_bytes() for p in case.untouched}
    args = case.args + (["--out", str(scratch / "record.txt")] if case.out_file else [])
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.Popen(
        GAMECORE + args,
        cwd=scratch,  # a match without --out writes its record into the working folder
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,
    )
    if case.interrupt_after is not None:
        time.sleep(case.interrupt_after)
        proc.send_signal(signal.SIGINT)
        time.sleep(0.001)
        proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(case.stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return "hang"
    if "Traceback" in err or "Traceback" in out:
        return "traceback"
    if proc.returncode == -signal.SIGINT and case.interrupt_after is not None:
        return "ok"  # Ctrl-C before Python set up its handler: ended by the signal, silently
    if proc.returncode < 0:
        return "crash"
    if any(p.read_bytes() != data for p, data in before.items() if p.exists()) or any(
        not p.exists() for p in before
    ):
        return "lost data"
    lines = err.strip().splitlines()
    if proc.returncode != case.expect:
        return "wrong answer"
    if case.expect == 2 and len(lines) != 1:
        return "wrong answer"
    if case.expect == 130 and "interrupted" not in (lines or [""])[-1]:
        return "wrong answer"  # (the progress bar shares stderr: the last line is the message)
    if case.says and case.says not in (err if case.expect == 2 else out + err):
        return "wrong answer"
    return "ok"


def weights_file(folder: Path, name: str, theta, meta) -> Path:
    path = folder / name
    with path.open("wb") as f:
        np.savez(f, theta=theta, meta=np.array(json.dumps(meta)))
    return path


def cases(tmp: Path) -> list[Case]:
    fifo = tmp / "fifo"
    os.mkfifo(fifo)
    folder = tmp / "a-folder"
    bad_epd = tmp / "bad.epd"
    bad_epd.write_text("not a position\n")
    folder.mkdir()
    good = tmp / "good.npz"
    subprocess.run(
        [*GAMECORE, "train", "connect4", "--games", "2", "--depth", "1", "--out", str(good)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    with np.load(good) as data:
        theta, meta = data["theta"], json.loads(str(data["meta"]))

    def damaged(name: str, edit) -> Path:
        changed = json.loads(json.dumps(meta))
        edit(changed)
        return weights_file(tmp, name, theta, changed)

    def training(**values):
        return lambda m: m["metadata"]["training"]["config"].update(values)

    header_cases = [
        weights_file(tmp, "meta-list.npz", theta, [1, 2]),
        weights_file(tmp, "meta-number.npz", theta, 7),
        damaged("no-game.npz", lambda m: m.pop("game")),
        damaged("bad-version.npz", lambda m: m.update(format_version=99)),
        damaged("game-a-list.npz", lambda m: m.update(game=["connect4"])),
        weights_file(tmp, "complex.npz", theta.astype(complex), meta),
    ]
    training_cases = [  # the weights are fine: a match plays them, a resume refuses them
        damaged("no-config.npz", lambda m: m["metadata"]["training"].pop("config")),
        damaged("extra-field.npz", training(colour="blue")),
        damaged("depth-a-string.npz", training(depth="deep")),
        damaged("negative-depth.npz", training(depth=-3)),
        damaged("max-plies-0.npz", training(max_plies=0)),
        damaged(
            "negative-games.npz",
            lambda m: m["metadata"]["training"]["progress"].update(games_done=-4),
        ),
    ]
    (tmp / "truncated.npz").write_bytes(good.read_bytes()[:300])
    (tmp / "random.npz").write_bytes(np.random.default_rng(1).bytes(4000))
    (tmp / "empty.npz").write_bytes(b"")
    header_cases += [tmp / "truncated.npz", tmp / "random.npz", tmp / "empty.npz"]
    unreadable_log = tmp / "log-beside.npz"
    unreadable_log.write_bytes(good.read_bytes())
    unreadable_log.with_suffix(".csv").write_bytes(b"\xff\xfe\x00 not a log")
    earlier_run = tmp / "earlier.npz"
    earlier_run.write_bytes(good.read_bytes())

    big = "x" * 100_000
    nested = tmp / "nested.pdn"
    nested.write_text('[Event "x"]\n\n1. 11-15 ' + "(" * 60_000 + "22-18 " + ")" * 60_000 + " *\n")
    bom = tmp / "bom.pgn"
    bom.write_bytes("\ufeff".encode() + b'[Event "x"]\n\n1. e4 e5 *\n')
    atomic = tmp / "atomic.pgn"
    atomic.write_text('[Variant "Atomic"]\n\n1. e4 e5 *\n')
    duchess = DUCHESS_START or ""
    huge_counter = duchess.replace("quiet=0", "quiet=" + "9" * 40)
    superscript_counter = duchess.replace("quiet=0", "quiet=²")

    c = Case
    return [
        # Numbers
        c("numbers", ["perft", "checkers", "--depth", "100000"]),
        c("numbers", ["perft", "chess", "--depth", "1000"]),
        c("numbers", ["perft", "duchess", "--depth", "1000"]),
        c("numbers", ["perft", "chess", "--depth", "99999999999999999999999"]),
        c("numbers", ["analyse", "duchess", "--depth", "1000000000"]),
        c("numbers", ["analyse", "chess", "--time", "inf"]),
        c("numbers", ["analyse", "chess", "--time", "1e300"]),
        c("numbers", ["train", "chess", "--time-per-move", "inf", "--out", str(tmp / "t.npz")]),
        c("numbers", ["train", "chess", "--depth", "1e20", "--out", str(tmp / "t.npz")]),
        c(
            "numbers",
            ["uci"],
            expect=0,
            stdin="uci\nposition startpos\ngo movetime 99999999999999999999999\nstop\nquit\n",
            says="bestmove",
        ),
        c("numbers", ["perft", "duchess", "-o", "players=²", "--depth", "1"]),
        c("numbers", ["perft", "duchess", "-o", f"move_limit={'9' * 30}", "--depth", "1"]),
        c("numbers", ["analyse", "duchess", "--position", huge_counter, "--depth", "1"]),
        c("numbers", ["analyse", "duchess", "--position", superscript_counter, "--depth", "1"]),
        c("numbers", ["train", "chess", "--time-per-move", "nan", "--out", str(tmp / "t.npz")]),
        c("numbers", ["train", "chess", "--time-budget", "nan", "--out", str(tmp / "t.npz")]),
        c("numbers", ["train", "chess", "--step", "-1", "--out", str(tmp / "t.npz")]),
        c("numbers", ["train", "chess", "--lambda", "5", "--out", str(tmp / "t.npz")]),
        c("numbers", ["train", "chess", "--opening-plies", "-1", "--out", str(tmp / "t.npz")]),
        c("numbers", ["tournament", "chess", "random", "zeros", "--reference-elo", "nan"]),
        c("numbers", ["analyse", "chess", "--threads", "100000", "--depth", "1"]),
        c(
            "numbers",
            ["uci"],
            expect=0,
            stdin="uci\nsetoption name Threads value 99999\nisready\nquit\n",
            says="outside 1 to 512",
        ),
        # Weights and checkpoint files
        *[
            c("weights", ["match", "connect4", str(p), "zeros", "--depth", "1"], untouched=[p])
            for p in header_cases
        ],
        *[
            c(
                "weights",
                ["match", "connect4", str(p), "zeros", "--depth", "1", "--games", "2"],
                expect=0,
                out_file=True,
                untouched=[p],
            )
            for p in training_cases
        ],
        *[
            c("checkpoints", ["train", "connect4", "--resume", str(p)], untouched=[p])
            for p in header_cases + training_cases
        ],
        c(
            "checkpoints",
            ["train", "connect4", "--resume", str(unreadable_log)],
            untouched=[unreadable_log, unreadable_log.with_suffix(".csv")],
        ),
        # Paths
        c("paths", ["match", "connect4", "zeros", "zeros", "--out", "/dev/null/x.pgn"]),
        c("paths", ["train", "connect4", "--out", str(folder)]),
        c("paths", ["train", "connect4", "--out", str(tmp / "w.csv")]),
        c("paths", ["train", "connect4", "--out", str(earlier_run)], untouched=[earlier_run]),
        c("paths", ["plot-learning", str(tmp / "x.csv"), "--out", str(tmp / "x.xyz")]),
        c("paths", ["gui", "chess", "--screenshot", str(folder)]),
        c("paths", ["gui", "chess", "--size", "99999x99999"]),
        c("paths", ["match", "connect4", str(fifo), "zeros"]),
        c("paths", ["gui", "chess", "--load", str(fifo)]),
        c("paths", ["plot-learning", str(fifo)]),
        c("paths", ["train", "connect4", "--resume", str(fifo)]),
        c("paths", ["train", "chess", "--games", "2", "--depth", "1", "--out", "/proc/w.npz"]),
        c("paths", ["serve", "--db", "/proc/games.sqlite", "--port", "0"]),
        # Engine matches: uci: players, chess books, SPRT (docs/matches.md)
        c("engines", ["match", "chess", "random", "uci:/no/such/engine"]),
        c("engines", ["match", "chess", "random", f"uci:{TOY} --misbehave nostart"]),
        c("engines", ["match", "chess", "random", f"uci:{TOY}:NoSuchOption=1"]),
        c("engines", ["match", "chess", "random", f"uci:{TOY}:ScoreOffset=99999"]),
        c("engines", ["match", "connect4", "random", f"uci:{TOY}"]),
        c("engines", ["match", "chess", "random", "random", "--sprt", "5,0"]),
        c("engines", ["match", "chess", "random", "random", "--sprt", "0,5,0,1"]),
        c("engines", ["match", "chess", "random", "random", "--book", str(bad_epd)]),
        c("engines", ["match", "connect4", "random", "random", "--book", str(bad_epd)]),
        c("engines", ["match", "chess", "random", "random", "--book-plies", "4"]),
        # The network: addresses that are no server, or no address at all
        c("network", ["serve", "--port", "99999"]),
        c("network", ["gui", "--connect", "http://127.0.0.1:1"]),
        c("network", ["gui", "--connect", "ftp://example"]),
        c("network", ["bot", "duchess", "--connect", "http://127.0.0.1:1"]),
        c("network", ["bot", "nonesuch", "--connect", "http://127.0.0.1:1"]),
        c(
            "network",
            ["uci", "chess"],
            expect=0,
            stdin="position startpos\ngo movetime 300\n",
            says="bestmove",
        ),
        # Interrupts
        c(
            "interrupts",
            ["train", "connect4", "--games", "500", "--out", str(tmp / "i1.npz")],
            expect=130,
            interrupt_after=4.0,
        ),
        c(
            "interrupts",
            ["train", "connect4", "--games", "500", "--out", str(tmp / "i2.npz")],
            expect=130,
            interrupt_after=0.2,
        ),
        # Records
        c("records", ["gui", "chess", "--load", str(bom), "--quit-after", "1"], expect=0),
        c("records", ["gui", "chess", "--load", str(atomic)], says="Atomic"),
        c(
            "records",
            ["analyse", "checkers", "--position", "W:W32-21:B1-12", "--depth", "1"],
            expect=0,
            says="bestmove",
        ),
        c("records", ["gui", "checkers", "--load", str(nested), "--quit-after", "1"], expect=0),
        # Small
        c("small", ["analyse", "chess", "--position", big], says="characters"),
    ]


def main() -> int:
    global DUCHESS_START
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per case (30)")
    parser.add_argument("--verbose", action="store_true", help="print every case")
    args = parser.parse_args()
    import gamecore

    DUCHESS_START = gamecore.get_game("duchess").initial_state().to_text()
    counts: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        for case in cases(Path(folder)):
            outcome = run(case, args.timeout, Path(folder))
            counts[case.kind][outcome] += 1
            if args.verbose or outcome != "ok":
                print(f"{outcome:12} {case.kind:12} {' '.join(case.args)[:110]}", flush=True)
            if outcome != "ok":
                failures.append(case)
    kinds = ["ok", "traceback", "hang", "crash", "wrong answer", "lost data"]
    print("| inputs | cases | " + " | ".join(kinds[1:]) + " |")
    print("| --- | ---: | " + " | ".join("---:" for _ in kinds[1:]) + " |")
    for kind, counter in counts.items():
        cells = " | ".join(str(counter[k]) for k in kinds[1:])
        print(f"| {kind} | {sum(counter.values())} | {cells} |")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
