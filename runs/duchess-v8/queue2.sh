# Six players against random movers at depth 4 for ten minutes, as in runs/duchess-v7 (31 games, a last game of 847 s), now with quiescence capped at six plies.
while kill -0 30222 2>/dev/null; do sleep 10; done
set -x
/usr/bin/time -f '%e s wall' gamecore train duchess --vs random --depth 4 --update nlms-scaled --quiet-leaves --games 100000 --time-budget 600 --out vr-d4.npz > vr-d4.train.txt 2>&1
