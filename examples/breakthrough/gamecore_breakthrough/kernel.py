"""Breakthrough rules as a gamecore kernel, compiled by numba.

The state is a tuple of arrays (made by ``Breakthrough.new_arrays``):

* ``board``    int8[64]: 0 empty, 1 white, 2 black; cell = 8 * row + column,
  row 0 is white's home row (rank 1), column 0 the a-file;
* ``info``     int64[3]: the seat to move (0 white, 1 black), the ply, whether
  the last move won (reached the far row or took the last enemy piece);
* ``hashes``   uint64[capacity]: the Zobrist hash of the position at each ply;
* ``captured`` int8[capacity]: the piece the move made at each ply took (0 none),
  all ``unmake_move`` needs besides the move itself.

A move is ``3 * from + step + 1`` with ``step`` 0 (forward and to the left,
a-file side), 1 (straight forward) or 2 (forward and to the right): 1..192,
0 stays free to mean "no move". A piece steps one row towards the enemy home
row, straight onto an empty cell or diagonally onto an empty or enemy cell
(taking it). Reaching the far row wins; so does taking the last enemy piece.
A side with a piece always has a step (its most advanced piece can step
diagonally onto an empty or enemy cell), so no game ends by a blocked side.

Captures and winning steps are the noisy moves; there is no null move (a race
game is full of zugzwang) and no king.
"""

import numpy as np

from gamecore.jit import kernel
from gamecore.kernel_api import LOSS, ONGOING

SIZE = 8
CELLS = SIZE * SIZE
SIDE, PLY, WON = 0, 1, 2
INFO_LEN = 3
WHITE, BLACK = 0, 1
MAX_MOVES = 3 * 2 * SIZE
"""At most 16 pieces, each with at most three steps."""

FORWARD = np.array([SIZE, -SIZE], dtype=np.int64)
"""A row's step towards each seat's far row."""
FAR_ROW = np.array([SIZE - 1, 0], dtype=np.int64)

_rng = np.random.default_rng(20261206)
ZOBRIST = _rng.integers(1, 2**63, size=(CELLS, 2), dtype=np.int64).astype(np.uint64)
ZOBRIST_SIDE = np.uint64(_rng.integers(1, 2**63, dtype=np.int64))


@kernel
def step_target(frm, step, seat):
    """Where a piece of ``seat`` on ``frm`` lands with ``step`` (0, 1, 2), or -1 off the board."""
    col = frm % SIZE + step - 1
    to = frm + FORWARD[seat] + step - 1
    if col < 0 or col >= SIZE or to < 0 or to >= CELLS:
        return -1
    return to


@kernel
def _steps(board, seat, out, noisy_only):
    """Every legal step of ``seat`` (or only its captures and winning steps) into ``out``."""
    own = seat + 1
    n = 0
    for frm in range(CELLS):
        if board[frm] != own:
            continue
        for step in range(3):
            to = step_target(frm, step, seat)
            if to < 0:
                continue
            there = board[to]
            if there == own or (step == 1 and there != 0):
                continue
            if noisy_only and there == 0 and to // SIZE != FAR_ROW[seat]:
                continue
            out[n] = 3 * frm + step + 1
            n += 1
    return n


@kernel
def gen_moves(st, out):
    board, info = st[0], st[1]
    if info[WON]:
        return 0
    return _steps(board, info[SIDE], out, False)


@kernel
def gen_noisy(st, out):
    """Captures and steps onto the far row: the tactics a static evaluation cannot see."""
    board, info = st[0], st[1]
    if info[WON]:
        return 0
    return _steps(board, info[SIDE], out, True)


@kernel
def _enemy_left(board, enemy):
    for cell in range(CELLS):  # noqa: SIM110 - numba compiles no generator into any()
        if board[cell] == enemy:
            return True
    return False


@kernel
def make_move(st, move):
    board, info, hashes, captured = st
    seat = info[SIDE]
    ply = info[PLY]
    frm = (move - 1) // 3
    to = step_target(frm, (move - 1) % 3, seat)
    taken = board[to]
    h = hashes[ply] ^ ZOBRIST_SIDE ^ ZOBRIST[frm, seat] ^ ZOBRIST[to, seat]
    if taken:
        h ^= ZOBRIST[to, taken - 1]
    captured[ply] = taken
    board[frm] = 0
    board[to] = seat + 1
    hashes[ply + 1] = h
    info[PLY] = ply + 1
    info[SIDE] = 1 - seat
    won = to // SIZE == FAR_ROW[seat]
    if taken and not won:
        won = not _enemy_left(board, taken)
    info[WON] = 1 if won else 0


@kernel
def unmake_move(st, move):
    board, info, _, captured = st
    ply = info[PLY] - 1
    seat = 1 - info[SIDE]
    frm = (move - 1) // 3
    to = step_target(frm, (move - 1) % 3, seat)
    board[to] = captured[ply]
    board[frm] = seat + 1
    info[PLY] = ply
    info[SIDE] = seat
    info[WON] = 0  # a move was made from it, so the game was not over


@kernel
def side_to_move(st):
    return st[1][SIDE]


@kernel
def team_to_move(st):
    return st[1][SIDE]


@kernel
def status(st, n_legal):
    """Lost for the mover when the last move won: the only way a game ends."""
    if st[1][WON]:
        return LOSS
    return ONGOING


@kernel
def hash_of(st):
    return st[2][st[1][PLY]]


@kernel
def hash_full(st):
    board, info = st[0], st[1]
    h = np.uint64(0)
    for cell in range(CELLS):
        if board[cell]:
            h ^= ZOBRIST[cell, board[cell] - 1]
    if info[SIDE] == BLACK:
        h ^= ZOBRIST_SIDE
    return h


@kernel
def ply_of(st):
    return st[1][PLY]


@kernel
def mover_frame(cell, seat):
    """``cell`` as the mover sees it: black's board turned upside down, so row 0 is home."""
    if seat == WHITE:
        return cell
    return cell ^ (SIZE * (SIZE - 1))


@kernel
def features(st, idx, val):
    """Piece squares from the mover's side, nothing else.

    0..63: a mover's piece on the cell (in the mover's frame: row 0 its home
    row), 64..127: an opponent's piece on the cell, in the same frame. One 0/1
    feature per piece: the plainest evaluation a plugin author would write.
    """
    board, info = st[0], st[1]
    seat = info[SIDE]
    n = 0
    for cell in range(CELLS):
        occupant = board[cell]
        if occupant:
            idx[n] = mover_frame(cell, seat) + (0 if occupant == seat + 1 else CELLS)
            val[n] = 1.0
            n += 1
    return n


@kernel
def order_key(st, move):
    """Winning steps first, then captures; everything else is quiet."""
    board, info = st[0], st[1]
    seat = info[SIDE]
    frm = (move - 1) // 3
    to = step_target(frm, (move - 1) % 3, seat)
    if to // SIZE == FAR_ROW[seat]:
        return 2
    return 1 if board[to] != 0 else 0
