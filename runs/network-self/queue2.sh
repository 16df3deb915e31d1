#!/bin/bash
# Table 5.1's self-play duel again with repetitions below the root scored as draws (the search of e6eb9c8).
cd "$(dirname "$0")"
export PYTHONPATH=/tmp/wt3
D=/tmp/wt3/benchmarks/network_duel.py
python $D chess --a network-pairs:gd:2 --a-base local --b network-pairs:gd:2 --b-base local --games 2000 --seed 1 --checkpoint-every 50 --out pairs-local-self-norep > pairs-local-self-norep.txt 2>&1
echo done-norep >> queue.log
