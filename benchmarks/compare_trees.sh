#!/usr/bin/env bash
# Run one benchmark command on two source trees, alternating, so that both see the same
# machine: compare_trees.sh BEFORE AFTER ROUNDS -- COMMAND...
# BEFORE and AFTER are checkouts (e.g. `git worktree add --detach /tmp/before HEAD~1`);
# each round runs COMMAND with PYTHONPATH set to BEFORE, then to AFTER, and with "{tree}"
# in any argument replaced by the tree (to run each tree's own copy of a benchmark
# script). Each tree's kernels are compiled by one untimed run beforehand.
set -euo pipefail
if [ $# -lt 5 ] || [ "$4" != "--" ]; then
    echo "usage: compare_trees.sh BEFORE AFTER ROUNDS -- COMMAND..." >&2
    exit 2
fi
before=$1 after=$2 rounds=$3
shift 4
run_in() {
    local tree=$1
    shift
    local args=()
    for arg in "$@"; do
        args+=("${arg//\{tree\}/$tree}")
    done
    PYTHONPATH="$tree" "${args[@]}"
}
for tree in "$before" "$after"; do
    run_in "$tree" "$@" > /dev/null  # warm the numba cache of this tree
done
for round in $(seq "$rounds"); do
    for tree in "$before" "$after"; do
        echo "== round $round: $tree ($(git -C "$tree" rev-parse --short HEAD))"
        run_in "$tree" "$@"
    done
done
