"""chess-meep: the chess evaluation features, in the spirit of Meep (Veness et al. 2009, §5).

φ(s) is sparse and seen from the side to move ("own" = the side to move,
"opp" = the other side), so one weight serves both colours: a position and its
colour-mirrored twin (ranks flipped, colours and the move swapped) have the
same features. Most features are binary; a few count (the value is how many
pieces or pawns qualify, usually 0 or 1; material counts pieces). About 100
to 130 are active in a middlegame position.

Two conventions for reading the names:

* **Squares** (``on e4``) are in the mover's frame: the board turned so that
  the side to move plays up the board, own pieces starting on ranks 1-2 and
  opponent pieces on ranks 7-8 (black's pieces are mirrored with ``sq ^ 56``
  when black moves). Files are never mirrored.
* **Ranks** of pawn features (``rank 6``) are counted from the pawn owner's
  side: rank 7 is one step from promotion for either side.

Index ranges (N = 1473; "x2" means own block first, then opp block of the
same layout; ``s`` = 0 own, 1 opp):

==============  ===========  =====  ===================================================
group           indices      size   layout (offset within the side's block)
==============  ===========  =====  ===================================================
tempo           0            1      always 1: the side to move's bonus
material        1-10         5x2    P N B R Q: value = number of such pieces
counts          11-58        24x2   one-hot piece counts: pawns 0..8 (0-8), knights
                                    0..3+ (9-12), bishops 0..3+ (13-16), rooks 0..3+
                                    (17-20), queens 0..2+ (21-23)
bishop pair     59-60        1x2    bishops on both square colours
psqt            61-700       320x2  piece on square: 64 * type (P N B R Q) + square;
                                    pawns never stand on ranks 1 and 8 (dead entries)
king psqt       701-956      128x2  king on square: 64 * phase + square, phase 0
                                    middlegame, 1 endgame (phase <= 8, counting
                                    N B = 1, R = 2, Q = 4 for both sides)
passed pawns    957-1084     64x2   passed pawn on square (no enemy pawn ahead on its
                                    own or an adjacent file, no own pawn ahead on it)
pawn structure  1085-1190    53x2   doubled by file (0-7, value = pawns - 1), isolated
                                    by file (8-15, value = pawns), backward by file
                                    (16-23), phalanx by rank 2..7 (24-29), defended by
                                    a pawn by rank 3..7 (30-34), passed and blocked by
                                    an enemy piece by rank 2..7 (35-40), passed and
                                    defended by rank 3..7 (41-45), passed with a free
                                    path by rank 2..7 (46-51), unstoppable passed pawns
                                    by the square rule, opponent without pieces (52)
mobility        1191-1322    66x2   one-hot per piece of the count of attacked squares
                                    not held by own pieces nor attacked by enemy
                                    pawns: knight 0..8 (0-8), bishop 0..13 (9-22),
                                    rook 0..14 (23-37), queen 0..27 (38-65)
king safety     1323-1436    57x2   about the side's own king, its zone being the king
                                    and its neighbours: enemy pieces (N B R Q)
                                    attacking the zone 0..4+ (0-4), zone squares
                                    attacked by enemy pieces or pawns 0..9 (5-14),
                                    attack weight (N B 2, R 3, Q 5 per attacker)
                                    0..15+ (15-30); own pawn shield on file left,
                                    centre, right x 1 or 2 ranks ahead (31-36); file
                                    left, centre, right without own pawns (37-39) and
                                    without any pawn (40-42); enemy pawn storm: the
                                    nearest enemy pawn ahead of the king on file left,
                                    centre, right at 1..4 ranks (43-54); castling
                                    rights O-O (55), O-O-O (56)
pieces          1437-1448    6x2    rooks on an open file (0), on a half-open file
                                    (1), on rank 7 (2), defending another rook (3);
                                    knight (4) and bishop (5) outposts: ranks 4-6,
                                    defended by a pawn, out of reach of enemy pawns
threats         1449-1472    12x2   the side's pieces attacked by an enemy pawn: N B
                                    R Q (0-3); by an enemy minor: R Q (4-5); by an
                                    enemy rook: Q (6); hanging (attacked, not
                                    defended) P N B R Q (7-11)
==============  ===========  =====  ===================================================

Counts and one-hot bins are by piece (two knights with mobility 5 give "knight
mobility 5" the value 2), so every active index occurs once. Attacks ignore
pins and x-rays. :func:`feature_name` spells out any index.

The kernel makes one pass over the pieces (attack maps, mobility, king-zone
attacks), then derives pawn structure and threats with whole-board bitboard
operations; it allocates nothing. The search does not call it as such:
material and the P N B R Q piece squares, which are sums over pieces, are kept
by ``make_move`` as an accumulator (:func:`value_refresh`), and
:func:`value_incremental` computes only the other features at a node.
"""

from __future__ import annotations

import numpy as np

from gamecore.bits import lsb, msb, popcount
from gamecore.game import FeatureSet
from gamecore.jit import kernel
from games.chess.bitboards import (
    BIT,
    DARK_SQUARES,
    KING_ATTACKS,
    KNIGHT_ATTACKS,
    LIGHT_SQUARES,
    NOT_FILE_A,
    NOT_FILE_H,
    ONE,
    ZERO,
    bishop_attacks,
    rook_attacks,
)
from games.chess.layout import (
    BISHOP,
    CASTLE,
    KING,
    KNIGHT,
    PAWN,
    PLY,
    QUEEN,
    ROOK,
    SIDE,
    WHITE_OCC,
)

NAME = "chess-meep"
VERSION = 1

# -- index layout -----------------------------------------------------------------
# Each group has a block per side (own first), of the size given.

TEMPO = 0
MATERIAL = 1
MATERIAL_SIZE = 5
COUNTS = MATERIAL + 2 * MATERIAL_SIZE
COUNTS_SIZE = 24
COUNT_OFFSET = np.array([0, 9, 13, 17, 21], dtype=np.int64)
"""Where each piece type's one-hot count starts in the side's counts block."""
COUNT_MAX = np.array([8, 3, 3, 3, 2], dtype=np.int64)
"""The last bin of each type's count (it holds that many or more)."""
BISHOP_PAIR = COUNTS + 2 * COUNTS_SIZE
PSQT = BISHOP_PAIR + 2
PSQT_SIZE = 5 * 64
KING_PSQT = PSQT + 2 * PSQT_SIZE
KING_PSQT_SIZE = 2 * 64
PASSED = KING_PSQT + 2 * KING_PSQT_SIZE
PAWNS = PASSED + 2 * 64
P_DOUBLED = 0
P_ISOLATED = 8
P_BACKWARD = 16
P_PHALANX = 24
P_DEFENDED = 30
P_PASSED_BLOCKED = 35
P_PASSED_DEFENDED = 41
P_PASSED_FREE = 46
P_UNSTOPPABLE = 52
PAWNS_SIZE = 53
MOBILITY = PAWNS + 2 * PAWNS_SIZE
MOB_KNIGHT = 0
MOB_BISHOP = 9
MOB_ROOK = 23
MOB_QUEEN = 38
MOBILITY_SIZE = 66
KING_SAFETY = MOBILITY + 2 * MOBILITY_SIZE
KS_ATTACKERS = 0
KS_ATTACKED = 5
KS_WEIGHT = 15
KS_WEIGHT_MAX = 15
KS_SHIELD = 31
KS_NO_OWN_PAWN = 37
KS_OPEN = 40
KS_STORM = 43
KS_CASTLE = 55
KING_SAFETY_SIZE = 57
PIECES = KING_SAFETY + 2 * KING_SAFETY_SIZE
PC_ROOK_OPEN = 0
PC_ROOK_HALF_OPEN = 1
PC_ROOK_SEVENTH = 2
PC_ROOK_DEFENDS_ROOK = 3
PC_KNIGHT_OUTPOST = 4
PC_BISHOP_OUTPOST = 5
PIECES_SIZE = 6
THREATS = PIECES + 2 * PIECES_SIZE
TH_BY_PAWN = 0  # + type - KNIGHT
TH_BY_MINOR = 4  # + type - ROOK
TH_BY_ROOK = 6
TH_HANGING = 7  # + type
THREATS_SIZE = 12
COUNT = THREATS + 2 * THREATS_SIZE

ENDGAME_PHASE = 8
"""The king's endgame table applies when N + B + 2 R + 4 Q (both sides) is at most this."""
ATTACK_WEIGHT = np.array([0, 2, 2, 3, 5, 0], dtype=np.int64)
"""King attack weight of one attacker, by piece type (P N B R Q K)."""

FEATURE_SET = FeatureSet(NAME, VERSION, COUNT)

# -- tables --------------------------------------------------------------------------

U64 = np.uint64


def _build_tables() -> dict[str, np.ndarray]:
    files = np.array([0x0101_0101_0101_0101 << f for f in range(8)], dtype=np.uint64)
    ranks = np.array([0xFF << (8 * r) for r in range(8)], dtype=np.uint64)
    zone = np.zeros(64, dtype=np.uint64)
    shield = np.zeros((2, 64, 6), dtype=np.uint64)
    storm = np.zeros((2, 64, 3), dtype=np.uint64)
    dist = np.zeros((64, 64), dtype=np.int64)
    for sq in range(64):
        f, r = sq & 7, sq >> 3
        zone[sq] = int(KING_ATTACKS[sq]) | (1 << sq)
        for other in range(64):
            dist[sq, other] = max(abs(f - (other & 7)), abs(r - (other >> 3)))
        for c, step in ((0, 1), (1, -1)):
            for j, df in enumerate((-1, 0, 1)):
                ff = f + df
                if not 0 <= ff < 8:
                    continue
                for dr in (1, 2):
                    rr = r + step * dr
                    if 0 <= rr < 8:
                        shield[c, sq, 2 * j + dr - 1] = 1 << (ff + 8 * rr)
                ahead = [rr for rr in range(8) if (rr - r) * step > 0]
                storm[c, sq, j] = sum(1 << (ff + 8 * rr) for rr in ahead)
    outpost_ranks = np.array(
        [int(ranks[3] | ranks[4] | ranks[5]), int(ranks[2] | ranks[3] | ranks[4])], dtype=np.uint64
    )
    return {
        "files": files,
        "ranks": ranks,
        "zone": zone,
        "shield": shield,
        "storm": storm,
        "dist": dist,
        "outpost_ranks": outpost_ranks,
    }


_T = _build_tables()
FILES = _T["files"]
RANKS = _T["ranks"]
KING_ZONE = _T["zone"]
"""The king's square and its neighbours."""
SHIELD = _T["shield"]
"""SHIELD[c, k, 2 * j + dr - 1]: the square on file (k's file - 1 + j), dr ranks ahead of a
colour-c king on k (0 when off the board)."""
STORM = _T["storm"]
"""STORM[c, k, j]: the squares of file (k's file - 1 + j) ahead of a colour-c king on k."""
DISTANCE = _T["dist"]
"""King (Chebyshev) distance between two squares."""
OUTPOST_RANKS = _T["outpost_ranks"]
"""Ranks 4-6 from colour c's side."""
del _T


# -- bitboard helpers (scalars only: no arrays cross a call) ---------------------------


@kernel
def _fill_up(b):
    b |= b << 8
    b |= b << 16
    b |= b << 32
    return b


@kernel
def _fill_down(b):
    b |= b >> 8
    b |= b >> 16
    b |= b >> 32
    return b


@kernel
def _ahead(b, c):
    """Every square strictly ahead of a square of ``b`` on its file, for colour ``c``."""
    if c == 0:
        return _fill_up(b << 8)
    return _fill_down(b >> 8)


@kernel
def _behind(b, c):
    """Every square strictly behind a square of ``b`` on its file, for colour ``c``."""
    if c == 0:
        return _fill_down(b >> 8)
    return _fill_up(b << 8)


@kernel
def _step_back(b, c):
    """``b`` moved one rank towards colour ``c``'s own side."""
    if c == 0:
        return b >> 8
    return b << 8


@kernel
def _pawn_attacks(b, c):
    """Squares the colour-``c`` pawns ``b`` attack."""
    if c == 0:
        return ((b & NOT_FILE_A) << 7) | ((b & NOT_FILE_H) << 9)
    return ((b & NOT_FILE_A) >> 9) | ((b & NOT_FILE_H) >> 7)


@kernel
def _sideways(b):
    """The squares beside ``b`` on the adjacent files (same rank)."""
    return ((b & NOT_FILE_A) >> 1) | ((b & NOT_FILE_H) << 1)


# -- the kernel ---------------------------------------------------------------------------


@kernel
def _emit_count(idx, val, n, index, squares):
    """Append feature ``index`` valued by how many ``squares`` are set, if any; the new count."""
    if squares:
        idx[n] = index
        val[n] = popcount(squares)
        return n + 1
    return n


@kernel
def features(st, idx, val):
    """chess-meep φ(st) for the side to move: see the module docstring for the layout."""
    return _features(st, idx, val, True)


@kernel
def _features(st, idx, val, additive):
    """φ(st), or (``additive`` False) φ without material and the P N B R Q piece squares,
    the part ``make_move`` keeps as an accumulator (:func:`value_refresh`)."""
    pos = st[0]
    us = np.int64(pos[SIDE])
    flip = 56 * us
    castle = np.int64(pos[CASTLE])
    occ = pos[WHITE_OCC] | pos[WHITE_OCC + 1]
    pawn_att0 = _pawn_attacks(pos[PAWN], 0)
    pawn_att1 = _pawn_attacks(pos[6 + PAWN], 1)
    king0 = lsb(pos[KING])
    king1 = lsb(pos[6 + KING])
    phase = (
        popcount(pos[KNIGHT] | pos[6 + KNIGHT] | pos[BISHOP] | pos[6 + BISHOP])
        + 2 * popcount(pos[ROOK] | pos[6 + ROOK])
        + 4 * popcount(pos[QUEEN] | pos[6 + QUEEN])
    )
    endgame = 1 if phase <= ENDGAME_PHASE else 0

    idx[0] = TEMPO
    val[0] = 1.0
    n = 1

    # Pass 1, per colour: piece attacks, mobility, attacks on the enemy king's zone.
    # Per colour c: all its attacks, its minor pieces' and its rooks' attacks; about the
    # enemy king: pieces attacking its zone, their weight, the zone squares they attack.
    att0 = KING_ATTACKS[king0] | pawn_att0
    att1 = KING_ATTACKS[king1] | pawn_att1
    minor0 = ZERO
    minor1 = ZERO
    rook0 = ZERO
    rook1 = ZERO
    kz_count0 = 0  # attackers of white's king zone
    kz_count1 = 0
    kz_weight0 = 0
    kz_weight1 = 0
    kz_squares0 = KING_ZONE[king0] & pawn_att1
    kz_squares1 = KING_ZONE[king1] & pawn_att0
    rook_pairs0 = 0
    rook_pairs1 = 0
    for s in range(2):
        c = us ^ s
        o = 6 * c
        own = pos[WHITE_OCC + c]
        enemy_pawn_att = pawn_att1 if c == 0 else pawn_att0
        safe = ~(own | enemy_pawn_att)
        zone = KING_ZONE[king1] if c == 0 else KING_ZONE[king0]
        base = MOBILITY + MOBILITY_SIZE * s
        attacks = ZERO
        minors = ZERO
        rooks = ZERO
        hits = ZERO
        count = 0
        weight = 0
        pairs = 0
        for t in range(KNIGHT, KING):
            b = pos[o + t]
            first = n
            while b:
                sq = lsb(b)
                b &= b - ONE
                if t == KNIGHT:
                    a = KNIGHT_ATTACKS[sq]
                    i = base + MOB_KNIGHT
                    minors |= a
                elif t == BISHOP:
                    a = bishop_attacks(sq, occ)
                    i = base + MOB_BISHOP
                    minors |= a
                elif t == ROOK:
                    a = rook_attacks(sq, occ)
                    i = base + MOB_ROOK
                    rooks |= a
                    if a & pos[o + ROOK]:
                        pairs += 1
                else:
                    a = rook_attacks(sq, occ) | bishop_attacks(sq, occ)
                    i = base + MOB_QUEEN
                attacks |= a
                if a & zone:
                    count += 1
                    weight += ATTACK_WEIGHT[t]
                    hits |= a & zone
                i += popcount(a & safe)
                j = first
                while j < n and idx[j] != i:
                    j += 1
                if j < n:
                    val[j] += 1.0
                else:
                    idx[n] = i
                    val[n] = 1.0
                    n += 1
        if c == 0:
            att0 |= attacks
            minor0 = minors
            rook0 = rooks
            kz_count1 = count
            kz_weight1 = weight
            kz_squares1 |= hits
            rook_pairs0 = pairs
        else:
            att1 |= attacks
            minor1 = minors
            rook1 = rooks
            kz_count0 = count
            kz_weight0 = weight
            kz_squares0 |= hits
            rook_pairs1 = pairs

    # Pass 2, per side: material, tables, pawns, king safety, pieces, threats.
    for s in range(2):
        c = us ^ s
        e = c ^ 1
        o = 6 * c
        oe = 6 * e
        pawns = pos[o + PAWN]
        enemy_pawns = pos[oe + PAWN]
        own_att = att0 if c == 0 else att1
        enemy_att = att1 if c == 0 else att0
        own_pawn_att = pawn_att0 if c == 0 else pawn_att1
        enemy_pawn_att = pawn_att1 if c == 0 else pawn_att0
        enemy_minor = minor1 if c == 0 else minor0
        enemy_rook = rook1 if c == 0 else rook0

        # material, counts, bishop pair, piece-square tables
        for t in range(PAWN, KING):
            b = pos[o + t]
            k = popcount(b)
            if k and additive:
                idx[n] = MATERIAL + MATERIAL_SIZE * s + t
                val[n] = k
                n += 1
            idx[n] = COUNTS + COUNTS_SIZE * s + COUNT_OFFSET[t] + min(k, COUNT_MAX[t])
            val[n] = 1.0
            n += 1
            if not additive:
                continue
            base = PSQT + PSQT_SIZE * s + 64 * t
            while b:
                sq = lsb(b)
                b &= b - ONE
                idx[n] = base + (sq ^ flip)
                val[n] = 1.0
                n += 1
        bishops = pos[o + BISHOP]
        if (bishops & DARK_SQUARES) and (bishops & LIGHT_SQUARES):
            idx[n] = BISHOP_PAIR + s
            val[n] = 1.0
            n += 1
        king = king0 if c == 0 else king1
        idx[n] = KING_PSQT + KING_PSQT_SIZE * s + 64 * endgame + (king ^ flip)
        val[n] = 1.0
        n += 1

        # pawn structure
        base = PAWNS + PAWNS_SIZE * s
        pawn_files = _fill_up(_fill_down(pawns))
        neighbours = _sideways(pawn_files)
        isolated = pawns & ~neighbours
        # no own pawn beside or behind on an adjacent file, stop square attacked by a pawn
        backward = (
            pawns & ~isolated & ~_sideways(pawns | _ahead(pawns, c)) & _step_back(enemy_pawn_att, c)
        )
        if pawns:
            for f in range(8):
                on_file = pawns & FILES[f]
                if on_file:
                    k = popcount(on_file)
                    if k > 1:
                        idx[n] = base + P_DOUBLED + f
                        val[n] = k - 1
                        n += 1
                    if isolated & FILES[f]:
                        idx[n] = base + P_ISOLATED + f
                        val[n] = k
                        n += 1
                    if backward & FILES[f]:
                        idx[n] = base + P_BACKWARD + f
                        val[n] = popcount(backward & FILES[f])
                        n += 1
        enemy_front = _ahead(enemy_pawns, e)
        passed = pawns & ~(enemy_front | _sideways(enemy_front)) & ~_behind(pawns, c)
        defended = pawns & own_pawn_att
        phalanx = pawns & _sideways(pawns)
        blocked = passed & _step_back(pos[WHITE_OCC + e], c)
        passed_defended = passed & own_pawn_att
        free = passed & ~_behind(occ, c)
        for r in range(1, 7):
            rank = RANKS[r ^ (7 * c)]  # rank r + 1 from colour c's side
            n = _emit_count(idx, val, n, base + P_PHALANX + r - 1, phalanx & rank)
            n = _emit_count(idx, val, n, base + P_DEFENDED + r - 2, defended & rank)
            n = _emit_count(idx, val, n, base + P_PASSED_BLOCKED + r - 1, blocked & rank)
            n = _emit_count(idx, val, n, base + P_PASSED_DEFENDED + r - 2, passed_defended & rank)
            n = _emit_count(idx, val, n, base + P_PASSED_FREE + r - 1, free & rank)
        enemy_pieces = pos[WHITE_OCC + e] ^ enemy_pawns ^ pos[oe + KING]
        unstoppable = 0
        b = passed
        while b:
            sq = lsb(b)
            b &= b - ONE
            idx[n] = PASSED + 64 * s + (sq ^ flip)
            val[n] = 1.0
            n += 1
            if enemy_pieces == ZERO and (free & BIT[sq]):
                r = (sq >> 3) ^ (7 * c)
                moves = 5 if r == 1 else 7 - r
                promotion = (sq & 7) + 56 * e
                enemy_king = king1 if c == 0 else king0
                if DISTANCE[enemy_king, promotion] - s > moves:
                    unstoppable += 1
        if unstoppable:
            idx[n] = base + P_UNSTOPPABLE
            val[n] = unstoppable
            n += 1

        # king safety
        base = KING_SAFETY + KING_SAFETY_SIZE * s
        count = kz_count0 if c == 0 else kz_count1
        weight = kz_weight0 if c == 0 else kz_weight1
        hits = kz_squares0 if c == 0 else kz_squares1
        idx[n] = base + KS_ATTACKERS + min(count, 4)
        val[n] = 1.0
        idx[n + 1] = base + KS_ATTACKED + popcount(hits)
        val[n + 1] = 1.0
        idx[n + 2] = base + KS_WEIGHT + min(weight, KS_WEIGHT_MAX)
        val[n + 2] = 1.0
        n += 3
        for j in range(6):
            if pawns & SHIELD[c, king, j]:
                idx[n] = base + KS_SHIELD + j
                val[n] = 1.0
                n += 1
        kf = king & 7
        all_pawns = pawns | enemy_pawns
        for j in range(3):
            f = kf + j - 1
            if 0 <= f < 8:
                if (pawns & FILES[f]) == ZERO:
                    idx[n] = base + KS_NO_OWN_PAWN + j
                    val[n] = 1.0
                    n += 1
                    if (all_pawns & FILES[f]) == ZERO:
                        idx[n] = base + KS_OPEN + j
                        val[n] = 1.0
                        n += 1
                stormers = enemy_pawns & STORM[c, king, j]
                if stormers:
                    nearest = lsb(stormers) if c == 0 else msb(stormers)
                    d = abs((nearest >> 3) - (king >> 3))
                    if d <= 4:
                        idx[n] = base + KS_STORM + 4 * j + d - 1
                        val[n] = 1.0
                        n += 1
        rights = castle >> (2 * c)
        if rights & 1:
            idx[n] = base + KS_CASTLE
            val[n] = 1.0
            n += 1
        if rights & 2:
            idx[n] = base + KS_CASTLE + 1
            val[n] = 1.0
            n += 1

        # pieces
        base = PIECES + PIECES_SIZE * s
        rooks = pos[o + ROOK]
        if rooks:
            enemy_files = _fill_up(_fill_down(enemy_pawns))
            k = popcount(rooks & ~pawn_files & ~enemy_files)
            if k:
                idx[n] = base + PC_ROOK_OPEN
                val[n] = k
                n += 1
            k = popcount(rooks & ~pawn_files & enemy_files)
            if k:
                idx[n] = base + PC_ROOK_HALF_OPEN
                val[n] = k
                n += 1
            k = popcount(rooks & RANKS[6 ^ (7 * c)])
            if k:
                idx[n] = base + PC_ROOK_SEVENTH
                val[n] = k
                n += 1
            k = rook_pairs0 if c == 0 else rook_pairs1
            if k:
                idx[n] = base + PC_ROOK_DEFENDS_ROOK
                val[n] = k
                n += 1
        holes = OUTPOST_RANKS[c] & own_pawn_att & ~(enemy_pawn_att | _ahead(enemy_pawn_att, e))
        k = popcount(pos[o + KNIGHT] & holes)
        if k:
            idx[n] = base + PC_KNIGHT_OUTPOST
            val[n] = k
            n += 1
        k = popcount(bishops & holes)
        if k:
            idx[n] = base + PC_BISHOP_OUTPOST
            val[n] = k
            n += 1

        # threats against this side's pieces
        base = THREATS + THREATS_SIZE * s
        hanging = enemy_att & ~own_att
        for t in range(PAWN, KING):
            b = pos[o + t]
            if b:
                if t >= KNIGHT and (b & enemy_pawn_att):
                    idx[n] = base + TH_BY_PAWN + t - KNIGHT
                    val[n] = popcount(b & enemy_pawn_att)
                    n += 1
                if t >= ROOK and (b & enemy_minor):
                    idx[n] = base + TH_BY_MINOR + t - ROOK
                    val[n] = popcount(b & enemy_minor)
                    n += 1
                if t == QUEEN and (b & enemy_rook):
                    idx[n] = base + TH_BY_ROOK
                    val[n] = popcount(b & enemy_rook)
                    n += 1
                if b & hanging:
                    idx[n] = base + TH_HANGING + t
                    val[n] = popcount(b & hanging)
                    n += 1
    return n


# -- the incremental evaluation ----------------------------------------------------------


@kernel
def value_is_incremental():
    return True


@kernel
def value_refresh(st, theta):
    """Write θ's weight of each piece code on each square, with each side to move, into
    the state's table (material plus piece square), and the additive part of θ·φ for the
    current ply from scratch.

    ``make_move`` then keeps that part up to date for both sides to move (a move changes
    the frame of every square, so one sum cannot serve both), one row per ply, so unmake
    restores it by lowering the ply. Kings are not in it: their table depends on the
    game phase, which every capture can change.
    """
    pos, acc, table = st[0], st[2], st[3]
    for view in range(2):
        flip = 56 * view
        for colour in range(2):
            s = colour ^ view
            for t in range(PAWN, KING):
                material = theta[MATERIAL + MATERIAL_SIZE * s + t]
                base = PSQT + PSQT_SIZE * s + 64 * t
                for sq in range(64):
                    table[2 * (64 * (6 * colour + t) + sq) + view] = (
                        theta[base + (sq ^ flip)] + material
                    )
            for sq in range(64):
                table[2 * (64 * (6 * colour + KING) + sq) + view] = 0.0
    ply = np.int64(pos[PLY])
    for view in range(2):
        total = 0.0
        for code in range(12):
            b = pos[code]
            while b:
                total += table[2 * (64 * code + lsb(b)) + view]
                b &= b - ONE
        acc[ply, view] = total


@kernel
def value_additive(st):
    """Material and piece squares (P N B R Q) for the side to move, from the accumulator."""
    pos = st[0]
    return st[2][np.int64(pos[PLY]), np.int64(pos[SIDE])]


@kernel
def value_incremental(st, theta, idx, val):
    """θ·φ for the side to move: the accumulated additive part plus every other feature."""
    value = value_additive(st)
    n = _features(st, idx, val, False)
    for i in range(n):
        value += theta[idx[i]] * val[i]
    return value


# -- names ------------------------------------------------------------------------------

_SIDES = ("own", "opp")
_TYPES = ("pawn", "knight", "bishop", "rook", "queen")
_PLURALS = ("pawns", "knights", "bishops", "rooks", "queens")
_FILES = "abcdefgh"
_ACROSS = ("left", "centre", "right")


def _square(sq: int) -> str:
    return "abcdefgh"[sq & 7] + "12345678"[sq >> 3]


def _names() -> list[str]:
    names = ["tempo"]
    for side in _SIDES:
        names += [f"{side} {p} (count)" for p in _PLURALS]
    for side in _SIDES:
        for t, plural in enumerate(_PLURALS):
            last = int(COUNT_MAX[t])
            names += [f"{side} {plural} = {k}" for k in range(last)]
            names.append(f"{side} {plural} >= {last}")
    names += [f"{side} bishop pair" for side in _SIDES]
    for side in _SIDES:
        names += [f"{side} {p} on {_square(sq)}" for p in _TYPES for sq in range(64)]
    for side in _SIDES:
        for phase in ("middlegame", "endgame"):
            names += [f"{side} king on {_square(sq)} ({phase})" for sq in range(64)]
    for side in _SIDES:
        names += [f"{side} passed pawn on {_square(sq)}" for sq in range(64)]
    for side in _SIDES:
        names += [f"{side} doubled pawns, file {f}" for f in _FILES]
        names += [f"{side} isolated pawns, file {f}" for f in _FILES]
        names += [f"{side} backward pawns, file {f}" for f in _FILES]
        names += [f"{side} phalanx pawns, rank {r}" for r in range(2, 8)]
        names += [f"{side} pawns defended by a pawn, rank {r}" for r in range(3, 8)]
        names += [f"{side} blocked passed pawns, rank {r}" for r in range(2, 8)]
        names += [f"{side} defended passed pawns, rank {r}" for r in range(3, 8)]
        names += [f"{side} passed pawns with a free path, rank {r}" for r in range(2, 8)]
        names += [f"{side} unstoppable passed pawns"]
    for side in _SIDES:
        for piece, top in (("knight", 8), ("bishop", 13), ("rook", 14), ("queen", 27)):
            names += [f"{side} {piece} mobility {k}" for k in range(top + 1)]
    for side in _SIDES:
        names += [f"{side} king zone attackers {k}" for k in range(4)] + [
            f"{side} king zone attackers >= 4"
        ]
        names += [f"{side} king zone squares attacked {k}" for k in range(10)]
        names += [f"{side} king attack weight {k}" for k in range(KS_WEIGHT_MAX)] + [
            f"{side} king attack weight >= {KS_WEIGHT_MAX}"
        ]
        names += [
            f"{side} king shield pawn, file {a}, {dr} ahead" for a in _ACROSS for dr in (1, 2)
        ]
        names += [f"{side} king file {a} without own pawns" for a in _ACROSS]
        names += [f"{side} king file {a} open" for a in _ACROSS]
        names += [
            f"{side} king pawn storm, file {a}, enemy pawn {d} ahead"
            for a in _ACROSS
            for d in range(1, 5)
        ]
        names += [f"{side} castling right O-O", f"{side} castling right O-O-O"]
    for side in _SIDES:
        names += [
            f"{side} rooks on an open file",
            f"{side} rooks on a half-open file",
            f"{side} rooks on rank 7",
            f"{side} rooks defending a rook",
            f"{side} knight outposts",
            f"{side} bishop outposts",
        ]
    for side in _SIDES:
        names += [f"{side} {p} attacked by a pawn" for p in _PLURALS[1:]]
        names += [f"{side} {p} attacked by a minor piece" for p in _PLURALS[3:]]
        names += [f"{side} queens attacked by a rook"]
        names += [f"{side} hanging {p}" for p in _PLURALS]
    return names


FEATURE_NAMES: tuple[str, ...] = tuple(_names())
assert len(FEATURE_NAMES) == COUNT, (len(FEATURE_NAMES), COUNT)

GROUPS: tuple[tuple[str, int, int], ...] = (
    ("tempo", TEMPO, MATERIAL),
    ("material", MATERIAL, COUNTS),
    ("counts", COUNTS, BISHOP_PAIR),
    ("bishop pair", BISHOP_PAIR, PSQT),
    ("psqt", PSQT, KING_PSQT),
    ("king psqt", KING_PSQT, PASSED),
    ("passed pawns", PASSED, PAWNS),
    ("pawn structure", PAWNS, MOBILITY),
    ("mobility", MOBILITY, KING_SAFETY),
    ("king safety", KING_SAFETY, PIECES),
    ("pieces", PIECES, THREATS),
    ("threats", THREATS, COUNT),
)
"""(group, first index, end index) in index order, as in the module docstring's table."""


def side_mirror() -> np.ndarray:
    """Per feature, the index of the same feature for the other side (-1: none).

    The own and opp blocks share one layout, with squares in the mover's frame, so
    the opponent's twin of "own knight on c3" is "opp knight on c6" (``sq ^ 56``).
    The tempo bonus has no twin, and threats are left free: the side to move gains
    more from an attacked enemy piece (it can take it now) than it loses from one of
    its own (it can still move it away), as the hand-set weights say.
    """
    mirror = np.full(COUNT, -1, dtype=np.int64)
    squares = np.arange(64) ^ 56

    def pair(start: int, size: int, by_square: bool = False) -> None:
        own = np.arange(start, start + size)
        opp = start + size + (own - start)
        if by_square:
            opp = start + size + ((own - start) // 64) * 64 + squares[(own - start) % 64]
        mirror[own] = opp
        mirror[opp] = own

    pair(MATERIAL, MATERIAL_SIZE)
    pair(COUNTS, COUNTS_SIZE)
    pair(BISHOP_PAIR, 1)
    pair(PSQT, PSQT_SIZE, by_square=True)
    pair(KING_PSQT, KING_PSQT_SIZE, by_square=True)
    pair(PASSED, 64, by_square=True)
    pair(PAWNS, PAWNS_SIZE)
    pair(MOBILITY, MOBILITY_SIZE)
    pair(KING_SAFETY, KING_SAFETY_SIZE)
    pair(PIECES, PIECES_SIZE)
    return mirror


def feature_name(i: int) -> str:
    """The human-readable name of feature ``i``, e.g. ``"own knight mobility 5"``."""
    if not 0 <= i < COUNT:
        raise IndexError(f"{NAME} has features 0..{COUNT - 1}, not {i}")
    return FEATURE_NAMES[i]


def feature_group(i: int) -> str:
    """The group (a row of the module docstring's table) feature ``i`` belongs to."""
    for group, start, end in GROUPS:
        if start <= i < end:
            return group
    raise IndexError(f"{NAME} has features 0..{COUNT - 1}, not {i}")


__all__ = [
    "COUNT",
    "FEATURE_NAMES",
    "FEATURE_SET",
    "GROUPS",
    "feature_group",
    "feature_name",
    "features",
]
