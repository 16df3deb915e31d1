#!/bin/bash
# A second half hour for both four-player frozen-mating seeds (58.5% for seed 2 and 61.2%
# for seed 3 against the hand-set team after their hour), then 300 games each, as done for
# two players in runs/duchess-v25.
cd "$(dirname "$0")"
for s in 2 3; do
  case $s in 2) init=../duchess-v19/p4-om0.npz ;; 3) init=../duchess-v21/p4-om0-s3.npz ;; esac
  gamecore train duchess -o players=4 --init $init --outcome-groups material+psq --group-steps mating=0 --games 100000 --time-budget 1800 --snapshot-every 100 --seed 1$s --out p4-om0-s$s-h2.npz > p4-om0-s$s-h2.train.txt 2>&1
  echo done-train-s$s >> queue.log
done
for s in 2 3; do
  gamecore match duchess -o players=4 p4-om0-s$s-h2.npz default --games 100 --openings 50 --depth 4 --out p4-om0-s$s-h2-vs-default.record > p4-om0-s$s-h2-vs-default.txt 2>&1
  gamecore match duchess -o players=4 p4-om0-s$s-h2.npz default --games 200 --openings 100 --depth 4 --seed 1 --out p4-om0-s$s-h2-vs-default-s1.record > p4-om0-s$s-h2-vs-default-s1.txt 2>&1
  echo done-match-s$s >> queue.log
done
