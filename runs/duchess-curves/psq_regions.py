"""Mean piece-square weights of one piece type by region of chair 0's frame.

Usage: python runs/duchess-curves/psq_regions.py WEIGHTS.npz [GLYPH ...]

Regions: the own flap (A), the partners' flaps (C, E), the enemy flaps (B, D, F), the
ring and the vortex; for the enemy flaps also files a and e (where Rooks start) against
files b-d. Prints mean and mean |weight| per region, and the five lowest and highest cells.
"""

import sys

import numpy as np

import games.duchess.features as features
from gamecore.weights import Weights


def region(cell: str) -> str:
    if cell == "V":
        return "vortex"
    if cell[1] in "oi":
        return "ring"
    return {"A": "own flap", "C": "partner flaps", "E": "partner flaps"}.get(cell[0], "enemy flaps")


theta = Weights.load(sys.argv[1]).theta
names = [features.feature_name(i) for i in range(len(theta))]
for glyph in sys.argv[2:] or ["R", "W"]:
    cells = {n.split()[3]: i for i, n in enumerate(names) if n.startswith(f"psq {glyph} on ")}
    print(f"{glyph}:")
    by_region: dict[str, list[float]] = {}
    for cell, i in cells.items():
        by_region.setdefault(region(cell), []).append(theta[i])
    for name, values in by_region.items():
        print(f"  {name}: mean {np.mean(values):+.2f}, mean |w| {np.mean(np.abs(values)):.2f}")
    enemy = {c: theta[i] for c, i in cells.items() if region(c) == "enemy flaps"}
    rook_files = [v for c, v in enemy.items() if c[1] in "ae"]
    others = [v for c, v in enemy.items() if c[1] in "bcd"]
    print(f"  enemy files a, e: mean {np.mean(rook_files):+.2f}; b-d: {np.mean(others):+.2f}")
    ranked = sorted(cells, key=lambda c: theta[cells[c]])
    print("  lowest:", ", ".join(f"{c} {theta[cells[c]]:+.1f}" for c in ranked[:5]))
    print("  highest:", ", ".join(f"{c} {theta[cells[c]]:+.1f}" for c in ranked[-5:]))
