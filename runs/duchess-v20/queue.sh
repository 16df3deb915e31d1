#!/bin/bash
# Two players: the half-hour quarter-step recipe of runs/duchess-v16 (p2-omq, seed 2) with the
# mating terms frozen (--group-steps mating=0), as the four-player run of runs/duchess-v19.
cd "$(dirname "$0")"
gamecore train duchess -o players=2 --outcome-groups material+psq --group-steps mating=0 --stages material:50,material+mating:50,all:100000 --games 100000 --time-budget 1800 --snapshot-every 100 --seed 2 --out p2-om0.npz > p2-om0.train.txt 2>&1
echo done-train >> queue.log
gamecore match duchess -o players=2 p2-om0.npz default --games 100 --openings 50 --depth 4 --out p2-om0-vs-default.record > p2-om0-vs-default.txt 2>&1
echo done-match >> queue.log
gamecore match duchess -o players=2 p2-om0.npz default --games 200 --openings 100 --depth 4 --seed 1 --out p2-om0-vs-default-s1.record > p2-om0-vs-default-s1.txt 2>&1
echo done-match-s1 >> queue.log
