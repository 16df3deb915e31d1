#!/bin/bash
# Fig. 6.2 again with repetitions scored as draws below the root: a 2-ply triples learner
# (local base rule) against a 5-ply search with a frozen random evaluation; one core.
cd "$(dirname "$0")"
export PYTHONPATH=/tmp/wt
D=/tmp/wt/benchmarks/network_duel.py
python $D chess --a network-triples:gd:2 --a-base local --b random:frozen:5 --games 900 --checkpoint-every 25 --out triples-local-vs-random5-norep $RESUME > triples-local-vs-random5-norep.txt 2>&1
echo done-triples >> queue.log
