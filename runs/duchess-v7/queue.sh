#!/usr/bin/env bash
# After the one-hour run: its snapshots against the hand-set team, a depth-4 run against
# random movers, and the default recipe with four and two players.
set -u
while pgrep -f "long.sh" >/dev/null; do sleep 20; done
for g in 00200 00400 00600; do
  [ -f long-g$g.npz ] && gamecore match duchess long-g$g.npz default --games 100 --openings 50 --depth 4 --out long-g$g-vs-default.record > long-g$g-vs-default.txt 2>&1
done
gamecore match duchess long.npz default --games 100 --openings 50 --depth 4 --out long-vs-default.record > long-vs-default.txt 2>&1
/usr/bin/time -f '%e s wall' gamecore train duchess --vs random --depth 4 --update nlms-scaled --quiet-leaves --games 100000 --time-budget 600 --out vr-d4.npz > vr-d4.train.txt 2>&1
/usr/bin/time -f '%e s wall' gamecore train duchess -o players=4 --out p4-default.npz > p4-default.train.txt 2>&1
gamecore match duchess -o players=4 p4-default.npz default --games 100 --openings 50 --depth 4 --out p4-default-vs-default.record > p4-default-vs-default.txt 2>&1
/usr/bin/time -f '%e s wall' gamecore train duchess -o players=2 --out p2-default.npz > p2-default.train.txt 2>&1
gamecore match duchess -o players=2 p2-default.npz default --games 100 --openings 50 --depth 4 --out p2-default-vs-default.record > p2-default-vs-default.txt 2>&1
