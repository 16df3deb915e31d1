#!/bin/bash
# Alternate the Duchess speed benchmark over the tree before the piece bits and the
# remembered check (BASE) and the tree after them and the pin test (AFTER), with the
# tournament search at the shipped lazy margin (as in runs/lazy-eval/speed.sh).
# speed.sh BASE AFTER ROUNDS
set -euo pipefail
base=$1 after=$2 rounds=$3
here=$(cd "$(dirname "$0")" && pwd)
bench=(--game duchess --depth 7 --repeats 3 --eval-reps 100000 --search-params "$here/../lazy-eval/tournament-lazy200.json")
run() {  # tree, label
    echo "== $2 ($(git -C "$1" rev-parse --short HEAD))"
    PYTHONPATH="$1" python "$1/benchmarks/search_speed.py" "${bench[@]}"
}
run "$base" warm-up > /dev/null
run "$after" warm-up > /dev/null
for round in $(seq "$rounds"); do
    echo "#### round $round"
    run "$base" "before"
    run "$after" "after"
done
