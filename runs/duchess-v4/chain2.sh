#!/usr/bin/env bash
# Two depth-4 variants of the Duchess defaults, each followed by its match against zeros.
set -u
cd /work/main
PYTHONPATH=/tmp/cut gamecore train duchess --outcome-at-cut draw --out runs/duchess-v4/cut-d4.npz > runs/duchess-v4/cut-d4.train.txt 2>&1
PYTHONPATH=/tmp/cut gamecore match duchess runs/duchess-v4/cut-d4.npz zeros --games 100 --openings 50 --depth 4 --out runs/duchess-v4/cut-d4-vs-zeros.record > runs/duchess-v4/cut-d4-vs-zeros.txt 2>&1 &
wait
PYTHONPATH=/tmp/cut gamecore train duchess --vs default,random --out runs/duchess-v4/mixr-d4.npz > runs/duchess-v4/mixr-d4.train.txt 2>&1
PYTHONPATH=/tmp/cut gamecore match duchess runs/duchess-v4/mixr-d4.npz zeros --games 100 --openings 50 --depth 4 --out runs/duchess-v4/mixr-d4-vs-zeros.record > runs/duchess-v4/mixr-d4-vs-zeros.txt 2>&1
