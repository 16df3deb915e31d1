#!/bin/bash
# Chess: θ averaged over the raw snapshots of the ten-thousand-game quiet-leaves run
# (runs/chess-q10k, one every 1,000 games) from game 4,000 on, where its curve levels off.
cd "$(dirname "$0")"
# ran with gamecore at commit d2bee79 (a worktree of it on PYTHONPATH)
export PYTHONPATH=/tmp/wt
while pgrep -f "win200-400.npz default" > /dev/null || pgrep -f "win300-500.npz default" > /dev/null; do sleep 10; done
S=/tmp/wt/benchmarks/weights_surgery.py
Q=../chess-q10k/q10k
python $S chess $Q-g04000.npz snap4-10k.npz $(for g in 05000 06000 07000 08000 09000 10000; do echo --mean-with $Q-g$g.npz; done)
python -m gamecore match chess snap4-10k.npz default --games 400 --openings 200 --depth 3 --seed 1 --out snap4-10k-vs-default.pgn > snap4-10k-vs-default.log 2>&1
