#!/bin/bash
# Two players: the frozen-mating weights of runs/duchess-v20, then a quarter hour that trains
# only their mating terms (at half the step) against the hand-set team; self-play at 0.1 s a
# move and the reference 100 games against the hand-set team.
cd "$(dirname "$0")"
until grep -q "rc=" /tmp/ci.log 2>/dev/null; do sleep 5; done
gamecore train duchess -o players=2 --init ../duchess-v20/p2-om0.npz --vs default --outcome-groups material+psq --stages mating:100000 --group-steps mating=0.5 --games 100000 --time-budget 900 --seed 5 --out p2-om0-mate.npz > p2-om0-mate.train.txt 2>&1
echo done-train >> queue.log
gamecore match duchess -o players=2 p2-om0-mate.npz default --games 100 --openings 50 --depth 4 --out p2-om0-mate-vs-default.record > p2-om0-mate-vs-default.txt 2>&1
echo done-match >> queue.log
gamecore match duchess -o players=2 p2-om0-mate.npz p2-om0-mate.npz --games 50 --openings 25 --time-per-move 0.1 --max-plies 600 --out p2-om0-mate-self-t01.record > p2-om0-mate-self-t01.txt 2>&1
echo done-self >> queue.log
