#!/bin/bash
# Four players: the one-hour quarter-step recipe against the hand-set team and itself in turn (--vs default,self).
cd "$(dirname "$0")"
# ran with gamecore at commit 29f9d61 (a worktree of it on PYTHONPATH)
export PYTHONPATH=/tmp/wt
python -m gamecore train duchess -o players=4 --vs default,self --outcome-groups material+psq --group-steps mating=0.25 --stages material:50,material+mating:50,all:100000 --games 100000 --time-budget 3600 --snapshot-every 100 --seed 2 --out p4-omq-mix.npz > p4-omq-mix.train.txt 2>&1
echo trained >> queue.log
python -m gamecore match duchess -o players=4 p4-omq-mix.npz default --games 100 --openings 50 --depth 4 --out p4-omq-mix-vs-default.record > p4-omq-mix-vs-default.txt 2>&1
echo matched >> queue.log
