#!/usr/bin/env bash
# The learner comparison (after Veness et al. 2009, Table 2) at this machine's scale:
# every learner starts from the same random weights (seed 1) and trains by self-play
# for the same wall-clock budget; then one tournament rates them with the untrained
# weights. Usage: bash benchmarks/chess_learners.sh [OUTDIR] [SECONDS_PER_LEARNER]
set -euo pipefail
out=${1:-$HOME/gamecore-runs/chess-learners}
budget=${2:-360}
mkdir -p "$out"

gamecore train chess --games 0 --seed 1 --out "$out/untrained.npz"
warm=$(mktemp -d)
for algo in treestrap-ab treestrap-mm rootstrap tdleaf; do
  # Load (or compile) everything first, so no learner's budget pays for compilation.
  gamecore train chess --algo "$algo" --games 1 --depth 1 --out "$warm/$algo.npz" > /dev/null 2>&1
  gamecore train chess --algo "$algo" --seed 1 --depth 3 --games 100000 \
    --time-budget "$budget" --snapshot-every 50 --checkpoint-every 25 \
    --out "$out/$algo.npz"
done
rm -rf "$warm"

# One round robin of the four learners and the untrained weights (rated 250, as in the paper).
gamecore tournament chess "$out/untrained.npz" "$out/treestrap-ab.npz" "$out/treestrap-mm.npz" \
  "$out/rootstrap.npz" "$out/tdleaf.npz" --games 20 --time-per-move 0.05 \
  --reference untrained --reference-elo 250 --out "$out/tournament.pgn" | tee "$out/tournament.md"
