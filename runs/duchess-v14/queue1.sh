#!/bin/bash
# Four players: θ averaged over a window around the best snapshots instead of over all games.
# Raw snapshots of the one-hour run (duchess-v11, games 300 and 400) and of its second hour (duchess-v12, game 500).
cd "$(dirname "$0")"
# ran with gamecore at commit d2bee79 (a worktree of it on PYTHONPATH)
export PYTHONPATH=/tmp/wt
S=/tmp/wt/benchmarks/weights_surgery.py
python $S duchess ../duchess-v11/p4-omq-g00300.npz win300-500.npz --mean-with ../duchess-v11/p4-omq-g00400.npz --mean-with ../duchess-v12/p4-omq2h-g00500.npz
python $S duchess ../duchess-v11/p4-omq-g00200.npz win200-400.npz --mean-with ../duchess-v11/p4-omq-g00300.npz --mean-with ../duchess-v11/p4-omq-g00400.npz
for v in win300-500 win200-400; do
  python -m gamecore match duchess -o players=4 $v.npz default --games 100 --openings 50 --depth 4 --out $v-vs-default.record > $v-vs-default.txt 2>&1
done
