#!/bin/bash
# Four players: which part of the learned weights (runs/duchess-v9/p4-omp.npz, 27.5%) loses?
cd "$(dirname "$0")"
# ran with gamecore at commit 2911b2f (a worktree of it on PYTHONPATH)
export PYTHONPATH=/tmp/wt
S=/tmp/wt/benchmarks/weights_surgery.py
W=../duchess-v9/p4-omp.npz
K=2.042   # hand-set material over the learned one (runs/duchess-v9/hand_scale.py -o players=4)
python $S duchess default hand-p4psq.npz --take psq=$W --scale psq=$K
python $S duchess default hand-p4mating.npz --take mating=$W --scale mating=$K
python $S duchess $W p4-handmating.npz --take mating=default --scale mating=$(python -c "print(1/$K)")
for v in hand-p4psq hand-p4mating p4-handmating; do
  python -m gamecore match duchess -o players=4 $v.npz default --games 100 --openings 50 --depth 4 --out $v-vs-default.record > $v-vs-default.txt 2>&1
done
