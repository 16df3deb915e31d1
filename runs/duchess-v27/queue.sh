#!/bin/bash
# Two players: a late stage that trains only the mating terms (a quarter hour, half the step,
# against the hand-set team) on seed 3's one-hour frozen-mating weights, whose contempt
# self-play was 38% decisive; then the reference 100 games against the hand-set team and the
# contempt-50 self-play at 0.1 s a move. Last, the same self-play for runs/duchess-v24's
# mating stage on seed 2's half-hour weights.
cd "$(dirname "$0")"
gamecore train duchess -o players=2 --init ../duchess-v25/p2-om0-s3-h2.npz --vs default --outcome-groups material+psq --stages mating:100000 --group-steps mating=0.5 --games 100000 --time-budget 900 --seed 7 --out p2-s3-h2-mate.npz > p2-s3-h2-mate.train.txt 2>&1
echo done-train >> queue.log
gamecore match duchess -o players=2 p2-s3-h2-mate.npz default --games 100 --openings 50 --depth 4 --out p2-s3-h2-mate-vs-default.record > p2-s3-h2-mate-vs-default.txt 2>&1
echo done-match >> queue.log
gamecore match duchess -o players=2 p2-s3-h2-mate.npz p2-s3-h2-mate.npz --games 50 --openings 25 --time-per-move 0.1 --max-plies 600 --search-params ../duchess-v23/contempt50.json --out p2-s3-h2-mate-self-t01-c50.record > p2-s3-h2-mate-self-t01-c50.txt 2>&1
echo done-self >> queue.log
gamecore match duchess -o players=2 ../duchess-v24/p2-om0-mate.npz ../duchess-v24/p2-om0-mate.npz --games 50 --openings 25 --time-per-move 0.1 --max-plies 600 --search-params ../duchess-v23/contempt50.json --out p2-v24-mate-self-t01-c50.record > p2-v24-mate-self-t01-c50.txt 2>&1
echo done-self-v24 >> queue.log
# (the v24 self-play above was not run: the machine was needed for timing)
# Added: the further 200 games against the hand-set team.
gamecore match duchess -o players=2 p2-s3-h2-mate.npz default --games 200 --openings 100 --depth 4 --seed 1 --out p2-s3-h2-mate-vs-default-s1.record > p2-s3-h2-mate-vs-default-s1.txt 2>&1
