"""Duchess notation: cell names, moves and the position string.

Cells: ``<flap letter A-F><file a-e><row 1-4>`` for flap cells (the letter names
the chair, A = chair 0, whoever sits there; row 1 is the back row), ``<letter>o1``
.. ``o4`` for the outer-ring cells of that chair (local 20-23), ``<letter>i1``,
``i2`` for its inner-ring cells (local 24, 25), and ``V`` for the vortex.

Moves: ``Ac3-Ac4``; a promotion adds ``=<letter>`` (``Ai1-V=Q``); ``pass``.

Position string, fields separated by single spaces::

    players=6 turn=red quiet=0 passes=0 moves=0 red:RAa1,WAb1,KAc1,... blue:... ...

``players`` must equal the game's; ``turn`` names the seat to move; ``quiet`` is
the plies since the last capture or pawn move, ``passes`` the passes just made
in a row, ``moves`` the plies played (for the move limit). Then one group per
seat in turn order: the seat's colour, ``:``, its pieces as ``<piece letter><cell>``
joined by commas, and, if it has lost pieces, ``|`` and their letters (e.g.
``|NBBP``), which a promotion draws on.
"""

from __future__ import annotations

import re

import numpy as np

from gamecore.bounds import is_digits
from gamecore.errors import BadPosition
from games.duchess import rules_table as R
from games.duchess.layout import (
    BOX,
    CFG,
    CHECK_UNKNOWN,
    CHECKED,
    GAME_PLY,
    HASH,
    INITIAL_COUNT,
    KING,
    KING_AT,
    LETTER,
    LIMIT,
    OCC,
    OCC_WORDS,
    PASS,
    PASSES,
    PLAYERS,
    PRESENT,
    QUIET,
    SEAT,
    TYPE_OF_LETTER,
    WIZ_AT,
    WIZARD,
    Z_BOX,
    Z_PIECE,
    Z_SEAT,
    cfg_of,
    move_from,
    move_promo,
    move_to,
)
from games.duchess.mesh import CHAIRS, N_CELLS, PER_CHAIR, VORTEX
from games.duchess.occupancy import occupancy_words

FLAPS = "ABCDEF"
FILES = "abcde"


def cell_name(c: int) -> str:
    """The notation of cell ``c`` (0..156)."""
    if c == VORTEX:
        return "V"
    if not 0 <= c < VORTEX:
        raise ValueError(f"no cell {c}")
    chair, local = divmod(c, PER_CHAIR)
    letter = FLAPS[chair]
    if local < 20:
        row, col = divmod(local, 5)
        return f"{letter}{FILES[col]}{row + 1}"
    if local < 24:
        return f"{letter}o{local - 19}"
    return f"{letter}i{local - 23}"


CELL_NAMES = tuple(cell_name(c) for c in range(N_CELLS))
CELL_OF_NAME = {name: c for c, name in enumerate(CELL_NAMES)}

_MOVE = re.compile(r"([A-F][a-eoi][1-4]|V)-([A-F][a-eoi][1-4]|V)(?:=([A-Z]))?")


def move_text(move: int) -> str:
    if move == PASS:
        return "pass"
    text = f"{CELL_NAMES[move_from(move)]}-{CELL_NAMES[move_to(move)]}"
    promo = move_promo(move)
    return f"{text}={LETTER[promo]}" if promo else text


def parse_move_shape(text: str) -> tuple[int, int, int] | None:
    """(from, to, promotion type) of a move written like ``Ac3-Ac4`` or ``Ai1-V=Q``; None if the
    text is not of that shape (or names no cell / piece)."""
    m = _MOVE.fullmatch(text.strip())
    if not m or m.group(1) not in CELL_OF_NAME or m.group(2) not in CELL_OF_NAME:
        return None
    promo = 0
    if m.group(3):
        if m.group(3) not in TYPE_OF_LETTER:
            return None
        promo = TYPE_OF_LETTER[m.group(3)]
    return CELL_OF_NAME[m.group(1)], CELL_OF_NAME[m.group(2)], promo


# -- position strings ---------------------------------------------------------------------------


def seat_names(players: int) -> tuple[str, ...]:
    return R.SEAT_NAMES[:players]


def start_text(players: int) -> str:
    """The set-up: every seated player's flap filled from rules_table.SETUP; red to move."""
    groups = []
    for seat, chair in enumerate(R.SEATING[players]):
        items = []
        for row in sorted(R.SETUP):
            for col, letter in enumerate(R.SETUP[row]):
                items.append(f"{letter}{cell_name(PER_CHAIR * chair + 5 * (row - 1) + col)}")
        groups.append(f"{R.SEAT_NAMES[seat]}:{','.join(items)}")
    head = f"players={players} turn={R.SEAT_NAMES[0]} quiet=0 passes=0 moves=0"
    return " ".join([head, *groups])


def write_position(arrays: tuple) -> str:
    pos = arrays[0]
    players = int(pos[PLAYERS])
    names = seat_names(players)
    head = (
        f"players={players} turn={names[int(pos[SEAT])]} quiet={int(pos[QUIET])} "
        f"passes={int(pos[PASSES])} moves={int(pos[GAME_PLY])}"
    )
    groups = []
    for seat in range(players):
        items = [
            f"{LETTER[int(pos[c]) & 15]}{CELL_NAMES[c]}"
            for c in range(N_CELLS)
            if pos[c] > 0 and int(pos[c]) >> 4 == seat
        ]
        box = "".join(LETTER[t] * int(pos[BOX + 16 * seat + t]) for t in range(1, 10))
        groups.append(f"{names[seat]}:{','.join(items)}" + (f"|{box}" if box else ""))
    return " ".join([head, *groups])


def _fail(text: str, why: str) -> BadPosition:
    shown = text if len(text) <= 60 else text[:57] + "..."
    return BadPosition(f"bad duchess position {shown!r}: {why}")


MAX_COUNTER = 10**9
"""Largest move or quiet-move count a position may carry (the state arrays hold int64)."""


def _counter(text: str, field: str, key: str) -> int:
    name, eq, value = field.partition("=")
    if name != key or not eq or not is_digits(value):
        raise _fail(text, f"expected {key}=<number>, got {field[:40]!r}")
    if len(value) > 10 or int(value) > MAX_COUNTER:
        raise _fail(text, f"{key} must be at most {MAX_COUNTER:,}, not {value[:40]}")
    return int(value)


def load_position(arrays: tuple, text: str, players: int, move_limit: int) -> None:
    """Set fresh ``arrays`` to the position ``text``; BadPosition (one line) naming the fault."""
    pos, hist = arrays[0], arrays[1]
    fields = text.split()
    if len(fields) != 5 + players:
        raise _fail(text, f"expected 5 header fields and {players} seat groups")
    if fields[0] != f"players={players}":
        raise _fail(
            text, f"this game has {players} players; the first field must be 'players={players}'"
        )
    names = seat_names(players)
    turn = fields[1].removeprefix("turn=")
    if not fields[1].startswith("turn=") or turn not in names:
        raise _fail(text, f"turn must be one of {', '.join(names)}")
    quiet = _counter(text, fields[2], "quiet")
    passes = _counter(text, fields[3], "passes")
    moves = _counter(text, fields[4], "moves")
    if passes > players:
        raise _fail(text, f"passes={passes}: more than one round of passes")
    cfg = cfg_of(players)
    pos[:] = 0
    pos[KING_AT : KING_AT + CHAIRS] = -1
    pos[WIZ_AT : WIZ_AT + CHAIRS] = -1
    for seat, group in enumerate(fields[5:]):
        name, colon, body = group.partition(":")
        if name != names[seat] or not colon:
            raise _fail(text, f"seat group {seat + 1} must start '{names[seat]}:'")
        pieces, _, box = body.partition("|")
        on_board = np.zeros(10, dtype=np.int64)
        for item in filter(None, pieces.split(",")):
            letter, cell = item[:1], item[1:]
            if letter not in TYPE_OF_LETTER:
                raise _fail(text, f"{item!r}: no piece letter {letter!r} (K Q R B N P W D F)")
            if cell not in CELL_OF_NAME:
                raise _fail(text, f"{item!r}: no cell {cell!r}")
            c = CELL_OF_NAME[cell]
            if not PRESENT[cfg, c]:
                raise _fail(text, f"{item!r}: cell {cell} is on a folded flap")
            if pos[c] != 0:
                raise _fail(text, f"cell {cell} holds two pieces")
            t = TYPE_OF_LETTER[letter]
            pos[c] = 16 * seat + t
            on_board[t] += 1
            if t == KING:
                pos[KING_AT + seat] = c
            elif t == WIZARD:
                pos[WIZ_AT + seat] = c
        if on_board[KING] != 1:
            raise _fail(text, f"{names[seat]} must have exactly one King")
        for letter in box:
            if letter not in TYPE_OF_LETTER or letter == "K":
                raise _fail(text, f"{names[seat]} cannot have lost a {letter!r}")
            pos[BOX + 16 * seat + TYPE_OF_LETTER[letter]] += 1
        for t in range(1, 10):
            held = on_board[t] + pos[BOX + 16 * seat + t]
            if t != KING and held > INITIAL_COUNT[t]:
                raise _fail(
                    text,
                    f"{names[seat]} has {held} {LETTER[t]} on the board and lost; "
                    f"a player has {INITIAL_COUNT[t]}",
                )
    for seat in range(players):
        for w, word in enumerate(occupancy_words(pos, seat)):
            pos[OCC + OCC_WORDS * seat + w] = word
    pos[SEAT] = names.index(turn)
    pos[PLAYERS] = players
    pos[CFG] = cfg
    pos[QUIET] = quiet
    pos[PASSES] = passes
    pos[GAME_PLY] = moves
    pos[LIMIT] = move_limit
    hist[0, HASH] = python_hash(arrays)
    hist[0, CHECKED] = CHECK_UNKNOWN


def python_hash(arrays: tuple) -> int:
    """The Zobrist hash in plain Python (equals ``kernel.hash_full``; loading a position must
    not run a compiled kernel before the cache guard has checked it)."""
    pos = arrays[0]
    h = 0
    for c in range(N_CELLS):
        p = int(pos[c])
        if p > 0:
            h ^= int(Z_PIECE[p >> 4, p & 15, c])
    for s in range(int(pos[PLAYERS])):
        for t in range(1, 10):
            h ^= int(Z_BOX[s, t, int(pos[BOX + 16 * s + t])])
    return h ^ int(Z_SEAT[int(pos[SEAT])])
