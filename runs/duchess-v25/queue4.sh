#!/bin/bash
# The second half hour for seed 2 too (64.0% after its first), then its 300 games.
cd "$(dirname "$0")"
s=2
gamecore train duchess -o players=2 --init ../duchess-v20/p2-om0.npz --outcome-groups material+psq --group-steps mating=0 --games 100000 --time-budget 1800 --snapshot-every 100 --seed 1$s --out p2-om0-s$s-h2.npz > p2-om0-s$s-h2.train.txt 2>&1
echo done-train-s$s >> queue.log
gamecore match duchess -o players=2 p2-om0-s$s-h2.npz default --games 100 --openings 50 --depth 4 --out p2-om0-s$s-h2-vs-default.record > p2-om0-s$s-h2-vs-default.txt 2>&1
gamecore match duchess -o players=2 p2-om0-s$s-h2.npz default --games 200 --openings 100 --depth 4 --seed 1 --out p2-om0-s$s-h2-vs-default-s1.record > p2-om0-s$s-h2-vs-default-s1.txt 2>&1
echo done-match-s$s >> queue.log
