# The default recipe without the outcome step (A) and with a third of it (B), 1,500 s each on both cores,
# then each run's weights 100 games against the hand-set team at depth 4
while pgrep -f "bash queue.sh" > /dev/null; do sleep 5; done
gamecore train duchess --outcome-step 0 --stages material:50,material+mating:50,all:100000 --games 100000 --time-budget 1500 --snapshot-every 100 --out os0.npz > os0.train.txt 2>&1
gamecore match duchess os0.npz default --games 100 --openings 50 --depth 4 --out os0-vs-default.record > os0-vs-default.txt 2>&1
gamecore train duchess --outcome-step 2 --stages material:50,material+mating:50,all:100000 --games 100000 --time-budget 1500 --snapshot-every 100 --out os2.npz > os2.train.txt 2>&1
gamecore match duchess os2.npz default --games 100 --openings 50 --depth 4 --out os2-vs-default.record > os2-vs-default.txt 2>&1
