"""Cost of each part of a Duchess node, in compiled loops, on search_speed.py's positions.

Each loop is written out on purpose: one loop factory over small compiled adapters
measured 20-40 ns more per call (make+unmake 45 ns against 26, order_key 28 against 7),
which is the size of the parts being timed.
"""
import sys, time, statistics
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[2] / "benchmarks"))
import numba, numpy as np
from search_speed import positions
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.weights import Weights
from gamecore.binding import bind
game, states = positions("duchess")
k = game.kernel
ev = bind(game, "gamecore.algorithms.evaluation")
theta = np.ascontiguousarray(Weights.default(game).theta)
s = Searcher(game, theta, SearchParams.tournament(), tt_megabytes=64)
gen_moves, gen_noisy, make, unmake, attacked, side, status, sv, surely = k.gen_moves, k.gen_noisy, k.make_move, k.unmake_move, k.king_attacked, k.side_to_move, k.status, ev.search_value, k.surely_has_moves
order_key = k.order_key
@numba.njit
def loop_gen(st, buf, reps):
    t = 0
    for _ in range(reps):
        t += gen_moves(st, buf)
    return t
@numba.njit
def loop_noisy(st, buf, reps):
    t = 0
    for _ in range(reps):
        t += gen_noisy(st, buf)
    return t
@numba.njit
def loop_make(st, buf, n, reps):
    t = 0
    for r in range(reps):
        m = buf[r % n]
        make(st, m)
        unmake(st, m)
    return t
@numba.njit
def loop_attacked(st, reps):
    t = 0
    for _ in range(reps):
        t += attacked(st, side(st))
    return t
@numba.njit
def loop_status(st, reps):
    t = 0
    for _ in range(reps):
        t += status(st, -1) + surely(st)
    return t
@numba.njit
def loop_eval(st, ctx, reps):
    t = 0.0
    for _ in range(reps):
        t += sv(st, ctx)
    return t
@numba.njit
def loop_order(st, buf, n, reps):
    t = 0
    for r in range(reps):
        t += order_key(st, buf[r % n])
    return t
for name, state in states.items():
    st = state.arrays
    state.reserve(200)
    s.refresh(st)
    buf = np.zeros(game.max_moves, dtype=np.int64)
    n = gen_moves(st, buf)
    nn = gen_noisy(st, np.zeros(game.max_moves, dtype=np.int64))
    R = 20000
    res = {}
    for label, f, args in (("gen_moves", loop_gen, (st, buf, R)), ("gen_noisy", loop_noisy, (st, np.zeros(game.max_moves, dtype=np.int64), R)),
                           ("make+unmake", loop_make, (st, buf, n, R)), ("king_attacked", loop_attacked, (st, R)),
                           ("status+surely", loop_status, (st, R)), ("eval", loop_eval, (st, s.ctx, R)), ("order_key", loop_order, (st, buf, n, R))):
        f(*args[:-1], 10)
        ts = []
        for _ in range(5):
            t0 = time.perf_counter(); f(*args); ts.append((time.perf_counter() - t0) / R * 1e9)
        res[label] = statistics.median(ts)
    print(name[:32], f"moves {n} noisy {nn}", " ".join(f"{k}={v:.0f}ns" for k, v in res.items()))
    info = s.search(state, Limits(depth=7)); s.clear(); info = s.search(state, Limits(depth=7))
    print("  depth 7:", info.nodes, "nodes, qnodes", int(s.info[1]), f"{info.nodes/info.seconds:.0f} n/s")
