#!/bin/bash
# The best learned chess weights against the hand-set ones again, with repetitions below the root scored as draws.
cd "$(dirname "$0")"
export PYTHONPATH=/tmp/wt3
W=../chess-window/snap4-10k.npz
python -m gamecore match chess $W default --games 400 --openings 200 --depth 3 --seed 1 --workers 2 --out snap4-10k-vs-default-s1.pgn > snap4-10k-vs-default-s1.log 2>&1
echo s1 >> queue.log
