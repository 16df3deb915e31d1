#!/bin/bash
# Four players: a second seed of the one-hour quarter-step recipe, and the mean of the two runs.
cd "$(dirname "$0")"
# ran with gamecore at commit c0bd6ff (a worktree of it on PYTHONPATH)
export PYTHONPATH=/tmp/wt
python -m gamecore train duchess -o players=4 --outcome-groups material+psq --group-steps mating=0.25 --stages material:50,material+mating:50,all:100000 --games 100000 --time-budget 3600 --snapshot-every 100 --seed 2 --out p4-omq-s2.npz > p4-omq-s2.train.txt 2>&1
echo trained >> queue.log
