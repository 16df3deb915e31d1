#!/bin/bash
# The one-hour run's snapshot at 300 games (about the 25-minute runs' length), same 100 games.
cd "$(dirname "$0")"
# ran with gamecore at commit 5e7b7a8 (python -m gamecore)
while pgrep -f queue2.sh > /dev/null; do sleep 5; done
python -m gamecore match duchess omq-g00300.npz default --games 100 --openings 50 --depth 4 --out omq-g00300-vs-default.record > omq-g00300-vs-default.txt 2>&1
