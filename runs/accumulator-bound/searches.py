"""Chess searches to count instructions of: the five middlegames of search_speed.py.

Usage: python searches.py ROUNDS [DEPTH]   (under valgrind --tool=callgrind; the
difference between two ROUNDS values is the instructions of that many search rounds,
without start-up and loading)
"""

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from search_speed import positions  # noqa: E402

from gamecore.search import Limits, Searcher, SearchParams  # noqa: E402
from gamecore.weights import Weights  # noqa: E402

rounds = int(sys.argv[1])
depth = int(sys.argv[2]) if len(sys.argv) > 2 else 6
game, states = positions("chess")
theta = np.ascontiguousarray(Weights.default(game).theta)
searcher = Searcher(game, theta, SearchParams.tournament(), tt_megabytes=16)
nodes = 0
for state in states.values():
    searcher.clear()
    searcher.search(state, Limits(depth=2))
for _ in range(rounds):
    for state in states.values():
        searcher.clear()
        nodes += searcher.search(state, Limits(depth=depth)).nodes
print("nodes", nodes)
