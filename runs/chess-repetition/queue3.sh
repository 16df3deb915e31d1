#!/bin/bash
# The ten-thousand-game quiet-leaves recipe (seed 3) with repetitions scored as draws, to 6,000 games first.
cd "$(dirname "$0")"
export PYTHONPATH=/tmp/wt3
python -m gamecore train chess --update nlms-scaled --vs default --outcome-step 3 --games 6000 --seed 3 --quiet-leaves --workers 2 --snapshot-every 1000 --out r6k.npz > r6k.train.txt 2>&1
echo trained-r6k >> queue.log
