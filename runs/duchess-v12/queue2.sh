#!/bin/bash
# Do the six-player weights learned from random (runs/duchess-v10/omq.npz, 66.3% with six
# players) carry over to two and four players?
cd "$(dirname "$0")"
# ran with gamecore at commit 801e440 (a worktree of it on PYTHONPATH)
export PYTHONPATH=/tmp/wt
python -m gamecore match duchess -o players=2 ../duchess-v10/omq.npz default --games 100 --openings 50 --depth 4 --workers 1 --out p2-omq6-vs-default.record > p2-omq6-vs-default.txt 2>&1
