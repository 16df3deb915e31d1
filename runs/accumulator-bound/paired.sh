#!/bin/bash
# Chess search speed of two trees measured side by side: each round runs both at once,
# one on each core (taskset), so both see the same machine speed, then swaps the cores.
# Prints each tree's median nodes/s over the five middlegames of search_speed.py (depth 8,
# three runs per position) per round.
# bash paired.sh BEFORE_TREE AFTER_TREE ROUNDS
one() {  # tree core
  PYTHONPATH=$1 taskset -c $2 python $1/benchmarks/search_speed.py --depth 8 --repeats 3 --eval-reps 1000 2>&1 | grep "all 5" | awk -F'|' '{print $5}' | tr -d ' *,'
}
for r in $(seq 1 ${3:-4}); do
  if [ $((r % 2)) = 1 ]; then a=0; b=1; else a=1; b=0; fi
  one $1 $a > /tmp/paired-a.txt & one $2 $b > /tmp/paired-b.txt & wait
  echo "round $r before(core $a) $(cat /tmp/paired-a.txt) after(core $b) $(cat /tmp/paired-b.txt)"
done
