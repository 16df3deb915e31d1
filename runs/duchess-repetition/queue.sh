#!/bin/bash
# Two-player Duchess with repetitions below the root scored as draws (e6eb9c8): the quarter-step
# weights of runs/duchess-v16 against the hand-set team and against themselves (600 plies).
cd "$(dirname "$0")"
until grep -q matched-old-q3 ../chess-repetition/queue.log 2>/dev/null; do sleep 20; done
export PYTHONPATH=/tmp/wt3
W=../duchess-v16/p2-omq.npz
python -m gamecore match duchess -o players=2 $W default --games 100 --openings 50 --depth 4 --out p2-omq-vs-default.record > p2-omq-vs-default.txt 2>&1
echo p2-vs-default >> queue.log
python -m gamecore match duchess -o players=2 $W $W --games 100 --openings 50 --depth 4 --max-plies 600 --out p2-omq-self.record > p2-omq-self.txt 2>&1
echo p2-self >> queue.log
