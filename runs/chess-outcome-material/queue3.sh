#!/bin/bash
# Chess: a second training seed of the material-only outcome recipe (om3), after the Fig. 6.2 run.
cd "$(dirname "$0")"
export PYTHONPATH=/tmp/wt
while ! grep -q done-triples ../network-triples/queue.log 2>/dev/null; do sleep 20; done
python -m gamecore train chess --update nlms-scaled --vs default --outcome-step 3 --games 2000 --seed 1 --quiet-leaves --workers 1 --outcome-groups material --out om1.npz > om1.txt 2>&1
echo done-om1 >> queue.log
python -m gamecore match chess om1.npz default --games 400 --openings 200 --depth 3 --seed 1 --workers 1 --out om1-vs-default-s1.pgn > om1-match.txt 2>&1
echo done-om1-match >> queue.log
