#!/bin/bash
# A smaller NLMS step; the best mix again with another seed (how much runs differ).
cd /work/main/runs/duchess-v3
export PYTHONPATH=/tmp/stable2
python -m gamecore train duchess --vs default,random --games 2 --out warm.npz --force > /dev/null 2>&1  # compile first
python -m gamecore train duchess --step 0.05 --games 400 --time-budget 100000 --out step05.npz > step05.train.txt 2>&1
python -m gamecore match duchess step05.npz zeros --games 100 --openings 50 --depth 3 --out step05-vs-zeros.record > step05-vs-zeros.txt 2>&1
python -m gamecore train duchess --vs default,zeros --seed 2 --games 400 --time-budget 100000 --out mix-zeros-s2.npz > mix-zeros-s2.train.txt 2>&1
python -m gamecore match duchess mix-zeros-s2.npz zeros --games 100 --openings 50 --depth 3 --out mix-zeros-s2-vs-zeros.record > mix-zeros-s2-vs-zeros.txt 2>&1
