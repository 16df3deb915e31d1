#!/bin/bash
cd /work/main/runs/duchess-v3
export PYTHONPATH=/tmp/stable
for name in fast-nopsq fast-m2; do
  python -m gamecore match duchess $name.npz zeros --games 100 --openings 50 --depth 3 --out $name-vs-zeros.record > $name-vs-zeros.txt 2>&1
done
