#!/usr/bin/env bash
# Veness et al. (2009) Table 2 with the paper's protocol, scaled to this machine: every
# learner starts from the same random weights (seed 1) and trains by self-play under a
# Fischer clock (alpha-beta learners search deeper than minimax in the same time), from
# the balanced-4 opening book, on every core, for the same wall-clock budget; then one
# round robin rates them with the untrained weights pinned at 250, as in the paper.
# Usage: bash benchmarks/chess_table2.sh [OUTDIR] [SECONDS_PER_LEARNER] [TIME_CONTROL]
#        [TRAIN OPTIONS...]  (given to every learner's training, e.g. --quiet-leaves)
# A learner whose OUTDIR/ALGO.done exists is skipped, so a cut-off run continues with the
# next learner (delete an unfinished ALGO.npz first: its budget would start again).
set -euo pipefail
out=${1:-$HOME/gamecore-runs/chess-table2}
budget=${2:-1200}
clock=${3:-2+0.05}
shift $(( $# < 3 ? $# : 3 ))
mkdir -p "$out"

[ -f "$out/untrained.npz" ] || gamecore train chess --games 0 --seed 1 --out "$out/untrained.npz"
warm=$(mktemp -d)
for algo in treestrap-ab treestrap-mm rootstrap tdleaf; do
  [ -f "$out/$algo.done" ] && continue
  # Load (or compile) everything first, so no learner's budget pays for compilation.
  gamecore train chess --algo "$algo" --games 2 --depth 1 --out "$warm/$algo.npz" > /dev/null 2>&1
  gamecore train chess --algo "$algo" --seed 1 --time-control "$clock" --book balanced-4 \
    --games 100000 --time-budget "$budget" --snapshot-every 50 --checkpoint-every 10 \
    --out "$out/$algo.npz" "$@"
  touch "$out/$algo.done"
done
rm -rf "$warm"

gamecore tournament chess "$out/untrained.npz" "$out/treestrap-ab.npz" "$out/treestrap-mm.npz" \
  "$out/rootstrap.npz" "$out/tdleaf.npz" --games 20 --time-control "$clock" \
  --book balanced-4 --reference untrained --reference-elo 250 --out "$out/tournament.pgn" \
  | tee "$out/tournament.md"
