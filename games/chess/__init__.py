"""Chess: a numba bitboard rules engine behind the gamecore interface.

:class:`ChessGame` is the plugin (entry point ``chess``). Positions are FEN,
moves are written in UCI (``e2e4``, ``e7e8q``, castling as ``e1g1``) and read
in UCI or SAN. The kernel is :mod:`games.chess.kernel`; the state arrays and
move encoding are documented in :mod:`games.chess.layout`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from gamecore.errors import BadMove, BadPosition
from gamecore.game import FeatureSet, Game
from gamecore.geometry import Cell, Geometry, PieceView
from gamecore.kernel_api import ONGOING
from gamecore.play.records import without_variations
from games.chess import layout
from games.chess.features import FEATURE_SET, GROUPS, side_mirror
from games.chess.fen import START_FEN, load_fen, write_fen

if TYPE_CHECKING:
    from gamecore.neighbourhoods import Relations
    from gamecore.search import Score
    from gamecore.state import State

_UCI = re.compile(r"[a-h][1-8][a-h][1-8][nbrq]?")
_GLYPHS = "PNBRQK"
_PROMO_LETTERS = " nbrq"
LIGHT = (240, 217, 181)
DARK = (181, 136, 99)


def move_to_uci(move: int) -> str:
    """The UCI spelling of an encoded move (castling as the king's two-square step)."""
    text = layout.square_name(layout.move_from(move)) + layout.square_name(layout.move_to(move))
    promo = layout.move_promo(move)
    return text + _PROMO_LETTERS[promo] if promo else text


def _pgn_move_tokens(text: str) -> list[str]:
    """The main-line move words of the first game of a PGN text (no tags, comments, numbers,
    NAGs, variations or result), to check that python-chess read every one of them."""
    body = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("["))
    body = without_variations(re.sub(r"\{[^}]*\}|;[^\n]*", " ", body), "PGN")
    tokens = []
    for word in re.sub(r"\d+\.(\.\.)?", " ", body).split():
        if word in ("1-0", "0-1", "1/2-1/2", "*"):
            break
        if not word.startswith("$"):
            tokens.append(word)
    return tokens


_PROMOTION_PIECES = (layout.KNIGHT, layout.BISHOP, layout.ROOK, layout.QUEEN)


class ChessGame(Game):
    """Standard chess under FIDE rules (threefold repetition and the 50-move rule end the game)."""

    name: ClassVar[str] = "chess"
    kernel_module: ClassVar[str] = "games.chess.kernel"
    max_moves: ClassVar[int] = 256
    feature_set: ClassVar[FeatureSet] = FEATURE_SET
    feature_ranges = GROUPS
    has_kings: ClassVar[bool] = True
    record_suffix: ClassVar[str] = ".pgn"
    opening_books: ClassVar[dict[str, Path]] = {
        "balanced-4": Path(__file__).parent / "books" / "balanced-4.txt"
    }
    """Four-ply lines within 35 centipawns of equality for Stockfish, spread over many first
    moves (made by benchmarks/make_chess_book.py; the file's header has the settings)."""
    # Depth-3 self-play games take about a second each here: 400 of them make a
    # default run of several minutes (averaging needs a run long enough to average).
    training_defaults: ClassVar[dict] = {
        "games": 400,
        "depth": 3,
        "max_plies": 200,
        "opening_plies": 4,
        "checkpoint_every": 10,
    }
    # Against the hand-set weights, the recipe that learned from random weights to their
    # level (51.8-52.0% over 800 games after 6,000 training games, docs/results.md): each
    # finished game pulls the material group alone towards its result, updates go to the
    # quiet end of each capture line, and NLMS works on features of one scale. With the
    # pull spread over every group the same seed scored 42.5% after 2,000 games, 47.2% here.
    training_defaults_against: ClassVar[dict[str, dict[str, Any]]] = {
        "default": {
            "update": "nlms-scaled",
            "outcome_step": 3.0,
            "outcome_groups": "material",
            "quiet_leaves": True,
        }
    }

    @property
    def player_names(self) -> tuple[str, ...]:
        return ("white", "black")

    def side_mirror(self) -> np.ndarray:
        return side_mirror()

    def game_record(self, state: State, headers: dict[str, str]) -> str:
        """PGN, through python-chess."""
        from games.chess.interop import to_pgn

        return to_pgn(state, headers)

    def annotated_record(self, state: State, headers: dict[str, str], notes: list) -> str:
        """PGN with each move's note as its comment (:func:`games.chess.interop.to_pgn`)."""
        from games.chess.interop import to_pgn

        return to_pgn(state, headers, notes)

    def time_loss_headers(self, state: State, seat: int) -> dict[str, str]:
        """PGN's result and termination of a game lost on time (the ``Result`` header wins
        over the position's in :meth:`game_record`): a draw if the other side cannot mate."""
        return self.ending_headers(state, self.time_loss_winner(state, seat), "time forfeit")

    def can_win(self, state: State, team: int) -> bool:
        """False when ``team`` has too little to mate by any series of legal moves (a lone
        king; a king and a knight against a king and queen): python-chess's test, which
        never says so of a side that could still mate, a helpmate included."""
        import chess

        from games.chess.interop import to_board

        color = chess.WHITE if team == 0 else chess.BLACK
        return not to_board(state).has_insufficient_material(color)

    def ending_headers(self, state: State, winner: int | None, termination: str) -> dict[str, str]:
        """PGN's result (``1-0``, ``0-1``, ``1/2-1/2``) of a game ended off the board."""
        result = "1/2-1/2" if winner is None else ("1-0" if winner == 0 else "0-1")
        return {"Result": result, "Termination": termination}

    def read_record(self, text: str) -> State:
        """The first game of a PGN text (SetUp/FEN tags honoured), replayed to its last move.

        A leading byte-order mark is skipped; a game of another variant (``[Variant
        "Atomic"]``) is refused by name rather than read as standard chess.

        python-chess parses the PGN; a move it cannot read, a word in the move text
        that is not a move, or a text with neither tags nor moves is a one-line
        :class:`BadMove`/:class:`BadPosition` (python-chess alone skips some of these).
        """
        import io

        import chess.pgn

        from games.chess.interop import from_board

        class Strict(chess.pgn.GameBuilder):
            def handle_error(self, error: Exception) -> None:
                raise error

        text = text.removeprefix("\ufeff")
        try:
            record = chess.pgn.read_game(io.StringIO(text), Visitor=Strict)
        except ValueError as exc:
            raise BadMove(f"unreadable PGN: {str(exc).splitlines()[0]}") from None
        if record is None:
            raise BadPosition("no PGN game in the text")
        variant = record.headers.get("Variant", "Standard")
        if variant.lower() not in ("standard", "chess", "normal", "from position"):
            raise BadPosition(f"the PGN game is {variant[:40]!r} chess; gamecore plays standard")
        tokens = _pgn_move_tokens(text)
        played = len(list(record.mainline_moves()))
        if played != len(tokens):
            bad = tokens[played] if played < len(tokens) else "?"
            raise BadMove(f"unreadable PGN: {bad!r} is not a move")
        if not tokens and not re.search(r"^\s*\[", text, re.MULTILINE):
            raise BadPosition("not a PGN game: no tags and no moves")
        try:
            return from_board(record.end().board())
        except (BadMove, BadPosition) as exc:
            raise BadMove(f"PGN game: {exc}") from None

    # -- positions ---------------------------------------------------------

    def new_arrays(self, capacity: int) -> tuple:
        return layout.new_arrays(capacity)

    def start_text(self) -> str:
        return START_FEN

    def load_text(self, arrays: tuple, text: str) -> None:
        load_fen(arrays, text)

    def position_text(self, arrays: tuple) -> str:
        return write_fen(arrays)

    def move_to_text(self, arrays: tuple, move: int) -> str:
        return move_to_uci(move)

    def move_record_text(self, arrays: tuple, move: int) -> str:
        """SAN, as people read and PGN writes it: ``Nf3``, ``exd5``, ``O-O``, ``e8=Q+``."""
        import chess

        return chess.Board(write_fen(arrays)).san(chess.Move.from_uci(move_to_uci(move)))

    def move_from_text(self, state: State, text: str) -> int:
        """The legal move written in UCI (``e7e8q``) or SAN (``exd8=Q+``, ``O-O``)."""
        import chess

        wanted = text.strip()
        by_uci = {move_to_uci(m): m for m in state.legal_moves()}
        if _UCI.fullmatch(wanted):
            if wanted in by_uci:
                return by_uci[wanted]
            if wanted + "q" in by_uci:
                raise BadMove(f"illegal move {wanted!r}: a promotion needs a piece, e.g. {wanted}q")
            raise BadMove(f"illegal move {wanted!r} in position {state.to_text()!r}")
        board = chess.Board(state.to_text())
        try:
            parsed = board.parse_san(wanted)
        except chess.AmbiguousMoveError:
            raise BadMove(f"ambiguous move {wanted!r} in position {state.to_text()!r}") from None
        except chess.IllegalMoveError:
            raise BadMove(f"illegal move {wanted!r} in position {state.to_text()!r}") from None
        except ValueError:
            raise BadMove(
                f"malformed move {text!r}: expected UCI like e2e4 or SAN like Nf3"
            ) from None
        uci = parsed.uci()
        if uci not in by_uci:  # python-chess and the kernel disagree: a bug, say so loudly
            raise BadMove(f"move {wanted!r} ({uci}) is not legal here by the kernel")
        return by_uci[uci]

    def score_text(self, score: Score) -> str:
        """Centipawns, or mate in moves of the winner (negative when mated), as chess
        programs print them."""
        from gamecore.interop.uci import mate_in_moves

        if score.mate is not None:
            return f"mate {mate_in_moves(score.mate)}"
        return f"cp {round(score.value)}"

    def describe_result(self, state: State) -> str:
        """Who won and why: checkmate, stalemate, repetition, 50-move rule or dead position."""
        from games.chess.rules import insufficient_material, is_repetition

        if not state.legal_moves():
            if state.in_check():
                return f"{self.player_names[1 - state.team]} wins by checkmate"
            return "draw by stalemate"
        if state.status() == ONGOING:
            return "the game is still going"
        if int(state.arrays[0][layout.HALFMOVE]) >= 100:
            return "draw by the fifty-move rule"
        if is_repetition(state.arrays):
            return "draw by threefold repetition"
        if insufficient_material(state.arrays):
            return "draw by insufficient material"
        return super().describe_result(state)

    # -- display -----------------------------------------------------------

    def geometry(self) -> Geometry:
        cells = tuple(
            Cell(
                index=sq,
                name=layout.square_name(sq),
                polygon=(
                    (sq & 7, sq >> 3),
                    ((sq & 7) + 1, sq >> 3),
                    ((sq & 7) + 1, (sq >> 3) + 1),
                    (sq & 7, (sq >> 3) + 1),
                ),
                color=DARK if ((sq & 7) + (sq >> 3)) % 2 == 0 else LIGHT,
            )
            for sq in range(64)
        )
        return Geometry(
            cells=cells,
            player_colors=((248, 248, 248), (24, 24, 24)),
            player_names=self.player_names,
        )

    EXTRA_PLANES = 6
    """Planes between the pieces and the side to move (the last plane): castling rights
    (own O-O, own O-O-O, the opponent's O-O, O-O-O), the en passant square, the fifty-move
    count."""

    def observation_shape(self) -> tuple[int, ...]:
        base, cells = super().observation_shape()
        return (base + self.EXTRA_PLANES, cells)

    def observe(self, arrays: tuple, seat: int) -> np.ndarray:
        """The pieces and the side to move (as every game), and what else the rules
        depend on: castling rights, the en passant square and the fifty-move count (a
        plane of halfmoves / 100), seen from ``seat``."""
        planes = super().observe(arrays, seat)
        pos = arrays[0]
        extra = planes[-1 - self.EXTRA_PLANES : -1]  # the side to move stays the last plane
        rights = int(pos[layout.CASTLE])
        white = (layout.WHITE_OO, layout.WHITE_OOO)
        black = (layout.BLACK_OO, layout.BLACK_OOO)
        for plane, right in enumerate((*white, *black) if seat == 0 else (*black, *white)):
            extra[plane, :] = 1.0 if rights & right else 0.0
        ep = int(pos[layout.EP])
        if ep != layout.NO_SQUARE:
            extra[4, ep] = 1.0
        extra[5, :] = min(int(pos[layout.HALFMOVE]), 100) / 100.0
        return planes

    def pieces(self, arrays: tuple) -> list[PieceView]:
        codes = [int(c) for c in arrays[0][layout.BOARD : layout.BOARD + 64]]
        return [
            PieceView(sq, _GLYPHS[code % 6], code // 6)
            for sq, code in enumerate(codes)
            if code != layout.EMPTY
        ]

    def piece_svg(self, glyph: str, player: int, fill: str, stroke: str) -> str | None:
        """The Staunton set (python-chess's pictures) in the seat's colours."""
        from gamecore.art import staunton

        return staunton(glyph, fill, stroke)

    def move_cells(self, arrays: tuple, move: int) -> tuple[int, int]:
        return (layout.move_from(move), layout.move_to(move))

    piece_glyphs: ClassVar[tuple[str, ...]] = ("P", "N", "B", "R", "Q", "K")
    max_actions_per_move: ClassVar[int] = 2

    def action_count(self) -> int:
        """``from*64 + to`` for every move, then four actions naming a promotion's piece."""
        return 64 * 64 + len(_PROMOTION_PIECES)

    def move_actions(self, arrays: tuple, move: int) -> tuple[int, ...]:
        """``from*64 + to``; a promotion adds ``4096 + i`` for the piece (N, B, R, Q)."""
        squares = layout.move_from(move) * 64 + layout.move_to(move)
        promo = layout.move_promo(move)
        if not promo:
            return (squares,)
        return (squares, 64 * 64 + _PROMOTION_PIECES.index(promo))

    def move_tags(self, arrays: tuple, move: int) -> frozenset[str]:
        """``capture`` (en passant too), ``promotion`` and ``castle``, for the window's markers."""
        tags = []
        flag = layout.move_flag(move)
        if flag == layout.EN_PASSANT or int(arrays[0][layout.BOARD + layout.move_to(move)]) != (
            layout.EMPTY
        ):
            tags.append("capture")
        if layout.move_promo(move):
            tags.append("promotion")
        if flag == layout.CASTLING:
            tags.append("castle")
        return frozenset(tags)

    def neighbourhood_relations(self) -> Relations:
        """The paper's 17-vector: ranks, files, diagonals, knight squares (seed 001)."""
        from games.chess.neighbourhoods import relations

        return relations()

    def piece_square_map(self) -> dict[str, np.ndarray]:
        """chess-meep's square weights of White's own pieces (kings: the middlegame table)."""
        from games.chess.features import KING_PSQT, PSQT

        squares = np.arange(64)
        table = {glyph: PSQT + 64 * t + squares for t, glyph in enumerate("PNBRQ")}
        table["K"] = KING_PSQT + squares
        return table

    def board_diagram(self, arrays: tuple) -> str:
        """8x8 ASCII, white at the bottom: ``K`` white king, ``k`` black king, ``.`` empty."""
        grid = [["."] * 8 for _ in range(8)]
        for piece in self.pieces(arrays):
            glyph = piece.glyph if piece.player == 0 else piece.glyph.lower()
            grid[piece.cell >> 3][piece.cell & 7] = glyph
        rows = [f"{rank + 1} {' '.join(grid[rank])}" for rank in reversed(range(8))]
        return "\n".join([*rows, "  a b c d e f g h"])


__all__ = ["ChessGame", "move_to_uci"]
