#!/usr/bin/env bash
# The depth-4 defaults with NLMS normalised per feature group, and its match against zeros.
set -u
cd /work/main
PYTHONPATH=/tmp/cut gamecore train duchess --update nlms-groups --out runs/duchess-v4/groups-d4.npz > runs/duchess-v4/groups-d4.train.txt 2>&1
PYTHONPATH=/tmp/cut gamecore match duchess runs/duchess-v4/groups-d4.npz zeros --games 100 --openings 50 --depth 4 --out runs/duchess-v4/groups-d4-vs-zeros.record > runs/duchess-v4/groups-d4-vs-zeros.txt 2>&1
