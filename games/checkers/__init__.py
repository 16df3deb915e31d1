"""English checkers (American checkers, English draughts): a numba bitboard rules engine.

:class:`CheckersGame` is the plugin (entry point ``checkers``). Positions are
draughts FEN (``B:W21,...,32:B1,...,12``: side to move, then each colour's
squares, ``K`` before a king), moves PDN (``11-15``; jumps list every landing
square, ``22x13x6``; ``22x6`` is read too when only one jump goes so), games
PDN. The kernel is :mod:`games.checkers.kernel`; the state arrays and move
encoding are documented in :mod:`games.checkers.layout`.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from gamecore.errors import BadMove, BadPosition
from gamecore.game import FeatureSet, Game
from gamecore.geometry import Cell, Geometry, PieceView
from gamecore.kernel_api import DRAW, LOSS, ONGOING
from gamecore.records import without_variations
from games.checkers import layout
from games.checkers.features import FEATURE_SET, GROUPS
from games.checkers.layout import BLACK, HASH, JUMP, KINGS, NEIGH, QUIET, SIDE, WHITE

if TYPE_CHECKING:
    from gamecore.state import State

START_FEN = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"

LIGHT = (240, 217, 181)
DARK = (110, 140, 90)

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


class CheckersGame(Game):
    """English checkers (American checkers): compulsory captures, complete multi-jumps.

    A side with no legal move loses; threefold repetition and the 40-move rule
    (``layout.DRAW_PLIES`` plies without a capture or a man move) draw.
    """

    name: ClassVar[str] = "checkers"
    kernel_module: ClassVar[str] = "games.checkers.kernel"
    max_moves: ClassVar[int] = 256
    """Generous, not proven: the kernel writes moves without a bounds check, so this errs high
    (seeded random games and random king positions stay far below)."""
    feature_set: ClassVar[FeatureSet] = FEATURE_SET
    feature_ranges = GROUPS
    record_suffix: ClassVar[str] = ".pdn"
    opening_books: ClassVar[dict[str, Path]] = {
        "three-move": Path(__file__).parent / "books" / "three-move.txt"
    }
    # Depth-4 self-play games take about 0.25 s each here: 1,500 make a six-minute default run.
    training_defaults: ClassVar[dict] = {
        "games": 1500,
        "depth": 4,
        "max_plies": 200,
        "opening_plies": 4,
        "checkpoint_every": 10,
    }

    @property
    def player_names(self) -> tuple[str, ...]:
        return ("black", "white")

    def new_arrays(self, capacity: int) -> tuple:
        return layout.new_arrays(capacity)

    def start_text(self) -> str:
        return START_FEN

    def load_text(self, arrays: tuple, text: str) -> None:
        load_fen(arrays, text)

    def position_text(self, arrays: tuple) -> str:
        return write_fen(arrays)

    def move_to_text(self, arrays: tuple, move: int) -> str:
        return move_to_pdn(arrays, move)

    def move_from_text(self, state: State, text: str) -> int:
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

    def describe_result(self, state: State) -> str:
        result = state.status()
        if result == ONGOING:
            return "the game is still going"
        mover = self.player_names[state.team]
        other = self.player_names[1 - state.team]
        if result == LOSS:
            return f"{other} wins ({mover} has no legal move)"
        if result == DRAW:
            if int(state.arrays[0][QUIET]) >= layout.DRAW_PLIES:
                return f"draw by the {layout.DRAW_PLIES // 2}-move rule"
            return "draw by threefold repetition"
        return super().describe_result(state)

    def game_record(self, state: State, headers: dict[str, str]) -> str:
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

    def read_record(self, text: str) -> State:
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
        state = self.state_from_text(start)
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

    # -- display ---------------------------------------------------------------------------------

    def geometry(self) -> Geometry:
        """Cells 0-31 are the playable squares (named 1-32), 32-63 the light squares."""
        cells = []
        dark = {layout.row_col(i): i for i in range(32)}
        light = [(r, c) for r in range(8) for c in range(8) if (r, c) not in dark]
        for index in range(64):
            r, c = layout.row_col(index) if index < 32 else light[index - 32]
            y = 7 - r
            cells.append(
                Cell(
                    index=index,
                    name=str(index + 1) if index < 32 else "",
                    polygon=((c, y), (c + 1, y), (c + 1, y + 1), (c, y + 1)),
                    color=DARK if index < 32 else LIGHT,
                )
            )
        return Geometry(
            cells=tuple(cells),
            player_colors=((200, 30, 30), (248, 248, 248)),
            player_names=self.player_names,
        )

    def pieces(self, arrays: tuple) -> list[PieceView]:
        pos = arrays[0]
        kings = int(pos[KINGS])
        out = []
        for colour in (BLACK, WHITE):
            b = int(pos[colour])
            for i in range(32):
                if b >> i & 1:
                    out.append(PieceView(i, "king" if kings >> i & 1 else "man", colour))
        return out

    def move_cells(self, arrays: tuple, move: int) -> tuple[int, int]:
        return (layout.move_from(move), layout.move_to(move))

    piece_glyphs: ClassVar[tuple[str, ...]] = ("man", "king")
    max_actions_per_move: ClassVar[int] = 12
    """A jump takes at most the opponent's twelve pieces, one hop each."""

    def action_count(self) -> int:
        """One action per (square, square) step: 32 * 32."""
        return 32 * 32

    def move_actions(self, arrays: tuple, move: int) -> tuple[int, ...]:
        """``from*32 + to`` for a step; a jump is one such action per hop, as OpenSpiel
        spells multi-jumps (the same player chooses again until the jump is complete)."""
        if not layout.move_captured(move):
            return (layout.move_from(move) * 32 + layout.move_to(move),)
        path = jump_path(arrays, move)
        return tuple(a * 32 + b for a, b in itertools.pairwise(path))

    def move_tags(self, arrays: tuple, move: int) -> frozenset[str]:
        """``capture`` for a jump, for the window's markers."""
        return frozenset(("capture",)) if layout.move_captured(move) else frozenset()

    def piece_square_map(self) -> dict[str, np.ndarray]:
        """checkers-chinook's square weights of the mover's men and kings (Black's view)."""
        from games.checkers.features import PSQ

        dark = np.arange(32)
        light = np.full(32, -1)
        return {
            "man": np.concatenate([PSQ + dark, light]),
            "king": np.concatenate([PSQ + 32 + dark, light]),
        }

    def board_diagram(self, arrays: tuple) -> str:
        """8x8 ASCII, Black at the top: ``b``/``B`` black man/king, ``w``/``W`` white."""
        grid = [[" "] * 8 for _ in range(8)]
        for i in range(32):
            r, c = layout.row_col(i)
            grid[r][c] = "."
        for piece in self.pieces(arrays):
            r, c = layout.row_col(piece.cell)
            letter = "b" if piece.player == BLACK else "w"
            grid[r][c] = letter.upper() if piece.glyph == "king" else letter
        rows = []
        for r in range(8):
            first = 4 * r + 1
            rows.append(f"{' '.join(grid[r])}   {first}-{first + 3}")
        return "\n".join(rows)


__all__ = ["START_FEN", "CheckersGame", "jump_path", "load_fen", "move_to_pdn", "write_fen"]
