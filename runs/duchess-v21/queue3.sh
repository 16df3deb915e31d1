#!/bin/bash
# Decisive self-play at 600 plies: the four-player seed-3 weights, and the two-player weights
# of runs/duchess-v20 at depth 5 (one ply deeper than the goal's usual depth 4).
cd "$(dirname "$0")"
until grep -q measured /tmp/mb/measure.log 2>/dev/null; do sleep 10; done
gamecore match duchess -o players=4 p4-om0-s3.npz p4-om0-s3.npz --games 100 --openings 50 --depth 4 --max-plies 600 --out p4-s3-self.record > p4-s3-self.txt 2>&1
echo done-p4-self >> queue.log
gamecore match duchess -o players=2 ../duchess-v20/p2-om0.npz ../duchess-v20/p2-om0.npz --games 100 --openings 50 --depth 5 --max-plies 600 --out p2-v20-self-d5.record > p2-v20-self-d5.txt 2>&1
echo done-p2-self-d5 >> queue.log
