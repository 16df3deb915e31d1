#!/bin/bash
# Candidates for a minute-long default against a random team: games long enough to end in mate.
cd /work/main/runs/duchess-v3
while pgrep -f "last.sh|fastmatches.sh" > /dev/null; do sleep 5; done
export PYTHONPATH=/tmp/stable2
/usr/bin/time -f "%e s" python -m gamecore train duchess --vs random --depth 2 --games 150 --outcome-step 0 --max-plies 600 --time-budget 100000 --out minute600.npz > minute600.train.txt 2>&1
/usr/bin/time -f "%e s" python -m gamecore train duchess --vs random --depth 2 --games 150 --max-plies 600 --time-budget 100000 --out minute600o6.npz > minute600o6.train.txt 2>&1
