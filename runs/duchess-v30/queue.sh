#!/bin/bash
# Ten minutes against random movers from random weights on both cores, 6, 4 and 2
# players, on the current search (1.36M nodes/s): the settings that met issue 13's
# vs-random goal on the slower search (runs/duchess-v8: depth 4, nlms-scaled, quiet
# leaves), and the --vs random defaults for two players (runs/duchess-v6, one core then).
cd "$(dirname "$0")"
gamecore train duchess --vs random --depth 4 --update nlms-scaled --quiet-leaves --games 100000 --time-budget 600 --out r6-d4.npz > r6-d4.train.txt 2>&1
echo done-r6 >> queue.log
gamecore train duchess -o players=4 --vs random --depth 4 --update nlms-scaled --quiet-leaves --games 100000 --time-budget 600 --out r4-d4.npz > r4-d4.train.txt 2>&1
echo done-r4 >> queue.log
gamecore train duchess -o players=2 --vs random --games 100000 --time-budget 600 --out r2.npz > r2.train.txt 2>&1
echo done-r2 >> queue.log
