import sys
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[2] / "benchmarks"))  # run with PYTHONPATH=TREE, TREE patched with cache-with-counters.patch
from search_speed import positions
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.weights import Weights
import numpy as np
game, states = positions("duchess")
for params_name in ("tournament", "training"):
    for depth in (4, 5, 7):
        for name, st in states.items():
            s = Searcher(game, np.ascontiguousarray(Weights.default(st.game if hasattr(st,'game') else game).theta), getattr(SearchParams, params_name)(), tt_megabytes=64)
            info = s.search(st, Limits(depth=depth))
            h, m = s.ctx.evals.counts
            print(params_name, depth, name[:30], info.nodes, "evals", h + m, "hit rate %.3f" % (h / max(1, h + m)))
