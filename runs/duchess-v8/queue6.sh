# Four players against random movers at depth 4 for ten minutes, quiescence capped (training mode keeps the cap).
set -x
/usr/bin/time -f '%e s wall' gamecore train duchess -o players=4 --vs random --depth 4 --update nlms-scaled --quiet-leaves --games 100000 --time-budget 600 --out p4-vr-d4.npz > p4-vr-d4.train.txt 2>&1
