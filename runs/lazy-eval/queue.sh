#!/bin/bash
# Equal time: the shipped six-player search (lazy evaluation, margin 200) against the same
# search evaluating in full (default-exact.json), hand-set weights on both teams.
cd "$(dirname "$0")"
gamecore match duchess default default@default-exact.json --games 100 --openings 50 --time-per-move 0.05 --out lazy-vs-exact-t005.record > lazy-vs-exact-t005.txt 2>&1
echo done-match >> queue.log
