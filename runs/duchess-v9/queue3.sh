# After the run without the outcome step (os0): its match, then the default recipe with the outcome
# step confined to the material group (om), 1,500 s on both cores, and its match
while kill -0 21265 2>/dev/null; do sleep 5; done
gamecore match duchess os0.npz default --games 100 --openings 50 --depth 4 --out os0-vs-default.record > os0-vs-default.txt 2>&1
PYTHONPATH=/tmp/wt gamecore train duchess --outcome-groups material --stages material:50,material+mating:50,all:100000 --games 100000 --time-budget 1500 --snapshot-every 100 --out om.npz > om.train.txt 2>&1
gamecore match duchess om.npz default --games 100 --openings 50 --depth 4 --out om-vs-default.record > om-vs-default.txt 2>&1
