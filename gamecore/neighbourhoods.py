"""Neighbourhoods (Levinson & Weber, seed 001): a cell and what it sees.

A chess neighbourhood is a 17-vector around one centre square: the centre's
occupant, the nearest occupant along each of the 2 ranks, 2 files and 4
diagonals (with a flag for whether it stands next to the centre), and the
occupants of the 8 knight squares. Every square is a centre, empty ones too,
so a position has 64 neighbourhoods.

Nothing here knows chess. A game describes how its cells see each other by a
:class:`Relations` record, built from its own move tables
(:meth:`~gamecore.game.Game.neighbourhood_relations`): the lines through each
cell, outward in every direction a slider can go, and the cells a leaper
reaches. Its kernel writes the occupant of every cell as the team to move sees
it (``cell_codes``). :func:`gather` turns the two into each centre's inputs, so
chess, checkers (diagonals only) and Duchess (mesh lines, knight steps) get
neighbourhoods from the same code, and so can a plugin.

A neighbourhood's inputs are indices into one table of base weights, indexed
by (centre code, slot, satellite code, adjacency): the value of "a Black Queen
next to the centre on its upper-left diagonal" depends on what stands in the
centre, as the paper's lowest level does.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gamecore.binding import defaulted_functions
from gamecore.errors import PluginError, Unsupported
from gamecore.jit import kernel

ABSENT = -1
"""``cell_codes`` value of a cell the board does not have (Duchess's folded flaps); padding."""


@dataclass(frozen=True)
class Relations:
    """How a game's cells see each other, in the frame of the team to move.

    ``lines[c, k]`` lists the cells of line ``k`` outward from ``c``, nearest first,
    padded with -1 (a direction that leaves the board at once is all -1); ``steps[c, j]``
    is the cell leaper step ``j`` reaches from ``c``, or -1. Slot ``k`` should mean the
    same direction at every cell (chess: the left rank is always slot 0), since the
    base weights are shared by all centres.
    """

    lines: np.ndarray
    """int64 [cells, line slots, longest line]."""
    steps: np.ndarray
    """int64 [cells, step slots]."""
    line_names: tuple[str, ...]
    step_names: tuple[str, ...]
    kinds: int
    """Piece kinds per side: ``cell_codes`` gives 0 for empty, 1..kinds for the mover's
    team, kinds+1..2·kinds for the others."""
    symmetric: tuple[tuple[int, ...], ...] = ()
    """Classes of slots that mean the same up to the board's symmetry (chess: the two
    ranks, the two files, the four diagonals, the eight knight squares): their base
    weights are averaged after each game (:func:`average_symmetric`, the paper's §5.4)."""
    mirror: tuple[int, ...] = ()
    """The slot each slot becomes in the board's left-right mirror (empty: none). Kinds
    in :attr:`directional` (pawns, which only go forward) are averaged with their mirror
    image only, not over the whole class."""
    directional: tuple[int, ...] = ()
    """Piece kinds (1..kinds) that see only the left-right symmetry."""

    def __post_init__(self) -> None:
        cells = self.lines.shape[0]
        if self.lines.ndim != 3 or self.steps.ndim != 2 or self.steps.shape[0] != cells:
            raise ValueError(
                "relations: lines must be [cells, slots, length], steps [cells, slots]"
            )
        if self.lines.shape[1] != len(self.line_names) or self.steps.shape[1] != len(
            self.step_names
        ):
            raise ValueError("relations: one name per line slot and per step slot")
        for table in (self.lines, self.steps):
            if table.size and (table.min() < -1 or table.max() >= cells):
                raise ValueError("relations: a cell index outside the board")
        if self.kinds < 1:
            raise ValueError("relations: at least one kind of piece")

    @property
    def cells(self) -> int:
        return int(self.lines.shape[0])

    @property
    def slots(self) -> int:
        """Inputs per neighbourhood: the centre, one per line, one per step."""
        return 1 + int(self.lines.shape[1]) + int(self.steps.shape[1])

    @property
    def codes(self) -> int:
        """Distinct cell codes: empty, then each kind for either side."""
        return 1 + 2 * self.kinds

    @property
    def base_size(self) -> int:
        """Entries of the base-weight table: (centre code, slot, satellite code, adjacent)."""
        return self.codes * self.slots * self.codes * 2

    def slot_names(self) -> tuple[str, ...]:
        return ("centre", *self.line_names, *self.step_names)

    def base_index(self, centre: int, slot: int, satellite: int, adjacent: bool) -> int:
        """Where (centre code, slot, satellite code, adjacency) sits in the base table."""
        return ((centre * self.slots + slot) * self.codes + satellite) * 2 + int(adjacent)


def average_symmetric(base: np.ndarray, relations: Relations) -> None:
    """Average the base weights (in place) over each class of symmetric slots, or over a
    slot and its mirror image where the centre or the satellite is a directional kind."""
    table = base.reshape(relations.codes, relations.slots, relations.codes, 2)
    kinds = relations.kinds
    directional = np.zeros(relations.codes, dtype=bool)
    for kind in relations.directional:
        directional[[kind, kind + kinds]] = True
    plain = ~directional
    for members in relations.symmetric:
        cls = np.array(members, dtype=np.int64)
        block = table[np.ix_(plain, cls, plain)]
        table[np.ix_(plain, cls, plain)] = block.mean(axis=1, keepdims=True)
    if relations.mirror:
        mirror = list(relations.mirror)
        for centre in range(relations.codes):
            rows = slice(None) if directional[centre] else directional
            both = table[centre][:, rows]
            table[centre][:, rows] = 0.5 * (both + both[mirror])


def relations_of(game) -> Relations:
    """The game's relations: :class:`Unsupported` (one line) if it declares none, and
    :class:`PluginError` if its kernel cannot say what stands on the cells."""
    relations = game.neighbourhood_relations()
    if relations is None:
        raise Unsupported(f"{game.name} declares no neighbourhoods (Game.neighbourhood_relations)")
    if "cell_codes" in defaulted_functions(game.kernel_module):
        raise PluginError(
            f"kernel {game.kernel_module} of game {game.name!r} lacks cell_codes, "
            "which its neighbourhood relations need"
        )
    return relations


@kernel
def gather(codes, lines, steps, n_codes, inputs):
    """Write every centre's base-table indices into ``inputs`` [cells, slots].

    ``codes`` [cells] are the occupants (``cell_codes``); a row whose centre is
    :data:`ABSENT` is all -1. Slot 0 is the centre itself (satellite = its own code,
    not adjacent); a line's satellite is its nearest occupied cell, adjacent when it is
    the line's first cell, or empty and not adjacent when the line holds no piece; a
    step's satellite is the code on the cell it reaches (empty off the board), never
    adjacent.
    """
    cells = codes.shape[0]
    n_lines = lines.shape[1]
    length = lines.shape[2]
    n_steps = steps.shape[1]
    slots = 1 + n_lines + n_steps
    for c in range(cells):
        centre = codes[c]
        if centre < 0:
            for k in range(slots):
                inputs[c, k] = -1
            continue
        row = centre * slots
        inputs[c, 0] = ((row + 0) * n_codes + centre) * 2
        for k in range(n_lines):
            satellite = 0
            adjacent = 0
            for i in range(length):
                cell = lines[c, k, i]
                if cell < 0:
                    break
                if codes[cell] > 0:
                    satellite = codes[cell]
                    adjacent = 1 if i == 0 else 0
                    break
            inputs[c, 1 + k] = ((row + 1 + k) * n_codes + satellite) * 2 + adjacent
        for j in range(n_steps):
            cell = steps[c, j]
            satellite = codes[cell] if cell >= 0 and codes[cell] > 0 else 0
            inputs[c, 1 + n_lines + j] = ((row + 1 + n_lines + j) * n_codes + satellite) * 2


def lines_from_steps(cells: int, neighbour: np.ndarray) -> np.ndarray:
    """Lines of a grid given each cell's neighbour per direction (``neighbour[c, d]``, -1
    at the edge): slot ``d`` of cell ``c`` follows direction ``d`` to the board's edge."""
    directions = neighbour.shape[1]
    rays: list[list[list[int]]] = [[[] for _ in range(directions)] for _ in range(cells)]
    longest = 0
    for c in range(cells):
        for d in range(directions):
            cell = int(neighbour[c, d])
            while cell >= 0:
                rays[c][d].append(cell)
                cell = int(neighbour[cell, d])
            longest = max(longest, len(rays[c][d]))
    out = np.full((cells, directions, max(longest, 1)), -1, dtype=np.int64)
    for c in range(cells):
        for d in range(directions):
            out[c, d, : len(rays[c][d])] = rays[c][d]
    return out
