# Two players: the default recipe, its match against the hand-set team and its self-play;
# four players: self-play of the default recipe's weights (runs/duchess-v7/p4-default.npz).
set -x
/usr/bin/time -f '%e s wall' gamecore train duchess -o players=2 --out p2-default.npz > p2-default.train.txt 2>&1
timeout 1500 gamecore match duchess -o players=2 p2-default.npz default --games 100 --openings 50 --depth 4 --out p2-default-vs-default.record > p2-default-vs-default.txt 2>&1
timeout 1200 gamecore match duchess -o players=2 p2-default.npz p2-default.npz --games 100 --openings 50 --depth 4 --max-plies 600 --out p2-selfmatch-d4.record > p2-selfmatch-d4.txt 2>&1
timeout 1200 gamecore match duchess -o players=4 ../duchess-v7/p4-default.npz ../duchess-v7/p4-default.npz --games 100 --openings 50 --depth 4 --max-plies 600 --out p4-selfmatch-d4.record > p4-selfmatch-d4.txt 2>&1
