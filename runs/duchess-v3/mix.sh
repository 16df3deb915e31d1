#!/bin/bash
# Default Duchess runs with the hand-set team taking turns with a random or a zero team,
# each then 100 games vs zeros at depth 3. Waits for the run before it.
cd /work/main/runs/duchess-v3

export PYTHONPATH=/tmp/stable2
python -m gamecore train duchess --vs default,random --games 2 --out warm.npz > /dev/null 2>&1  # compile first
for mix in random zeros; do
  name=mix-$mix
  python -m gamecore train duchess --vs default,$mix --games 400 --time-budget 100000 --out $name.npz > $name.train.txt 2>&1
  python -m gamecore match duchess $name.npz zeros --games 100 --openings 50 --depth 3 --out $name-vs-zeros.record > $name-vs-zeros.txt 2>&1
done
