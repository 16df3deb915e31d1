#!/bin/bash
# Cold-cache warm-up of `gamecore train duchess --vs random` in the tree $1 (label $2):
# every numba cache file of the tree and a private GAMECORE_CACHE_DIR deleted first,
# then the run with --games 0 (it compiles, announces "ready after N s" and stops).
# Alternate two trees: bash cold_warm_up.sh /tmp/before before; bash cold_warm_up.sh /tmp/after after
tree=$1
rm -rf /tmp/cc-$2; find $tree -name "*.nbi" -delete; find $tree -name "*.nbc" -delete
cd /tmp && start=$(date +%s.%N)
GAMECORE_CACHE_DIR=/tmp/cc-$2 PYTHONPATH=$tree gamecore train duchess --vs random --games 0 --out /tmp/cold-$2.npz --force 2>&1 | grep -E "ready|Traceback|Error"
end=$(date +%s.%N); echo "$2 wall $(echo "$end - $start" | bc)"
