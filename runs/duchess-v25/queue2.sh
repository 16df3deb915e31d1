#!/bin/bash
# A second half hour for the two-player frozen-mating weights of seeds 3 and 4 (50.0% and
# 57.7% against the hand-set team after their first half hour), then 300 games each.
cd "$(dirname "$0")"
until grep -q done-c50-s1 queue.log 2>/dev/null; do sleep 10; done
for s in 3 4; do
  case $s in 3) init=../duchess-v22/p2-om0-s3.npz ;; 4) init=../duchess-v23/p2-om0-s4.npz ;; esac
  gamecore train duchess -o players=2 --init $init --outcome-groups material+psq --group-steps mating=0 --games 100000 --time-budget 1800 --snapshot-every 100 --seed 1$s --out p2-om0-s$s-h2.npz > p2-om0-s$s-h2.train.txt 2>&1
  echo done-train-s$s >> queue.log
  gamecore match duchess -o players=2 p2-om0-s$s-h2.npz default --games 100 --openings 50 --depth 4 --out p2-om0-s$s-h2-vs-default.record > p2-om0-s$s-h2-vs-default.txt 2>&1
  gamecore match duchess -o players=2 p2-om0-s$s-h2.npz default --games 200 --openings 100 --depth 4 --seed 1 --out p2-om0-s$s-h2-vs-default-s1.record > p2-om0-s$s-h2-vs-default-s1.txt 2>&1
  echo done-match-s$s >> queue.log
done
