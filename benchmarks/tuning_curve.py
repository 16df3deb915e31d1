"""Seed 004's figure: mean and best node count per generation of a ``tune-search`` log.

    python benchmarks/tuning_curve.py chess-evolved.csv --out docs/images/chess-tuning.png \\
        --title "Chess: evolving the search parameters"

The hand-set parameters' count (the ``handset_nodes`` column) is drawn as a
line to beat, and the positions solved on a second axis.
"""

from __future__ import annotations

import argparse
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log")
    parser.add_argument("--out", required=True)
    parser.add_argument("--title", default="")
    args = parser.parse_args()
    with open(args.log, newline="") as handle:
        rows = list(csv.DictReader(handle))
    generation = [int(r["generation"]) for r in rows]
    columns = ("mean_nodes", "best_nodes", "best_ever_nodes")
    millions = [[float(r[key]) / 1e6 for r in rows] for key in columns]
    handset = float(rows[0]["handset_nodes"]) / 1e6
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(generation, millions[0], label="population mean", color="tab:blue")
    ax.plot(generation, millions[1], label="best of the generation", color="tab:orange")
    ax.plot(generation, millions[2], label="best so far", color="tab:green", linestyle="--")
    ax.axhline(handset, color="gray", linestyle=":", label="hand-set parameters")
    ax.set_xlabel("generation")
    ax.set_ylabel("nodes to solve the suite (millions)")
    solved = ax.twinx()
    solved.plot(generation, [int(r["best_solved"]) for r in rows], color="tab:red", alpha=0.4)
    solved.set_ylabel("solved by the generation's best", color="tab:red")
    ax.legend(loc="lower left", fontsize=8)
    ax.set_title(args.title, fontsize=10)
    fig.tight_layout()
    fig.savefig(args.out, dpi=110)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
