#!/bin/bash
# Alternate the Duchess speed benchmark over: the tree before lazy evaluation (BASE), the
# tree with it at margin 0 (the tournament default), and the same tree at margins 200 and 300.
# speed.sh BASE LAZY ROUNDS
set -euo pipefail
base=$1 lazy=$2 rounds=$3
here=$(cd "$(dirname "$0")" && pwd)
bench=(--game duchess --depth 7 --repeats 3 --eval-reps 100000)
run() {  # tree, label, extra args
    local tree=$1 label=$2
    shift 2
    echo "== $label ($(git -C "$tree" rev-parse --short HEAD))"
    PYTHONPATH="$tree" python "$tree/benchmarks/search_speed.py" "${bench[@]}" "$@"
}
run "$base" warm-up > /dev/null
run "$lazy" warm-up > /dev/null
for round in $(seq "$rounds"); do
    echo "#### round $round"
    run "$base" "before, tournament"
    run "$lazy" "after, tournament (lazy_margin 0)"
    run "$lazy" "after, lazy_margin 200" --search-params "$here/tournament-lazy200.json"
    run "$lazy" "after, lazy_margin 300" --search-params "$here/tournament-lazy300.json"
done
