#!/bin/bash
# Once runs/duchess-v29's queue is done (the machine otherwise idle): the depth-7 speed
# benchmark alternated over BASE and AFTER, then the issue's self-play profile at 365 ms a
# move with each tree, then Duchess perft speed alternated.
# measure.sh BASE AFTER
set -euo pipefail
base=$1 after=$2
cd "$(dirname "$0")"
until grep -q done-self ../duchess-v29/queue.log 2>/dev/null; do sleep 10; done
bash speed.sh "$base" "$after" 3 > search-speed-depth7.txt 2>&1
echo done-speed >> measure.log
profile() {  # tree, seed, out
    PYTHONPATH="$1" python "$1/benchmarks/search_profile.py" duchess --games 2 --time-per-move 0.365 --max-plies 300 --seed "$2" --out "$3" > "$3.txt" 2>&1
}
profile "$after" 1 profile-after
profile "$base" 1 profile-before
profile "$after" 2 profile-after-s2
echo done-profile >> measure.log
for round in 1 2; do
    for tree in "$base" "$after"; do
        echo "== round $round $(git -C "$tree" rev-parse --short HEAD)"
        PYTHONPATH="$tree" python "$tree/benchmarks/duchess_speed.py" --repeats 3
    done
done > perft-speed.txt 2>&1
echo done-perft >> measure.log
