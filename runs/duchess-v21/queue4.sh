#!/bin/bash
# Two players: half an hour more of the frozen-mating recipe from the weights of
# runs/duchess-v20 (does longer training make self-play more decisive?).
cd "$(dirname "$0")"
until grep -q done-p2-self-d5 queue.log 2>/dev/null; do sleep 5; done
gamecore train duchess -o players=2 --init ../duchess-v20/p2-om0.npz --vs default --outcome-groups material+psq --group-steps mating=0 --games 100000 --time-budget 1800 --snapshot-every 100 --seed 3 --out p2-om0-more.npz > p2-om0-more.train.txt 2>&1
echo done-train2 >> queue.log
gamecore match duchess -o players=2 p2-om0-more.npz p2-om0-more.npz --games 100 --openings 50 --depth 4 --max-plies 600 --out p2-more-self.record > p2-more-self.txt 2>&1
echo done-more-self >> queue.log
gamecore match duchess -o players=2 p2-om0-more.npz default --games 100 --openings 50 --depth 4 --out p2-more-vs-default.record > p2-more-vs-default.txt 2>&1
echo done-more-default >> queue.log
