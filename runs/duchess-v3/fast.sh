#!/bin/bash
# The default Duchess run with the faster search (reference-count-free kernels, incremental
# evaluation), then 100 games vs zeros at depth 3.
cd /work/main/runs/duchess-v3
export PYTHONPATH=/tmp/stable
python -m gamecore train duchess --out fast.npz > fast.train.txt 2>&1
python -m gamecore match duchess fast.npz zeros --games 100 --openings 50 --depth 3 --out fast-vs-zeros.record > fast-vs-zeros.txt 2>&1
