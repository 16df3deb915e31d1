"""Hand-set chess-meep weights: the shipped ``games/chess/weights/default.npz``.

θ is written in centipawn-like units (a pawn is 100) for the side to move's
own features; the opponent's block is the same table negated, with squares
mirrored (``sq ^ 56``) where a feature names a square, so the evaluation of a
position and of its colour-mirrored twin agree. Two groups are deliberately
not mirrored: the tempo bonus, and threats, where the side to move gains more
from attacking an opponent piece (it can take it now) than it loses from
having one of its own attacked (it can still move it away).

The terms are the textbook ones, kept simple: material (P 100, N 320, B 330,
R 500, Q 900), centralisation and pawn advancement, a castled-king table for
the middlegame and a central-king table for the endgame, passed pawns growing
with their rank, the usual pawn-structure penalties, mobility around a
typical count, king-attack weight, shield and open files near the king, rooks
on open files and the seventh rank, outposts.

Regenerate the shipped file with ``python -m games.chess.default_weights``;
a test checks it equals what :func:`build_theta` makes.
"""

from __future__ import annotations

import numpy as np

from gamecore.weights import write_hand_set
from games.chess import features as F

PIECE_VALUES = (100, 320, 330, 500, 900)
"""Material of P N B R Q, in centipawns."""
TEMPO = 10.0

DESCRIPTION = (
    "Hand-set chess-meep weights in centipawns: material P100 N320 B330 R500 Q900, "
    "centralisation and pawn advancement tables, castled middlegame king and central "
    "endgame king, passed pawns by rank, pawn structure, mobility, king safety, rooks "
    "on open files and the 7th rank, outposts, threats."
)


def _centre_distance(sq: int) -> float:
    """0 on d4/e4/d5/e5, growing by 1 per step (Manhattan) to 6 in the corners."""
    f, r = sq & 7, sq >> 3
    return (abs(2 * f - 7) + abs(2 * r - 7)) / 2 - 1


_PAWN_ADVANCE = (0, 0, 5, 10, 20, 35, 55, 0)
"""Bonus of a pawn by rank (1..8 as index 0..7), from its owner's side."""
_PASSED_BY_RANK = (0, 5, 10, 20, 35, 60, 100, 0)
_KING_MIDDLEGAME = (
    (20, 30, 10, 0, 0, 10, 30, 20),
    (20, 20, 0, 0, 0, 0, 20, 20),
    (-10, -20, -20, -20, -20, -20, -20, -10),
    (-20, -30, -30, -40, -40, -30, -30, -20),
    (-30, -40, -40, -50, -50, -40, -40, -30),
    (-30, -40, -40, -50, -50, -40, -40, -30),
    (-30, -40, -40, -50, -50, -40, -40, -30),
    (-30, -40, -40, -50, -50, -40, -40, -30),
)
"""By rank 1..8 (rows) and file a..h: stay castled behind the pawns."""


def _piece_square(t: int, sq: int) -> float:
    """Positional bonus of an own piece of type ``t`` on ``sq`` (mover's frame)."""
    f, r = sq & 7, sq >> 3
    cd = _centre_distance(sq)
    if t == 0:  # pawn: advance, and hold the centre
        if r in (0, 7):
            return 0.0
        centre = 10.0 if f in (3, 4) and r in (3, 4) else 0.0
        unmoved_centre = -10.0 if f in (3, 4) and r == 1 else 0.0
        return _PAWN_ADVANCE[r] + centre + unmoved_centre
    if t == 1:  # knight
        return 20.0 - 8.0 * cd
    if t == 2:  # bishop
        return 10.0 - 4.0 * cd
    if t == 3:  # rook: central files a little better
        return 5.0 if f in (3, 4) else 0.0
    return 5.0 - 2.0 * cd  # queen


def _own_tables() -> dict[str, np.ndarray]:
    """The own-side block of every mirrored group."""
    own = {}
    own["material"] = np.array(PIECE_VALUES, dtype=np.float64)
    own["counts"] = np.zeros(F.COUNTS_SIZE)
    own["bishop_pair"] = np.array([30.0])
    own["psqt"] = np.array([_piece_square(t, sq) for t in range(5) for sq in range(64)])
    king = np.zeros(F.KING_PSQT_SIZE)
    for sq in range(64):
        king[sq] = _KING_MIDDLEGAME[sq >> 3][sq & 7]
        king[64 + sq] = 20.0 - 8.0 * _centre_distance(sq)
    own["king_psqt"] = king
    own["passed"] = np.array([float(_PASSED_BY_RANK[sq >> 3]) for sq in range(64)])

    pawns = np.zeros(F.PAWNS_SIZE)
    pawns[F.P_DOUBLED : F.P_DOUBLED + 8] = -15.0
    pawns[F.P_ISOLATED : F.P_ISOLATED + 8] = -12.0
    pawns[F.P_BACKWARD : F.P_BACKWARD + 8] = -8.0
    pawns[F.P_PHALANX : F.P_PHALANX + 6] = (2, 4, 6, 10, 15, 20)  # ranks 2..7
    pawns[F.P_DEFENDED : F.P_DEFENDED + 5] = (4, 6, 8, 10, 12)  # ranks 3..7
    pawns[F.P_PASSED_BLOCKED : F.P_PASSED_BLOCKED + 6] = (-2, -4, -8, -15, -25, -35)
    pawns[F.P_PASSED_DEFENDED : F.P_PASSED_DEFENDED + 5] = (5, 10, 15, 20, 25)
    pawns[F.P_PASSED_FREE : F.P_PASSED_FREE + 6] = (0, 2, 5, 10, 20, 35)
    pawns[F.P_UNSTOPPABLE] = 400.0
    own["pawns"] = pawns

    mobility = np.zeros(F.MOBILITY_SIZE)
    for start, top, typical, step in (
        (F.MOB_KNIGHT, 8, 4, 4.0),
        (F.MOB_BISHOP, 13, 6, 4.0),
        (F.MOB_ROOK, 14, 7, 2.0),
        (F.MOB_QUEEN, 27, 13, 1.0),
    ):
        mobility[start : start + top + 1] = [(m - typical) * step for m in range(top + 1)]
    own["mobility"] = mobility

    king_safety = np.zeros(F.KING_SAFETY_SIZE)
    king_safety[F.KS_ATTACKED : F.KS_ATTACKED + 10] = [-4.0 * k for k in range(10)]
    danger = (0, 0, 2, 5, 10, 15, 22, 30, 40, 50, 62, 75, 90, 105, 120, 140)
    king_safety[F.KS_WEIGHT : F.KS_WEIGHT + F.KS_WEIGHT_MAX + 1] = [-d for d in danger]
    for j in range(3):
        king_safety[F.KS_SHIELD + 2 * j] = 12.0  # one rank ahead
        king_safety[F.KS_SHIELD + 2 * j + 1] = 6.0  # two ranks ahead
        king_safety[F.KS_NO_OWN_PAWN + j] = -10.0
        king_safety[F.KS_OPEN + j] = -10.0
        king_safety[F.KS_STORM + 4 * j : F.KS_STORM + 4 * j + 4] = (0, -15, -10, -5)
    king_safety[F.KS_CASTLE] = 15.0
    king_safety[F.KS_CASTLE + 1] = 10.0
    own["king_safety"] = king_safety

    pieces = np.zeros(F.PIECES_SIZE)
    pieces[F.PC_ROOK_OPEN] = 20.0
    pieces[F.PC_ROOK_HALF_OPEN] = 10.0
    pieces[F.PC_ROOK_SEVENTH] = 15.0
    pieces[F.PC_ROOK_DEFENDS_ROOK] = 5.0
    pieces[F.PC_KNIGHT_OUTPOST] = 20.0
    pieces[F.PC_BISHOP_OUTPOST] = 10.0
    own["pieces"] = pieces
    return own


def _threats(attacked_by_pawn, attacked_by_minor, queen_by_rook, hanging) -> np.ndarray:
    block = np.zeros(F.THREATS_SIZE)
    block[F.TH_BY_PAWN : F.TH_BY_PAWN + 4] = attacked_by_pawn  # N B R Q
    block[F.TH_BY_MINOR : F.TH_BY_MINOR + 2] = attacked_by_minor  # R Q
    block[F.TH_BY_ROOK] = queen_by_rook
    block[F.TH_HANGING : F.TH_HANGING + 5] = hanging  # P N B R Q
    return block


def build_theta() -> np.ndarray:
    """θ for chess-meep, built from the tables above."""
    theta = np.zeros(F.COUNT)
    theta[F.TEMPO] = TEMPO
    own = _own_tables()
    twin = F.side_mirror()  # the opponent's block: the same table negated, squares mirrored
    for start, block in (
        (F.MATERIAL, own["material"]),
        (F.COUNTS, own["counts"]),
        (F.BISHOP_PAIR, own["bishop_pair"]),
        (F.PSQT, own["psqt"]),
        (F.KING_PSQT, own["king_psqt"]),
        (F.PASSED, own["passed"]),
        (F.PAWNS, own["pawns"]),
        (F.MOBILITY, own["mobility"]),
        (F.KING_SAFETY, own["king_safety"]),
        (F.PIECES, own["pieces"]),
    ):
        theta[start : start + len(block)] = block
        theta[twin[start : start + len(block)]] = -block
    # Threats: the side to move's pieces under attack, then the opponent's.
    theta[F.THREATS : F.THREATS + F.THREATS_SIZE] = _threats(
        (-10, -10, -15, -20), (-10, -15), -10, (-5, -10, -10, -15, -20)
    )
    theta[F.THREATS + F.THREATS_SIZE : F.COUNT] = _threats(
        (30, 30, 50, 70), (25, 40), 30, (10, 30, 30, 45, 80)
    )
    return theta


def main(argv: list[str] | None = None) -> None:
    write_hand_set("chess", build_theta(), DESCRIPTION, argv)


if __name__ == "__main__":
    main()
