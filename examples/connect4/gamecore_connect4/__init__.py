"""Connect Four: the example gamecore plugin (plain Python, no numba).

Read this file with ``kernel.py`` beside ``docs/plugins.md`` ("Write a game
plugin"): together they are everything a game needs.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from gamecore import BadMove, BadPosition, FeatureSet, Game, State
from gamecore.geometry import Cell, Geometry, PieceView

from . import kernel
from .kernel import CELLS, COLUMNS, ROWS

SYMBOLS = ".xo"


class ConnectFour(Game):
    """Two players drop discs into a 7x6 grid; four in a row wins, a full board draws."""

    name = "connect4"
    kernel_module = "gamecore_connect4.kernel"
    max_moves = COLUMNS
    feature_set = FeatureSet("connect4-cells-lines", 1, 2 * CELLS + 6)
    training_defaults: ClassVar[dict[str, Any]] = {"games": 300, "depth": 3}
    """Self-play to depth 3: a few minutes, and enough to beat zero weights 9 games in 10."""

    @property
    def player_names(self) -> tuple[str, ...]:
        return ("x", "o")

    # -- positions ---------------------------------------------------------

    def new_arrays(self, capacity: int) -> tuple:
        return (
            np.zeros(CELLS, dtype=np.int8),
            np.zeros(COLUMNS, dtype=np.int8),
            np.zeros(3, dtype=np.int64),
            np.zeros(capacity, dtype=np.uint64),
        )

    def start_text(self) -> str:
        return "/".join(["." * COLUMNS] * ROWS) + " x"

    def load_text(self, arrays: tuple, text: str) -> None:
        """Read ``rows/top/to/bottom side``: '.' empty, 'x' and 'o' discs, then who moves."""
        board, height, info, hashes = arrays
        parts = text.split()
        if len(parts) != 2:
            raise BadPosition(f"expected '<rows> <side>', got {text!r}")
        rows, side = parts
        if side not in ("x", "o"):
            raise BadPosition(f"side to move must be 'x' or 'o', not {side!r}")
        lines = rows.split("/")
        if len(lines) != ROWS or any(len(line) != COLUMNS for line in lines):
            raise BadPosition(f"expected {ROWS} rows of {COLUMNS} cells, got {rows!r}")
        for top_row, line in enumerate(lines):
            for col, ch in enumerate(line):
                if ch not in SYMBOLS:
                    raise BadPosition(f"unknown cell {ch!r} (use . x o)")
                board[7 * (ROWS - 1 - top_row) + col] = SYMBOLS.index(ch)
        for col in range(COLUMNS):
            column = board[col::COLUMNS]
            height[col] = np.count_nonzero(column)
            if column[height[col] :].any():
                raise BadPosition(f"column {col + 1} has a disc floating above an empty cell")
        xs, os_ = np.count_nonzero(board == 1), np.count_nonzero(board == 2)
        if (side == "x" and xs != os_) or (side == "o" and xs != os_ + 1):
            raise BadPosition(f"{xs} x and {os_} o discs cannot have {side!r} to move")
        x_won, o_won = kernel.any_line_of(board, 1), kernel.any_line_of(board, 2)
        if x_won and o_won:
            raise BadPosition("both players have four in a row")
        if (x_won and side == "x") or (o_won and side == "o"):
            raise BadPosition(f"{side!r} is to move but already has four in a row")
        info[0] = SYMBOLS.index(side) - 1
        info[1] = 0
        info[2] = x_won or o_won
        hashes[0] = kernel.hash_full(arrays)

    def position_text(self, arrays: tuple) -> str:
        board, _, info, _ = arrays
        rows = [
            "".join(SYMBOLS[board[7 * row + col]] for col in range(COLUMNS))
            for row in reversed(range(ROWS))
        ]
        return "/".join(rows) + " " + "xo"[info[0]]

    def move_to_text(self, arrays: tuple, move: int) -> str:
        """A move is written as its column number, 1 (left) to 7."""
        return str(move)

    def move_from_text(self, state: State, text: str) -> int:
        text = text.strip()  # str.strip() knows more spaces than int() does ("\x1f1")
        if not (text.isascii() and text.isdigit() and 1 <= int(text) <= COLUMNS):
            raise BadMove(f"{text!r} is not a column number 1-{COLUMNS}")
        move = int(text)
        if move not in state.legal_moves():
            raise BadMove(f"column {move} is not playable in position {state.to_text()!r}")
        return move

    def describe_result(self, state: State) -> str:
        winner = state.winner_team()
        if winner is None:
            return "draw: the board is full"
        return f"{self.player_names[winner]} wins with four in a row"

    # -- display -----------------------------------------------------------

    def geometry(self) -> Geometry:
        cells = tuple(
            Cell(
                index=7 * row + col,
                name=f"{col + 1}{row + 1}",
                polygon=((col, row), (col + 1, row), (col + 1, row + 1), (col, row + 1)),
                color=(40, 80, 190),
            )
            for row in range(ROWS)
            for col in range(COLUMNS)
        )
        return Geometry(
            cells=cells,
            player_colors=((220, 40, 40), (240, 210, 40)),
            player_names=self.player_names,
        )

    def pieces(self, arrays: tuple) -> list[PieceView]:
        board = arrays[0]
        return [PieceView(int(c), "disc", int(board[c]) - 1) for c in range(CELLS) if board[c]]

    def action_count(self) -> int:
        """One action per column (the default would spell a drop by its landing cell)."""
        return 7

    def move_actions(self, arrays: tuple, move: int) -> tuple[int, ...]:
        return (move - 1,)

    def move_cells(self, arrays: tuple, move: int) -> tuple[int, int]:
        col = move - 1
        return (-1, 7 * int(arrays[1][col]) + col)

    def board_diagram(self, arrays: tuple) -> str:
        """The grid as it stands, top row first, with the column numbers moves are written in."""
        board = arrays[0]
        rows = [
            "|" + " ".join(SYMBOLS[board[7 * row + col]] for col in range(COLUMNS)) + "|"
            for row in reversed(range(ROWS))
        ]
        return "\n".join([*rows, " " + " ".join(str(c + 1) for c in range(COLUMNS))])
