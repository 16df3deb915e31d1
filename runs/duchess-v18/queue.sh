#!/bin/bash
# Four players: the one-hour quarter-step recipe of runs/duchess-v17 (seed 2, current search)
# with weight decay 0.001 per game, against the piece squares' growing spread.
cd "$(dirname "$0")"
gamecore train duchess -o players=4 --outcome-groups material+psq --group-steps mating=0.25 --stages material:50,material+mating:50,all:100000 --games 100000 --time-budget 3600 --snapshot-every 100 --seed 2 --decay 0.001 --out p4-omq-dec.npz > p4-omq-dec.train.txt 2>&1
echo done-train >> queue.log
gamecore match duchess -o players=4 p4-omq-dec.npz default --games 100 --openings 50 --depth 4 --out p4-omq-dec-vs-default.record > p4-omq-dec-vs-default.txt 2>&1
echo done-match >> queue.log
gamecore match duchess -o players=4 p4-omq-dec.npz default --games 200 --openings 100 --depth 4 --seed 1 --out p4-omq-dec-vs-default-s1.record > p4-omq-dec-vs-default-s1.txt 2>&1
echo done-match-s1 >> queue.log
