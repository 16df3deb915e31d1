#!/bin/bash
# Chess: does an outcome step confined to the groups that carry material learn a heavier
# material? The quiet-leaves recipe, seed 3 (43.8% at 2,000 games). Ran with gamecore at
# commit b514869 (a worktree on PYTHONPATH), sharing the machine with Duchess matches and runs.
cd "$(dirname "$0")"
export PYTHONPATH=/tmp/wt
R="--update nlms-scaled --vs default --outcome-step 3 --games 2000 --seed 3 --quiet-leaves"
python -m gamecore train chess $R --outcome-groups "material+counts+bishop pair" --out og3.npz > og3.train.txt 2>&1
python -m gamecore match chess og3.npz default --games 400 --openings 200 --depth 3 --seed 1 --out og3-vs-default.pgn > og3-vs-default.txt 2>&1
