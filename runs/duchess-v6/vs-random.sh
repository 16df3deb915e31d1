# Matches against a random team (40 games, 600 plies), then the depth-3 and outcome-discount runs
python variants.py
cp ../duchess-v5/default-v5.npz v5.npz
gamecore match duchess default random --games 40 --openings 20 --depth 2 --max-plies 600 --workers 1 --out hand-vs-random-d2.record
gamecore match duchess default random --games 40 --openings 20 --depth 3 --max-plies 600 --workers 1 --out hand-vs-random-d3.record
for w in hand-mated300 hand-mated300-trapped100 hand-mated300-press30 v5; do
  gamecore match duchess $w.npz random --games 40 --openings 20 --depth 2 --max-plies 600 --workers 1 --out $w-d2.record
done
gamecore train duchess --vs random --depth 3 --games 100000 --time-budget 600 --update nlms --snapshot-every 100 --out d3nlms.npz
gamecore train duchess --vs random --games 300 --outcome-step 1 --outcome-discount 0.99 --out o1g99.npz
gamecore train duchess --vs random --games 300 --outcome-step 3 --outcome-discount 0.99 --out o3g99.npz
