#!/bin/bash
# Four players, a third seed of the frozen-mating recipe (runs/duchess-v19 seed 2,
# runs/duchess-v21 seed 3): an hour from random weights, the reference 100 games against
# the hand-set team, a second half hour from the hour's weights, then the reference 100,
# the further 200 and self-play at depth 4 (600-ply limit) -- every match with the full
# evaluation as in the earlier measurements.
cd "$(dirname "$0")"
exact=../lazy-eval/default-exact.json
gamecore train duchess -o players=4 --outcome-groups material+psq --group-steps mating=0 --stages material:50,material+mating:50,all:100000 --games 100000 --time-budget 3600 --snapshot-every 100 --seed 4 --out p4-om0-s4.npz > p4-om0-s4.train.txt 2>&1
echo done-train-h1 >> queue.log
gamecore match duchess -o players=4 p4-om0-s4.npz default --games 100 --openings 50 --depth 4 --search-params $exact --out p4-om0-s4-vs-default.record > p4-om0-s4-vs-default.txt 2>&1
echo done-match-h1 >> queue.log
gamecore train duchess -o players=4 --init p4-om0-s4.npz --outcome-groups material+psq --group-steps mating=0 --games 100000 --time-budget 1800 --snapshot-every 100 --seed 14 --out p4-om0-s4-h2.npz > p4-om0-s4-h2.train.txt 2>&1
echo done-train-h2 >> queue.log
gamecore match duchess -o players=4 p4-om0-s4-h2.npz default --games 100 --openings 50 --depth 4 --search-params $exact --out p4-om0-s4-h2-vs-default.record > p4-om0-s4-h2-vs-default.txt 2>&1
echo done-match-h2 >> queue.log
gamecore match duchess -o players=4 p4-om0-s4-h2.npz default --games 200 --openings 100 --depth 4 --seed 1 --search-params $exact --out p4-om0-s4-h2-vs-default-s1.record > p4-om0-s4-h2-vs-default-s1.txt 2>&1
echo done-match-h2-s1 >> queue.log
gamecore match duchess -o players=4 p4-om0-s4-h2.npz p4-om0-s4-h2.npz --games 100 --openings 50 --depth 4 --max-plies 600 --search-params $exact --out p4-s4-h2-self.record > p4-s4-h2-self.txt 2>&1
echo done-self >> queue.log
