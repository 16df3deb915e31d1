#!/bin/bash
# Two players: a third seed (seed 4) of the half-hour frozen-mating recipe of runs/duchess-v20
# and its hand-set match; then seed 3's (runs/duchess-v22) 200 further hand-set games.
cd "$(dirname "$0")"
until grep -q "score" p2-v20-self-t01.txt 2>/dev/null; do sleep 10; done
gamecore train duchess -o players=2 --outcome-groups material+psq --group-steps mating=0 --stages material:50,material+mating:50,all:100000 --games 100000 --time-budget 1800 --snapshot-every 100 --seed 4 --out p2-om0-s4.npz > p2-om0-s4.train.txt 2>&1
echo done-train >> queue.log
gamecore match duchess -o players=2 p2-om0-s4.npz default --games 100 --openings 50 --depth 4 --out p2-om0-s4-vs-default.record > p2-om0-s4-vs-default.txt 2>&1
echo done-match >> queue.log
gamecore match duchess -o players=2 ../duchess-v22/p2-om0-s3.npz default --games 200 --openings 100 --depth 4 --seed 1 --out p2-om0-s3-vs-default-s1.record > p2-om0-s3-vs-default-s1.txt 2>&1
echo done-match-s3-s1 >> queue.log
