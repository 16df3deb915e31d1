#!/bin/bash
# Chess: the ten-thousand-game quiet-leaves run continued to 16,000 games (two workers), then
# the mean of its snapshots from game 4,000 on against the hand-set weights.
cd "$(dirname "$0")"
# ran with gamecore at commit d2bee79 (a worktree of it on PYTHONPATH)
export PYTHONPATH=/tmp/wt
until grep -q "score" ../duchess-v14/p4-omh-vs-default.txt 2>/dev/null; do sleep 10; done
python -m gamecore train chess --resume q16k.npz --games 16000 --workers 2 > q16k.train.txt 2>&1
S=/tmp/wt/benchmarks/weights_surgery.py
Q=../chess-q10k/q10k
python $S chess $Q-g04000.npz snap4-16k.npz $(for g in 05000 06000 07000 08000 09000 10000; do echo --mean-with $Q-g$g.npz; done) $(for g in 11000 12000 13000 14000 15000 16000; do echo --mean-with q16k-g$g.npz; done)
for seed in 1 2; do
  python -m gamecore match chess snap4-16k.npz default --games 400 --openings 200 --depth 3 --seed $seed --out snap4-16k-vs-default-s$seed.pgn > snap4-16k-vs-default-s$seed.log 2>&1
done
