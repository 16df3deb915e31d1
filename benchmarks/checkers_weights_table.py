"""Print learned checkers weights next to the hand-set ones, like Table 1 of the Chinook TD paper.

    python benchmarks/checkers_weights_table.py TDLEAF.npz TREESTRAP.npz

One row per Chinook-style term (the mover's own pieces), one column per
game phase, each cell "hand-set / learned ...". Values are raw: learned
sets start from zero and find their own scale (a hand-set man is 100).
"""

from __future__ import annotations

import argparse

import gamecore
from gamecore.weights import Weights
from games.checkers.features import PHASE_NAMES, TERMS, index


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("learned", nargs="+", help="learned weights files (label=FILE or FILE)")
    args = parser.parse_args()
    game = gamecore.get_game("checkers")
    sets = [("hand-set", Weights.default(game).theta)]
    for spec in args.learned:
        label, _, path = spec.rpartition("=")
        sets.append((label or path, Weights.load(path, game).theta))
    labels = " / ".join(label for label, _ in sets)
    print(f"| term (own pieces) | {' | '.join(PHASE_NAMES)} |")
    print("| --- |" + " ---: |" * len(PHASE_NAMES))
    for t, term in enumerate(TERMS):
        cells = []
        for phase in range(len(PHASE_NAMES)):
            values = [theta[index(t, 0, phase)] for _, theta in sets]
            cells.append(" / ".join(f"{v:.0f}" for v in values))
        print(f"| {term} | {' | '.join(cells)} |")
    print(f"\nEach cell: {labels}.")


if __name__ == "__main__":
    main()
