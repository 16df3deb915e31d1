"""Legal move generation: every move written is legal, no make/test/unmake needed.

The generator finds the checkers and the pinned pieces first. Non-king moves
are then confined to ``target`` (anywhere when not in check; the checker or a
square between it and the king when in single check; nothing in double check)
and pinned pieces to the line through the king and themselves. King moves are
tested against attacks computed with the king removed from the board, so it
can not step back along a slider's ray. En passant, the one move that removes
a piece not on its destination, is tested by recomputing slider attacks on
the king with both pawns moved (this catches the horizontal pin). Castling
needs the rights, an empty path and no attack on the king's start, passing
and destination squares.

Bitboard loops pop squares with ``lsb`` and ``b &= b - ONE`` (uint64 on both
sides, so it stays uint64 in numba and never wraps in plain numpy since b != 0).
"""

from __future__ import annotations

import types

import numpy as np

from gamecore.bits import lsb
from gamecore.jit import kernel
from games.chess.bitboards import (
    BETWEEN,
    BISHOP_EMPTY,
    BIT,
    FULL,
    KING_ATTACKS,
    KNIGHT_ATTACKS,
    LINE,
    NOT_FILE_A,
    NOT_FILE_H,
    ONE,
    PAWN_ATTACKS,
    RANK_1,
    RANK_3,
    RANK_6,
    RANK_8,
    ROOK_EMPTY,
    ZERO,
    bishop_attacks,
    rook_attacks,
)
from games.chess.layout import (
    BISHOP,
    CASTLING,
    DOUBLE_PUSH,
    EN_PASSANT,
    EP,
    FLAG_SHIFT,
    KING,
    KNIGHT,
    NO_SQUARE,
    PAWN,
    PROMO_SHIFT,
    QUEEN,
    ROOK,
    SIDE,
    TO_SHIFT,
    WHITE_OCC,
    WHITE_OO,
    WHITE_OOO,
)
from games.chess.layout import CASTLE as CASTLE_RIGHTS

_EP_FLAG = EN_PASSANT << FLAG_SHIFT
_CASTLE_FLAG = CASTLING << FLAG_SHIFT
_DOUBLE_FLAG = DOUBLE_PUSH << FLAG_SHIFT
_PROMO_Q = QUEEN << PROMO_SHIFT
_PROMO_R = ROOK << PROMO_SHIFT
_PROMO_B = BISHOP << PROMO_SHIFT
_PROMO_N = KNIGHT << PROMO_SHIFT

# Squares that must be empty to castle, by colour (f1 g1 / f8 g8, and b1 c1 d1 / b8 c8 d8).
_OO_PATH = np.array([BIT[5] | BIT[6], BIT[61] | BIT[62]], dtype=np.uint64)
_OOO_PATH = np.array([BIT[1] | BIT[2] | BIT[3], BIT[57] | BIT[58] | BIT[59]], dtype=np.uint64)


@kernel
def square_attackers(sq, occ, by, pawns, knights, diagonal, orthogonal, king):
    """Pieces of colour ``by`` (its bitboards given) attacking ``sq`` when occupancy is ``occ``."""
    return (
        (KNIGHT_ATTACKS[sq] & knights)
        | (KING_ATTACKS[sq] & king)
        | (PAWN_ATTACKS[by ^ 1, sq] & pawns)
        | (rook_attacks(sq, occ) & orthogonal)
        | (bishop_attacks(sq, occ) & diagonal)
    )


@kernel
def square_attacked(sq, occ, by, pawns, knights, diagonal, orthogonal, king):
    """Whether colour ``by`` attacks ``sq`` (cheap lookups first, sliders last)."""
    if (
        (KNIGHT_ATTACKS[sq] & knights)
        | (PAWN_ATTACKS[by ^ 1, sq] & pawns)
        | (KING_ATTACKS[sq] & king)
    ):
        return True
    if rook_attacks(sq, occ) & orthogonal:
        return True
    return (bishop_attacks(sq, occ) & diagonal) != ZERO


@kernel
def attackers(pos, sq, occ, by):
    """Pieces of colour ``by`` attacking ``sq`` when the board's occupancy is ``occ``."""
    o = 6 * by
    queens = pos[o + QUEEN]
    return square_attackers(
        sq,
        occ,
        by,
        pos[o + PAWN],
        pos[o + KNIGHT],
        pos[o + BISHOP] | queens,
        pos[o + ROOK] | queens,
        pos[o + KING],
    )


@kernel
def is_attacked(pos, sq, occ, by):
    """Whether colour ``by`` attacks ``sq`` when the board's occupancy is ``occ``."""
    o = 6 * by
    queens = pos[o + QUEEN]
    return square_attacked(
        sq,
        occ,
        by,
        pos[o + PAWN],
        pos[o + KNIGHT],
        pos[o + BISHOP] | queens,
        pos[o + ROOK] | queens,
        pos[o + KING],
    )


@kernel
def _emit(out, n, frm, targets):
    """Write a move from ``frm`` to every square of ``targets``; returns the new count."""
    while targets:
        to = lsb(targets)
        targets &= targets - ONE
        out[n] = frm | (to << TO_SHIFT)
        n += 1
    return n


@kernel
def _emit_pawns(out, n, targets, delta, promo_rank, extra):
    """Pawn moves to ``targets`` from ``to - delta``; four promotions on ``promo_rank``."""
    promos = targets & promo_rank
    targets ^= promos
    while targets:
        to = lsb(targets)
        targets &= targets - ONE
        out[n] = (to - delta) | (to << TO_SHIFT) | extra
        n += 1
    while promos:
        to = lsb(promos)
        promos &= promos - ONE
        base = (to - delta) | (to << TO_SHIFT)
        out[n] = base | _PROMO_Q
        out[n + 1] = base | _PROMO_N
        out[n + 2] = base | _PROMO_R
        out[n + 3] = base | _PROMO_B
        n += 4
    return n


@kernel
def _ep_is_legal(us, ksq, frm, ep, occ, pawns, knights, diagonal, orthogonal):
    """Whether taking en passant from ``frm`` leaves our king safe (enemy bitboards given)."""
    cap = ep ^ 8
    occ2 = (occ ^ BIT[frm] ^ BIT[cap]) | BIT[ep]
    if rook_attacks(ksq, occ2) & orthogonal:
        return False
    if bishop_attacks(ksq, occ2) & diagonal:
        return False
    if KNIGHT_ATTACKS[ksq] & knights:
        return False
    return (PAWN_ATTACKS[us, ksq] & pawns & ~BIT[cap]) == ZERO


def _generate(st, out, noisy_only):
    """Write the legal moves (only captures and promotions if ``noisy_only``); return the count.

    Compiled twice, as ``gen_moves`` and ``gen_noisy`` (see :func:`_entry_point`).
    """
    # Everything is read into locals here, so the position array is not
    # referenced again (no reference counting in the loops below).
    pos = st[0]
    us = np.int64(pos[SIDE])
    them = us ^ 1
    ou = 6 * us
    ot = 6 * them
    own = pos[WHITE_OCC + us]
    opp = pos[WHITE_OCC + them]
    occ = own | opp
    ksq = lsb(pos[ou + KING])
    pawns = pos[ou + PAWN]
    knights = pos[ou + KNIGHT]
    diagonal = pos[ou + BISHOP] | pos[ou + QUEEN]
    orthogonal = pos[ou + ROOK] | pos[ou + QUEEN]
    t_pawns = pos[ot + PAWN]
    t_knights = pos[ot + KNIGHT]
    t_diagonal = pos[ot + BISHOP] | pos[ot + QUEEN]
    t_orthogonal = pos[ot + ROOK] | pos[ot + QUEEN]
    t_king = pos[ot + KING]
    ep = np.int64(pos[EP])
    rights = np.int64(pos[CASTLE_RIGHTS])
    n = 0

    # King moves, tested with the king lifted off the board.
    kt = KING_ATTACKS[ksq] & ~own
    if noisy_only:
        kt &= opp
    occ_nok = occ ^ BIT[ksq]
    while kt:
        to = lsb(kt)
        kt &= kt - ONE
        if not square_attacked(
            to, occ_nok, them, t_pawns, t_knights, t_diagonal, t_orthogonal, t_king
        ):
            out[n] = ksq | (to << TO_SHIFT)
            n += 1

    checkers = square_attackers(
        ksq, occ, them, t_pawns, t_knights, t_diagonal, t_orthogonal, t_king
    )
    if checkers:
        if checkers & (checkers - ONE):
            return n  # double check: only the king moves
        target = checkers | BETWEEN[ksq, lsb(checkers)]
    else:
        target = FULL

    # Pinned pieces: ours, alone between our king and an enemy slider.
    pinned = ZERO
    snipers = (ROOK_EMPTY[ksq] & t_orthogonal) | (BISHOP_EMPTY[ksq] & t_diagonal)
    while snipers:
        s = lsb(snipers)
        snipers &= snipers - ONE
        b = BETWEEN[ksq, s] & occ
        if b and (b & (b - ONE)) == ZERO:
            pinned |= b & own
    free = ~pinned

    mask = target & ~own
    if noisy_only:
        mask &= opp

    # Knights (a pinned knight can never move).
    b = knights & free
    while b:
        frm = lsb(b)
        b &= b - ONE
        n = _emit(out, n, frm, KNIGHT_ATTACKS[frm] & mask)

    # Diagonal sliders.
    b = diagonal
    while b:
        frm = lsb(b)
        b &= b - ONE
        att = bishop_attacks(frm, occ) & mask
        if pinned & BIT[frm]:
            att &= LINE[ksq, frm]
        n = _emit(out, n, frm, att)

    # Orthogonal sliders.
    b = orthogonal
    while b:
        frm = lsb(b)
        b &= b - ONE
        att = rook_attacks(frm, occ) & mask
        if pinned & BIT[frm]:
            att &= LINE[ksq, frm]
        n = _emit(out, n, frm, att)

    # Pawns: unpinned ones in bulk by shifting the whole set.
    p = pawns & free
    empty = ~occ
    if us == 0:
        promo_rank = RANK_8
        single = (p << 8) & empty
        double = ((single & RANK_3) << 8) & empty & target
        west = ((p & NOT_FILE_A) << 7) & opp & target
        east = ((p & NOT_FILE_H) << 9) & opp & target
        d_single, d_west, d_east = 8, 7, 9
        double_rank = RANK_3
    else:
        promo_rank = RANK_1
        single = (p >> 8) & empty
        double = ((single & RANK_6) >> 8) & empty & target
        west = ((p & NOT_FILE_A) >> 9) & opp & target
        east = ((p & NOT_FILE_H) >> 7) & opp & target
        d_single, d_west, d_east = -8, -9, -7
        double_rank = RANK_6
    single &= target
    if noisy_only:
        single &= promo_rank
    else:
        n = _emit_pawns(out, n, double, 2 * d_single, promo_rank, _DOUBLE_FLAG)
    n = _emit_pawns(out, n, single, d_single, promo_rank, 0)
    n = _emit_pawns(out, n, west, d_west, promo_rank, 0)
    n = _emit_pawns(out, n, east, d_east, promo_rank, 0)

    # Pinned pawns (none can move while in check): one at a time, along the pin line.
    p = pawns & pinned
    if checkers:
        p = ZERO
    while p:
        frm = lsb(p)
        p &= p - ONE
        line = LINE[ksq, frm]
        to = frm + d_single
        if BIT[to] & empty & line:
            if BIT[to] & promo_rank:
                n = _emit_pawns(out, n, BIT[to], d_single, promo_rank, 0)
            elif not noisy_only:
                out[n] = frm | (to << TO_SHIFT)
                n += 1
                if (BIT[to] & double_rank) and (BIT[to + d_single] & empty):
                    out[n] = frm | ((to + d_single) << TO_SHIFT) | _DOUBLE_FLAG
                    n += 1
        caps = PAWN_ATTACKS[us, frm] & opp & line
        while caps:
            to = lsb(caps)
            caps &= caps - ONE
            n = _emit_pawns(out, n, BIT[to], to - frm, promo_rank, 0)

    # En passant (pos[EP] is set only when one of our pawns attacks it).
    if ep != NO_SQUARE:
        b = PAWN_ATTACKS[them, ep] & pawns
        while b:
            frm = lsb(b)
            b &= b - ONE
            if _ep_is_legal(us, ksq, frm, ep, occ, t_pawns, t_knights, t_diagonal, t_orthogonal):
                out[n] = frm | (ep << TO_SHIFT) | _EP_FLAG
                n += 1

    # Castling: rights, empty path, king not in check and not passing or landing on an attack.
    if not noisy_only and not checkers:
        base = 56 * us  # the same squares on the eighth rank for black
        king_from = base + 4
        if (
            rights & (WHITE_OO << (2 * us))
            and not occ & _OO_PATH[us]
            and not square_attacked(
                base + 5, occ, them, t_pawns, t_knights, t_diagonal, t_orthogonal, t_king
            )
            and not square_attacked(
                base + 6, occ, them, t_pawns, t_knights, t_diagonal, t_orthogonal, t_king
            )
        ):
            out[n] = king_from | ((base + 6) << TO_SHIFT) | _CASTLE_FLAG
            n += 1
        if (
            rights & (WHITE_OOO << (2 * us))
            and not occ & _OOO_PATH[us]
            and not square_attacked(
                base + 3, occ, them, t_pawns, t_knights, t_diagonal, t_orthogonal, t_king
            )
            and not square_attacked(
                base + 2, occ, them, t_pawns, t_knights, t_diagonal, t_orthogonal, t_king
            )
        ):
            out[n] = king_from | ((base + 2) << TO_SHIFT) | _CASTLE_FLAG
            n += 1
    return n


def _entry_point(name: str, noisy_only: bool, doc: str):
    """``_generate`` compiled as the kernel function ``name`` with ``noisy_only`` a constant.

    Not a wrapper calling ``_generate``: every call between kernels costs an
    atomic reference-count increment and decrement per array argument (a
    third of a cheap generation). A copy of the function whose last argument
    defaults to ``noisy_only`` is compiled instead; numba types the omitted
    argument as a constant and folds the branches. The copy has its own
    name, so each has its own entry in numba's disk cache.
    """
    code = _generate.__code__.replace(co_name=name, co_qualname=name)
    function = types.FunctionType(code, _generate.__globals__, name, (noisy_only,))
    function.__doc__ = doc
    return kernel(function)


gen_moves = _entry_point(
    "gen_moves", False, "Write every legal move into ``out``; return how many."
)
gen_noisy = _entry_point(
    "gen_noisy",
    True,
    "Write the legal captures (en passant included) and promotions into ``out``; return how many.",
)
