#!/bin/bash
# Two-player self-play at the match's default 0.1 s a move: 50 more games of the
# frozen-mating weights on other openings (--seed 1), then the hand-set weights the same way.
cd "$(dirname "$0")"
until grep -q done-match-s3-s1 queue.log 2>/dev/null; do sleep 10; done
gamecore match duchess -o players=2 ../duchess-v20/p2-om0.npz ../duchess-v20/p2-om0.npz --games 50 --openings 25 --time-per-move 0.1 --max-plies 600 --seed 1 --out p2-v20-self-t01-s1.record > p2-v20-self-t01-s1.txt 2>&1
echo done-self-s1 >> queue.log
gamecore match duchess -o players=2 default default --games 50 --openings 25 --time-per-move 0.1 --max-plies 600 --out p2-hand-self-t01.record > p2-hand-self-t01.txt 2>&1
echo done-hand-self >> queue.log
