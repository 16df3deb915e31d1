#!/bin/bash
# Chess: the material-only outcome recipe of runs/chess-outcome-material (om3, om1) again,
# after the nlms-scaled fix (186f62e: a feature absent for thousands of searches no longer
# turns its group's update NaN). Both seeds side by side, one worker each, then the same
# 400-game matches against the hand-set weights.
cd "$(dirname "$0")"
T="gamecore train chess --update nlms-scaled --vs default --outcome-step 3 --games 2000 --quiet-leaves --workers 1 --outcome-groups material"
$T --seed 3 --out om3.npz > om3.txt 2>&1 &
$T --seed 1 --out om1.npz > om1.txt 2>&1 &
wait
echo done-train >> queue.log
for s in om3 om1; do
    gamecore match chess $s.npz default --games 400 --openings 200 --depth 3 --seed 1 --out $s-vs-default-s1.pgn > $s-match.txt 2>&1
    echo done-$s-match >> queue.log
done
