#!/bin/bash
# The two-player frozen-mating weights with the hand-set mating terms grafted on (scaled by
# the weights' least-squares ratio to the hand-set ones, 1.063): self-play and hand-set matches.
cd "$(dirname "$0")"
until grep -q done-match4-s1 queue.log 2>/dev/null; do sleep 20; done
gamecore match duchess -o players=2 p2-om0-hm.npz p2-om0-hm.npz --games 100 --openings 50 --depth 4 --max-plies 600 --out p2-hm-self.record > p2-hm-self.txt 2>&1
echo done-hm-self >> queue.log
gamecore match duchess -o players=2 p2-om0-hm.npz default --games 100 --openings 50 --depth 4 --out p2-hm-vs-default.record > p2-hm-vs-default.txt 2>&1
echo done-hm-default >> queue.log
