"""Checkers notation: draughts FEN positions, PDN moves and PDN games.

Positions are draughts FEN (``B:W21,...,32:B1,...,12``: side to move, then
each colour's squares, ``K`` before a king), moves PDN (``11-15``; jumps list
every landing square, ``22x13x6``; ``22x6`` is read too when only one jump goes
so), games PDN.
"""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING

from gamecore.errors import BadMove, BadPosition
from gamecore.play.records import without_variations
from games.checkers import layout
from games.checkers.layout import BLACK, HASH, JUMP, KINGS, NEIGH, QUIET, SIDE, WHITE

if TYPE_CHECKING:
    from gamecore.game import Game
    from gamecore.state import State

START_FEN = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"

_MOVE = re.compile(r"(\d{1,2})(?:(-)(\d{1,2})|((?:x\d{1,2})+))")
_PIECE = re.compile(r"(K?)(\d{1,2})(?:-(\d{1,2}))?")
_TAG = re.compile(r'\[\s*(\w+)\s+"(.*)"\s*\]')
_RESULTS = ("1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1", "0-0")


# -- positions ----------------------------------------------------------------------------------


def load_fen(arrays: tuple, text: str) -> None:
    """Set fresh ``arrays`` to the FEN ``text``; BadPosition (one line) when it is malformed."""
    pos, hist = arrays
    fen = text.strip().rstrip(".")
    parts = fen.split(":")
    if len(parts) != 3:
        raise BadPosition(f"bad checkers FEN {text!r}: expected side:W...:B... (three fields)")
    side = parts[0].strip().upper()
    if side not in ("B", "W"):
        raise BadPosition(f"bad checkers FEN {text!r}: side to move must be B or W")
    boards = [0, 0]
    kings = 0
    seen_colours = set()
    for field in parts[1:]:
        field = field.strip()
        colour_letter = field[:1].upper()
        if colour_letter not in ("B", "W") or colour_letter in seen_colours:
            raise BadPosition(f"bad checkers FEN {text!r}: needs one W field and one B field")
        seen_colours.add(colour_letter)
        colour = BLACK if colour_letter == "B" else WHITE
        body = field[1:].strip()
        if not body:
            continue
        for item in body.split(","):
            m = _PIECE.fullmatch(item.strip())
            if not m:
                raise BadPosition(f"bad checkers FEN {text!r}: bad piece {item.strip()!r}")
            first = int(m.group(2))
            last = int(m.group(3)) if m.group(3) else first
            first, last = min(first, last), max(first, last)  # 32-21 is 21-32, not nothing
            for n in range(first, last + 1):
                if not 1 <= n <= 32:
                    raise BadPosition(f"bad checkers FEN {text!r}: no square {n} (1-32)")
                bit = 1 << (n - 1)
                if (boards[0] | boards[1]) & bit:
                    raise BadPosition(f"bad checkers FEN {text!r}: square {n} given twice")
                boards[colour] |= bit
                if m.group(1):
                    kings |= bit
                elif bit & int(layout.CROWN_ROW[colour]):
                    name = "black" if colour == BLACK else "white"
                    raise BadPosition(
                        f"bad checkers FEN {text!r}: a {name} man on {n} would be a king"
                    )
    pos[:] = 0
    pos[BLACK] = boards[BLACK]
    pos[WHITE] = boards[WHITE]
    pos[KINGS] = kings
    pos[SIDE] = 0 if side == "B" else 1
    pos[QUIET] = 0
    hist[0, HASH] = python_hash(arrays)


def python_hash(arrays: tuple) -> int:
    """The Zobrist hash in plain Python (the same as ``kernel.hash_full``, no compiled call:
    loading a position must not run a kernel before the cache guard has)."""
    pos = arrays[0]
    kings = int(pos[KINGS])
    h = 0
    for colour in (BLACK, WHITE):
        b = int(pos[colour])
        for i in range(32):
            if b >> i & 1:
                h ^= int(layout.Z_PIECE[colour + (2 if kings >> i & 1 else 0), i])
    if int(pos[SIDE]):
        h ^= int(layout.Z_SIDE)
    return h


def write_fen(arrays: tuple) -> str:
    pos = arrays[0]
    kings = int(pos[KINGS])

    def field(colour: int) -> str:
        b = int(pos[colour])
        return ",".join(
            ("K" if kings >> i & 1 else "") + str(i + 1) for i in range(32) if b >> i & 1
        )

    side = "B" if int(pos[SIDE]) == BLACK else "W"
    return f"{side}:W{field(WHITE)}:B{field(BLACK)}"


# -- moves ----------------------------------------------------------------------------------


def _jump_between(a: int, b: int) -> int:
    """The square jumped over going from index a to index b, or -1 if that is no jump."""
    for d in range(4):
        if JUMP[a, d] == b:
            return int(NEIGH[a, d])
    return -1


def jump_path(arrays: tuple, move: int) -> list[int]:
    """The landing squares (indices, start first) of the jump ``move`` (legal in ``arrays``)."""
    pos = arrays[0]
    us = int(pos[SIDE])
    frm, to, cap = layout.move_from(move), layout.move_to(move), layout.move_captured(move)
    opp = int(pos[us ^ 1])
    occ = int(pos[BLACK]) | int(pos[WHITE])
    king = bool(int(pos[KINGS]) >> frm & 1)
    dirs = range(4) if king else ((2, 3) if us == BLACK else (0, 1))

    def search(sq: int, taken: int, path: list[int]) -> list[int] | None:
        if taken == cap and sq == to:
            return path
        for d in dirs:
            land, mid = int(JUMP[sq, d]), int(NEIGH[sq, d])
            if land < 0:
                continue
            mb = 1 << mid
            if not (cap & mb) or taken & mb or not opp & mb:
                continue
            if occ >> land & 1 and land != frm:
                continue
            found = search(land, taken | mb, [*path, land])
            if found:
                return found
        return None

    return search(frm, 0, [frm]) or [frm, to]


def move_to_pdn(arrays: tuple, move: int) -> str:
    frm, to = layout.move_from(move), layout.move_to(move)
    if not layout.move_captured(move):
        return f"{frm + 1}-{to + 1}"
    return "x".join(str(sq + 1) for sq in jump_path(arrays, move))


def move_from_pdn(state: State, text: str) -> int:
    """A PDN move: ``11-15``, a jump with every landing ``22x13x6``, or ``22x6`` if unique."""
    wanted = text.strip()
    m = _MOVE.fullmatch(wanted)
    if not m:
        raise BadMove(f"malformed checkers move {text!r}: expected e.g. 11-15 or 22x13x6")
    if m.group(2):
        squares = [int(m.group(1)), int(m.group(3))]
    else:
        squares = [int(m.group(1))] + [int(x) for x in m.group(4)[1:].split("x")]
    if any(not 1 <= n <= 32 for n in squares):
        raise BadMove(f"malformed checkers move {text!r}: squares are 1-32")
    idx = [n - 1 for n in squares]
    legal = state.legal_moves()
    where = f"in position {state.to_text()!r}"
    if m.group(2):
        move = layout.encode(idx[0], idx[1])
        if move in legal:
            return move
        raise BadMove(f"illegal move {wanted!r} {where}")
    candidates = [
        mv
        for mv in legal
        if layout.move_captured(mv)
        and layout.move_from(mv) == idx[0]
        and layout.move_to(mv) == idx[-1]
    ]
    if len(idx) == 2:
        mid = _jump_between(idx[0], idx[1])
        if mid >= 0 and layout.encode(idx[0], idx[1], 1 << mid) in legal:
            return layout.encode(idx[0], idx[1], 1 << mid)
        if len(candidates) == 1:
            return candidates[0]
        if len(candidates) > 1:
            raise BadMove(f"ambiguous jump {wanted!r} {where}: give every landing square")
        raise BadMove(f"illegal move {wanted!r} {where}")
    captured = 0
    for a, b in itertools.pairwise(idx):
        mid = _jump_between(a, b)
        if mid < 0:
            raise BadMove(f"illegal move {wanted!r}: {a + 1} to {b + 1} is not a jump")
        captured |= 1 << mid
    move = layout.encode(idx[0], idx[-1], captured)
    if move in legal and len(idx) - 1 == bin(captured).count("1"):
        return move
    raise BadMove(f"illegal move {wanted!r} {where}")


def game_record(state: State, headers: dict[str, str]) -> str:
    """PDN: tag pairs (GameType 21, FEN when not the start), numbered moves, result.

    The result is written from the side of the first player to move, Black (the
    FMJD PDN rule, pdn.fmjd.org "Result tag"; English checkers uses the default
    result type): ``1-0`` Black won, ``0-1`` White won, ``1/2-1/2`` draw, ``*`` unfinished.
    """
    moves = list(state.history)
    root = state.copy()
    for _ in moves:
        root.pop()
    result = "*"
    if state.is_terminal():
        winner = state.winner_team()
        result = "1/2-1/2" if winner is None else ("1-0" if winner == BLACK else "0-1")
    result = headers.get("Result", result)  # a game lost on time says so in its headers
    tags = {"GameType": "21", **headers}
    if root.to_text() != START_FEN:
        tags["SetUp"] = "1"
        tags["FEN"] = root.to_text()
    tags["Result"] = result
    lines = [f'[{key} "{value}"]' for key, value in tags.items()]
    tokens = []
    number = 1
    black_to_move = root.player == BLACK
    if not black_to_move and moves:
        tokens.append(f"{number}...")
    for move in moves:
        if root.player == BLACK:
            tokens.append(f"{number}.")
        tokens.append(root.move_text(move))
        if root.player == WHITE:
            number += 1
        root.push_unchecked(move)
    tokens.append(result)
    body, line = [], ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > 79:
            body.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    body.append(line)
    return "\n".join(lines) + "\n\n" + "\n".join(body) + "\n"


def read_record(game: Game, text: str) -> State:
    """The first game of a PDN text, replayed: tags (``FEN`` when ``SetUp``/``FEN`` is
    given), move numbers, comments ``{...}``, variations ``(...)``, NAGs and move
    strengths are skipped; the game ends at its result. One-line errors."""
    text = text.removeprefix("\ufeff")  # a byte-order mark from a Windows editor
    start = START_FEN
    body_lines = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("["):
            tag = _TAG.fullmatch(stripped)
            if not tag:
                raise BadPosition(f"PDN line {number}: malformed tag {stripped!r}")
            if tag.group(1) == "FEN":
                start = tag.group(2)
            elif tag.group(1) == "GameType" and tag.group(2).split(",")[0].strip() != "21":
                raise BadPosition(f"PDN game type {tag.group(2)!r} is not 21 (checkers)")
            continue
        body_lines.append(line)
    body = without_variations(re.sub(r"\{[^}]*\}|;[^\n]*", " ", "\n".join(body_lines)), "PDN")
    if "{" in body:
        raise BadPosition("PDN: an unclosed comment")
    state = game.state_from_text(start)
    saw_anything = start != START_FEN or len(body_lines) < len(text.splitlines())
    for word in re.sub(r"\d+\.(\.\.)?", " ", body).split():
        if word in _RESULTS:
            saw_anything = True
            break
        if word.startswith("$"):
            continue
        move = word.rstrip("!?")
        try:
            state.push_text(move)
        except BadMove as exc:
            raise BadMove(f"PDN move {len(state.history) + 1} ({word!r}): {exc}") from None
        saw_anything = True
    if not saw_anything:
        raise BadPosition("not a PDN game: no tags and no moves")
    return state
