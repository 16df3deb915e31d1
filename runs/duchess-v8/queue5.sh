# The depth-4 run against random movers again, now that training mode caps quiescence at six plies.
set -x
/usr/bin/time -f '%e s wall' gamecore train duchess --vs random --depth 4 --update nlms-scaled --quiet-leaves --games 100000 --time-budget 600 --out vr-d4-q6.npz > vr-d4-q6.train.txt 2>&1
