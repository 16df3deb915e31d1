#!/bin/bash
# Win at Chess in a fixed time (seed 004's Table 2): hand-set, evolved and random search parameters.
cd "$(dirname "$0")"
# ran with gamecore at commit a0cf5eb (a worktree of it on PYTHONPATH), after the Duchess run of runs/duchess-v16
export PYTHONPATH=/tmp/wt
until grep -q matched ../duchess-v16/queue.log 2>/dev/null; do sleep 10; done
S=/tmp/wt/benchmarks/solve_suite.py
python $S chess ../../games/chess/suites/wac-holdout.txt --params default evolved --random 10 --time 0.5 > solve-holdout.txt 2>&1 &
python $S chess ../../games/chess/suites/wac.txt --params default evolved --time 0.5 > solve-tuning-part.txt 2>&1 &
wait
echo solved >> queue.log
