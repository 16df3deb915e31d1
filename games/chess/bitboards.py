"""Attack tables and sliding attacks: the geometry every other chess kernel looks up.

Tables are built once at import with plain Python/numpy (a few milliseconds)
and become constants inside the compiled kernels. Sliding pieces use the
classical ray method: the ray from a square, cut behind the first blocker,
found with one ``lsb``/``msb``. A sentinel bit on the far corner square (whose
rays in that direction are empty) makes the cut branch-free. Magic bitboards
were not tried: a whole legal generation takes about 50 ns at the start
position, perft time is dominated by per-call overhead, and the ray tables
stay tiny (4 KB instead of ~800 KB of constants in every compiled kernel).

Every value that meets a bitboard is ``uint64``: numba turns ``uint64 & int64``
into int64 (or float64 for arithmetic), so constants and single-square masks
come from the uint64 tables here (``BIT[sq]``), never from Python ints.
"""

from __future__ import annotations

import numpy as np

from gamecore.bits import lsb, msb
from gamecore.jit import kernel

U64 = np.uint64
ZERO = U64(0)
ONE = U64(1)
FULL = U64(0xFFFF_FFFF_FFFF_FFFF)

FILE_A = U64(0x0101_0101_0101_0101)
FILE_H = U64(0x8080_8080_8080_8080)
RANK_1 = U64(0xFF)
RANK_2 = U64(0xFF << 8)
RANK_3 = U64(0xFF << 16)
RANK_6 = U64(0xFF << 40)
RANK_7 = U64(0xFF << 48)
RANK_8 = U64(0xFF << 56)
DARK_SQUARES = U64(0xAA55_AA55_AA55_AA55)
LIGHT_SQUARES = U64(0x55AA_55AA_55AA_55AA)
NOT_FILE_A = U64(0xFEFE_FEFE_FEFE_FEFE)
NOT_FILE_H = U64(0x7F7F_7F7F_7F7F_7F7F)
SENTINEL_HIGH = U64(1 << 63)
SENTINEL_LOW = ONE

# Directions as (file step, rank step). The first four increase the square
# index (cut with lsb), the last four decrease it (cut with msb).
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (-1, 1), (0, -1), (-1, 0), (-1, -1), (1, -1))
ORTHOGONAL = (0, 1, 4, 5)
DIAGONAL = (2, 3, 6, 7)


def _on_board(f: int, r: int) -> bool:
    return 0 <= f < 8 and 0 <= r < 8


def _mask(squares: list[int]) -> int:
    m = 0
    for s in squares:
        m |= 1 << s
    return m


def _ray(sq: int, df: int, dr: int) -> list[int]:
    f, r = sq & 7, sq >> 3
    out = []
    f, r = f + df, r + dr
    while _on_board(f, r):
        out.append(f + 8 * r)
        f, r = f + df, r + dr
    return out


def _steps(sq: int, steps: tuple[tuple[int, int], ...]) -> int:
    f, r = sq & 7, sq >> 3
    return _mask([f + df + 8 * (r + dr) for df, dr in steps if _on_board(f + df, r + dr)])


def _build() -> dict[str, np.ndarray]:
    knight_steps = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
    king_steps = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
    bit = np.zeros(65, dtype=np.uint64)
    knight = np.zeros(64, dtype=np.uint64)
    king = np.zeros(64, dtype=np.uint64)
    pawn = np.zeros((2, 64), dtype=np.uint64)
    rays = np.zeros((8, 64), dtype=np.uint64)
    rook = np.zeros(64, dtype=np.uint64)
    bishop = np.zeros(64, dtype=np.uint64)
    between = np.zeros((64, 64), dtype=np.uint64)
    line = np.zeros((64, 64), dtype=np.uint64)
    for sq in range(64):
        bit[sq] = 1 << sq
        knight[sq] = _steps(sq, knight_steps)
        king[sq] = _steps(sq, king_steps)
        pawn[0, sq] = _steps(sq, ((-1, 1), (1, 1)))
        pawn[1, sq] = _steps(sq, ((-1, -1), (1, -1)))
        for d, (df, dr) in enumerate(DIRECTIONS):
            squares = _ray(sq, df, dr)
            rays[d, sq] = _mask(squares)
            whole_line = _mask([*squares, sq, *_ray(sq, -df, -dr)])
            for i, other in enumerate(squares):
                between[sq, other] = _mask(squares[:i])
                line[sq, other] = whole_line
        rook[sq] = np.bitwise_or.reduce(rays[list(ORTHOGONAL), sq])
        bishop[sq] = np.bitwise_or.reduce(rays[list(DIAGONAL), sq])
    return {
        "bit": bit,
        "knight": knight,
        "king": king,
        "pawn": pawn,
        "rays": rays,
        "rook": rook,
        "bishop": bishop,
        "between": between,
        "line": line,
    }


_T = _build()
BIT = _T["bit"]
"""BIT[sq] = the one-square mask; BIT[NO_SQUARE] = BIT[64] = 0."""
KNIGHT_ATTACKS = _T["knight"]
KING_ATTACKS = _T["king"]
PAWN_ATTACKS = _T["pawn"]
"""PAWN_ATTACKS[colour, sq]: squares a pawn of ``colour`` on ``sq`` attacks."""
RAYS = _T["rays"]
ROOK_EMPTY = _T["rook"]
"""Rook attacks on an empty board (to find pin candidates)."""
BISHOP_EMPTY = _T["bishop"]
BETWEEN = _T["between"]
"""Squares strictly between two aligned squares; 0 when not aligned."""
LINE = _T["line"]
"""The whole line through two aligned squares (edge to edge); 0 when not aligned."""
del _T


@kernel
def rook_attacks(sq, occ):
    """Squares a rook on ``sq`` attacks given the occupancy ``occ`` (blockers included)."""
    a = RAYS[0, sq]
    att = a ^ RAYS[0, lsb((a & occ) | SENTINEL_HIGH)]
    a = RAYS[1, sq]
    att |= a ^ RAYS[1, lsb((a & occ) | SENTINEL_HIGH)]
    a = RAYS[4, sq]
    att |= a ^ RAYS[4, msb((a & occ) | SENTINEL_LOW)]
    a = RAYS[5, sq]
    att |= a ^ RAYS[5, msb((a & occ) | SENTINEL_LOW)]
    return att


@kernel
def bishop_attacks(sq, occ):
    """Squares a bishop on ``sq`` attacks given the occupancy ``occ`` (blockers included)."""
    a = RAYS[2, sq]
    att = a ^ RAYS[2, lsb((a & occ) | SENTINEL_HIGH)]
    a = RAYS[3, sq]
    att |= a ^ RAYS[3, lsb((a & occ) | SENTINEL_HIGH)]
    a = RAYS[6, sq]
    att |= a ^ RAYS[6, msb((a & occ) | SENTINEL_LOW)]
    a = RAYS[7, sq]
    att |= a ^ RAYS[7, msb((a & occ) | SENTINEL_LOW)]
    return att
