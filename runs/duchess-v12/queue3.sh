#!/bin/bash
# The second hour's snapshots (θ itself, not averaged) on the reference 100 games: where the curve turned.
cd "$(dirname "$0")"
# ran with gamecore at commit 801e440 (a worktree of it on PYTHONPATH)
export PYTHONPATH=/tmp/wt
for g in 00600 00800; do
  python -m gamecore match duchess -o players=4 p4-omq2h-g$g.npz default --games 100 --openings 50 --depth 4 --out p4-omq2h-g$g-vs-default.record > p4-omq2h-g$g-vs-default.txt 2>&1
done
