# After the second seed: the minute-long --vs random default, then the previous default's endings
while pgrep -f "bash default-v5-s2.sh" > /dev/null; do sleep 5; done
/usr/bin/time -f "%e s wall" gamecore train duchess --vs random --out vsrandom-v5.npz > vsrandom-v5.train.txt 2>&1
gamecore match duchess ../duchess-v4/default-d4.npz zeros --games 100 --openings 50 --depth 4 --out default-d4-vs-zeros.record > default-d4-vs-zeros.txt 2>&1
