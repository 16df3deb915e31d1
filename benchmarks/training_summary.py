"""Summarise a training log block by block: score, decisive share and median game length.

    python benchmarks/training_summary.py LOG.csv [--block 25]

For a run against an opponent (``--vs random`` or a weights file) each row
gives the learner's wins, draws and losses in the block; for self-play, the
decisive games. The median length is in plies (a Duchess ply is one player's
move or pass), and ``ends`` counts how the block's games finished.
"""

from __future__ import annotations

import argparse
import csv
from collections import Counter
from statistics import median


def end_kind(text: str) -> str:
    if text.startswith("adjudicated"):
        return "move limit"
    if "wins" in text:
        return "win"
    return text.split("(")[0].strip() or "draw"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log")
    parser.add_argument("--block", type=int, default=25)
    args = parser.parse_args()
    with open(args.log, newline="") as f:
        rows = list(csv.DictReader(f))
    print("| games | W / D / L | decisive | median plies | ends |")
    print("| --- | --- | ---: | ---: | --- |")
    for start in range(0, len(rows), args.block):
        block = rows[start : start + args.block]
        outcomes = Counter(r["outcome"] for r in block)
        decisive = sum(r["winner"] != "-1" for r in block)
        plies = median(int(r["plies"]) for r in block)
        ends = Counter(end_kind(r["end"]) for r in block)
        wdl = f"{outcomes['win']} / {outcomes['draw']} / {outcomes['loss']}"
        if all(r["learner_team"] == "-1" for r in block):
            wdl = "self-play"
        ends_text = ", ".join(f"{k} {v}" for k, v in ends.most_common())
        print(
            f"| {start + 1}-{start + len(block)} | {wdl} | {100 * decisive / len(block):.0f}% "
            f"| {plies:.0f} | {ends_text} |"
        )


if __name__ == "__main__":
    main()
