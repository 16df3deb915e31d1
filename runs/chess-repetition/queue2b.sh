#!/bin/bash
# (queue2.sh was cut after its first training: the old run's own snapshots serve as the control.)
cd "$(dirname "$0")"
while pgrep -f "out new-q3.npz" >/dev/null; do sleep 10; done
echo trained-new >> queue.log
PYTHONPATH=/tmp/wt3 python -m gamecore match chess new-q3.npz default --games 400 --openings 200 --depth 3 --seed 1 --workers 2 --out new-q3-vs-default-s1.pgn > new-q3-vs-default-s1.log 2>&1
echo matched-new-q3 >> queue.log
echo matched-old-q3 >> queue.log
