#!/bin/bash
# Chess: the snapshot mean 4,000-10,000 of the quiet-leaves run (48.8% over 1,200 games) trained on
# with a fifth of the step (annealing), averaged over the whole continuation, then matched.
cd "$(dirname "$0")"
# ran with gamecore at commit e8dfec6 (a worktree of it on PYTHONPATH)
export PYTHONPATH=/tmp/wt
python -m gamecore train chess --init ../chess-window/snap4-10k.npz --update nlms-scaled --vs default --outcome-step 3 --quiet-leaves --step 0.02 --games 3000 --average-share 1 --snapshot-every 500 --seed 4 --workers 2 --out a02.npz > a02.train.txt 2>&1
for seed in 1 2; do
  python -m gamecore match chess a02.npz default --games 400 --openings 200 --depth 3 --seed $seed --out a02-vs-default-s$seed.pgn > a02-vs-default-s$seed.log 2>&1
done
