"""One panel per training run: score against each fixed opponent by training time.

Usage:
    python benchmarks/plot_yardsticks.py CURVE.eval.csv:TITLE [...] --out FIGURE.png
        [--workers 2]

Reads ``OUT.eval.csv`` files (``train --eval-every`` or
``benchmarks/snapshot_yardsticks.py``). Their time is the summed seconds of the
training games up to each point; with ``--workers`` W processes playing them
side by side the wall clock is about that over W, which is what the x axis shows,
in minutes. ``gamecore plot-learning`` draws every curve in one panel instead.
"""

from __future__ import annotations

import argparse

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from gamecore.training.yardsticks import read_eval_log


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("curves", nargs="+", metavar="CSV:TITLE")
    parser.add_argument("--out", required=True)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    fig, axes = plt.subplots(
        1, len(args.curves), figsize=(4.2 * len(args.curves), 3.6), squeeze=False
    )
    for axis, spec in zip(axes[0], args.curves, strict=True):
        path, _, title = spec.partition(":")
        rows = sorted(read_eval_log(path), key=lambda r: r.games_trained)
        for opponent in dict.fromkeys(r.opponent for r in rows):
            mine = [r for r in rows if r.opponent == opponent]
            minutes = [r.wall_seconds / args.workers / 60 for r in mine]
            label = "hand-set" if opponent == "default" else opponent
            axis.plot(minutes, [r.score for r in mine], marker="o", label=f"vs {label}")
        axis.set_title(title or path, fontsize="medium")
        axis.set_xlabel(f"training time (minutes, {args.workers} workers)")
        axis.set_ylim(-0.02, 1.02)
        axis.axhline(0.5, color="grey", lw=0.5)
        axis.axhline(0.6, color="grey", lw=0.5, ls=":")
        axis.legend(loc="lower right", fontsize="small")
    axes[0][0].set_ylabel("score of the learned weights")
    fig.tight_layout()
    fig.savefig(args.out, dpi=110)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
