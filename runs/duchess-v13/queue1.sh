#!/bin/bash
# Six-player weights (runs/duchess-v10/omq.npz, 66.3% with six players) with four players.
cd "$(dirname "$0")"
# ran with gamecore at commit b514869 (a worktree of it on PYTHONPATH)
export PYTHONPATH=/tmp/wt
python -m gamecore match duchess -o players=4 ../duchess-v10/omq.npz default --games 100 --openings 50 --depth 4 --out p4-omq6-vs-default.record > p4-omq6-vs-default.txt 2>&1
