# One hour of the default recipe (quiet leaves, material first) on both cores, snapshots every 100 games
gamecore train duchess --stages material:50,material+mating:50,all:100000 --games 100000 --time-budget 3600 --snapshot-every 100 --out long.npz
