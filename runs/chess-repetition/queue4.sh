#!/bin/bash
# The best learned chess weights (the mean of the seed-3 snapshots 4,000-10,000) on the other two
# 400-game opening sets, with the search of e6eb9c8.
cd "$(dirname "$0")"
export PYTHONPATH=/tmp/wt3
W=../chess-window/snap4-10k.npz
for s in 2 3; do
  python -m gamecore match chess $W default --games 400 --openings 200 --depth 3 --seed $s --workers 1 --out snap4-10k-vs-default-s$s.pgn > snap4-10k-vs-default-s$s.log 2>&1
  echo s$s >> queue.log
done
