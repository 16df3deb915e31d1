#!/bin/bash
# Four players: the one-hour recipe with the mating terms at half the step instead of a quarter.
cd "$(dirname "$0")"
# ran with gamecore at commit d2bee79 (a worktree of it on PYTHONPATH)
export PYTHONPATH=/tmp/wt
until grep -q "score" ../chess-window/snap1-10k-vs-default.log 2>/dev/null; do sleep 10; done
python -m gamecore train duchess -o players=4 --outcome-groups material+psq --group-steps mating=0.5 --stages material:50,material+mating:50,all:100000 --games 100000 --time-budget 3600 --snapshot-every 100 --out p4-omh.npz > p4-omh.train.txt 2>&1
python -m gamecore match duchess -o players=4 p4-omh.npz default --games 100 --openings 50 --depth 4 --out p4-omh-vs-default.record > p4-omh-vs-default.txt 2>&1
