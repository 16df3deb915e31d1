"""``gamecore plot-learning``: a PNG of strength against training games, from training logs.

Strength is the learner's score against its training opponent (win 1, draw
½, loss 0) as a moving average over a window of games; for self-play logs,
where that score is always ½, the share of decisive games. A second panel
shows the mean absolute error of the learner's updates (how far the
evaluation was from its search targets).

When a run measured itself against fixed opponents (``train --eval-every``),
its ``OUT.eval.csv`` beside the log — or given itself — adds two panels: the
score against each opponent by games trained and by training time, the
curves that show whether the weights got stronger.
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

import numpy as np

from gamecore.commands import validate
from gamecore.errors import BadOption
from gamecore.files import check_image_output, check_input, complete_rows
from gamecore.training.yardsticks import EVAL_FIELDS, YardstickRow, read_eval_log

SCORES = {"win": 1.0, "draw": 0.5, "loss": 0.0}


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "plot-learning",
        help="plot strength against training games",
        description="Draw the learning curves of one or more training runs from their logs: "
        "the score against each yardstick (with its interval) and the update error, "
        "against games played, into one PNG.",
    )
    parser.add_argument(
        "logs",
        nargs="+",
        metavar="LOG",
        help="CSV logs written by train (OUT.csv; its OUT.eval.csv is read too), or "
        "OUT.eval.csv files by themselves",
    )
    parser.add_argument("--out", default="learning.png", help="PNG file (learning.png)")
    parser.add_argument(
        "--window", type=validate.every, default=20, help="games per moving average (20)"
    )
    parser.add_argument("--title", default="Learning curves")
    parser.set_defaults(run=run)


def read_log(path: str) -> dict[str, np.ndarray]:
    try:
        with open(path, newline="") as f:
            rows = complete_rows(csv.DictReader(f))
        games = np.array([int(r["game"]) for r in rows])
        outcome = [r["outcome"] for r in rows]
        error = np.array([float(r["mean_abs_error"]) for r in rows])
    except (KeyError, ValueError, csv.Error) as exc:
        raise BadOption(f"{path!r} is not a training log ({exc})") from None
    if not rows:
        raise BadOption(f"log {path!r} has no games")
    # A self-play run with sparring partners: its score is the one against the partners.
    partner = np.array([r.get("opponent") not in (None, "", "self") for r in rows])
    sparring = bool(partner.any()) and any(r.get("opponent") == "self" for r in rows)
    self_play = all(o in ("decisive", "draw") for o in outcome) and "decisive" in outcome
    if self_play:
        strength = np.array([1.0 if o == "decisive" else 0.0 for o in outcome])
    else:
        strength = np.array([SCORES.get(o, 0.5) for o in outcome])
    picked = partner if sparring else np.ones(len(rows), dtype=bool)
    return {
        "games": games,
        "strength_games": games[picked],
        "strength": strength[picked],
        "error": error,
        "self_play": self_play,
        "sparring": sparring,
    }


def moving_average(values: np.ndarray, window: int) -> np.ndarray:
    """Mean of the last ``window`` values at each point (of all so far, at the start)."""
    window = max(1, window)
    sums = np.concatenate([[0.0], np.cumsum(values)])
    ends = np.arange(1, len(values) + 1)
    starts = np.maximum(0, ends - window)
    return (sums[ends] - sums[starts]) / (ends - starts)


def is_eval_log(path: str) -> bool:
    """Whether ``path`` is an ``OUT.eval.csv`` (by its header), not a training log."""
    try:
        with open(path, newline="") as f:
            header = next(csv.reader(f), [])
    except (OSError, UnicodeDecodeError, csv.Error):
        return False
    return set(EVAL_FIELDS) <= set(header)


def run_name(path: str) -> str:
    """``runs/chess.csv`` and ``runs/chess.eval.csv`` are both the run ``chess``."""
    return Path(path).name.removesuffix(".csv").removesuffix(".eval")


def run(args: argparse.Namespace) -> int:
    check_image_output(args.out, "--out")
    logs: list[tuple[str, dict]] = []
    evals: list[tuple[str, list[YardstickRow]]] = []
    for path in args.logs:
        check_input(path, "log")  # before it is opened: a FIFO would block
        if is_eval_log(path):
            evals.append((run_name(path), read_eval_log(path)))
            continue
        logs.append((run_name(path), read_log(path)))
        beside = Path(path).with_suffix(".eval.csv")
        if beside.is_file() and str(beside) not in args.logs:
            evals.append((run_name(path), read_eval_log(beside)))
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = 2 * bool(logs) + 2 * bool(evals)
    fig, axes = plt.subplots(panels, 1, figsize=(8, 3.5 * panels), squeeze=False)
    axes = list(axes[:, 0])
    if logs:
        draw_training(axes[0], axes[1], logs, args.window)
    if evals:
        draw_yardsticks(axes[-2], axes[-1], evals)
    axes[0].set_title(args.title)
    fig.tight_layout()
    fig.savefig(args.out, dpi=110)
    plt.close(fig)
    print(f"wrote {args.out}")
    return 0


def draw_training(top, bottom, logs: list[tuple[str, dict]], window: int) -> None:
    """Score (or decisive share) against the training opponent, and the learners' error."""
    for name, log in logs:
        label = name
        if log["self_play"]:
            label = f"{name} (decisive share, self-play)"
        elif log["sparring"]:
            label = f"{name} (vs sparring partners)"
        strength = moving_average(log["strength"], window)
        top.plot(log["strength_games"], strength, label=label)
        error = np.maximum(moving_average(log["error"], window), 1e-3)
        bottom.plot(log["games"], error, label=name)
    top.set_ylabel(
        f"score vs training opponent, or decisive\nshare in self-play ({window}-game average)"
    )
    top.set_ylim(-0.02, 1.02)
    top.axhline(0.5, color="grey", lw=0.5)
    top.legend(loc="best", fontsize="small")
    top.set_xlabel("training games")
    bottom.set_ylabel("mean |target − H(s)|")
    bottom.set_xlabel("training games")
    bottom.set_yscale("log")


def draw_yardsticks(by_games, by_time, evals: list[tuple[str, list[YardstickRow]]]) -> None:
    """Score against each fixed opponent, by games trained and by training time."""
    for name, rows in evals:
        for opponent in dict.fromkeys(row.opponent for row in rows):
            mine = [r for r in rows if r.opponent == opponent]  # written in training order
            label = f"{name} vs {opponent}" if len(evals) > 1 else f"vs {opponent}"
            scores = [r.score for r in mine]
            by_games.plot([r.games_trained for r in mine], scores, marker=".", label=label)
            by_time.plot([r.wall_seconds for r in mine], scores, marker=".", label=label)
    for axis, xlabel in ((by_games, "training games"), (by_time, "training time (s)")):
        axis.set_ylabel("score vs fixed opponent")
        axis.set_xlabel(xlabel)
        axis.set_ylim(-0.02, 1.02)
        axis.axhline(0.5, color="grey", lw=0.5)
        axis.legend(loc="best", fontsize="small")
