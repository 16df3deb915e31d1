#!/bin/bash
# After queue.sh: two-player self-play of a one-hour weights set (seed 3 after its second
# half hour, runs/duchess-v25) at 0.1 s a move with a contempt of 50, against the 61% of the
# seed-2 half-hour weights (runs/duchess-v25).
cd "$(dirname "$0")"
until grep -q done-match-s3 queue.log 2>/dev/null; do sleep 10; done
gamecore match duchess -o players=2 ../duchess-v25/p2-om0-s3-h2.npz ../duchess-v25/p2-om0-s3-h2.npz --games 50 --openings 25 --time-per-move 0.1 --max-plies 600 --search-params ../duchess-v23/contempt50.json --out p2-s3-h2-self-t01-c50.record > p2-s3-h2-self-t01-c50.txt 2>&1
echo done-c50-s3 >> queue.log
