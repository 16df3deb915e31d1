#!/bin/bash
# Learning curves against random movers, the zero team and the hand-set team for the
# recipes that met issue 13's 60% goal: six players (runs/duchess-v10 omq: quarter mating
# step, one hour), four (runs/duchess-v29, seed 4, mating frozen, one hour) and two
# (runs/duchess-v20, seed 2, mating frozen, half an hour). Each point 40 games (20
# openings, both sides) per opponent at depth 4, games cut at 600 plies; the start is the
# run's own random weights (u6/u4/u2.npz: gamecore train ... --games 0 --seed S).
cd "$(dirname "$0")"
s=../../benchmarks/snapshot_yardsticks.py
python $s ../duchess-v10/omq.npz --start u6.npz --out p6.eval.csv --games 40 --depth 4 --max-plies 600 > p6.txt 2>&1
echo done-p6 >> queue.log
python $s ../duchess-v29/p4-om0-s4.npz --start u4.npz --every 200 --out p4.eval.csv --games 40 --depth 4 --max-plies 600 > p4.txt 2>&1
echo done-p4 >> queue.log
python $s ../duchess-v20/p2-om0.npz --start u2.npz --out p2.eval.csv --games 40 --depth 4 --max-plies 600 > p2.txt 2>&1
echo done-p2 >> queue.log
python ../../benchmarks/plot_yardsticks.py "p6.eval.csv:six players, mating step 1/4" "p4.eval.csv:four players, mating frozen" "p2.eval.csv:two players, mating frozen" --out ../../docs/images/duchess-curves.png
