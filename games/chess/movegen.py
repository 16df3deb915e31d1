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

from gamecore.bits import lsb, popcount
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
    BLACK_OO,
    BLACK_OOO,
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

# Castling squares (white, then black).
_F1_G1 = BIT[5] | BIT[6]
_B1_C1_D1 = BIT[1] | BIT[2] | BIT[3]
_F8_G8 = BIT[61] | BIT[62]
_B8_C8_D8 = BIT[57] | BIT[58] | BIT[59]


@kernel
def attackers(bb, sq, occ, by):
    """Pieces of colour ``by`` attacking ``sq`` when the board's occupancy is ``occ``."""
    o = 6 * by
    queens = bb[o + QUEEN]
    return (
        (KNIGHT_ATTACKS[sq] & bb[o + KNIGHT])
        | (KING_ATTACKS[sq] & bb[o + KING])
        | (PAWN_ATTACKS[by ^ 1, sq] & bb[o + PAWN])
        | (rook_attacks(sq, occ) & (bb[o + ROOK] | queens))
        | (bishop_attacks(sq, occ) & (bb[o + BISHOP] | queens))
    )


@kernel
def is_attacked(bb, sq, occ, by):
    """Whether colour ``by`` attacks ``sq`` (cheap lookups first, sliders last)."""
    o = 6 * by
    if (
        (KNIGHT_ATTACKS[sq] & bb[o + KNIGHT])
        | (PAWN_ATTACKS[by ^ 1, sq] & bb[o + PAWN])
        | (KING_ATTACKS[sq] & bb[o + KING])
    ):
        return True
    queens = bb[o + QUEEN]
    if rook_attacks(sq, occ) & (bb[o + ROOK] | queens):
        return True
    return (bishop_attacks(sq, occ) & (bb[o + BISHOP] | queens)) != ZERO


@kernel
def in_check(st):
    """Whether the side to move is in check."""
    bb = st[0]
    us = st[2][SIDE]
    occ = bb[WHITE_OCC] | bb[WHITE_OCC + 1]
    return is_attacked(bb, lsb(bb[6 * us + KING]), occ, us ^ 1)


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
def _ep_is_legal(bb, us, ksq, frm, ep, occ):
    """Whether capturing en passant from ``frm`` leaves our king unattacked."""
    them = us ^ 1
    o = 6 * them
    cap = ep ^ 8
    occ2 = (occ ^ BIT[frm] ^ BIT[cap]) | BIT[ep]
    queens = bb[o + QUEEN]
    if rook_attacks(ksq, occ2) & (bb[o + ROOK] | queens):
        return False
    if bishop_attacks(ksq, occ2) & (bb[o + BISHOP] | queens):
        return False
    if KNIGHT_ATTACKS[ksq] & bb[o + KNIGHT]:
        return False
    return (PAWN_ATTACKS[us, ksq] & bb[o + PAWN] & ~BIT[cap]) == ZERO


@kernel
def generate(st, out, noisy_only):
    """Write the legal moves (only captures and promotions if ``noisy_only``); return the count."""
    bb = st[0]
    sc = st[2]
    us = sc[SIDE]
    them = us ^ 1
    ou = 6 * us
    ot = 6 * them
    own = bb[WHITE_OCC + us]
    opp = bb[WHITE_OCC + them]
    occ = own | opp
    ksq = lsb(bb[ou + KING])
    n = 0

    # King moves, tested with the king lifted off the board.
    kt = KING_ATTACKS[ksq] & ~own
    if noisy_only:
        kt &= opp
    occ_nok = occ ^ BIT[ksq]
    while kt:
        to = lsb(kt)
        kt &= kt - ONE
        if not is_attacked(bb, to, occ_nok, them):
            out[n] = ksq | (to << TO_SHIFT)
            n += 1

    checkers = attackers(bb, ksq, occ, them)
    if checkers:
        if checkers & (checkers - ONE):
            return n  # double check: only the king moves
        target = checkers | BETWEEN[ksq, lsb(checkers)]
    else:
        target = FULL

    # Pinned pieces: ours, alone between our king and an enemy slider.
    pinned = ZERO
    snipers = (ROOK_EMPTY[ksq] & (bb[ot + ROOK] | bb[ot + QUEEN])) | (
        BISHOP_EMPTY[ksq] & (bb[ot + BISHOP] | bb[ot + QUEEN])
    )
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
    b = bb[ou + KNIGHT] & free
    while b:
        frm = lsb(b)
        b &= b - ONE
        n = _emit(out, n, frm, KNIGHT_ATTACKS[frm] & mask)

    # Diagonal sliders.
    b = bb[ou + BISHOP] | bb[ou + QUEEN]
    while b:
        frm = lsb(b)
        b &= b - ONE
        att = bishop_attacks(frm, occ) & mask
        if pinned & BIT[frm]:
            att &= LINE[ksq, frm]
        n = _emit(out, n, frm, att)

    # Orthogonal sliders.
    b = bb[ou + ROOK] | bb[ou + QUEEN]
    while b:
        frm = lsb(b)
        b &= b - ONE
        att = rook_attacks(frm, occ) & mask
        if pinned & BIT[frm]:
            att &= LINE[ksq, frm]
        n = _emit(out, n, frm, att)

    # Pawns: unpinned ones in bulk by shifting the whole set.
    pawns = bb[ou + PAWN]
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

    # En passant (sc[EP] is set only when one of our pawns attacks it).
    ep = sc[EP]
    if ep != NO_SQUARE:
        b = PAWN_ATTACKS[them, ep] & pawns
        while b:
            frm = lsb(b)
            b &= b - ONE
            if _ep_is_legal(bb, us, ksq, frm, ep, occ):
                out[n] = frm | (ep << TO_SHIFT) | _EP_FLAG
                n += 1

    # Castling: rights, empty path, king not in check and not passing or landing on an attack.
    if not noisy_only and not checkers:
        rights = sc[CASTLE_RIGHTS]
        if us == 0:
            if (
                rights & WHITE_OO
                and not (occ & _F1_G1)
                and not is_attacked(bb, 5, occ, them)
                and not is_attacked(bb, 6, occ, them)
            ):
                out[n] = 4 | (6 << TO_SHIFT) | _CASTLE_FLAG
                n += 1
            if (
                rights & WHITE_OOO
                and not (occ & _B1_C1_D1)
                and not is_attacked(bb, 3, occ, them)
                and not is_attacked(bb, 2, occ, them)
            ):
                out[n] = 4 | (2 << TO_SHIFT) | _CASTLE_FLAG
                n += 1
        else:
            if (
                rights & BLACK_OO
                and not (occ & _F8_G8)
                and not is_attacked(bb, 61, occ, them)
                and not is_attacked(bb, 62, occ, them)
            ):
                out[n] = 60 | (62 << TO_SHIFT) | _CASTLE_FLAG
                n += 1
            if (
                rights & BLACK_OOO
                and not (occ & _B8_C8_D8)
                and not is_attacked(bb, 59, occ, them)
                and not is_attacked(bb, 58, occ, them)
            ):
                out[n] = 60 | (58 << TO_SHIFT) | _CASTLE_FLAG
                n += 1
    return n


@kernel
def count_pieces(bb):
    """Number of pieces on the board (both colours)."""
    return popcount(bb[WHITE_OCC] | bb[WHITE_OCC + 1])
