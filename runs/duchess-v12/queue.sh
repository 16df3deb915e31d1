#!/bin/bash
# Four players, a second hour: resume the one-hour run (runs/duchess-v11/p4-omq.npz, 51.8%),
# whose curve against the hand-set team was still rising (36.5% -> 46.0% -> 51.5%).
cd "$(dirname "$0")"
# ran with gamecore at commit 801e440 (a worktree of it on PYTHONPATH)
export PYTHONPATH=/tmp/wt
python -m gamecore train duchess --resume ../duchess-v11/p4-omq.npz --out p4-omq2h.npz --time-budget 3600 \
  > p4-omq2h.train.txt 2>&1
python -m gamecore match duchess -o players=4 p4-omq2h.npz default --games 100 --openings 50 --depth 4 --out p4-omq2h-vs-default.record > p4-omq2h-vs-default.txt 2>&1
python -m gamecore match duchess -o players=4 p4-omq2h.npz default --games 200 --openings 100 --depth 4 --seed 1 --out p4-omq2h-vs-default-s1.record > p4-omq2h-vs-default-s1.txt 2>&1
