#!/bin/bash
# Chess: the quiet-leaves recipe with the outcome step confined to the groups that carry material.
cd "$(dirname "$0")"
export PYTHONPATH=/tmp/wt
T="python -m gamecore train chess --update nlms-scaled --vs default --outcome-step 3 --games 2000 --seed 3 --quiet-leaves --workers 1"
$T --outcome-groups material --out om3.npz > om3.txt 2>&1
echo done-om3 >> queue.log
python -m gamecore match chess om3.npz default --games 400 --openings 200 --depth 3 --seed 1 --workers 1 --out om3-vs-default-s1.pgn > om3-match.txt 2>&1
echo done-om3-match >> queue.log
$T --outcome-groups "material+counts+bishop pair" --out omcb3.npz > omcb3.txt 2>&1
echo done-omcb3 >> queue.log
python -m gamecore match chess omcb3.npz default --games 400 --openings 200 --depth 3 --seed 1 --workers 1 --out omcb3-vs-default-s1.pgn > omcb3-match.txt 2>&1
echo done-omcb3-match >> queue.log
