"""``gamecore plot-learning``: a PNG of strength against training games, from training logs.

Strength is the learner's score against its training opponent (win 1, draw
½, loss 0) as a moving average over a window of games; for self-play logs,
where that score is always ½, the share of decisive games. A second panel
shows the mean absolute error of the learner's updates (how far the
evaluation was from its search targets).
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

import numpy as np

from gamecore.errors import BadOption

SCORES = {"win": 1.0, "draw": 0.5, "loss": 0.0}


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("plot-learning", help="plot strength against training games")
    parser.add_argument("logs", nargs="+", metavar="LOG", help="CSV logs written by train")
    parser.add_argument("--out", default="learning.png", help="PNG file (learning.png)")
    parser.add_argument("--window", type=int, default=20, help="games per moving average (20)")
    parser.add_argument("--title", default="Learning curves")
    parser.set_defaults(run=run)


def read_log(path: str) -> dict[str, np.ndarray]:
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
        games = np.array([int(r["game"]) for r in rows])
        outcome = [r["outcome"] for r in rows]
        error = np.array([float(r["mean_abs_error"]) for r in rows])
    except FileNotFoundError:
        raise BadOption(f"log {path!r} does not exist") from None
    except (KeyError, ValueError, csv.Error) as exc:
        raise BadOption(f"{path!r} is not a training log ({exc})") from None
    if not rows:
        raise BadOption(f"log {path!r} has no games")
    self_play = all(o in ("decisive", "draw") for o in outcome) and "decisive" in outcome
    if self_play:
        strength = np.array([1.0 if o == "decisive" else 0.0 for o in outcome])
    else:
        strength = np.array([SCORES.get(o, 0.5) for o in outcome])
    return {"games": games, "strength": strength, "error": error, "self_play": self_play}


def moving_average(values: np.ndarray, window: int) -> np.ndarray:
    """Mean of the last ``window`` values at each point (of all so far, at the start)."""
    window = max(1, window)
    sums = np.concatenate([[0.0], np.cumsum(values)])
    ends = np.arange(1, len(values) + 1)
    starts = np.maximum(0, ends - window)
    return (sums[ends] - sums[starts]) / (ends - starts)


def run(args: argparse.Namespace) -> int:
    if args.window < 1:
        raise BadOption("--window must be at least 1")
    logs = [(Path(p).stem, read_log(p)) for p in args.logs]
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (top, bottom) = plt.subplots(2, 1, figsize=(8, 7), sharex=True)
    for name, log in logs:
        label = f"{name} (decisive share, self-play)" if log["self_play"] else name
        top.plot(log["games"], moving_average(log["strength"], args.window), label=label)
        error = np.maximum(moving_average(log["error"], args.window), 1e-3)
        bottom.plot(log["games"], error, label=name)
    top.set_ylabel(
        f"score vs training opponent, or decisive\nshare in self-play ({args.window}-game average)"
    )
    top.set_ylim(-0.02, 1.02)
    top.axhline(0.5, color="grey", lw=0.5)
    top.legend(loc="best", fontsize="small")
    top.set_title(args.title)
    bottom.set_ylabel("mean |target − H(s)|")
    bottom.set_xlabel("training games")
    bottom.set_yscale("log")
    fig.tight_layout()
    fig.savefig(args.out, dpi=110)
    plt.close(fig)
    print(f"wrote {args.out}")
    return 0
