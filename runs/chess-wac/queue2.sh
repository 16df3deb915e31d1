#!/bin/bash
# WAC's labels against Stockfish, while the two-player match of runs/duchess-v16 runs.
# ran with gamecore at commit a0cf5eb (a worktree of it on PYTHONPATH)
cd "$(dirname "$0")"
export PYTHONPATH=/tmp/wt
until grep -q trained2 ../duchess-v16/queue.log 2>/dev/null; do sleep 10; done
python /tmp/wt/benchmarks/check_suite.py ../../games/chess/suites/wac.txt ../../games/chess/suites/wac-holdout.txt --stockfish /usr/games/stockfish --depth 20 > check-d20.txt 2>&1
echo checked >> queue.log
