#!/bin/bash
# Four players: the one-hour quarter-step recipe, seed 2, under the current search
# (repetitions below the root scored as draws, leaves without move generation).
cd "$(dirname "$0")"
gamecore train duchess -o players=4 --outcome-groups material+psq --group-steps mating=0.25 --stages material:50,material+mating:50,all:100000 --games 100000 --time-budget 3600 --snapshot-every 100 --seed 2 --out p4-omq-s2n.npz > p4-omq-s2n.train.txt 2>&1
echo done-train >> queue.log
gamecore match duchess -o players=4 p4-omq-s2n.npz default --games 100 --openings 50 --depth 4 --out p4-omq-s2n-vs-default.record > p4-omq-s2n-vs-default.txt 2>&1
echo done-match >> queue.log
gamecore match duchess -o players=4 p4-omq-s2n.npz default --games 200 --openings 100 --depth 4 --seed 1 --out p4-omq-s2n-vs-default-s1.record > p4-omq-s2n-vs-default-s1.txt 2>&1
echo done-match-s1 >> queue.log
gamecore match duchess -o players=4 ../duchess-v15/p4-omq-s2.npz default --games 100 --openings 50 --depth 4 --out p4-omq-s2-oldweights-vs-default.record > p4-omq-s2-oldweights-vs-default.txt 2>&1
