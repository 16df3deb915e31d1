#!/bin/bash
# Seed 001 with the local base rule: Fig. 6.2 (a 2-ply triples learner against the 5-ply random agent) and Table 5.1.
cd "$(dirname "$0")"
# ran with gamecore at the commit that adds --base-rule (a worktree of it on PYTHONPATH)
export PYTHONPATH=/tmp/wt2
D=/tmp/wt2/benchmarks/network_duel.py
nice -n 19 python $D chess --a network-triples:gd:2 --a-base local --b random:frozen:5 --games 300 --out triples-local-vs-random5 > triples-local-vs-random5.txt 2>&1 &
nice -n 19 python $D chess --a network-pairs:gd:2 --a-base local --b random:frozen:5 --games 300 --out pairs-local-vs-random5 > pairs-local-vs-random5.txt 2>&1 &
wait
echo done >> queue.log
