#!/bin/bash
# Two-player self-play at 0.1 s a move of the second seed's weights (runs/duchess-v22).
cd "$(dirname "$0")"
until grep -q done-hand-self queue.log 2>/dev/null; do sleep 10; done
gamecore match duchess -o players=2 ../duchess-v22/p2-om0-s3.npz ../duchess-v22/p2-om0-s3.npz --games 50 --openings 25 --time-per-move 0.1 --max-plies 600 --out p2-s3-self-t01.record > p2-s3-self-t01.txt 2>&1
echo done-s3-self >> queue.log
