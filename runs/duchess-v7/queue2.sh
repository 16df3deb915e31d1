#!/usr/bin/env bash
# After queue.sh: self-play at a 600-ply limit, depth 4, without learning: the one-hour
# weights, then the four- and two-player default-recipe weights.
set -u
while pgrep -f "queue.sh" >/dev/null; do sleep 20; done
gamecore match duchess long.npz long.npz --games 100 --openings 50 --depth 4 --max-plies 600 --out long-selfmatch-d4.record > long-selfmatch-d4.txt 2>&1
for p in 4 2; do
  gamecore match duchess -o players=$p p$p-default.npz p$p-default.npz --games 100 --openings 50 --depth 4 --max-plies 600 --out p$p-selfmatch-d4.record > p$p-selfmatch-d4.txt 2>&1
done
