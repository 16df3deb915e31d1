#!/bin/bash
# The half-step run's final weights (θ averaged over all its games) and its snapshot at game 600.
cd "$(dirname "$0")"
# ran with gamecore at commit b514869 (a worktree of it on PYTHONPATH)
export PYTHONPATH=/tmp/wt
while pgrep -f "resume p4-omq-half.npz --workers 2" > /dev/null; do sleep 10; done
for v in p4-omq-half p4-omq-half-g00600; do
  python -m gamecore match duchess -o players=4 $v.npz default --games 100 --openings 50 --depth 4 --out $v-vs-default.record > $v-vs-default.txt 2>&1
done
