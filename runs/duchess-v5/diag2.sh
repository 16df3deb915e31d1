# The learned mating weights shrunk: is their size what costs the finish?
set -e
while pgrep -f "bash diag.sh" >/dev/null; do sleep 10; done
W=../duchess-v4/default-d4.npz
S="python /tmp/snap/benchmarks/weights_surgery.py duchess"
$S $W mating025.npz --scale mating=0.25
$S $W mating05.npz --scale mating=0.5
for f in mating025 mating05; do
  gamecore match duchess $f.npz zeros --games 100 --openings 50 --depth 4 --out $f-vs-zeros.record > $f-vs-zeros.txt 2>&1
done
