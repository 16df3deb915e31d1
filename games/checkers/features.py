"""The ``checkers-chinook`` feature set: Chinook-style terms, one weight per game phase.

After the evaluation terms of Chinook (Schaeffer et al., "Temporal Difference
Learning Applied to a High-Performance Game-Playing Program", Table 1 / §5).
Everything is seen from the side to move: "own" is the mover, "opp" the other
side, and White's squares are turned round (``i -> 31 - i``) so both colours
see the board from their own back row. Own and opponent versions are separate
features (not signed differences), so the vector of a position and of its
colour-flipped twin (colours swapped, board turned round, other side to move)
are identical.

Phases, by the total number of pieces on the board (both colours)::

    phase 0   20-24 pieces   opening
    phase 1   14-19 pieces   middlegame
    phase 2    9-13 pieces   early endgame
    phase 3    0-8 pieces    endgame

Phased terms: term ``t`` of side ``rel`` (0 own, 1 opp) in phase ``p`` is index
``4 * (2 * t + rel) + p``; only the current phase's index is written, and
only when its value is not zero. The terms (values are counts unless said):

    men        number of men
    kings      number of kings
    mobility   simple steps the side's pieces could make (men forward, kings any way)
    backrow    men on the side's own back row
    bridge     1 when both corner-side back squares are held (Black 1 and 3, White 30 and 32)
    triangle   1 when the triangle is held (Black 2, 3, 7; White 26, 30, 31)
    centre     pieces on the centre squares 10, 11, 14, 15, 18, 19, 22, 23
    tempo      sum over the men of the rows they have advanced (0 on the back row .. 6)
    balance    abs(men on columns a-d - men on columns e-h)
    loose      men with no friendly piece on any diagonal neighbour
    frozen     men with no simple step (both forward squares occupied or off the board)
    trapped    kings with no simple step (every neighbour occupied or off the board)
    doghole    1 for a man in the opponent's dog-hole (Black on 28 with a White man on 32;
               White on 5 with a Black man on 1)
    runaway    men whose whole forward cone up to the crowning row is empty
    exposed    pieces an opponent piece could jump at once (landing square empty)

Feature table (N = 248)::

    group        indices    size
    phased       0-119      120   15 terms x 2 sides x 4 phases, 4 * (2 * t + rel) + p
    psq          120-247    128   32 * kind + square: kind 0 own man, 1 own king,
                                  2 opp man, 3 opp king (square as the mover sees it)

:func:`feature_name` spells out any index.
"""

from __future__ import annotations

import numpy as np

from gamecore.bits import lsb, popcount
from gamecore.game import FeatureSet
from gamecore.jit import kernel
from games.checkers.layout import BIT, CENTRE, KINGS, NEIGH, ONE, SIDE, ZERO, row_col

NAME = "checkers-chinook"
VERSION = 1
TERMS = (
    "men",
    "kings",
    "mobility",
    "backrow",
    "bridge",
    "triangle",
    "centre",
    "tempo",
    "balance",
    "loose",
    "frozen",
    "trapped",
    "doghole",
    "runaway",
    "exposed",
)
(
    T_MEN,
    T_KINGS,
    T_MOBILITY,
    T_BACKROW,
    T_BRIDGE,
    T_TRIANGLE,
    T_CENTRE,
    T_TEMPO,
    T_BALANCE,
    T_LOOSE,
    T_FROZEN,
    T_TRAPPED,
    T_DOGHOLE,
    T_RUNAWAY,
    T_EXPOSED,
) = range(len(TERMS))
N_TERMS = len(TERMS)
PHASES = 4
PHASED = 0
PSQ = PHASED + N_TERMS * 2 * PHASES
COUNT = PSQ + 128
FEATURE_SET = FeatureSet(NAME, VERSION, COUNT)
GROUPS = (("phased", PHASED, PSQ), ("psq", PSQ, COUNT))
PHASE_NAMES = ("opening", "middlegame", "early endgame", "endgame")


def phase_of(total: int) -> int:
    """The phase of a position with ``total`` pieces on the board."""
    return 0 if total >= 20 else 1 if total >= 14 else 2 if total >= 9 else 3


def index(term: int, rel: int, phase: int) -> int:
    return PHASED + 4 * (2 * term + rel) + phase


def _mask(squares) -> int:
    return sum(1 << (n - 1) for n in squares)


def _cone(colour: int, i: int) -> int:
    """The squares ahead of a ``colour`` man on ``i`` that it could reach moving forward."""
    r0, c0 = row_col(i)
    at = {row_col(j): j for j in range(32)}
    step = 1 if colour == 0 else -1
    m = 0
    for k in range(1, 8):
        r = r0 + step * k
        for c in range(c0 - k, c0 + k + 1):
            if (r, c) in at:
                m |= 1 << at[(r, c)]
    return m


FWD_LO = np.array([2, 0], dtype=np.int64)
"""The first of a colour's two forward directions (NEIGH columns): Black 2-3, White 0-1."""
CONE = np.array([[_cone(c, i) for i in range(32)] for c in range(2)], dtype=np.uint64)
BRIDGE = np.array([_mask((1, 3)), _mask((30, 32))], dtype=np.uint64)
TRIANGLE = np.array([_mask((2, 3, 7)), _mask((26, 30, 31))], dtype=np.uint64)
BACK = np.array([_mask((1, 2, 3, 4)), _mask((29, 30, 31, 32))], dtype=np.uint64)
DOG_MAN = np.array([27, 4], dtype=np.int64)
"""DOG_MAN[colour]: that colour's man in the dog-hole (Black on 28, White on 5) ..."""
DOG_OPP = np.array([31, 0], dtype=np.int64)
"""... held there by an opponent man on DOG_OPP[colour] (White on 32, Black on 1)."""
LEFT = np.uint64(_mask(n for n in range(1, 33) if row_col(n - 1)[1] < 4))
OPPOSITE = np.array([3, 2, 1, 0], dtype=np.int64)


@kernel
def _emit(idx, val, n, i, v):
    if v != 0:
        idx[n] = i
        val[n] = v
        return n + 1
    return n


@kernel
def features(st, idx, val):
    """The checkers-chinook features from the mover's side (module docstring); returns how many."""
    pos = st[0]
    us = np.int64(pos[SIDE])
    kings = pos[KINGS]
    occ = pos[0] | pos[1]
    total = popcount(occ)
    phase = np.int64(3)
    if total >= 20:
        phase = np.int64(0)
    elif total >= 14:
        phase = np.int64(1)
    elif total >= 9:
        phase = np.int64(2)
    n = np.int64(0)
    for rel in range(2):
        colour = us ^ rel
        own = pos[colour]
        opp = pos[colour ^ 1]
        men = own & ~kings
        oppmen = opp & ~kings
        lo = FWD_LO[colour]
        opp_lo = FWD_LO[colour ^ 1]
        mobility = 0
        tempo = 0
        loose = 0
        frozen = 0
        trapped = 0
        runaway = 0
        exposed = 0
        b = own
        while b != ZERO:
            s = lsb(b)
            b &= b - ONE
            is_man = (men & BIT[s]) != ZERO
            steps = 0
            friends = 0
            hit = False
            for d in range(4):
                t = NEIGH[s, d]
                if t < 0:
                    continue
                if (own & BIT[t]) != ZERO:
                    friends += 1
                if (occ & BIT[t]) == ZERO and (not is_man or (d >= lo and d < lo + 2)):
                    steps += 1
                # attacked from t, jumping in direction OPPOSITE[d] onto the square beyond s
                if (opp & BIT[t]) != ZERO:
                    od = OPPOSITE[d]
                    land = NEIGH[s, od]
                    backward_man = (oppmen & BIT[t]) != ZERO and not (
                        od >= opp_lo and od < opp_lo + 2
                    )
                    if land >= 0 and (occ & BIT[land]) == ZERO and not backward_man:
                        hit = True
            if hit:
                exposed += 1
            mobility += steps
            if is_man:
                row = s // 4
                tempo += row if colour == 0 else 7 - row
                if friends == 0:
                    loose += 1
                if steps == 0:
                    frozen += 1
                if (CONE[colour, s] & occ) == ZERO:
                    runaway += 1
            elif steps == 0:
                trapped += 1
        left = popcount(men & LEFT)
        right = popcount(men & ~LEFT)
        dog = 0
        if (men & BIT[DOG_MAN[colour]]) != ZERO and (oppmen & BIT[DOG_OPP[colour]]) != ZERO:
            dog = 1
        base = PHASED + 4 * rel + phase
        n = _emit(idx, val, n, base + 8 * T_MEN, popcount(men))
        n = _emit(idx, val, n, base + 8 * T_KINGS, popcount(own & kings))
        n = _emit(idx, val, n, base + 8 * T_MOBILITY, mobility)
        n = _emit(idx, val, n, base + 8 * T_BACKROW, popcount(men & BACK[colour]))
        bridge = 1 if (men & BRIDGE[colour]) == BRIDGE[colour] else 0
        triangle = 1 if (men & TRIANGLE[colour]) == TRIANGLE[colour] else 0
        n = _emit(idx, val, n, base + 8 * T_BRIDGE, bridge)
        n = _emit(idx, val, n, base + 8 * T_TRIANGLE, triangle)
        n = _emit(idx, val, n, base + 8 * T_CENTRE, popcount(own & CENTRE))
        n = _emit(idx, val, n, base + 8 * T_TEMPO, tempo)
        n = _emit(idx, val, n, base + 8 * T_BALANCE, abs(left - right))
        n = _emit(idx, val, n, base + 8 * T_LOOSE, loose)
        n = _emit(idx, val, n, base + 8 * T_FROZEN, frozen)
        n = _emit(idx, val, n, base + 8 * T_TRAPPED, trapped)
        n = _emit(idx, val, n, base + 8 * T_DOGHOLE, dog)
        n = _emit(idx, val, n, base + 8 * T_RUNAWAY, runaway)
        n = _emit(idx, val, n, base + 8 * T_EXPOSED, exposed)
        b = own
        while b != ZERO:
            s = lsb(b)
            b &= b - ONE
            view = s if us == 0 else 31 - s
            kind = 2 * rel + (1 if (kings & BIT[s]) != ZERO else 0)
            idx[n] = PSQ + 32 * kind + view
            val[n] = 1.0
            n += 1
    return n


def _names() -> list[str]:
    names = [""] * COUNT
    for t, term in enumerate(TERMS):
        for rel, side in enumerate(("own", "opp")):
            for p in range(PHASES):
                names[index(t, rel, p)] = f"{side} {term} (phase {p}, {PHASE_NAMES[p]})"
    for kind, what in enumerate(("own man", "own king", "opp man", "opp king")):
        for sq in range(32):
            names[PSQ + 32 * kind + sq] = f"{what} on {sq + 1}"
    return names


FEATURE_NAMES: tuple[str, ...] = tuple(_names())


def side_mirror() -> np.ndarray:
    """Per feature, the index of the same feature for the other side: the term with
    ``rel`` swapped, and the piece square of the other colour turned round
    (``31 - square``, squares being in the mover's view). Every feature has a twin."""
    phased = np.arange(PSQ - PHASED)
    term, rel, phase = phased // (2 * PHASES), (phased // PHASES) % 2, phased % PHASES
    squares = np.arange(COUNT - PSQ)
    kind, square = squares // 32, squares % 32
    return np.concatenate(
        (PHASED + PHASES * (2 * term + 1 - rel) + phase, PSQ + 32 * ((kind + 2) % 4) + 31 - square)
    ).astype(np.int64)


def feature_name(i: int) -> str:
    """What feature ``i`` counts (IndexError outside 0..COUNT-1)."""
    if not 0 <= i < COUNT:
        raise IndexError(f"checkers-chinook has {COUNT} features, no {i}")
    return FEATURE_NAMES[i]
