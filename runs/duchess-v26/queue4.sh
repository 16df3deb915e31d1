#!/bin/bash
# After queue3.sh: the running mean of θ after 100, 300 and 500 games of each second half
# hour against the hand-set team, on the reference 100 games.
cd "$(dirname "$0")"
until grep -q done-self-s3 queue.log 2>/dev/null; do sleep 10; done
for s in 3 2; do
  for g in 00100 00300 00500; do
    gamecore match duchess -o players=4 p4-om0-s$s-h2-g$g.npz default --games 100 --openings 50 --depth 4 --out p4-om0-s$s-h2-g$g-vs-default.record > p4-om0-s$s-h2-g$g-vs-default.txt 2>&1
  done
  echo done-snap-s$s >> queue.log
done
