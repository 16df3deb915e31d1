# Self-play at depth 4 from the one-hour weights (runs/duchess-v7/long.npz, level with the hand-set team): does learning against itself carry them past their teacher?

set -x
/usr/bin/time -f '%e s wall' gamecore train duchess --init ../duchess-v7/long.npz --vs self --depth 4 --stages all:100000 --games 100000 --time-budget 1380 --snapshot-every 100 --max-plies 600 --out self-d4.npz > self-d4.train.txt 2>&1
for f in self-d4-g*.npz self-d4.npz; do
  timeout 400 gamecore match duchess $f default --games 100 --openings 50 --depth 4 --out ${f%.npz}-vs-default.record > ${f%.npz}-vs-default.txt 2>&1
done
