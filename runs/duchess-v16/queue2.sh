#!/bin/bash
# Two players: the four-player quarter-step recipe for half an hour, then matched.
# ran with gamecore at commit a0cf5eb (a worktree of it on PYTHONPATH); its gamecore is that of 29f9d61
cd "$(dirname "$0")"
export PYTHONPATH=/tmp/wt
until grep -q solved ../chess-wac/queue.log 2>/dev/null; do sleep 10; done
python -m gamecore train duchess -o players=2 --outcome-groups material+psq --group-steps mating=0.25 --stages material:50,material+mating:50,all:100000 --games 100000 --time-budget 1800 --snapshot-every 100 --seed 2 --out p2-omq.npz > p2-omq.train.txt 2>&1
echo trained2 >> queue.log
python -m gamecore match duchess -o players=2 p2-omq.npz default --games 100 --openings 50 --depth 4 --out p2-omq-vs-default.record > p2-omq-vs-default.txt 2>&1
echo matched2 >> queue.log
