#!/bin/bash
# Four players: the one-hour quarter-step recipe (seed 2) with the mating terms frozen
# (--group-steps mating=0: they stay at their small random starting values, |θ| < 1).
cd "$(dirname "$0")"
gamecore train duchess -o players=4 --outcome-groups material+psq --group-steps mating=0 --stages material:50,material+mating:50,all:100000 --games 100000 --time-budget 3600 --snapshot-every 100 --seed 2 --out p4-om0.npz > p4-om0.train.txt 2>&1
echo done-train >> queue.log
gamecore match duchess -o players=4 p4-om0.npz default --games 100 --openings 50 --depth 4 --out p4-om0-vs-default.record > p4-om0-vs-default.txt 2>&1
echo done-match >> queue.log
gamecore match duchess -o players=4 p4-om0.npz default --games 200 --openings 100 --depth 4 --seed 1 --out p4-om0-vs-default-s1.record > p4-om0-vs-default-s1.txt 2>&1
echo done-match-s1 >> queue.log
