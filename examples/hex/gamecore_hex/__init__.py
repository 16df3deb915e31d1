"""Hex: an example gamecore plugin with a numba-compiled kernel and a board-size option.

Read this file with ``kernel.py`` beside ``docs/plugins.md``. Compared with the
Connect Four example it shows game options (``-o size=9 -o swap=1``) carried
into the kernel through the state arrays, so one compiled kernel serves every
size, and features built for a linear evaluation to learn from.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

import numpy as np

from gamecore import BadMove, BadOption, BadPosition, FeatureSet, Game, State
from gamecore.geometry import Cell, Geometry, PieceView

from . import kernel
from .kernel import (
    BLUE,
    DEFAULT_SIZE,
    DIST_BUCKETS,
    INFO_LEN,
    MAX_SIZE,
    MIN_SIZE,
    PLY,
    RED,
    SIDE,
    SIZE,
    SWAP,
    SWAP_ON,
    WON,
    feature_count,
)

SYMBOLS = ".rb"
LETTERS = "abcdefghijk"
_TRUE = ("1", "on", "yes", "true")
_FALSE = ("0", "off", "no", "false")


def _flag(value: Any) -> bool:
    """A yes/no game option as typed on the command line (``-o swap=1``, ``swap=on``)."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise BadOption(f"hex option swap is on or off (1/0), not {value!r}")


class HexGame(Game):
    """Hex on an NxN rhombus (-o size=3..11, default 7): red joins top to bottom, blue sideways."""

    name = "hex"
    kernel_module = "gamecore_hex.kernel"
    max_moves = DEFAULT_SIZE * DEFAULT_SIZE
    feature_set = FeatureSet(f"hex{DEFAULT_SIZE}-cells-distance", 1, feature_count(DEFAULT_SIZE))
    # TreeStrap(αβ) self-play on 7x7 at depth 3 takes about 0.37 s a game on two shared cores:
    # these 300 games ran in 1 min 53 s warm (about 30 s more when numba compiles first), and
    # the weights then won 40 of 40 depth-2 games against zero weights.
    training_defaults: ClassVar[dict[str, Any]] = {
        "games": 300,
        "depth": 3,
        "max_plies": 200,
        "opening_plies": 2,
        "checkpoint_every": 50,
    }

    def __init__(self, size: int = DEFAULT_SIZE, swap: Any = False, **options: Any) -> None:
        super().__init__(**options)
        try:
            size = int(size)
        except (TypeError, ValueError):
            raise BadOption(f"hex option size is a whole number, not {size!r}") from None
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise BadOption(f"hex size must be {MIN_SIZE} to {MAX_SIZE}, not {size}")
        self.size = size
        self.swap = _flag(swap)
        self.max_moves = size * size
        self.feature_set = FeatureSet(f"hex{size}-cells-distance", 1, feature_count(size))
        cells = size * size
        self.feature_ranges = (
            ("cells", 0, 2 * cells),
            ("distance", 2 * cells, 2 * cells + 2 * DIST_BUCKETS),
        )

    @property
    def player_names(self) -> tuple[str, ...]:
        return ("red", "blue")

    # -- positions ---------------------------------------------------------

    def new_arrays(self, capacity: int) -> tuple:
        cells = self.size * self.size
        return (
            np.zeros(cells, dtype=np.int8),
            np.zeros(INFO_LEN, dtype=np.int64),
            np.zeros(capacity, dtype=np.uint64),
            np.zeros(3 * cells, dtype=np.int32),
        )

    def start_text(self) -> str:
        return "/".join(["." * self.size] * self.size) + " r"

    def load_text(self, arrays: tuple, text: str) -> None:
        """Read ``row/row/... side``, top row first: '.' empty, 'r' 'b' stones, then the mover."""
        board, info, hashes, work = arrays
        n = self.size
        parts = text.split()
        if len(parts) != 2:
            raise BadPosition(f"expected '<rows> <side>', got {text!r}")
        rows, side = parts
        if side not in ("r", "b"):
            raise BadPosition(f"side to move must be 'r' or 'b', not {side!r}")
        lines = rows.split("/")
        if len(lines) != n or any(len(line) != n for line in lines):
            raise BadPosition(f"expected {n} rows of {n} cells for size {n}, got {rows!r}")
        for r, line in enumerate(lines):
            for c, ch in enumerate(line):
                if ch not in SYMBOLS:
                    raise BadPosition(f"unknown cell {ch!r} in row {r + 1} (use . r b)")
                board[n * r + c] = SYMBOLS.index(ch)
        reds, blues = int(np.count_nonzero(board == RED)), int(np.count_nonzero(board == BLUE))
        mover = SYMBOLS.index(side) - 1
        # Red moves first, so red has as many stones as blue or one more; after blue swaps
        # red's first stone for its own, blue is the one ahead by a stone.
        lead = reds - blues if mover == 0 else reds - blues - 1
        if lead != 0 and not (self.swap and lead == -1 and blues > 0):
            hint = "" if self.swap else " (blue ahead happens only with -o swap=1)"
            raise BadPosition(
                f"{reds} red and {blues} blue stones cannot have {side!r} to move{hint}"
            )
        for owner, name in ((RED, "red"), (BLUE, "blue")):
            if kernel.distance(board, n, owner, work) == 0:
                if owner == mover + 1:
                    raise BadPosition(f"{name} is to move but has already joined its edges")
                if not self._last_stone_exists(board, owner, work):
                    raise BadPosition(f"{name} joins its edges twice over: no last move made it")
                info[WON] = 1
        info[SIDE] = mover
        info[PLY] = 0
        info[SIZE] = n
        info[SWAP_ON] = self.swap
        hashes[0] = kernel.hash_full(arrays)

    def _last_stone_exists(self, board: np.ndarray, owner: int, work: np.ndarray) -> bool:
        """Whether some stone of ``owner`` could have been the move that joined its edges."""
        n = self.size
        for c in np.flatnonzero(board == owner):
            board[c] = 0
            joined = kernel.distance(board, n, owner, work) == 0
            board[c] = owner
            if not joined:
                return True
        return False

    def position_text(self, arrays: tuple) -> str:
        board, info = arrays[0], arrays[1]
        n = self.size
        rows = ["".join(SYMBOLS[board[n * r + c]] for c in range(n)) for r in range(n)]
        return "/".join(rows) + " " + "rb"[info[SIDE]]

    def cell_name(self, cell: int) -> str:
        """``c4``: the column letter, then the row number counted from the top (red's edge)."""
        row, col = divmod(cell, self.size)
        return f"{LETTERS[col]}{row + 1}"

    def move_to_text(self, arrays: tuple, move: int) -> str:
        """A stone is written as its cell (``c4``); the pie-rule move as ``swap``."""
        return "swap" if move == SWAP else self.cell_name(move - 1)

    def move_from_text(self, state: State, text: str) -> int:
        wanted = text.strip().lower()
        legal = state.legal_moves()
        where = f"in position {state.to_text()!r}"
        if not legal:
            raise BadMove(f"the game is over {where}")
        if wanted == "swap":
            if SWAP in legal:
                return SWAP
            if not self.swap:
                raise BadMove("swap is not allowed: the game is played without -o swap=1")
            raise BadMove(f"swap is only blue's answer to red's first stone, not playable {where}")
        n = self.size
        col = LETTERS.find(wanted[:1]) if wanted[:1].isalpha() else -1
        digits = wanted[1:]
        if not (0 <= col < n and digits.isascii() and digits.isdigit() and 1 <= int(digits) <= n):
            raise BadMove(
                f"{text!r} is not a cell of the {n}x{n} board "
                f"(columns a-{LETTERS[n - 1]}, rows 1-{n}, or swap)"
            )
        move = n * (int(digits) - 1) + col + 1
        if move not in legal:
            raise BadMove(f"{wanted} is already taken {where}")
        return move

    def describe_result(self, state: State) -> str:
        winner = state.winner_team()
        if winner is None:
            return "the game is still going"
        if winner == 0:
            return "red wins by joining the top and bottom edges"
        return "blue wins by joining the left and right edges"

    # -- display -----------------------------------------------------------

    def geometry(self) -> Geometry:
        """Pointy-top hexagons in the slanted rhombus: each row half a cell right of the one above.

        Cells along red's edges (top and bottom rows) are tinted red, along blue's
        (left and right columns) blue, and the four corners, which belong to both, in between.
        """
        n = self.size
        radius = 1 / math.sqrt(3)
        corners = [
            (radius * math.cos(math.radians(a)), radius * math.sin(math.radians(a)))
            for a in range(30, 390, 60)
        ]
        cells = []
        for row in range(n):
            for col in range(n):
                x = col + row / 2
                y = -row * math.sqrt(3) / 2
                red_edge = row in (0, n - 1)
                blue_edge = col in (0, n - 1)
                if red_edge and blue_edge:
                    color = (205, 165, 190)
                elif red_edge:
                    color = (235, 170, 155)
                elif blue_edge:
                    color = (165, 185, 235)
                else:
                    color = (235, 215, 170)
                cells.append(
                    Cell(
                        index=n * row + col,
                        name=self.cell_name(n * row + col),
                        polygon=tuple((round(x + dx, 4), round(y + dy, 4)) for dx, dy in corners),
                        color=color,
                    )
                )
        return Geometry(
            cells=tuple(cells),
            player_colors=((200, 30, 30), (30, 70, 200)),
            player_names=self.player_names,
        )

    def pieces(self, arrays: tuple) -> list[PieceView]:
        board = arrays[0]
        return [
            PieceView(int(c), "stone", int(board[c]) - 1) for c in range(len(board)) if board[c]
        ]

    def move_cells(self, arrays: tuple, move: int) -> tuple[int, int]:
        """A stone: (-1, its cell). Swap: red's stone and the mirrored cell blue's stone takes."""
        if move != SWAP:
            return (-1, move - 1)
        n = self.size
        red = int(np.flatnonzero(arrays[0])[0])
        row, col = divmod(red, n)
        return (red, col * n + row)

    def piece_square_map(self) -> dict[str, np.ndarray]:
        """The own-stone weights, in red's frame (blue's are the same weights transposed)."""
        return {"stone": np.arange(self.size * self.size, dtype=np.int64)}

    def board_diagram(self, arrays: tuple) -> str:
        """The rhombus slanted as it is drawn: each row half a cell right of the one above."""
        board = arrays[0]
        n = self.size
        letters = " ".join(LETTERS[:n])
        lines = ["    " + letters]
        for row in range(n):
            cells = " ".join(SYMBOLS[board[n * row + col]] for col in range(n))
            lines.append(f"{' ' * row}{row + 1:>2}  {cells}  {row + 1}")
        lines.append(" " * (n + 3) + letters)
        lines.append("red joins top and bottom, blue joins left and right")
        return "\n".join(lines)
