#!/usr/bin/env bash
# After queue2.sh: four- and two-player self-play of the default-recipe weights at 600 plies.
set -u
while pgrep -f "queue2.sh" >/dev/null; do sleep 20; done
for p in 4 2; do
  gamecore match duchess -o players=$p p$p-default.npz p$p-default.npz --games 100 --openings 50 --depth 4 --max-plies 600 --out p$p-selfmatch-d4.record > p$p-selfmatch-d4.txt 2>&1
done
