#!/bin/bash
# Four players: the last mating stage of runs/duchess-v27 (a quarter hour, mating terms only,
# half the step, against the hand-set team) on seed 3's hour-and-a-half weights, whose
# self-play was 46% decisive; then the reference 100 games against the hand-set team and
# self-play at depth 4, both with the full evaluation as in the earlier measurements.
cd "$(dirname "$0")"
exact=../lazy-eval/default-exact.json
gamecore train duchess -o players=4 --init ../duchess-v26/p4-om0-s3-h2.npz --vs default --outcome-groups material+psq --stages mating:100000 --group-steps mating=0.5 --games 100000 --time-budget 900 --seed 7 --out p4-s3-h2-mate.npz > p4-s3-h2-mate.train.txt 2>&1
echo done-train >> queue.log
gamecore match duchess -o players=4 p4-s3-h2-mate.npz default --games 100 --openings 50 --depth 4 --search-params $exact --out p4-s3-h2-mate-vs-default.record > p4-s3-h2-mate-vs-default.txt 2>&1
echo done-match >> queue.log
gamecore match duchess -o players=4 p4-s3-h2-mate.npz p4-s3-h2-mate.npz --games 100 --openings 50 --depth 4 --max-plies 600 --search-params $exact --out p4-s3-h2-mate-self.record > p4-s3-h2-mate-self.txt 2>&1
echo done-self >> queue.log
