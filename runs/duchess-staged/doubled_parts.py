r"""What one part of a Duchess node costs inside the search: the same search with that part
done twice (same tree, so the extra time is the part's cost where it runs).

    git worktree add --detach /tmp/prof 7e30aa4
    git -C /tmp/prof apply runs/duchess-staged/doubled-parts.patch
    for v in 0 1 2 3 0 1 2 3 0 1 2 3; do
        GC_PROF=$v NUMBA_CACHE_DIR=/tmp/nc$v PYTHONPATH=/tmp/prof \
            python runs/duchess-staged/doubled_parts.py $v
    done

GC_PROF 0: as is; 1: full generation twice; 2: noisy generation twice; 3: quiescence's
stand-pat evaluation twice (each compiled into its own cache). Prints the variant, the
nodes and the fastest of three depth-7 searches of the six-player benchmark midgame.
"""

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from search_speed import positions

from gamecore.search import Limits, Searcher, SearchParams
from gamecore.weights import Weights

game, states = positions("duchess")
theta = np.ascontiguousarray(Weights.default(game).theta)
state = next(iter(states.values()))
searcher = Searcher(state.game, theta, SearchParams.tournament(), tt_megabytes=64)
searcher.clear()
searcher.search(state, Limits(depth=3))
seconds = []
for _ in range(3):
    searcher.clear()
    start = time.perf_counter()
    info = searcher.search(state, Limits(depth=7))
    seconds.append(time.perf_counter() - start)
print(f"variant {sys.argv[1]}: {info.nodes:,} nodes, {min(seconds) * 1000:.0f} ms")
