#!/bin/bash
# The README's minute-long run against a random team, as a candidate default for --vs random.
cd /work/main/runs/duchess-v3
while pgrep -f "mix.sh|vsrandom.sh|more.sh|long.sh" > /dev/null; do sleep 5; done
export PYTHONPATH=/tmp/stable2
/usr/bin/time -f "%e s" python -m gamecore train duchess --vs random --depth 2 --games 150 --outcome-step 0 --time-budget 100000 --out minute.npz > minute.train.txt 2>&1
