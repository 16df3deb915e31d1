#!/bin/bash
# The second seed and the mean of both one-hour runs against the hand-set team (reference 100 games).
cd "$(dirname "$0")"
export PYTHONPATH=/tmp/wt
until grep -q trained queue.log 2>/dev/null; do sleep 10; done
python /tmp/wt/benchmarks/weights_surgery.py duchess p4-omq-s2.npz p4-omq-mean2.npz --mean-with ../duchess-v11/p4-omq.npz > surgery.txt 2>&1
for v in p4-omq-s2 p4-omq-mean2; do
  python -m gamecore match duchess -o players=4 $v.npz default --games 100 --openings 50 --depth 4 --out $v-vs-default.record > $v-vs-default.txt 2>&1
done
echo matched >> queue.log
