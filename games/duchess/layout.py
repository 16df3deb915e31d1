"""The Duchess state arrays, board tables, piece codes and move encoding: defined once here.

Seats and chairs: a *seat* is a position in turn order (0 moves first; team =
seat % 2), a *chair* is a side of the board (0..5 clockwise). The seating per
player count is :data:`games.duchess.rules_table.SEATING`. Piece codes and the
move generator work with seats; cells are numbered by chairs (see
:mod:`games.duchess.mesh`).

State: a tuple ``(pos, hist)``::

    pos   int64[POS_SIZE]
          pos[0:157]               board: 0 empty, else 16 * seat + type (type 1..9)
          pos[KING_AT + seat]      the cell of that seat's King (-1 for seats not playing)
          pos[WIZ_AT + seat]       the cell of its Wizard, -1 when it has none on the board
          pos[BOX + 16 * seat + type]   how many pieces of that type the seat has lost
          pos[SEAT]                the seat to move
          pos[PLAYERS]             number of players (2, 4 or 6)
          pos[CFG]                 index of the board tables (0: 2 players, 1: 4, 2: 6)
          pos[QUIET]               plies since the last capture or pawn move
          pos[PASSES]              consecutive passes just made
          pos[GAME_PLY]            plies played in the game (for the move limit)
          pos[LIMIT]               the move limit in plies (0: none)
          pos[PLY]                 moves made since loading (depth of the undo stack)
          pos[OCC + 3 * seat + w]  the seat's pieces as bits: cell c is bit c % 53 of word
                                   c // 53 (53-bit words stay clear of the sign bit), so the
                                   generator visits a player's pieces, not all 157 cells
    hist  uint64[capacity, HIST_WIDTH]   one row per ply p
          hist[p, U_CAPTURED]      the piece code taken by the move made at ply p (0: none)
          hist[p, U_QUIET]         pos[QUIET] before that move
          hist[p, U_PASSES]        pos[PASSES] before that move
          hist[p, HASH]            Zobrist hash of the position at ply p
          hist[p, CHECKED]         whether the player to move at ply p is in check:
                                   CHECK_UNKNOWN until first asked (moves write it)

Move encoding (a positive int64; 0 means "no move")::

    bits 0-7     from cell
    bits 8-15    to cell
    bits 16-19   the type a pawn promotes to (0: no promotion)
    PASS         1 << 24, the move of a player with no legal move

A teleport is encoded like any other move: it never takes, so a teleport and an
ordinary step between the same two cells have the same effect and are one move.
"""

from __future__ import annotations

import numpy as np

from games.duchess import rules_table as R
from games.duchess.mesh import CHAIRS, N_CELLS, build_mesh, ray_table, step_table

EMPTY = 0
KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN, WIZARD, DUCHESS, FORTRESS = range(1, 10)
N_TYPES = 10
"""Type codes 1..9 in the order of rules_table.PIECE_LETTERS (0 unused)."""
LETTER = " " + R.PIECE_LETTERS
TYPE_OF_LETTER = {letter: i for i, letter in enumerate(LETTER) if letter != " "}

KING_AT = N_CELLS
WIZ_AT = KING_AT + CHAIRS
BOX = WIZ_AT + CHAIRS
SEAT = BOX + 16 * CHAIRS
PLAYERS = SEAT + 1
CFG = SEAT + 2
QUIET = SEAT + 3
PASSES = SEAT + 4
GAME_PLY = SEAT + 5
LIMIT = SEAT + 6
PLY = SEAT + 7
OCC = SEAT + 8
OCC_BITS = 53
OCC_WORDS = 3
assert OCC_BITS * OCC_WORDS >= N_CELLS
POS_SIZE = OCC + OCC_WORDS * CHAIRS

U_CAPTURED, U_QUIET, U_PASSES, HASH, CHECKED = range(5)
HIST_WIDTH = 5
CHECK_UNKNOWN, NOT_IN_CHECK, IN_CHECK = (np.uint64(v) for v in range(3))
"""Values of ``hist[p, CHECKED]``. The search asks whether a node's player is in check up to
five times (the move that led there, the leaf test, the generator, the node, quiescence),
and each answer is an attack scan: the first one is kept."""

TO_SHIFT = 8
PROMO_SHIFT = 16
PASS = 1 << 24

CONFIGS = (2, 4, 6)
"""CFG index -> number of players."""


def cfg_of(players: int) -> int:
    return CONFIGS.index(players)


def encode(frm: int, to: int, promo: int = 0) -> int:
    return frm | (to << TO_SHIFT) | (promo << PROMO_SHIFT)


def move_from(move: int) -> int:
    return int(move) & 255


def move_to(move: int) -> int:
    return (int(move) >> TO_SHIFT) & 255


def move_promo(move: int) -> int:
    return (int(move) >> PROMO_SHIFT) & 15


# -- board tables, one layer per player count ------------------------------------------------


BISHOP_LINE = 6
"""``LINE_OF``'s number of bishop line 0 (a cell has at most six rook lines)."""


def _tables() -> dict[str, np.ndarray]:
    meshes = [build_mesh(R.SEATING[p]) for p in CONFIGS]
    full = meshes[-1]
    rook_len = max(len(r) for rays in full.rook_rays for r in rays)
    bishop_len = max(len(r) for rays in full.bishop_rays for r in rays)
    out = {
        "ORTH": np.stack([step_table(m, "orth", 6) for m in meshes]),
        "DIAG": np.stack([step_table(m, "diag", 6) for m in meshes]),
        "KSTEP": np.stack([step_table(m, "king", 12) for m in meshes]),
        "KNIGHT": np.stack([step_table(m, "knight", 12) for m in meshes]),
        "ROOK": np.stack([ray_table(m, "rook_rays", 6, rook_len) for m in meshes]),
        "BISHOP": np.stack([ray_table(m, "bishop_rays", 6, bishop_len) for m in meshes]),
        "PRESENT": np.array([m.present for m in meshes], dtype=np.bool_),
    }
    line_of = np.full((len(CONFIGS), N_CELLS, N_CELLS), -1, dtype=np.int8)
    for k, m in enumerate(meshes):
        for c in range(N_CELLS):
            numbered = [*enumerate(m.rook_rays[c])]
            numbered += [(BISHOP_LINE + r, line) for r, line in enumerate(m.bishop_rays[c])]
            for number, line in numbered:
                assert (line_of[k, c, list(line)] < 0).all(), "a cell on two lines from one cell"
                line_of[k, c, list(line)] = number
    out["LINE_OF"] = line_of
    adj = np.zeros((len(CONFIGS), N_CELLS, N_CELLS), dtype=np.bool_)
    for k, m in enumerate(meshes):
        for c in range(N_CELLS):
            adj[k, c, list(m.king[c])] = True
    out["ADJ"] = adj
    return out


_T = _tables()
ORTH = _T["ORTH"]
"""ORTH[cfg, c, i]: orthogonal neighbours of c (-1 pads); DIAG, KSTEP, KNIGHT likewise."""
DIAG = _T["DIAG"]
KSTEP = _T["KSTEP"]
KNIGHT_TO = _T["KNIGHT"]
ROOK_RAYS = _T["ROOK"]
"""ROOK_RAYS[cfg, c, r, i]: the i-th cell of c's r-th rook line (-1 pads); BISHOP_RAYS too."""
BISHOP_RAYS = _T["BISHOP"]
PRESENT = _T["PRESENT"]
"""PRESENT[cfg, c]: the cell exists with that many players (folded flaps do not)."""
LINE_OF = _T["LINE_OF"]
"""LINE_OF[cfg, k, c]: the line from k that passes c, -1 for none: rook line r is r, bishop
line r is ``BISHOP_LINE + r``. Only a piece on such a line can be pinned to a King on k."""
ADJ = _T["ADJ"]
"""ADJ[cfg, a, b]: b is a king step from a ("next to", for teleports)."""
ROOK_LEN = ROOK_RAYS.shape[3]
BISHOP_LEN = BISHOP_RAYS.shape[3]

SEAT_CHAIR = np.full((len(CONFIGS), CHAIRS), -1, dtype=np.int64)
for _k, _p in enumerate(CONFIGS):
    SEAT_CHAIR[_k, :_p] = R.SEATING[_p]

RAY_ROOK = np.zeros(N_TYPES, dtype=np.bool_)
RAY_ROOK[[QUEEN, ROOK, FORTRESS]] = True
RAY_BISHOP = np.zeros(N_TYPES, dtype=np.bool_)
RAY_BISHOP[[QUEEN, BISHOP, DUCHESS]] = True
LEAPS = np.zeros(N_TYPES, dtype=np.bool_)
LEAPS[[KNIGHT, DUCHESS, FORTRESS]] = True
STEPS = np.zeros(N_TYPES, dtype=np.bool_)
STEPS[[KING, WIZARD]] = True
PROMO_TYPES = np.array([TYPE_OF_LETTER[x] for x in R.PROMOTION_LETTERS], dtype=np.int64)

INITIAL_COUNT = np.zeros(N_TYPES, dtype=np.int64)
"""How many pieces of each type a player starts with (the most it can ever have on the board)."""
for _row in R.SETUP.values():
    for _x in _row:
        INITIAL_COUNT[TYPE_OF_LETTER[_x]] += 1

VALUE = np.array([0, 50, 25, 15, 10, 10, 5, 15, 20, 25], dtype=np.int64)
"""Material by type (K Q R B N P W D F) after the thesis' starting values; used for ordering."""

_rng = np.random.default_rng(0xD0C4E55)
_MAX = np.iinfo(np.uint64).max
Z_PIECE = _rng.integers(0, _MAX, size=(CHAIRS, N_TYPES, N_CELLS), dtype=np.uint64, endpoint=True)
"""Z_PIECE[seat, type, cell]."""
Z_BOX = _rng.integers(0, _MAX, size=(CHAIRS, N_TYPES, 16), dtype=np.uint64, endpoint=True)
"""Z_BOX[seat, type, count]: a seat's lost pieces are part of the position (promotions)."""
Z_BOX[:, :, 0] = 0
Z_SEAT = _rng.integers(0, _MAX, size=CHAIRS, dtype=np.uint64, endpoint=True)
"""Z_SEAT[seat]: XORed in for the seat to move."""

assert not R.TELEPORTS_CAPTURE, "teleport captures would also need teleport attacks in kernel.py"


def new_arrays(capacity: int) -> tuple:
    """Empty state arrays with ``capacity`` plies of history (capacity is the first axis).

    The last two hold the incremental evaluation (``features.value_refresh``): the
    additive part of θ·φ per ply, red-yellow-magenta minus blue-green-cyan, and θ's
    weight of a piece of each seat, type and cell.
    """
    return (
        np.zeros(POS_SIZE, dtype=np.int64),
        np.zeros((capacity, HIST_WIDTH), dtype=np.uint64),
        np.zeros(capacity, dtype=np.float64),
        np.zeros((CHAIRS, N_TYPES, N_CELLS), dtype=np.float64),
    )
