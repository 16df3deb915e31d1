#!/bin/bash
# Chess: the ten-thousand-game quiet-leaves recipe again with another seed (two workers),
# its snapshot mean 4,000-10,000, and that mean averaged with the first run's (snap4-10k).
cd "$(dirname "$0")"
# ran with gamecore at commit e8dfec6 (a worktree of it on PYTHONPATH)
export PYTHONPATH=/tmp/wt
python -m gamecore train chess --update nlms-scaled --vs default --outcome-step 3 --games 10000 --seed 5 --quiet-leaves --workers 2 --snapshot-every 1000 --out q10k-s5.npz > q10k-s5.train.txt 2>&1
S=/tmp/wt/benchmarks/weights_surgery.py
python $S chess q10k-s5-g04000.npz s5snap4-10k.npz $(for g in 05000 06000 07000 08000 09000 10000; do echo --mean-with q10k-s5-g$g.npz; done)
Q=../chess-q10k/q10k
python $S chess $Q-g04000.npz soup.npz $(for g in 05000 06000 07000 08000 09000 10000; do echo --mean-with $Q-g$g.npz; done) $(for g in 04000 05000 06000 07000 08000 09000 10000; do echo --mean-with q10k-s5-g$g.npz; done)
for seed in 1 2 3; do
  for w in soup s5snap4-10k; do
    python -m gamecore match chess $w.npz default --games 400 --openings 200 --depth 3 --seed $seed --out $w-vs-default-s$seed.pgn > $w-vs-default-s$seed.log 2>&1
  done
done
