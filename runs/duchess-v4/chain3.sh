#!/usr/bin/env bash
# After chain2: the depth-4 defaults with a second seed, then ten minutes against random
# movers at depth 4 (games to 600 plies, no outcome step).
set -u
cd /work/main
while pgrep -f "bash runs/duchess-v4/chain2.sh" > /dev/null; do sleep 5; done
PYTHONPATH=/tmp/cut gamecore train duchess --seed 2 --out runs/duchess-v4/default-d4-s2.npz > runs/duchess-v4/default-d4-s2.train.txt 2>&1
PYTHONPATH=/tmp/cut gamecore match duchess runs/duchess-v4/default-d4-s2.npz zeros --games 100 --openings 50 --depth 4 --out runs/duchess-v4/default-d4-s2-vs-zeros.record > runs/duchess-v4/default-d4-s2-vs-zeros.txt 2>&1
PYTHONPATH=/tmp/cut gamecore train duchess --vs random --depth 4 --max-plies 600 --outcome-step 0 --games 2000 --time-budget 570 --out runs/duchess-v4/vsrandom-d4.npz > runs/duchess-v4/vsrandom-d4.train.txt 2>&1
