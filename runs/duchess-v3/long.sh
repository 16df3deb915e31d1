#!/bin/bash
# A random team taking turns with the hand-set one makes games short: 700 games in the budget.
cd /work/main/runs/duchess-v3
while pgrep -f "mix.sh|vsrandom.sh|more.sh" > /dev/null; do sleep 5; done
export PYTHONPATH=/tmp/stable2
python -m gamecore train duchess --vs default,random --games 700 --out mixr700.npz > mixr700.train.txt 2>&1
python -m gamecore match duchess mixr700.npz zeros --games 100 --openings 50 --depth 3 --out mixr700-vs-zeros.record > mixr700-vs-zeros.txt 2>&1
