#!/bin/bash
# The four-player hour's snapshots (θ itself, not averaged) on the same 100 games: its curve.
cd "$(dirname "$0")"
# ran with gamecore at commit 2911b2f (a worktree of it on PYTHONPATH)
export PYTHONPATH=/tmp/wt
for g in 00200 00400; do
  python -m gamecore match duchess -o players=4 p4-omq-g$g.npz default --games 100 --openings 50 --depth 4 --out p4-omq-g$g-vs-default.record > p4-omq-g$g-vs-default.txt 2>&1
done
