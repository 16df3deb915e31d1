"""English checkers (American checkers, English draughts): a numba bitboard rules engine.

:class:`CheckersGame` is the plugin (entry point ``checkers``). Positions are
draughts FEN (``B:W21,...,32:B1,...,12``: side to move, then each colour's
squares, ``K`` before a king), moves PDN (``11-15``; jumps list every landing
square, ``22x13x6``; ``22x6`` is read too when only one jump goes so), games
PDN (:mod:`games.checkers.notation`). The kernel is :mod:`games.checkers.kernel`;
the state arrays and move encoding are documented in :mod:`games.checkers.layout`.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from gamecore.game import FeatureSet, Game
from gamecore.geometry import Cell, Geometry, PieceView
from gamecore.kernel_api import DRAW, LOSS, ONGOING
from games.checkers import layout, notation
from games.checkers.features import FEATURE_SET, GROUPS, side_mirror
from games.checkers.layout import BLACK, KINGS, QUIET, WHITE
from games.checkers.notation import START_FEN, jump_path, load_fen, move_to_pdn, write_fen

if TYPE_CHECKING:
    from gamecore.neighbourhoods import Relations
    from gamecore.state import State

LIGHT = (240, 217, 181)
DARK = (110, 140, 90)


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
        return notation.move_from_pdn(state, text)

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
        return notation.game_record(state, headers)

    def time_loss_headers(self, state: State, seat: int) -> dict[str, str]:
        """PDN's result (from Black's side: ``1-0`` Black won) of a game lost on time."""
        return self.ending_headers(state, 1 - self.team_of(seat), "time forfeit")

    def ending_headers(self, state: State, winner: int | None, termination: str) -> dict[str, str]:
        """PDN's result from Black's side (``1-0`` Black won, ``1/2-1/2`` a draw) of a game
        ended off the board."""
        if winner is None:
            return {"Result": "1/2-1/2", "Termination": termination}
        black_won = winner == self.team_of(BLACK)
        return {"Result": "1-0" if black_won else "0-1", "Termination": termination}

    def read_record(self, text: str) -> State:
        """The first game of a PDN text, replayed: tags (``FEN`` when ``SetUp``/``FEN`` is
        given), move numbers, comments ``{...}``, variations ``(...)``, NAGs and move
        strengths are skipped; the game ends at its result. One-line errors."""
        return notation.read_record(self, text)

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

    def piece_svg(self, glyph: str, player: int, fill: str, stroke: str) -> str | None:
        """Draughts men, and kings as two men stacked under a crown."""
        from gamecore.art import draughts_king, draughts_man

        return draughts_king(fill, stroke) if glyph == "king" else draughts_man(fill, stroke)

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

    def side_mirror(self) -> np.ndarray:
        return side_mirror()

    def neighbourhood_relations(self) -> Relations:
        """The four diagonals through each square (seed 001's neighbourhoods)."""
        from games.checkers.neighbourhoods import relations

        return relations()

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
