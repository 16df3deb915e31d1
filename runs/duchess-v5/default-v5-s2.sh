# The shipped Duchess defaults with a second seed, then against zeros at depth 4
set -e
while pgrep -f "bash default-v5.sh" > /dev/null; do sleep 10; done
/usr/bin/time -f "%e s wall" gamecore train duchess --seed 2 --out default-v5-s2.npz > default-v5-s2.train.txt 2>&1
gamecore match duchess default-v5-s2.npz zeros --games 100 --openings 50 --depth 4 --out default-v5-s2-vs-zeros.record > default-v5-s2-vs-zeros.txt 2>&1
