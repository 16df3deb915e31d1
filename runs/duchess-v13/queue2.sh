#!/bin/bash
# Which part of the one-hour four-player weights (runs/duchess-v11/p4-omq.npz, 51.8%) loses?
cd "$(dirname "$0")"
# ran with gamecore at commit b514869 (a worktree of it on PYTHONPATH)
export PYTHONPATH=/tmp/wt
S=/tmp/wt/benchmarks/weights_surgery.py
W=../duchess-v11/p4-omq.npz
K=$(python -c "print(1/1.915)")   # learned material over the hand-set one (runs/duchess-v9/hand_scale.py -o players=4)
python $S duchess $W p4-omq-handmating.npz --take mating=default --scale mating=$K
python $S duchess $W p4-omq-handpsq.npz --take psq=default --scale psq=$K
for v in p4-omq-handmating p4-omq-handpsq; do
  python -m gamecore match duchess -o players=4 $v.npz default --games 100 --openings 50 --depth 4 --out $v-vs-default.record > $v-vs-default.txt 2>&1
done
