#!/bin/bash
# The default run's weights against the random mover and the hand-set weights.
cd /work/main/runs/duchess-v3
while pgrep -f "last.sh" > /dev/null; do sleep 5; done
export PYTHONPATH=/tmp/stable2
python -m gamecore match duchess fast.npz random --games 100 --openings 50 --depth 3 --out fast-vs-random.record > fast-vs-random.txt 2>&1
python -m gamecore match duchess fast.npz default --games 100 --openings 50 --depth 3 --out fast-vs-default.record > fast-vs-default.txt 2>&1
