#!/bin/bash
# The quiet-leaves recipe (2,000 games against the hand-set weights, seed 3) trained with repetitions
# scored as draws (new) and as before (old, the parent commit), both matched with the new search.
cd "$(dirname "$0")"
until grep -q s1 queue.log 2>/dev/null; do sleep 20; done
R="--update nlms-scaled --vs default --outcome-step 3 --games 2000 --seed 3 --quiet-leaves --workers 2"
PYTHONPATH=/tmp/wt3 python -m gamecore train chess $R --out new-q3.npz > new-q3.train.txt 2>&1
echo trained-new >> queue.log
PYTHONPATH=/tmp/wt python -m gamecore train chess $R --out old-q3.npz > old-q3.train.txt 2>&1
echo trained-old >> queue.log
for w in new-q3 old-q3; do
  PYTHONPATH=/tmp/wt3 python -m gamecore match chess $w.npz default --games 400 --openings 200 --depth 3 --seed 1 --workers 2 --out $w-vs-default-s1.pgn > $w-vs-default-s1.log 2>&1
  echo matched-$w >> queue.log
done
