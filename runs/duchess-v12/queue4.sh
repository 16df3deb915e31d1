#!/bin/bash
# Did the second hour's growing mating terms cost the score? Swap them between the two hours.
cd "$(dirname "$0")"
# ran with gamecore at commit 801e440 (a worktree of it on PYTHONPATH)
export PYTHONPATH=/tmp/wt
while pgrep -f queue3.sh > /dev/null; do sleep 5; done
S=/tmp/wt/benchmarks/weights_surgery.py
# hand-scale ratios (runs/duchess-v9/hand_scale.py -o players=4): one hour 1.915, two hours 1.699
python $S duchess p4-omq2h.npz p4-2h-1hmating.npz --take mating=../duchess-v11/p4-omq.npz --scale mating=$(python -c "print(1.915/1.699)")
python -m gamecore match duchess -o players=4 p4-2h-1hmating.npz default --games 100 --openings 50 --depth 4 --out p4-2h-1hmating-vs-default.record > p4-2h-1hmating-vs-default.txt 2>&1
