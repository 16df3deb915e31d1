# Which part of the one-hour weights (runs/duchess-v7/long.npz) loses: each variant 100 games against
# the hand-set team at depth 4. 2.770067923784754 is the hand-set material over the learned material
# (least squares), which puts one set's weights on the other's scale.
S=../../benchmarks/weights_surgery.py; V=../duchess-v7; K=2.770067923784754; R=0.36100197811528617
python $S duchess $V/long.npz long-nopsq.npz --scale psq=0
python $S duchess $V/long.npz long-handmaterial.npz --take material=default --scale material=$R
python $S duchess default hand-longpsq.npz --take psq=$V/long.npz --scale psq=$K
python $S duchess default hand-longmating.npz --take mating=$V/long.npz --scale mating=$K
python $S duchess $V/long-g00400.npz long-snapavg.npz --mean-with $V/long-g00500.npz --mean-with $V/long-g00600.npz --mean-with $V/long-g00700.npz
for v in long-nopsq long-handmaterial hand-longpsq hand-longmating long-snapavg; do
  gamecore match duchess $v.npz default --games 100 --openings 50 --depth 4 --out $v-vs-default.record > $v-vs-default.txt 2>&1
done
