"""Summarise a training log block by block: score, decisive share and median game length.

    python benchmarks/training_summary.py LOG.csv [--block 25]

For a run against an opponent (``--vs random`` or a weights file) each row
gives the learner's wins, draws and losses in the block; for self-play, the
decisive games. The median lengths, of all the block's games and of its
decisive ones, are in plies (a Duchess ply is one player's move or pass), and
``ends`` counts how the block's games finished. ``--last N`` adds one row for
the run's last N games.
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
    parser.add_argument("--last", type=int, default=0, help="also summarise the last N games")
    args = parser.parse_args()
    with open(args.log, newline="") as f:
        rows = list(csv.DictReader(f))
    print("| games | W / D / L | decisive | median plies | median decisive plies | ends |")
    print("| --- | --- | ---: | ---: | ---: | --- |")
    blocks = [
        (start, rows[start : start + args.block]) for start in range(0, len(rows), args.block)
    ]
    if args.last and rows:
        start = max(0, len(rows) - args.last)
        blocks.append((start, rows[start:]))
    for start, block in blocks:
        outcomes = Counter(r["outcome"] for r in block)
        decisive = sum(r["winner"] != "-1" for r in block)
        plies = median(int(r["plies"]) for r in block)
        won = [int(r["plies"]) for r in block if r["winner"] != "-1"]
        decisive_plies = f"{median(won):.0f}" if won else "-"
        ends = Counter(end_kind(r["end"]) for r in block)
        wdl = f"{outcomes['win']} / {outcomes['draw']} / {outcomes['loss']}"
        if all(r["learner_team"] == "-1" for r in block):
            wdl = "self-play"
        ends_text = ", ".join(f"{k} {v}" for k, v in ends.most_common())
        print(
            f"| {start + 1}-{start + len(block)} | {wdl} | {100 * decisive / len(block):.0f}% "
            f"| {plies:.0f} | {decisive_plies} | {ends_text} |"
        )


if __name__ == "__main__":
    main()
