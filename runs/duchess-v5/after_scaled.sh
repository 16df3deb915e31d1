# scaled.npz (nlms-scaled, 200 games, features v3) against zeros at depth 4
while [ ! -s scaled.csv ] || pgrep -f "out scaled.npz" > /dev/null; do sleep 10; done
gamecore match duchess scaled.npz zeros --games 100 --openings 50 --depth 4 --out scaled-vs-zeros.record > scaled-vs-zeros.txt 2>&1
