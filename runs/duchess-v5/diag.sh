# Which part of the learned default-d4 weights falls short: each variant against zeros, depth 4
set -e
W=../duchess-v4/default-d4.npz
S="python /tmp/snap/benchmarks/weights_surgery.py duchess"
$S $W nopsq.npz --scale psq=0
$S $W handmating.npz --take mating=default
$S default handpsq.npz --take psq=$W
$S $W handmaterial.npz --take material=default
for f in nopsq handmating handpsq handmaterial; do
  gamecore match duchess $f.npz zeros --games 100 --openings 50 --depth 4 --out $f-vs-zeros.record > $f-vs-zeros.txt 2>&1
done
