#!/bin/bash
# The contempt self-play again for seed 4's one-hour two-player weights (runs/duchess-v25).
cd "$(dirname "$0")"
gamecore match duchess -o players=2 ../duchess-v25/p2-om0-s4-h2.npz ../duchess-v25/p2-om0-s4-h2.npz --games 50 --openings 25 --time-per-move 0.1 --max-plies 600 --search-params ../duchess-v23/contempt50.json --out p2-s4-h2-self-t01-c50.record > p2-s4-h2-self-t01-c50.txt 2>&1
echo done-c50-s4 >> queue.log
