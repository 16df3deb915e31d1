"""Kalah(6,4): an example gamecore plugin with a numba-compiled kernel and extra turns.

Read this file with ``kernel.py`` beside ``docs/plugins.md``. It is kept as a
learning yardstick, a game nobody tuned the learners for, so its features are
the plain seed counts. Compared with the other examples it shows a move after
which the same seat moves again (the search sees the team unchanged and does
not flip the value), and pieces that are counts: a pit's glyph is its number of
seeds, and the observation of the PettingZoo and OpenSpiel adapters carries the
counts, which the default one-plane-per-glyph observation would lose.

Positions are written ``a,b,c,d,e,f,S/a,b,c,d,e,f,N side``: south's six houses
from its left and its store, then north's six houses from its own left and its
store (the fourteen pits in sowing order), then ``s`` or ``n`` for the side to
move; the start is ``4,4,4,4,4,4,0/4,4,4,4,4,4,0 s``. A move is the letter of
the house sown, ``a``-``f``, counted from the mover's left as the mover sees it.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from gamecore import BadMove, BadPosition, FeatureSet, Game, State
from gamecore.bounds import is_digits
from gamecore.geometry import Cell, Geometry, PieceView

from . import kernel
from .kernel import (
    FEATURES,
    HOUSES,
    INFO_LEN,
    NORTH,
    NORTH_STORE,
    OPP_HOUSES,
    OPP_STORE,
    OWN_HOUSES,
    OWN_STORE,
    PITS,
    PLY,
    SEEDS,
    SIDE,
    SOUTH,
    SOUTH_STORE,
    UNDO_LEN,
)

LETTERS = "abcdef"
SIDES = "sn"
STORES = (SOUTH_STORE, NORTH_STORE)
HOUSE_COLOR = (196, 150, 96)
STORE_COLOR = (150, 104, 58)


def owner_of(pit: int) -> int:
    """The seat a pit belongs to: south's houses and store are 0..6."""
    return SOUTH if pit <= SOUTH_STORE else NORTH


def pit_name(pit: int) -> str:
    """``sa``..``sf``, ``s store``, ``na``..``nf``, ``n store``: side, then house letter."""
    seat, h = divmod(pit, HOUSES + 1)
    return f"{SIDES[seat]} store" if h == HOUSES else f"{SIDES[seat]}{LETTERS[h]}"


class Kalah(Game):
    """Kalah(6,4): sow seeds round the board, capture across, and store more than half to win."""

    name = "kalah"
    kernel_module = "gamecore_kalah.kernel"
    max_moves = HOUSES
    feature_set = FeatureSet("kalah-counts", 1, FEATURES)
    feature_ranges = (("stores", OWN_STORE, OPP_STORE + 1), ("houses", OWN_HOUSES, FEATURES))
    # TreeStrap(αβ) self-play takes a median 0.03 s a game at depth 3 and at depth 4 alike (one
    # worker). 4,000 games at depth 4 ran in 80 s warm on two idle cores, so these 7,000 take
    # about 2 1/4 min (3 to 4 min measured while another job kept one of the cores busy).
    # Games last 25 to 70 plies; 200 never adjudicates a real one. Only the length of the run
    # is set: the learners' own defaults do the rest.
    training_defaults: ClassVar[dict[str, Any]] = {"games": 7000, "depth": 4, "max_plies": 200}

    @property
    def player_names(self) -> tuple[str, ...]:
        return ("south", "north")

    # -- positions ---------------------------------------------------------

    def new_arrays(self, capacity: int) -> tuple:
        return (
            np.zeros(PITS, dtype=np.int8),
            np.zeros(INFO_LEN, dtype=np.int64),
            np.zeros(capacity, dtype=np.uint64),
            np.zeros((capacity, UNDO_LEN), dtype=np.int8),
        )

    def start_text(self) -> str:
        row = ",".join(["4"] * HOUSES + ["0"])
        return f"{row}/{row} s"

    def load_text(self, arrays: tuple, text: str) -> None:
        """Read ``south/north side``: each row six house counts and a store, comma-separated."""
        pits, info, hashes, _ = arrays
        parts = text.split()
        if len(parts) != 2:
            raise BadPosition(f"expected '<south>/<north> <side>', got {text!r}")
        board, side = parts
        if side not in SIDES:
            raise BadPosition(f"side to move must be 's' or 'n', not {side!r}")
        rows = board.split("/")
        if len(rows) != 2:
            raise BadPosition(f"expected two rows (south/north) separated by '/', got {len(rows)}")
        counts: list[int] = []
        for seat, row in enumerate(rows):
            who = self.player_names[seat]
            fields = row.split(",")
            if len(fields) != HOUSES + 1:
                raise BadPosition(
                    f"{who}'s row has {len(fields)} fields, not 7 (six houses and the store)"
                )
            for h, field in enumerate(fields):
                where = f"{who}'s {'store' if h == HOUSES else f'house {LETTERS[h]}'}"
                if field.startswith("-") and is_digits(field[1:]):
                    raise BadPosition(f"{where} holds {field} seeds: counts cannot be negative")
                if not is_digits(field):
                    raise BadPosition(f"{where} holds {field!r}, not a whole number of seeds")
                # Read only short numbers: int() of thousands of digits is slow, then refused.
                if len(field.lstrip("0")) > 2 or int(field) > SEEDS:
                    raise BadPosition(f"{where} holds more than the game's {SEEDS} seeds")
                counts.append(int(field))
        if sum(counts) != SEEDS:
            raise BadPosition(f"the pits hold {sum(counts)} seeds, not {SEEDS}")
        in_houses = [sum(counts[7 * seat : 7 * seat + HOUSES]) for seat in (SOUTH, NORTH)]
        for seat in (SOUTH, NORTH):
            other = 1 - seat
            if in_houses[seat] == 0 and in_houses[other] > 0:
                names = self.player_names
                raise BadPosition(
                    f"{names[seat]}'s houses are empty, so the game is over and "
                    f"{names[other]}'s {in_houses[other]} seeds belong in {names[other]}'s store"
                )
        pits[:] = counts
        info[SIDE] = SIDES.index(side)
        info[PLY] = 0
        hashes[0] = kernel.hash_full(arrays)

    def position_text(self, arrays: tuple) -> str:
        pits, info = arrays[0], arrays[1]
        rows = [",".join(str(int(c)) for c in pits[7 * s : 7 * s + 7]) for s in (SOUTH, NORTH)]
        return f"{rows[0]}/{rows[1]} {SIDES[int(info[SIDE])]}"

    def move_to_text(self, arrays: tuple, move: int) -> str:
        """The letter of the house sown, ``a``-``f`` from the mover's left."""
        return LETTERS[move - 1]

    def move_from_text(self, state: State, text: str) -> int:
        wanted = text.strip().lower()
        legal = state.legal_moves()
        if not legal:
            raise BadMove(f"{text.strip()!r}: the game is over")
        if len(wanted) != 1 or wanted not in LETTERS:
            raise BadMove(
                f"{text.strip()!r} is not a house: write a-f, counted from the mover's left"
            )
        move = LETTERS.index(wanted) + 1
        if move not in legal:
            raise BadMove(f"{self.player_names[state.player]}'s house {wanted} is empty")
        return move

    def stores(self, arrays: tuple) -> tuple[int, int]:
        """The seeds in south's and north's stores."""
        pits = arrays[0]
        return int(pits[SOUTH_STORE]), int(pits[NORTH_STORE])

    def describe_result(self, state: State) -> str:
        south, north = self.stores(state.arrays)
        if not state.is_terminal():
            return f"the game is still going, {south}-{north} in the stores"
        winner = state.winner_team()
        if winner is None:
            return f"draw, {south}-{north}"
        return f"{self.player_names[winner]} wins {max(south, north)}-{min(south, north)}"

    # -- display -----------------------------------------------------------

    def geometry(self) -> Geometry:
        """The usual board: south's houses along the bottom from left to right, its store at
        the right end; north's along the top from right to left, its store at the left end.
        Sowing then runs counter-clockwise, as the seeds do on a real board."""
        cells = []
        for pit in range(PITS):
            seat, h = divmod(pit, HOUSES + 1)
            if h == HOUSES:
                x, bottom, top = (7.0, 0.0, 2.0) if seat == SOUTH else (0.0, 0.0, 2.0)
            elif seat == SOUTH:
                x, bottom, top = 1.0 + h, 0.0, 1.0
            else:
                x, bottom, top = 6.0 - h, 1.0, 2.0
            cells.append(
                Cell(
                    index=pit,
                    name=pit_name(pit),
                    polygon=((x, bottom), (x + 1, bottom), (x + 1, top), (x, top)),
                    color=STORE_COLOR if h == HOUSES else HOUSE_COLOR,
                )
            )
        return Geometry(
            cells=tuple(cells),
            player_colors=((235, 235, 225), (40, 40, 40)),
            player_names=self.player_names,
        )

    def pieces(self, arrays: tuple) -> list[PieceView]:
        """One piece per non-empty pit in its owner's colour, its glyph the seed count (one or
        two digits, which the window draws as the label)."""
        pits = arrays[0]
        return [PieceView(p, str(int(pits[p])), owner_of(p)) for p in range(PITS) if pits[p]]

    def move_cells(self, arrays: tuple, move: int) -> tuple[int, int]:
        """(-1, the house sown): the house is the whole move, so one click plays it."""
        return (-1, 7 * int(arrays[1][SIDE]) + move - 1)

    def move_tags(self, arrays: tuple, move: int) -> frozenset[str]:
        key = int(self.kernel.order_key(arrays, np.int64(move)))
        return frozenset({"capture"}) if key >= 2 else frozenset()

    def piece_square_map(self) -> dict[str, np.ndarray]:
        """The weight of one seed in each pit, with south to move (north's are the same
        weights with the sides swapped)."""
        index = np.empty(PITS, dtype=np.int64)
        for pit in range(PITS):
            seat, h = divmod(pit, HOUSES + 1)
            if h == HOUSES:
                index[pit] = OWN_STORE if seat == SOUTH else OPP_STORE
            else:
                index[pit] = (OWN_HOUSES if seat == SOUTH else OPP_HOUSES) + h
        return {"seed": index}

    def board_diagram(self, arrays: tuple) -> str:
        """The board as it is drawn, north's houses on top from right to left, with each
        side's house letters as its moves are written (``gamecore play`` says who moves)."""
        pits = arrays[0]
        north = "".join(f"{int(pits[7 + h]):>4}" for h in reversed(range(HOUSES)))
        south = "".join(f"{int(pits[h]):>4}" for h in range(HOUSES))
        return "\n".join(
            [
                "north " + "".join(f"{c:>4}" for c in reversed(LETTERS)),
                "      " + north,
                f"{int(pits[NORTH_STORE]):>4}" + " " * 26 + f"{int(pits[SOUTH_STORE]):>4}",
                "      " + south,
                "south " + "".join(f"{c:>4}" for c in LETTERS),
            ]
        )

    # -- actions and observations (gamecore.interop) ----------------------------

    def action_count(self) -> int:
        return HOUSES

    def move_actions(self, arrays: tuple, move: int) -> tuple[int, ...]:
        """One action per house, 0..5 from the mover's left."""
        return (move - 1,)

    def observation_shape(self) -> tuple[int, ...]:
        return (3, PITS)

    def observe(self, arrays: tuple, seat: int) -> np.ndarray:
        """The counts, which the rules depend on: row 0 the seeds (over 48) in ``seat``'s own
        pits, row 1 in the other side's, both over all 14 pits; row 2 ones when ``seat`` moves."""
        pits, info = arrays[0], arrays[1]
        planes = np.zeros(self.observation_shape(), dtype=np.float32)
        for pit in range(PITS):
            planes[0 if owner_of(pit) == seat else 1, pit] = pits[pit] / SEEDS
        if int(info[SIDE]) == seat:
            planes[2, :] = 1.0
        return planes
