#!/bin/bash
# One hour of the material+psq outcome recipe, the mating terms learning at a quarter of the step.
cd "$(dirname "$0")"
# ran with gamecore at commit 5e7b7a8 (python -m gamecore)
while pgrep -f queue.sh > /dev/null; do sleep 5; done
python -m gamecore train duchess --outcome-groups material+psq --group-steps mating=0.25 \
  --stages material:50,material+mating:50,all:100000 --games 100000 --time-budget 3600 \
  --snapshot-every 100 --out omq.npz > omq.train.txt 2>&1
python -m gamecore match duchess omq.npz default --games 100 --openings 50 --depth 4 --out omq-vs-default.record > omq-vs-default.txt 2>&1
python -m gamecore match duchess omq.npz default --games 200 --openings 100 --depth 4 --seed 1 --out omq-vs-default-s1.record > omq-vs-default-s1.txt 2>&1
