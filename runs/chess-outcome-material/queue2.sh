#!/bin/bash
# Chess: the material-only outcome run (om3, 2,000 games) continued with snapshots every 1,000 games.
cd "$(dirname "$0")"
export PYTHONPATH=/tmp/wt
python -m gamecore train chess --resume om10k.npz --games ${GAMES:-6000} --snapshot-every 1000 --workers ${WORKERS:-1} > om10k.txt 2>&1
echo done-om10k >> queue.log
