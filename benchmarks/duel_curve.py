"""Cumulative wins of both agents of network_duel.py runs, as seed 001's Figs. 6.1–6.3.

Usage:
    python benchmarks/duel_curve.py OUT.csv:"A label":"B label" [...] --out FIG.png

One panel per run: each agent's wins so far against the games played, and
the draws. Prints each run's wins per stretch of ``--window`` games.
"""

from __future__ import annotations

import argparse
import csv

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt


def read(path: str) -> dict[str, list[int]]:
    with open(path) as f:
        rows = list(csv.DictReader(f))
    return {key: [int(row[key]) for row in rows] for key in ("game", "wins_a", "wins_b", "draws")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", help='OUT.csv:"label of A":"label of B"')
    parser.add_argument("--out", required=True)
    parser.add_argument("--window", type=int, default=100)
    args = parser.parse_args()
    figure, axes = plt.subplots(1, len(args.runs), figsize=(5 * len(args.runs), 3.6), squeeze=False)
    for axis, run in zip(axes[0], args.runs, strict=True):
        path, label_a, label_b = run.split(":")
        data = read(path)
        axis.plot(data["game"], data["wins_a"], label=label_a)
        axis.plot(data["game"], data["wins_b"], label=label_b)
        axis.plot(data["game"], data["draws"], label="draws", color="0.6", linestyle="--")
        axis.set_xlabel("games played")
        axis.set_ylabel("games so far")
        axis.set_title(f"{label_a} v {label_b}", fontsize=10)
        axis.legend(fontsize=8)
        print(f"{path}: wins per {args.window} games ({label_a} / {label_b} / draws)")
        step = args.window
        for end in range(step, len(data["game"]) + 1, step):
            a = data["wins_a"][end - 1] - (data["wins_a"][end - step - 1] if end > step else 0)
            b = data["wins_b"][end - 1] - (data["wins_b"][end - step - 1] if end > step else 0)
            d = data["draws"][end - 1] - (data["draws"][end - step - 1] if end > step else 0)
            print(f"  games {end - step + 1}-{end}: {a} / {b} / {d}")
    figure.tight_layout()
    figure.savefig(args.out, dpi=110)


if __name__ == "__main__":
    main()
