#!/bin/bash
# Two-player self-play at 0.1 s a move of weights whose mating terms were learned (at a
# quarter step, runs/duchess-v16), against the frozen ones' 48%.
cd "$(dirname "$0")"
until grep -q done-match-s4-s1 queue.log 2>/dev/null; do sleep 10; done
gamecore match duchess -o players=2 ../duchess-v16/p2-omq.npz ../duchess-v16/p2-omq.npz --games 50 --openings 25 --time-per-move 0.1 --max-plies 600 --out p2-omq-self-t01.record > p2-omq-self-t01.txt 2>&1
gamecore match duchess -o players=2 ../duchess-v16/p2-omq.npz ../duchess-v16/p2-omq.npz --games 50 --openings 25 --time-per-move 0.1 --max-plies 600 --seed 1 --out p2-omq-self-t01-s1.record > p2-omq-self-t01-s1.txt 2>&1
echo done-omq-self >> queue.log
