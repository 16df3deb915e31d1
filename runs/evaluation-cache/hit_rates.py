"""The share of static evaluations an evaluation cache finds, on search_speed.py's positions.

    PYTHONPATH=AFTER python runs/evaluation-cache/hit_rates.py

AFTER: c706983 with cache-with-counters.patch applied (the counters live only there).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from search_speed import positions  # noqa: E402

from gamecore.search import Limits, Searcher, SearchParams  # noqa: E402
from gamecore.weights import Weights  # noqa: E402

_, states = positions("duchess")
for mode in ("tournament", "training"):
    for depth in (4, 5, 7):
        for name, state in states.items():
            params = getattr(SearchParams, mode)()
            searcher = Searcher(state.game, Weights.default(state.game).theta, params, tt_megabytes=64)
            info = searcher.search(state, Limits(depth=depth))
            hits, misses = searcher.ctx.evals.counts
            rate = hits / max(1, hits + misses)
            print(mode, depth, name[:30], info.nodes, "evals", hits + misses, f"hit rate {rate:.3f}")
