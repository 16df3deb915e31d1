#!/bin/bash
# Four players, one hour: the six-player recipe that scored 66.3% (runs/duchess-v10/omq.npz).
cd "$(dirname "$0")"
# ran with gamecore at commit 2911b2f (a worktree of it on PYTHONPATH)
export PYTHONPATH=/tmp/wt
while pgrep -f queue.sh > /dev/null; do sleep 5; done
python -m gamecore train duchess -o players=4 --outcome-groups material+psq --group-steps mating=0.25 \
  --stages material:50,material+mating:50,all:100000 --games 100000 --time-budget 3600 \
  --snapshot-every 100 --out p4-omq.npz > p4-omq.train.txt 2>&1
python -m gamecore match duchess -o players=4 p4-omq.npz default --games 100 --openings 50 --depth 4 --out p4-omq-vs-default.record > p4-omq-vs-default.txt 2>&1
python -m gamecore match duchess -o players=4 p4-omq.npz default --games 200 --openings 100 --depth 4 --seed 1 --out p4-omq-vs-default-s1.record > p4-omq-vs-default-s1.txt 2>&1
