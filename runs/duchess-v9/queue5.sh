# 200 more games of the material+psq weights against the hand-set team, other openings (seed 1)
while pgrep -f "bash queue4.sh" > /dev/null; do sleep 5; done
gamecore match duchess omp.npz default --games 200 --openings 100 --depth 4 --seed 1 --out omp-vs-default-s1.record > omp-vs-default-s1.txt 2>&1
