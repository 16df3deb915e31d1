#!/bin/bash
# Does shrinking the learned mating terms of runs/duchess-v9/omp.npz help against the hand-set team?
cd "$(dirname "$0")"
for v in omp-halfmating omp-nomating; do
  gamecore match duchess $v.npz default --games 100 --openings 50 --depth 4 --out $v-vs-default.record > $v-vs-default.txt 2>&1
done
