#!/bin/bash
# Seed 001 with the local base rule in the paper's own setting: two learners playing each other
# (Table 5.1's centre values), and the triples learner against the 5-ply random agent for longer (Fig. 6.2).
cd "$(dirname "$0")"
export PYTHONPATH=/tmp/wt
D=/tmp/wt/benchmarks/network_duel.py
python $D chess --a network-pairs:gd:2 --a-base local --b network-pairs:gd:2 --b-base local --games 2000 --seed 1 --checkpoint-every 50 --out pairs-local-self > pairs-local-self.txt 2>&1 &
python $D chess --a network-triples:gd:2 --a-base local --b random:frozen:5 --games 900 --seed 2 --checkpoint-every 50 --out triples-local-vs-random5-900 > triples-local-vs-random5-900.txt 2>&1 &
wait
echo done >> queue.log
