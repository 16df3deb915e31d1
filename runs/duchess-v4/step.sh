#!/usr/bin/env bash
# After groups.sh: the depth-4 defaults with twice the NLMS step, and its match against zeros.
set -u
cd /work/main
while pgrep -f "bash runs/duchess-v4/groups.sh" > /dev/null; do sleep 5; done
PYTHONPATH=/tmp/cut gamecore train duchess --step 0.2 --out runs/duchess-v4/step02-d4.npz > runs/duchess-v4/step02-d4.train.txt 2>&1
PYTHONPATH=/tmp/cut gamecore match duchess runs/duchess-v4/step02-d4.npz zeros --games 100 --openings 50 --depth 4 --out runs/duchess-v4/step02-d4-vs-zeros.record > runs/duchess-v4/step02-d4-vs-zeros.txt 2>&1
