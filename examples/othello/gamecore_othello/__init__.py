"""Othello (Reversi): an example gamecore plugin with a numba-compiled bitboard kernel.

Read this file with ``kernel.py`` beside ``docs/plugins.md``. Compared with the
Connect Four example it shows a move that changes many cells at once (the
undo record is one flip mask per ply) and a pass that is a real move.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from gamecore import BadMove, BadPosition, FeatureSet, Game, State
from gamecore.geometry import Cell, Geometry, PieceView

from . import kernel
from .kernel import BLACK, CELLS, PASS, PLY, SIDE, SIZE, WHITE

SYMBOLS = ".bw"
FILES = "abcdefgh"
CENTRE = (27, 28, 35, 36)
"""d4 e4 d5 e5: filled at the start and never emptied, so every real position has them."""


def cell_name(cell: int) -> str:
    """Algebraic name of a cell: file letter, then row number counted from the top."""
    return f"{FILES[cell % SIZE]}{cell // SIZE + 1}"


def _cell_of(text: str) -> int | None:
    """The cell an algebraic name like ``d3`` names, or None."""
    if len(text) == 2 and text[0] in FILES and text[1] in "12345678":
        return SIZE * (int(text[1]) - 1) + FILES.index(text[0])
    return None


def _bits(cells: list[int]) -> np.uint64:
    return np.uint64(sum(1 << c for c in cells))


def _cells(bits: np.uint64) -> list[int]:
    return [c for c in range(CELLS) if int(bits) >> c & 1]


class Othello(Game):
    """Othello on 8x8: flank a line of opponent discs to turn them; most discs at the end wins."""

    name = "othello"
    kernel_module = "gamecore_othello.kernel"
    max_moves = CELLS - len(CENTRE)
    """At most one move per empty cell, and the four centre cells are never empty."""
    feature_set = FeatureSet("othello-cells-mobility", 1, 2 * CELLS + 4)
    has_passes = True
    # TreeStrap(αβ) self-play at depth 3 takes 0.1 to 0.2 s a game here: 4,000 games make a
    # run of a few minutes (docs/results.md has the measured time and strength). A game lasts
    # at most 60 disc moves and a pass between two of them, so 130 plies never adjudicates a
    # real game.
    training_defaults: ClassVar[dict[str, Any]] = {
        "games": 4000,
        "depth": 3,
        "max_plies": 130,
        "opening_plies": 4,
        "checkpoint_every": 50,
    }

    @property
    def player_names(self) -> tuple[str, ...]:
        return ("black", "white")

    # -- positions ---------------------------------------------------------

    def new_arrays(self, capacity: int) -> tuple:
        return (
            np.zeros(2, dtype=np.uint64),
            np.zeros(2, dtype=np.int64),
            np.zeros(capacity, dtype=np.uint64),
            np.zeros(capacity, dtype=np.uint64),
        )

    def start_text(self) -> str:
        empty = "." * SIZE
        return "/".join([empty] * 3 + ["...wb...", "...bw..."] + [empty] * 3) + " b"

    def load_text(self, arrays: tuple, text: str) -> None:
        """Read ``rows/top/to/bottom side``: '.' empty, 'b' and 'w' discs, then who moves."""
        discs, info, hashes, _ = arrays
        parts = text.split()
        if len(parts) != 2:
            raise BadPosition(f"expected '<rows> <side>', got {text!r}")
        rows, side = parts
        if side not in ("b", "w"):
            raise BadPosition(f"side to move must be 'b' or 'w', not {side!r}")
        lines = rows.split("/")
        if len(lines) != SIZE:
            raise BadPosition(f"expected {SIZE} rows separated by '/', got {len(lines)}")
        owned: tuple[list[int], list[int]] = ([], [])
        for row, line in enumerate(lines):
            if len(line) != SIZE:
                raise BadPosition(f"row {row + 1} has {len(line)} cells, not {SIZE}: {line!r}")
            for col, ch in enumerate(line):
                if ch not in SYMBOLS:
                    raise BadPosition(f"unknown cell {ch!r} in row {row + 1} (use . b w)")
                if ch != ".":
                    owned[SYMBOLS.index(ch) - 1].append(SIZE * row + col)
        empty_centre = [cell_name(c) for c in CENTRE if c not in owned[BLACK] + owned[WHITE]]
        if empty_centre:
            raise BadPosition(f"centre cell {empty_centre[0]} is empty; the game starts there")
        discs[BLACK] = _bits(owned[BLACK])
        discs[WHITE] = _bits(owned[WHITE])
        info[SIDE] = SYMBOLS.index(side) - 1
        info[PLY] = 0
        hashes[0] = kernel.hash_full(arrays)

    def position_text(self, arrays: tuple) -> str:
        grid = self._grid(arrays)
        rows = ["".join(grid[SIZE * row : SIZE * (row + 1)]) for row in range(SIZE)]
        return "/".join(rows) + " " + SYMBOLS[1 + int(arrays[1][SIDE])]

    def move_to_text(self, arrays: tuple, move: int) -> str:
        """A disc move is its cell, ``d3``; the forced pass is ``pass``."""
        return "pass" if move == PASS else cell_name(move - 1)

    def move_from_text(self, state: State, text: str) -> int:
        wanted = text.strip().lower()
        legal = state.legal_moves()
        mover = self.player_names[state.player]
        if not legal:
            raise BadMove(f"{wanted!r}: the game is over")
        if wanted == "pass":
            if PASS not in legal:
                shown = " ".join(sorted(self.move_to_text(state.arrays, m) for m in legal))
                raise BadMove(f"{mover} may not pass with a disc to place ({shown})")
            return PASS
        cell = _cell_of(wanted)
        if cell is None:
            raise BadMove(f"{text.strip()!r} is not a cell a1-h8 or 'pass'")
        discs = state.arrays[0]
        if (int(discs[BLACK]) | int(discs[WHITE])) >> cell & 1:
            raise BadMove(f"{wanted} is occupied")
        if cell + 1 not in legal:
            other = self.player_names[1 - state.player]
            raise BadMove(f"{wanted} flanks no line of {other} discs")
        return cell + 1

    def describe_result(self, state: State) -> str:
        black, white = self.disc_counts(state.arrays)
        winner = state.winner_team()
        if winner is None:
            return f"draw, {black}-{white}"
        high, low = max(black, white), min(black, white)
        return f"{self.player_names[winner]} wins {high}-{low}"

    def disc_counts(self, arrays: tuple) -> tuple[int, int]:
        """Black's and white's discs on the board."""
        discs = arrays[0]
        return int(discs[BLACK]).bit_count(), int(discs[WHITE]).bit_count()

    def _grid(self, arrays: tuple) -> list[str]:
        """The symbol on each cell, in cell order."""
        grid = ["."] * CELLS
        for seat in (BLACK, WHITE):
            for c in _cells(arrays[0][seat]):
                grid[c] = SYMBOLS[1 + seat]
        return grid

    # -- display -----------------------------------------------------------

    def geometry(self) -> Geometry:
        cells = tuple(
            Cell(
                index=cell,
                name=cell_name(cell),
                # y grows upwards in board coordinates; row 0 is the top row.
                polygon=((col, top - 1), (col + 1, top - 1), (col + 1, top), (col, top)),
                color=(0, 120, 60),
            )
            for cell in range(CELLS)
            for col, top in [(cell % SIZE, SIZE - cell // SIZE)]
        )
        return Geometry(
            cells=cells,
            player_colors=((20, 20, 20), (245, 245, 245)),
            player_names=self.player_names,
        )

    def pieces(self, arrays: tuple) -> list[PieceView]:
        return [
            PieceView(c, "disc", seat) for seat in (BLACK, WHITE) for c in _cells(arrays[0][seat])
        ]

    def move_cells(self, arrays: tuple, move: int) -> tuple[int, int]:
        return (-1, -1) if move == PASS else (-1, move - 1)

    def move_tags(self, arrays: tuple, move: int) -> frozenset[str]:
        return frozenset({"pass"}) if move == PASS else frozenset()

    def piece_square_map(self) -> dict[str, np.ndarray]:
        """The mover's disc weight on each cell (the opponent's are the next 64 features)."""
        return {"disc": np.arange(CELLS)}

    def board_diagram(self, arrays: tuple) -> str:
        """The board, top row first, with the file letters and row numbers moves are written in,
        and the disc count, which decides the game."""
        grid = self._grid(arrays)
        rows = [
            f"{row + 1} " + " ".join(grid[SIZE * row : SIZE * (row + 1)]) for row in range(SIZE)
        ]
        black, white = self.disc_counts(arrays)
        return "\n".join(["  " + " ".join(FILES), *rows, f"discs: b {black}, w {white}"])
