# Piece squares learned on top of the hand-set weights (material and mating terms frozen), 1,200 s, and its match
gamecore train duchess --init default --stages psq:100000 --games 100000 --time-budget 1200 --snapshot-every 100 --out hpsq.npz > hpsq.train.txt 2>&1
gamecore match duchess hpsq.npz default --games 100 --openings 50 --depth 4 --out hpsq-vs-default.record > hpsq-vs-default.txt 2>&1
