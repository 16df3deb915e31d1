"""Where a depth-7 Duchess search spends its nodes: counters kept in the search's info array.

    git worktree add --detach /tmp/counted d1d9ef8
    git -C /tmp/counted apply runs/duchess-staged/node-counters.patch
    PYTHONPATH=/tmp/counted python runs/duchess-staged/node_counts.py

    # the staged search: staged-generation.patch, then staged-counters.patch, on d1d9ef8
    PYTHONPATH=/tmp/staged python runs/duchess-staged/node_counts.py --staged

Searches the first two positions of ``benchmarks/search_speed.py`` (tournament settings,
hand-set weights, 64 MB table) and prints each counter the applied patch keeps.
"""

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from search_speed import positions

from gamecore.search import Limits, Searcher, SearchParams
from gamecore.weights import Weights

COUNTERS = {
    8: "negamax nodes",
    9: "leaves (into quiescence)",
    10: "full generations (gen_moves)",
    11: "moves they generated",
    12: "children made at interior nodes",
    13: "of which pruned by futility after the check test",
    14: "quiescence nodes",
    15: "stand-pat evaluations",
    16: "stand-pat returns",
    17: "noisy generations",
    18: "noisy moves they generated",
    20: "interior nodes with a table move",
    21: "cut-offs at the first move searched",
    22: "quiescence nodes in check",
    23: "leaves generating every move (in check)",
}

STAGED_COUNTERS = {8: "staged nodes", 9: "quiet stages"}
"""The counters of staged-counters.patch."""

labels = STAGED_COUNTERS if "--staged" in sys.argv[1:] else COUNTERS
game, states = positions("duchess")
theta = np.ascontiguousarray(Weights.default(game).theta)
for name, state in list(states.items())[:2]:
    searcher = Searcher(state.game, theta, SearchParams.tournament(), tt_megabytes=64)
    searcher.clear()
    info = searcher.search(state, Limits(depth=7))
    print(f"{name}: {info.nodes:,} nodes")
    for index, label in labels.items():
        print(f"  {label}: {searcher.ctx.info[index]:,}")
