#!/bin/bash
# Two players: a second seed of the half-hour frozen-mating recipe of runs/duchess-v20.
cd "$(dirname "$0")"
gamecore train duchess -o players=2 --outcome-groups material+psq --group-steps mating=0 --stages material:50,material+mating:50,all:100000 --games 100000 --time-budget 1800 --snapshot-every 100 --seed 3 --out p2-om0-s3.npz > p2-om0-s3.train.txt 2>&1
echo done-train >> queue.log
gamecore match duchess -o players=2 p2-om0-s3.npz default --games 100 --openings 50 --depth 4 --out p2-om0-s3-vs-default.record > p2-om0-s3-vs-default.txt 2>&1
echo done-match >> queue.log
