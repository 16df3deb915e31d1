#!/bin/bash
# Four players: the one-hour run (runs/duchess-v11/p4-omq.npz, game 436, 51.8%) continued at
# half the step, one worker (a chess queue shares the machine), about 70 minutes.
cd "$(dirname "$0")"
export PYTHONPATH=/tmp/wt
# (waited for queue2.sh)
cp ../duchess-v11/p4-omq.npz p4-omq-half.npz
python -m gamecore train duchess --resume p4-omq-half.npz --step 0.05 --workers 1 --time-budget 4200 > p4-omq-half.train1.txt 2>&1
# stopped at game 466 (SIGTERM, 13 min, sharing the machine with a chess run) and resumed on two workers:
python -m gamecore train duchess --resume p4-omq-half.npz --workers 2 --time-budget 3300 > p4-omq-half.train.txt 2>&1
