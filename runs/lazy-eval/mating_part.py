"""How large the mating terms' part of the hand-set evaluation gets: what a lazy margin must cover.

Forty random games of up to 400 plies for 6, 4 and 2 players (seeded); at every position
the mating terms' share of θ·φ (hand-set weights, the team to move); prints its median,
90th, 99th and 99.9th percentiles of the absolute value, and the largest.

Usage: python runs/lazy-eval/mating_part.py
"""

import numpy as np

import gamecore
from gamecore.weights import resolve_weights
from games.duchess.features import COUNT, MATE, PSQ, features

rng = np.random.default_rng(1)
idx = np.zeros(2 * COUNT, np.int64)
val = np.zeros(2 * COUNT)
print("| players | positions | median | 90% | 99% | 99.9% | largest |")
print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for players in (6, 4, 2):
    game = gamecore.get_game("duchess", players=players)
    theta = resolve_weights(game, "default").theta
    parts = []
    for _ in range(40):
        state = game.initial_state()
        for _ in range(400):
            if state.is_terminal():
                break
            state.push(int(rng.choice(state.legal_moves())))
            n = features(state.arrays, idx, val)
            mating = (idx[:n] >= MATE) & (idx[:n] < PSQ)
            parts.append(abs(float(theta[idx[:n][mating]] @ val[:n][mating])))
    pct = np.percentile(parts, (50, 90, 99, 99.9))
    cells = " | ".join(f"{p:.0f}" for p in pct)
    print(f"| {players} | {len(parts)} | {cells} | {max(parts):.0f} |")
