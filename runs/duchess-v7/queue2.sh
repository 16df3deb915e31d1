#!/usr/bin/env bash
# After queue.sh: self-play of the one-hour weights at a 600-ply limit, fixed weights and learning.
set -u
while pgrep -f "queue.sh" >/dev/null; do sleep 20; done
gamecore match duchess long.npz long.npz --games 100 --openings 50 --depth 4 --max-plies 600 --out long-selfmatch-d4.record > long-selfmatch-d4.txt 2>&1
/usr/bin/time -f '%e s wall' gamecore train duchess --init long.npz --vs self --stages all:100 --games 100 --depth 4 --max-plies 600 --time-budget 100000 --no-average --out selfplay-d4.npz > selfplay-d4.txt 2>&1
