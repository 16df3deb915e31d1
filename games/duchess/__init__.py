"""Duchess: two to six players in two teams on a hexagonal board with six flaps.

:class:`DuchessGame` is the plugin (entry point ``duchess``, option ``players``
= 2, 4 or 6, and ``move_limit``). The rules are ``docs/duchess.md``; the board
mesh and its tables :mod:`games.duchess.mesh`; rule choices
:mod:`games.duchess.rules_table`; state arrays and move encoding
:mod:`games.duchess.layout`; the kernel :mod:`games.duchess.kernel`; notation
and position strings :mod:`games.duchess.notation`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from gamecore.errors import BadMove, BadOption, BadPosition
from gamecore.game import FeatureSet, Game
from gamecore.geometry import Geometry, PieceView
from gamecore.kernel_api import DRAW, LOSS, ONGOING
from games.duchess import display, notation
from games.duchess import rules_table as R
from games.duchess.features import FEATURE_SET, GROUPS, PSQ_TYPES, psq_index, upgrade_theta
from games.duchess.layout import (
    GAME_PLY,
    INITIAL_COUNT,
    LETTER,
    LIMIT,
    PASS,
    PASSES,
    PLAYERS,
    QUIET,
    SEAT,
    encode,
    move_from,
    move_promo,
    move_to,
)
from games.duchess.mesh import N_CELLS, VORTEX, build_mesh

if TYPE_CHECKING:
    from gamecore.neighbourhoods import Relations
    from gamecore.state import State


def move_bound() -> int:
    """An upper bound on one player's legal moves, from the full board's tables.

    A player never has more pieces of a type than the set-up gives (promotions only
    return lost pieces; positions are checked on loading). Each piece reaches at most
    its most-connected cell's ordinary targets plus 36 teleport cells (12 around each
    of at most three team Wizards); each of the five pawns can turn its one move onto
    the vortex into seven promotions (+6).
    """
    mesh = build_mesh()
    cells = range(N_CELLS)

    def rays(c: int, kind: str) -> int:
        return sum(len(line) for line in getattr(mesh, kind)[c])

    reach = {
        "K": max(len(mesh.king[c]) for c in cells),
        "W": max(len(mesh.king[c]) for c in cells),
        "N": max(len(mesh.knight[c]) for c in cells),
        "P": max(len(mesh.orth[c]) + len(mesh.diag[c]) for c in cells),
        "R": max(rays(c, "rook_rays") for c in cells),
        "B": max(rays(c, "bishop_rays") for c in cells),
        "Q": max(rays(c, "rook_rays") + rays(c, "bishop_rays") for c in cells),
        "D": max(rays(c, "bishop_rays") + len(mesh.knight[c]) for c in cells),
        "F": max(rays(c, "rook_rays") + len(mesh.knight[c]) for c in cells),
    }
    teleports = 3 * 12
    total = sum(int(INITIAL_COUNT[LETTER.index(x)]) * (n + teleports) for x, n in reach.items())
    return total + int(INITIAL_COUNT[LETTER.index("P")]) * (len(R.PROMOTION_LETTERS) - 1)


MAX_MOVES = move_bound()


class DuchessGame(Game):
    """Duchess (Blair and Kramer): 2, 4 or 6 players in two teams, Wizards, vortex promotion."""

    name: ClassVar[str] = "duchess"
    kernel_module: ClassVar[str] = "games.duchess.kernel"
    max_moves: ClassVar[int] = MAX_MOVES
    """move_bound(): 890. The generator raises IndexError rather than write past it."""
    feature_set: ClassVar[FeatureSet] = FEATURE_SET
    feature_ranges = GROUPS
    has_kings: ClassVar[bool] = True
    has_passes: ClassVar[bool] = True
    # What separates players in six-player Duchess is search depth (at depth 2 every team sees
    # every one-move mate coming, and all games are drawn; the hand-set team scores 72.5%
    # against the zero team at depth 3 and 80% at depth 4), and what teaches material is an
    # opponent that takes it: against random movers the learner keeps everything and learns
    # nothing about it. So the default run plays the hand-set team at depth 4 and pulls each
    # finished game's positions towards its result (--outcome-step 6, the best of 3, 6 and
    # 10 measured at depth 3). A time budget stops it within ten minutes on two cores (about
    # 200 games); see docs/results.md for the runs behind these numbers.
    training_defaults: ClassVar[dict[str, Any]] = {
        "vs": "default",
        "games": 400,
        "depth": 4,
        "max_plies": 300,
        "opening_plies": 6,
        "checkpoint_every": 10,
        "outcome_step": 6.0,
        "time_budget": 570.0,
        # King-zone counts of 10-40 next to 0/1 terms (checkmated players) in one feature group:
        # plain NLMS gives the counts nearly the whole step (see docs/results.md).
        "update": "nlms-scaled",
        # A node where the mover can take something is valued by its search above its static
        # value; learned there, the mover's gain is credited to whatever the mover lacks, the
        # material difference most. Updating the quiet end of each node's capture line took
        # the score against the hand-set team from 25.0% to 35.5% and 43.0% (two seeds).
        "quiet_leaves": True,
        # Real & Blair's stages, material first: with quiet leaves 54.5% and 48.0% (two seeds)
        # against the hand-set team, where mating terms first scored 33.0% (docs/results.md).
        "stages": "material:50,material+mating:50,all:100",
    }
    # The first command users run, `--vs random`, gets a run of about half a minute instead:
    # depth 2, games long enough to end in mate (at 300 plies a quarter were cut off), and no
    # outcome step, which against random movers took the wins from 140 of 150 games to 21.
    # Plain NLMS: under nlms-scaled the Pawn weight drifts negative and longer runs lose
    # their wins (ten minutes: 15 of the last 100 won, against 98 with nlms).
    training_defaults_against: ClassVar[dict[str, dict[str, Any]]] = {
        "random": {
            "games": 150,
            "depth": 2,
            "max_plies": 600,
            "outcome_step": 0.0,
            "time_budget": None,
            "update": "nlms",
            # Measured without quiet leaves; with them and nlms-scaled, ten minutes won 99 of
            # the last 100 (nlms alone: 98), no faster (median 199 plies against 201.5).
            "quiet_leaves": False,
            "stages": None,
        }
    }

    def __init__(
        self,
        players: int = R.DEFAULT_PLAYERS,
        move_limit: int = R.DEFAULT_MOVE_LIMIT,
        **options: Any,
    ) -> None:
        super().__init__(**options)
        try:
            players = int(players)
            move_limit = int(move_limit)
        except (TypeError, ValueError):
            raise BadOption("duchess options players and move_limit are whole numbers") from None
        if players not in R.PLAYER_COUNTS:
            raise BadOption(f"duchess is for 2, 4 or 6 players, not {players}")
        if not 0 <= move_limit <= 10**9:
            raise BadOption(
                f"duchess move_limit must be 0 (none) to 1,000,000,000 plies, not {move_limit}"
            )
        self.players = players
        self.move_limit = move_limit

    # -- facts --------------------------------------------------------------------------------

    @property
    def player_names(self) -> tuple[str, ...]:
        return tuple(R.SEAT_NAMES[: self.players])

    def team_of(self, player: int) -> int:
        return R.team_of_seat(player)

    @property
    def team_names(self) -> tuple[str, str]:
        names = self.player_names
        return (
            "-".join(names[s] for s in range(self.players) if self.team_of(s) == 0),
            "-".join(names[s] for s in range(self.players) if self.team_of(s) == 1),
        )

    # -- positions and moves --------------------------------------------------------------------

    def new_arrays(self, capacity: int) -> tuple:
        from games.duchess.layout import new_arrays

        return new_arrays(capacity)

    def start_text(self) -> str:
        return notation.start_text(self.players)

    def load_text(self, arrays: tuple, text: str) -> None:
        """Load ``text``; refuse a position whose team not to move is already all checkmated.

        Play never reaches one: a team can only be mated all at once by the other team's
        move, and then that team is the one to move (and has lost). Loading it would
        start a game that was over, with the winner to move.
        """
        notation.load_position(arrays, text, self.players, self.move_limit)
        pos = arrays[0]
        waiting = (int(pos[SEAT]) & 1) ^ 1
        from games.duchess.movegen import checkmated

        out = np.zeros(self.max_moves, dtype=np.int64)
        if all(checkmated(pos, out, q) for q in range(waiting, self.players, 2)):
            team = self.team_names[waiting]
            shown = text if len(text) <= 60 else text[:57] + "..."
            raise BadPosition(
                f"bad duchess position {shown!r}: {team}, the team not to move, "
                "is already checkmated (the game ended before this turn)"
            )

    def position_text(self, arrays: tuple) -> str:
        return notation.write_position(arrays)

    def move_to_text(self, arrays: tuple, move: int) -> str:
        return notation.move_text(move)

    def move_from_text(self, state: State, text: str) -> int:
        """``Ac3-Ac4``, ``Ai1-V=Q`` or ``pass``; BadMove says whether it is malformed or illegal."""
        wanted = text.strip()
        legal = state.legal_moves()
        where = f"in position {state.to_text()!r}"
        if wanted == "pass":
            if PASS in legal:
                return PASS
            raise BadMove(f"cannot pass {where}: a player passes only with no legal move")
        shape = notation.parse_move_shape(wanted)
        if shape is None:
            raise BadMove(f"malformed duchess move {text!r}: expected e.g. Ac3-Ac4, Ai1-V=Q, pass")
        frm, to, promo = shape
        move = encode(frm, to, promo)
        if move in legal:
            return move
        choices = [m for m in legal if move_from(m) == frm and move_to(m) == to]
        if choices and promo == 0:
            options = ", ".join(f"={LETTER[move_promo(m)]}" for m in choices)
            raise BadMove(f"move {wanted!r} promotes: add one of {options}")
        raise BadMove(f"illegal move {wanted!r} {where}")

    def describe_result(self, state: State) -> str:
        result = state.status()
        if result == ONGOING:
            return "the game is still going"
        pos = state.arrays[0]
        if result == LOSS:
            loser = self.team_names[state.team]
            winner = self.team_names[1 - state.team]
            if self.players == 2:
                return f"{winner} wins: {loser} is checkmated"
            return f"{winner} wins: every player of {loser} is checkmated"
        if result == DRAW:
            players = int(pos[PLAYERS])
            if R.PASS_ROUND_DRAWS and int(pos[PASSES]) >= players:
                return "draw: every player passed for a full round"
            if int(pos[QUIET]) >= R.QUIET_LIMIT:
                return f"draw by the {R.QUIET_LIMIT}-move rule (no capture or pawn move)"
            if int(pos[LIMIT]) > 0 and int(pos[GAME_PLY]) >= int(pos[LIMIT]):
                return f"draw: the move limit of {int(pos[LIMIT])} plies was reached"
            return "draw by threefold repetition"
        return super().describe_result(state)

    # -- display ----------------------------------------------------------------------------------

    def geometry(self) -> Geometry:
        return display.geometry(self.players)

    def pieces(self, arrays: tuple) -> list[PieceView]:
        pos = arrays[0]
        return [
            PieceView(c, LETTER[int(pos[c]) & 15], int(pos[c]) >> 4)
            for c in range(N_CELLS)
            if pos[c] > 0
        ]

    def piece_svg(self, glyph: str, player: int, fill: str, stroke: str) -> str | None:
        """Staunton pieces, and the Duchess set's own Duchess, Fortress and Wizard."""
        from games.duchess.art import piece_svg

        return piece_svg(glyph, fill, stroke)

    def move_cells(self, arrays: tuple, move: int) -> tuple[int, int]:
        if move == PASS:
            return (-1, -1)
        return (move_from(move), move_to(move))

    def upgrade_theta(self, version: int, theta: np.ndarray) -> np.ndarray | None:
        """Version-1 duchess-rs weights (before ``king_trapped``) carried forward."""
        return upgrade_theta(version, theta)

    piece_glyphs: ClassVar[tuple[str, ...]] = tuple(R.PIECE_LETTERS)
    max_actions_per_move: ClassVar[int] = 2

    def action_count(self) -> int:
        """``from*C + to`` for the C cells, one action per promotion piece, and the pass."""
        return N_CELLS * N_CELLS + len(R.PROMOTION_LETTERS) + 1

    def move_actions(self, arrays: tuple, move: int) -> tuple[int, ...]:
        """``from*C + to``; a promotion on the Vortex adds one action for the piece taken
        from the box; the pass is the last action."""
        promotions = N_CELLS * N_CELLS
        if move == PASS:
            return (promotions + len(R.PROMOTION_LETTERS),)
        squares = move_from(move) * N_CELLS + move_to(move)
        promo = move_promo(move)
        if not promo:
            return (squares,)
        return (squares, promotions + R.PROMOTION_LETTERS.index(LETTER[promo]))

    def move_tags(self, arrays: tuple, move: int) -> frozenset[str]:
        return display.move_tags(arrays, move)

    def board_diagram(self, arrays: tuple) -> str:
        return display.diagram(arrays)

    def neighbourhood_relations(self) -> Relations:
        """Mesh lines and knight steps through each cell (seed 001's neighbourhoods)."""
        from games.duchess.neighbourhoods import relations

        return relations()

    def piece_square_map(self) -> dict[str, np.ndarray]:
        """Chair 0's frame: cell c of glyph X maps to its psq feature (all chairs share it)."""
        return {
            LETTER[t]: np.array([psq_index(t, c) for c in range(N_CELLS)], dtype=np.int64)
            for t in range(1, PSQ_TYPES + 1)
        }


__all__ = ["MAX_MOVES", "VORTEX", "DuchessGame", "move_bound"]
