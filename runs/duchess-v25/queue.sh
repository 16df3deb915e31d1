#!/bin/bash
# Two-player self-play at 0.1 s a move with a contempt of 50 (draws half a learned pawn
# below level for the searching side), against the 48% without it (runs/duchess-v23).
cd "$(dirname "$0")"
gamecore match duchess -o players=2 ../duchess-v20/p2-om0.npz ../duchess-v20/p2-om0.npz --games 50 --openings 25 --time-per-move 0.1 --max-plies 600 --search-params ../duchess-v23/contempt50.json --out p2-v20-self-t01-c50.record > p2-v20-self-t01-c50.txt 2>&1
echo done-c50-s0 >> queue.log
gamecore match duchess -o players=2 ../duchess-v20/p2-om0.npz ../duchess-v20/p2-om0.npz --games 50 --openings 25 --time-per-move 0.1 --max-plies 600 --search-params ../duchess-v23/contempt50.json --seed 1 --out p2-v20-self-t01-c50-s1.record > p2-v20-self-t01-c50-s1.txt 2>&1
echo done-c50-s1 >> queue.log
