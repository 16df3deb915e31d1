# The outcome step on material and piece squares (the mating terms from search alone), then four
# players the same way (the default 570 s budget, as the 33.0% four-player run above), each with its match
gamecore train duchess --outcome-groups material+psq --stages material:50,material+mating:50,all:100000 --games 100000 --time-budget 1500 --snapshot-every 100 --out omp.npz > omp.train.txt 2>&1
gamecore match duchess omp.npz default --games 100 --openings 50 --depth 4 --out omp-vs-default.record > omp-vs-default.txt 2>&1
gamecore train duchess -o players=4 --outcome-groups material+psq --out p4-omp.npz > p4-omp.train.txt 2>&1
gamecore match duchess -o players=4 p4-omp.npz default --games 100 --openings 50 --depth 4 --out p4-omp-vs-default.record > p4-omp-vs-default.txt 2>&1
