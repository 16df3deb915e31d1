#!/bin/bash
# The default Duchess run with per-group normalised TreeStrap updates, then 100 games vs zeros.
cd /work/main/runs/duchess-v3
export PYTHONPATH=/tmp/stable
python -m gamecore train duchess --update nlms-groups --out groups.npz > groups.train.txt 2>&1
python -m gamecore match duchess groups.npz zeros --games 100 --openings 50 --depth 3 --out groups-vs-zeros.record > groups-vs-zeros.txt 2>&1
