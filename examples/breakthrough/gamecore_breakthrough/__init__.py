"""Breakthrough: a race game kept beside the examples as a learning yardstick.

Nothing in gamecore was tuned for it: its features are the plainest a plugin
author would write (a 0/1 feature per piece and cell, from the mover's side),
it declares no twins (``side_mirror``) and its training defaults name only the
length of the run. The learning checks of the test suite and of
``benchmarks/`` use it to judge the learners' defaults on a game they have not
seen.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from gamecore import BadMove, BadPosition, FeatureSet, Game, State
from gamecore.geometry import Cell, Geometry, PieceView

from . import kernel
from .kernel import BLACK, CELLS, FAR_ROW, INFO_LEN, PLY, SIDE, SIZE, WHITE, WON

SYMBOLS = ".wb"
FILES = "abcdefgh"


def cell_name(cell: int) -> str:
    """Algebraic name: file letter, then rank 1 (white's home row) to 8."""
    return f"{FILES[cell % SIZE]}{cell // SIZE + 1}"


def cell_of(text: str) -> int | None:
    """The cell an algebraic name like ``c2`` names, or None."""
    if len(text) == 2 and text[0] in FILES and text[1] in "12345678":
        return SIZE * (int(text[1]) - 1) + FILES.index(text[0])
    return None


class Breakthrough(Game):
    """Breakthrough on 8x8: pawns step forward, take diagonally; first to the far row wins."""

    name = "breakthrough"
    kernel_module = "gamecore_breakthrough.kernel"
    max_moves = kernel.MAX_MOVES
    feature_set = FeatureSet("breakthrough-squares", 1, 2 * CELLS)
    feature_ranges = (("squares", 0, 2 * CELLS),)
    training_defaults: ClassVar[dict[str, Any]] = {"games": 600, "depth": 3, "max_plies": 300}
    """The length of the run only: the learners' own defaults do the rest."""

    @property
    def player_names(self) -> tuple[str, ...]:
        return ("white", "black")

    # -- positions ---------------------------------------------------------

    def new_arrays(self, capacity: int) -> tuple:
        return (
            np.zeros(CELLS, dtype=np.int8),
            np.zeros(INFO_LEN, dtype=np.int64),
            np.zeros(capacity, dtype=np.uint64),
            np.zeros(capacity, dtype=np.int8),
        )

    def start_text(self) -> str:
        return "bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w"

    def load_text(self, arrays: tuple, text: str) -> None:
        """Read ``rank8/.../rank1 side``: ``w`` and ``b`` pieces, digits for empty runs."""
        board, info, hashes, _ = arrays
        parts = text.split()
        if len(parts) != 2:
            raise BadPosition(f"expected '<ranks> <side>', got {text!r}")
        ranks, side = parts
        if side not in ("w", "b"):
            raise BadPosition(f"side to move must be 'w' or 'b', not {side!r}")
        lines = ranks.split("/")
        if len(lines) != SIZE:
            raise BadPosition(f"expected {SIZE} ranks separated by '/', got {len(lines)}")
        board[:] = 0
        for top, line in enumerate(lines):
            row = SIZE - 1 - top
            col = 0
            for ch in line:
                if ch in "12345678":
                    col += int(ch)
                elif ch in "wb":
                    if col < SIZE:
                        board[SIZE * row + col] = SYMBOLS.index(ch)
                    col += 1
                else:
                    raise BadPosition(f"unknown square {ch!r} in rank {row + 1} (use w, b, 1-8)")
            if col != SIZE:
                raise BadPosition(f"rank {row + 1} has {col} squares, not {SIZE}")
        white = np.flatnonzero(board == 1)
        black = np.flatnonzero(board == 2)
        if len(white) > 2 * SIZE or len(black) > 2 * SIZE:
            raise BadPosition("a side has more than 16 pieces")
        seat = WHITE if side == "w" else BLACK
        won = {
            WHITE: bool(np.any(white // SIZE == FAR_ROW[WHITE])) or len(black) == 0,
            BLACK: bool(np.any(black // SIZE == FAR_ROW[BLACK])) or len(white) == 0,
        }
        if won[WHITE] and won[BLACK]:
            raise BadPosition("both sides have won (a piece on the far row or no enemy left)")
        if won[seat]:
            raise BadPosition(f"{self.player_names[seat]} is to move but has already won")
        info[SIDE] = seat
        info[PLY] = 0
        info[WON] = 1 if won[1 - seat] else 0
        hashes[0] = kernel.hash_full(arrays)

    def position_text(self, arrays: tuple) -> str:
        board, info = arrays[0], arrays[1]
        ranks = []
        for row in reversed(range(SIZE)):
            text, empty = "", 0
            for col in range(SIZE):
                occupant = int(board[SIZE * row + col])
                if occupant == 0:
                    empty += 1
                    continue
                if empty:
                    text += str(empty)
                    empty = 0
                text += SYMBOLS[occupant]
            ranks.append(text + (str(empty) if empty else ""))
        return "/".join(ranks) + " " + "wb"[int(info[SIDE])]

    def move_cells(self, arrays: tuple, move: int) -> tuple[int, int]:
        frm = (move - 1) // 3
        seat = int(arrays[1][SIDE])
        return frm, int(kernel.step_target(frm, (move - 1) % 3, seat))

    def move_to_text(self, arrays: tuple, move: int) -> str:
        """``c2-c3`` for a step, ``c2xd3`` for a capture."""
        frm, to = self.move_cells(arrays, move)
        sep = "x" if arrays[0][to] else "-"
        return f"{cell_name(frm)}{sep}{cell_name(to)}"

    def move_from_text(self, state: State, text: str) -> int:
        """``c2-c3``, ``c2xd3`` or ``c2d3``."""
        spelled = text.strip().replace("-", "").replace("x", "")
        frm, to = cell_of(spelled[:2]), cell_of(spelled[2:])
        if len(spelled) != 4 or frm is None or to is None:
            raise BadMove(f"{text!r} is not a move like c2-c3 or c2xd3")
        for move in state.legal_moves():
            if self.move_cells(state.arrays, move) == (frm, to):
                return move
        raise BadMove(f"{text!r} is not legal in position {state.to_text()!r}")

    def describe_result(self, state: State) -> str:
        winner = state.winner_team()
        if winner is None:
            return "unfinished"
        loser = 1 - winner
        board = state.arrays[0]
        if not np.any(board == loser + 1):
            return f"{self.player_names[winner]} wins: no {self.player_names[loser]} piece left"
        return f"{self.player_names[winner]} wins by reaching the far row"

    # -- display -----------------------------------------------------------

    def geometry(self) -> Geometry:
        light, dark = (232, 208, 160), (176, 136, 96)
        cells = tuple(
            Cell(
                index=SIZE * row + col,
                name=cell_name(SIZE * row + col),
                polygon=((col, row), (col + 1, row), (col + 1, row + 1), (col, row + 1)),
                color=light if (row + col) % 2 else dark,
            )
            for row in range(SIZE)
            for col in range(SIZE)
        )
        return Geometry(
            cells=cells,
            player_colors=((245, 245, 240), (30, 30, 30)),
            player_names=self.player_names,
        )

    def pieces(self, arrays: tuple) -> list[PieceView]:
        board = arrays[0]
        return [PieceView(int(c), "P", int(board[c]) - 1) for c in range(CELLS) if board[c]]

    def move_tags(self, arrays: tuple, move: int) -> frozenset[str]:
        taken = arrays[0][self.move_cells(arrays, move)[1]]
        return frozenset({"capture"}) if taken else frozenset()

    def feature_names(self) -> list[str]:
        """``own:c2`` and ``opp:c2``: a piece on c2 as the mover sees the board (its home row
        is rank 1, whichever colour it plays)."""
        return [f"{whose}:{cell_name(cell)}" for whose in ("own", "opp") for cell in range(CELLS)]

    def piece_square_map(self) -> dict[str, np.ndarray]:
        """The mover's piece squares, drawn in white's frame (black's are the same turned)."""
        return {"P": np.arange(CELLS)}

    def board_diagram(self, arrays: tuple) -> str:
        board = arrays[0]
        rows = [
            f"{row + 1} " + " ".join(SYMBOLS[board[SIZE * row + col]] for col in range(SIZE))
            for row in reversed(range(SIZE))
        ]
        return "\n".join([*rows, "  " + " ".join(FILES)])
