#!/bin/bash
# After queue2.sh: the new four-player weights against themselves at depth 4, 600-ply limit.
cd "$(dirname "$0")"
until grep -q done-c50-s3 queue.log 2>/dev/null; do sleep 10; done
for s in 2 3; do
  gamecore match duchess -o players=4 p4-om0-s$s-h2.npz p4-om0-s$s-h2.npz --games 100 --openings 50 --depth 4 --max-plies 600 --out p4-s$s-h2-self.record > p4-s$s-h2-self.txt 2>&1
  echo done-self-s$s >> queue.log
done
