#!/bin/bash
# Seed 4's 200 further games against the hand-set team (as seeds 2 and 3 played).
cd "$(dirname "$0")"
until grep -q done-s3-self queue.log 2>/dev/null; do sleep 10; done
gamecore match duchess -o players=2 p2-om0-s4.npz default --games 200 --openings 100 --depth 4 --seed 1 --out p2-om0-s4-vs-default-s1.record > p2-om0-s4-vs-default-s1.txt 2>&1
echo done-match-s4-s1 >> queue.log
