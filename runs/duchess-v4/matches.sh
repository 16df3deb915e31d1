#!/usr/bin/env bash
# The three yardstick matches of one Duchess weights file at depth 4 (100 games, 50 openings).
set -euo pipefail
w=$1
stem=${w%.npz}
for opp in zeros random default; do
    gamecore match duchess "$w" "$opp" --games 100 --openings 50 --depth 4 --out "$stem-vs-$opp.record" > "$stem-vs-$opp.txt" 2>&1
    tail -c 250 "$stem-vs-$opp.txt" | tr '\r' '\n' | tail -1
done
