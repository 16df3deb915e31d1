#!/usr/bin/env bash
# The Chinook TD-learning protocol (seed 002) at our scale, for TD-Leaf(λ=0.95) and TreeStrap(αβ):
# train from all-zero weights by self-play, each game starting from the next three-move ballot,
# then play every ballot from both sides (314 games) against the hand-set weights, at the
# training depth and at a deeper one. Re-running continues unfinished runs and skips done matches.
#
#   bash benchmarks/checkers_experiment.sh [OUT_DIR] [GAMES] [DEEP_DEPTH]
set -euo pipefail
OUT=${1:-$HOME/gamecore-runs/checkers}
GAMES=${2:-4000}
DEEP=${3:-8}
mkdir -p "$OUT"

# name algo step depth
RUNS=(
  "tdleaf-d4 tdleaf 1e-4 4"
  "treestrap-d4 treestrap-ab 1e-5 4"
  "tdleaf-d6 tdleaf 1e-4 6"
  "treestrap-d6 treestrap-ab 1e-6 6"  # 1e-5 oscillates at depth 6: each search updates more nodes
)

train() {
  local name=$1 algo=$2 step=$3 depth=$4
  if [ -f "$OUT/$name.npz" ]; then
    gamecore train checkers --resume "$OUT/$name.npz" --games "$GAMES"
  else
    gamecore train checkers --algo "$algo" --lambda 0.95 --init zeros --book three-move \
      --games "$GAMES" --depth "$depth" --step "$step" --snapshot-every 1000 \
      --out "$OUT/$name.npz"
  fi
}

match() {
  local name=$1 depth=$2 record="$OUT/$1-vs-default-d$2.pdn"
  [ -f "$record" ] && return 0
  gamecore match checkers "$OUT/$name.npz" default --book three-move --depth "$depth" \
    --out "$record.tmp" | tail -1 | sed "s/^/depth $depth: /" | tee -a "$OUT/results.txt"
  mv "$record.tmp" "$record"
}

for run in "${RUNS[@]}"; do
  read -r name algo step depth <<< "$run"
  train "$name" "$algo" "$step" "$depth"
  match "$name" "$depth"
  match "$name" "$DEEP"
done
