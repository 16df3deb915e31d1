"""Where the Pawn weight's gradient comes from in games against random movers.

For every position of N games (hand-set or given weights, the learner team 0 at depth 2,
the other team random): e = σ(v/150) − σ(H/150) between the depth-2 search value and
the static value, summed as e·φ_Pawn by who is to move and what the first PV move is.

    python pawn_gradient.py WEIGHTS GAMES
"""
import numpy as np, math, collections, sys
import gamecore
from gamecore.search import Searcher, Limits, SearchParams
from gamecore.weights import Weights, resolve_weights
from games.duchess import features as F
from games.duchess.layout import PROMO_SHIFT

g = gamecore.get_game('duchess')
theta = resolve_weights(g, sys.argv[1]).theta.copy()
s = Searcher(g, theta, SearchParams.training())
rng = np.random.default_rng(1)
P = F.MATERIAL + F.MATERIAL_LETTERS.index('P')
sig = lambda v: 1 / (1 + math.exp(-max(-50, min(50, v / 150))))
acc = collections.defaultdict(float)
cnt = collections.Counter()
for game_no in range(int(sys.argv[2])):
    st = g.initial_state()
    for _ in range(6):
        st.push(int(rng.choice(st.legal_moves())))
    while not st.is_terminal() and len(st.history) < 400:
        mover_team = st.team
        learner = mover_team == 0
        h = s.evaluate(st)
        info = s.search(st, Limits(depth=2))
        v = info.score.value
        idx, val = st.features()
        phiP = dict(zip(idx.tolist(), val.tolist())).get(P, 0.0)
        e = sig(v) - sig(h)
        pv = info.pv
        kind = 'quiet'
        if pv:
            m = pv[0]
            if (m >> PROMO_SHIFT) & 15:
                kind = 'promo-first'
            elif len(pv) > 1 and (pv[1] >> PROMO_SHIFT) & 15:
                kind = 'promo-reply'
            elif st.game.move_tags(st.arrays, m) and 'capture' in st.game.move_tags(st.arrays, m):
                kind = 'capture'
        key = ('learner' if learner else 'random', kind)
        acc[key] += e * phiP
        cnt[key] += 1
        if learner:
            st.push(info.best_move)
        else:
            st.push(int(rng.choice(st.legal_moves())))
    s.clear()
tot = sum(acc.values())
for k in sorted(acc, key=lambda k: acc[k]):
    print(k, cnt[k], round(acc[k], 3))
print('total e*phiP', round(tot, 3))
