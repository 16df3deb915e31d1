#!/bin/bash
# Second seeds of the frozen-mating recipes (runs/duchess-v19, v20), and decisive self-play
# at 600 plies for the two-player weights of runs/duchess-v20.
cd "$(dirname "$0")"
gamecore match duchess -o players=2 ../duchess-v20/p2-om0.npz ../duchess-v20/p2-om0.npz --games 100 --openings 50 --depth 4 --max-plies 600 --out p2-v20-self.record > p2-v20-self.txt 2>&1
echo done-self2 >> queue.log
gamecore train duchess -o players=4 --outcome-groups material+psq --group-steps mating=0 --stages material:50,material+mating:50,all:100000 --games 100000 --time-budget 3600 --snapshot-every 100 --seed 3 --out p4-om0-s3.npz > p4-om0-s3.train.txt 2>&1
echo done-train4 >> queue.log
gamecore match duchess -o players=4 p4-om0-s3.npz default --games 100 --openings 50 --depth 4 --out p4-om0-s3-vs-default.record > p4-om0-s3-vs-default.txt 2>&1
echo done-match4 >> queue.log
gamecore match duchess -o players=4 p4-om0-s3.npz default --games 200 --openings 100 --depth 4 --seed 1 --out p4-om0-s3-vs-default-s1.record > p4-om0-s3-vs-default-s1.txt 2>&1
echo done-match4-s1 >> queue.log
