#!/bin/bash
# Piece squares left out of training; per-group updates with a random team taking turns.
cd /work/main/runs/duchess-v3
while pgrep -f "mix.sh|vsrandom.sh" > /dev/null; do sleep 5; done
export PYTHONPATH=/tmp/stable2
python -m gamecore train duchess --stages material+mating:400 --games 400 --time-budget 100000 --out nopsqtrain.npz > nopsqtrain.train.txt 2>&1
python -m gamecore match duchess nopsqtrain.npz zeros --games 100 --openings 50 --depth 3 --out nopsqtrain-vs-zeros.record > nopsqtrain-vs-zeros.txt 2>&1
python -m gamecore train duchess --update nlms-groups --vs default,random --games 400 --time-budget 100000 --out groupsmix.npz > groupsmix.train.txt 2>&1
python -m gamecore match duchess groupsmix.npz zeros --games 100 --openings 50 --depth 3 --out groupsmix-vs-zeros.record > groupsmix-vs-zeros.txt 2>&1
