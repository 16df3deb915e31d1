#!/bin/bash
# Duchess defaults with other averaging windows, at the default run's 355 games (no clock, so
# other work on the machine cannot change them); each run then 100 games vs zeros at depth 3.
cd /work/main/runs/duchess-v3
export PYTHONPATH=/tmp/stable
for share in 0.5 1; do
  name=avg$share
  python -m gamecore train duchess --games 355 --time-budget 100000 --average-share $share --out $name.npz > $name.train.txt 2>&1
  python -m gamecore match duchess $name.npz zeros --games 100 --openings 50 --depth 3 --out $name-vs-zeros.record > $name-vs-zeros.txt 2>&1
done
