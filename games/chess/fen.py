"""FEN in and out (plain Python, off the hot path).

Reading validates everything a kernel relies on, so a loaded position can
never crash or fool the move generator: eight ranks of eight squares, one king
a side, no pawn on the first or last rank, the side not to move not in check,
castling rights matching king and rook squares, an en passant square that a
double pawn push just created. Each problem is one :class:`BadPosition` line.

The en passant square is kept (and written back) only when a pawn of the side
to move attacks it, as in X-FEN; see :mod:`games.chess.layout`.
"""

from __future__ import annotations

import re

import numpy as np

from gamecore.errors import BadPosition
from games.chess.bitboards import BIT, PAWN_ATTACKS
from games.chess.layout import (
    BLACK,
    BLACK_OO,
    BLACK_OOO,
    BOARD,
    CASTLE,
    EMPTY,
    EP,
    FULLMOVE,
    HALFMOVE,
    HASH,
    KING,
    NO_SQUARE,
    PAWN,
    PIECE_LETTERS,
    PLY,
    ROOK,
    SIDE,
    WHITE,
    WHITE_OCC,
    WHITE_OO,
    WHITE_OOO,
    square_name,
)
from games.chess.movegen import attackers
from games.chess.rules import hash_full

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

COLOUR_NAMES = ("white", "black")
_SQUARE = re.compile(r"[a-h][1-8]")
_NUMBER = re.compile(r"[0-9]+")
# right -> (letter, king square, rook square)
_CASTLING = {
    WHITE_OO: ("K", 4, 7),
    WHITE_OOO: ("Q", 4, 0),
    BLACK_OO: ("k", 60, 63),
    BLACK_OOO: ("q", 60, 56),
}
_LETTER_RIGHT = {letter: right for right, (letter, _, _) in _CASTLING.items()}


def parse_square(text: str) -> int:
    """Square index of a name like ``"e4"`` (the caller has checked the form)."""
    return (ord(text[0]) - ord("a")) + 8 * (ord(text[1]) - ord("1"))


def _parse_board(placement: str) -> list[int]:
    ranks = placement.split("/")
    if len(ranks) != 8:
        raise BadPosition(f"FEN board has {len(ranks)} ranks, expected 8: {placement!r}")
    board = [EMPTY] * 64
    for i, text in enumerate(ranks):
        rank = 7 - i
        file = 0
        after_digit = False
        for ch in text:
            if ch in "12345678":
                if after_digit:
                    raise BadPosition(f"FEN rank {rank + 1} {text!r} has two digits in a row")
                file += int(ch)
                after_digit = True
                continue
            after_digit = False
            code = PIECE_LETTERS.find(ch)
            if code < 0:
                raise BadPosition(f"bad piece letter {ch!r} in FEN rank {rank + 1} {text!r}")
            if file < 8:
                board[8 * rank + file] = code
            file += 1
        if file != 8:
            raise BadPosition(f"FEN rank {rank + 1} {text!r} covers {file} squares, not 8")
    return board


def _check_material(board: list[int]) -> None:
    for colour, name in enumerate(COLOUR_NAMES):
        codes = [c for c in board if c != EMPTY and c // 6 == colour]
        kings = codes.count(6 * colour + KING)
        if kings != 1:
            raise BadPosition(f"{name} has {kings} kings, expected exactly 1")
        pawns = codes.count(6 * colour + PAWN)
        if pawns > 8:
            raise BadPosition(f"{name} has {pawns} pawns, at most 8 are possible")
        if len(codes) > 16:
            raise BadPosition(f"{name} has {len(codes)} pieces, at most 16 are possible")
    for sq in (*range(8), *range(56, 64)):
        if board[sq] in (PAWN, 6 + PAWN):
            raise BadPosition(
                f"pawn on {square_name(sq)}: pawns can not stand on the first or last rank"
            )


def _parse_castling(text: str, board: list[int]) -> int:
    if text == "-":
        return 0
    rights = 0
    for ch in text:
        right = _LETTER_RIGHT.get(ch)
        if right is None:
            raise BadPosition(f"bad castling field {text!r} (expected '-' or letters from KQkq)")
        if rights & right:
            raise BadPosition(f"castling field {text!r} repeats {ch!r}")
        rights |= right
    for right, (letter, king_sq, rook_sq) in _CASTLING.items():
        if not rights & right:
            continue
        colour = WHITE if letter.isupper() else BLACK
        if board[king_sq] != 6 * colour + KING:
            raise BadPosition(
                f"castling right {letter!r} but the {COLOUR_NAMES[colour]} king is not on "
                f"{square_name(king_sq)}"
            )
        if board[rook_sq] != 6 * colour + ROOK:
            raise BadPosition(
                f"castling right {letter!r} but no {COLOUR_NAMES[colour]} rook on "
                f"{square_name(rook_sq)}"
            )
    return rights


def _parse_ep(text: str, side: int, board: list[int]) -> int:
    if text == "-":
        return NO_SQUARE
    if not _SQUARE.fullmatch(text):
        raise BadPosition(f"bad en passant field {text!r} (expected '-' or a square like e3)")
    sq = parse_square(text)
    rank = 5 if side == WHITE else 2
    if sq >> 3 != rank:
        raise BadPosition(
            f"en passant square {text} is not on rank {rank + 1} with {COLOUR_NAMES[side]} to move"
        )
    them = side ^ 1
    step = -8 if side == WHITE else 8  # from the ep square towards the pawn that moved
    if board[sq + step] != 6 * them + PAWN or board[sq] != EMPTY or board[sq - step] != EMPTY:
        raise BadPosition(
            f"en passant square {text} but no {COLOUR_NAMES[them]} pawn just moved two squares "
            f"to {square_name(sq + step)}"
        )
    return sq


_CLOCK_LIMIT = 1_000_000_000


def _parse_clock(text: str, name: str, minimum: int) -> int:
    if not _NUMBER.fullmatch(text) or not minimum <= int(text) <= _CLOCK_LIMIT:
        raise BadPosition(
            f"bad {name} {text!r} (expected a whole number from {minimum} to {_CLOCK_LIMIT})"
        )
    return int(text)


def load_fen(arrays: tuple, text: str) -> None:
    """Set ``arrays`` to the position ``text``; :class:`BadPosition` naming the first problem."""
    fields = text.split()
    if len(fields) not in (4, 6):
        raise BadPosition(
            f"FEN has {len(fields)} fields, expected 6 (or 4 without the clocks): {text!r}"
        )
    placement, side_text, castling_text, ep_text = fields[:4]
    clocks = fields[4:] or ["0", "1"]
    board = _parse_board(placement)
    _check_material(board)
    if side_text not in ("w", "b"):
        raise BadPosition(f"bad side to move {side_text!r} (expected w or b)")
    side = WHITE if side_text == "w" else BLACK
    rights = _parse_castling(castling_text, board)
    ep = _parse_ep(ep_text, side, board)
    halfmove = _parse_clock(clocks[0], "halfmove clock", 0)
    fullmove = _parse_clock(clocks[1], "fullmove number", 1)

    pos = np.zeros_like(arrays[0])  # filled and checked here, copied in when valid
    pos[BOARD : BOARD + 64] = board
    for sq, code in enumerate(board):
        if code != EMPTY:
            pos[code] |= BIT[sq]
            pos[WHITE_OCC + code // 6] |= BIT[sq]
    if ep != NO_SQUARE and not PAWN_ATTACKS[side ^ 1, ep] & pos[6 * side + PAWN]:
        ep = NO_SQUARE  # no pawn can take: the square changes nothing (X-FEN drops it)
    pos[SIDE] = side
    pos[CASTLE] = rights
    pos[EP] = ep
    pos[HALFMOVE] = halfmove
    pos[FULLMOVE] = fullmove
    pos[PLY] = 0

    occ = pos[WHITE_OCC] | pos[WHITE_OCC + 1]
    for colour in (WHITE, BLACK):
        king_sq = board.index(6 * colour + KING)
        checkers = int(attackers(pos, king_sq, occ, colour ^ 1)).bit_count()
        if colour != side and checkers:
            raise BadPosition(f"{COLOUR_NAMES[colour]} is in check but it is not their move")
        if checkers > 2:
            raise BadPosition(f"{COLOUR_NAMES[colour]} is in check from {checkers} pieces at once")
    arrays[0][:] = pos
    arrays[1][:] = 0
    arrays[1][0, HASH] = hash_full(arrays)


def write_fen(arrays: tuple) -> str:
    """The FEN of ``arrays`` (en passant square only when a capture there is possible)."""
    pos = arrays[0]
    rows = []
    for rank in range(7, -1, -1):
        row = ""
        gap = 0
        for file in range(8):
            code = int(pos[BOARD + 8 * rank + file])
            if code == EMPTY:
                gap += 1
                continue
            if gap:
                row += str(gap)
                gap = 0
            row += PIECE_LETTERS[code]
        rows.append(row + (str(gap) if gap else ""))
    rights = int(pos[CASTLE])
    castling = "".join(letter for right, (letter, _, _) in _CASTLING.items() if rights & right)
    ep = int(pos[EP])
    return " ".join(
        [
            "/".join(rows),
            "wb"[int(pos[SIDE])],
            castling or "-",
            square_name(ep) if ep != NO_SQUARE else "-",
            str(int(pos[HALFMOVE])),
            str(int(pos[FULLMOVE])),
        ]
    )
