#!/bin/bash
# Issue 13's first command: ten minutes of the default run against a random team.
cd /work/main/runs/duchess-v3
while pgrep -f mix.sh > /dev/null; do sleep 5; done
export PYTHONPATH=/tmp/stable2
python -m gamecore train duchess --vs random --out vsrandom.npz > vsrandom.train.txt 2>&1
