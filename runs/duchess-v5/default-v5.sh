# The Duchess defaults as shipped (nlms-scaled, features v3), then the matches at depth 4
set -e
/usr/bin/time -f "%e s wall" gamecore train duchess --out default-v5.npz > default-v5.train.txt 2>&1
gamecore match duchess default-v5.npz zeros --games 100 --openings 50 --depth 4 --out default-v5-vs-zeros.record > default-v5-vs-zeros.txt 2>&1
gamecore match duchess v3nlms.npz zeros --games 100 --openings 50 --depth 4 --out v3nlms-vs-zeros.record > v3nlms-vs-zeros.txt 2>&1
gamecore match duchess default-v5.npz random --games 100 --openings 50 --depth 4 --out default-v5-vs-random.record > default-v5-vs-random.txt 2>&1
gamecore match duchess default-v5.npz default --games 100 --openings 50 --depth 4 --out default-v5-vs-default.record > default-v5-vs-default.txt 2>&1
