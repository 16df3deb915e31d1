#!/bin/bash
# Chess: the mean of the snapshots from game 4,000 on, on 400 more games (other openings, --seed 2);
# and the mean of all ten snapshots, 1,000-10,000, on the first 400.
cd "$(dirname "$0")"
# ran with gamecore at commit d2bee79 (a worktree of it on PYTHONPATH)
export PYTHONPATH=/tmp/wt
S=/tmp/wt/benchmarks/weights_surgery.py
Q=../chess-q10k/q10k
python -m gamecore match chess snap4-10k.npz default --games 400 --openings 200 --depth 3 --seed 2 --out snap4-10k-vs-default-s2.pgn > snap4-10k-vs-default-s2.log 2>&1
python $S chess $Q-g01000.npz snap1-10k.npz $(for g in 02000 03000 04000 05000 06000 07000 08000 09000 10000; do echo --mean-with $Q-g$g.npz; done)
python -m gamecore match chess snap1-10k.npz default --games 400 --openings 200 --depth 3 --seed 1 --out snap1-10k-vs-default.pgn > snap1-10k-vs-default.log 2>&1
