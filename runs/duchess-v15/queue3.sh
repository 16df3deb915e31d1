#!/bin/bash
# The one-hour weights without their mating terms: are they worth more than nothing?
cd "$(dirname "$0")"
export PYTHONPATH=/tmp/wt
until grep -q matched queue.log 2>/dev/null; do sleep 10; done
python /tmp/wt/benchmarks/weights_surgery.py duchess ../duchess-v11/p4-omq.npz p4-omq-nomating.npz --scale mating=0 >> surgery.txt 2>&1
python -m gamecore match duchess -o players=4 p4-omq-nomating.npz default --games 100 --openings 50 --depth 4 --out p4-omq-nomating-vs-default.record > p4-omq-nomating-vs-default.txt 2>&1
echo nomating >> queue.log
