"""Training speed of one tree: the Duchess default recipe's first games on one worker.

    PYTHONPATH=TREE python runs/duchess-attack-counts/train_speed.py [--games 6] [--players 6]

Plays ``--games`` games of TreeStrap against the hand-set team at depth 4 (seed 0,
300-ply limit, the default update; in this process, so on one core), then prints the
search nodes per second of the games (nodes and seconds from the log rows) and a
digest of θ, so two trees can be shown to learn the same weights at different speeds.
A 1-game run first loads the compiled code, untimed.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import tempfile
from pathlib import Path

import numpy as np

from gamecore.train import TrainConfig, Trainer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--players", type=int, default=6)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="train-speed-"))
    recipe = {"game": "duchess", "game_options": {"players": args.players}, "vs": "default"}
    recipe |= {"depth": 4, "max_plies": 300}
    Trainer(TrainConfig(**recipe, games=1, out=str(folder / "warm.npz"))).run()
    config = TrainConfig(**recipe, games=args.games, out=str(folder / "run.npz"))
    trainer = Trainer(config)
    trainer.run()
    with config.log_path().open(newline="") as f:
        rows = list(csv.DictReader(f))
    nodes = sum(int(r["nodes"]) for r in rows)
    seconds = sum(float(r["seconds"]) for r in rows)
    theta = np.ascontiguousarray(trainer.learner.theta)
    digest = hashlib.sha256(theta.tobytes()).hexdigest()[:12]
    rate = nodes / seconds
    print(f"{args.games} games, {nodes:,} nodes in {seconds:.1f}s: {rate:,.0f} nodes/s, θ {digest}")


if __name__ == "__main__":
    main()
