#!/bin/bash
# Six players at the default budget (570 s): the quarter-mating-step recipe, toward changing the default.
cd "$(dirname "$0")"
# ran with gamecore at commit 4908806 (a worktree of it on PYTHONPATH)
export PYTHONPATH=/tmp/wt
python -m gamecore train duchess --outcome-groups material+psq --group-steps mating=0.25 --out omq570.npz > omq570.train.txt 2>&1
python -m gamecore match duchess omq570.npz default --games 100 --openings 50 --depth 4 --out omq570-vs-default.record > omq570-vs-default.txt 2>&1
