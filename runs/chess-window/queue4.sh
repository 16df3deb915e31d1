#!/bin/bash
# Chess: the mean of the snapshots 4,000-10,000 on a third set of 400 games (--seed 3).
cd "$(dirname "$0")"
python -m gamecore match chess snap4-10k.npz default --games 400 --openings 200 --depth 3 --seed 3 --out snap4-10k-vs-default-s3.pgn > snap4-10k-vs-default-s3.log 2>&1
