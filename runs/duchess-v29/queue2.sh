#!/bin/bash
# After queue.sh: the hour's weights on the further 200 games, and the second half hour's
# running mean at game 300 -- the end of its best training blocks (50/36/14 in games
# 201-300), chosen from the training record before any match -- on the same 300 games.
cd "$(dirname "$0")"
exact=../lazy-eval/default-exact.json
gamecore match duchess -o players=4 p4-om0-s4.npz default --games 200 --openings 100 --depth 4 --seed 1 --search-params $exact --out p4-om0-s4-vs-default-s1.record > p4-om0-s4-vs-default-s1.txt 2>&1
echo done-h1-s1 >> queue2.log
gamecore match duchess -o players=4 p4-om0-s4-h2-g00300.npz default --games 100 --openings 50 --depth 4 --search-params $exact --out p4-om0-s4-h2-g00300-vs-default.record > p4-om0-s4-h2-g00300-vs-default.txt 2>&1
gamecore match duchess -o players=4 p4-om0-s4-h2-g00300.npz default --games 200 --openings 100 --depth 4 --seed 1 --search-params $exact --out p4-om0-s4-h2-g00300-vs-default-s1.record > p4-om0-s4-h2-g00300-vs-default-s1.txt 2>&1
echo done-g300 >> queue2.log
