#!/bin/bash
# Instructions of chess search and perft rounds, counted by callgrind (the machine's speed
# varies too much for timings to show a few per cent): searches.py and perft_rounds.py
# with 1 and with 3 rounds per tree, the difference being two rounds (depth-6 searches of
# the five middlegames; perft 4 of Kiwipete).
# NUMBA_CPU_NAME=x86-64-v2: valgrind does not run AVX-512 code (run searches.py once natively
# in each tree with the same setting first, to fill the cache).
# bash instructions.sh BEFORE_TREE AFTER_TREE
export NUMBA_CPU_NAME=x86-64-v2
PY=$(pyenv which python)
here=$(dirname "$(readlink -f "$0")")
count() {  # tree script rounds
  PYTHONPATH=$1 valgrind --tool=callgrind --callgrind-out-file=/dev/null $PY $here/$2 $3 2>&1 | grep -E "Collected|nodes" | tr '\n' ' '
}
for script in searches.py perft_rounds.py; do
  for rounds in 1 3; do
    echo "$script before $rounds: $(count $1 $script $rounds)" &
    echo "$script after $rounds: $(count $2 $script $rounds)" &
    wait
  done
done
