#!/bin/bash
# The second seed's weights over 200 more games on 100 other openings.
cd "$(dirname "$0")"
export PYTHONPATH=/tmp/wt
until grep -q nomating queue.log 2>/dev/null; do sleep 10; done
python -m gamecore match duchess -o players=4 p4-omq-s2.npz default --games 200 --openings 100 --depth 4 --seed 1 --out p4-omq-s2-vs-default-s1.record > p4-omq-s2-vs-default-s1.txt 2>&1
echo s1 >> queue.log
