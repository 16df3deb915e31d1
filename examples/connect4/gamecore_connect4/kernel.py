"""Connect Four rules as a gamecore kernel, in plain Python over numpy arrays.

The state is a tuple of arrays (made by ``ConnectFour.new_arrays``):

* ``board``  int8[42]: 0 empty, 1 first player (x), 2 second (o);
  cell = 7 * row + column, row 0 at the bottom;
* ``height`` int8[7]: discs in each column;
* ``info``   int64[3]: the seat to move, the ply, whether the last move won;
* ``hashes`` uint64[capacity]: the Zobrist hash of the position at each ply.

A move is its column plus one (1..7): 0 stays free to mean "no move".

Only the functions the game needs are here. ``king_attacked`` and the null
move are left to gamecore's defaults: there are no kings, and Connect Four is
a game of zugzwang, so a pass is no safe lower bound and the search must
never try one.
"""

import numpy as np

from gamecore.kernel_api import DRAW, LOSS, ONGOING

COLUMNS = 7
ROWS = 6
CELLS = COLUMNS * ROWS
SIDE, PLY, WON = 0, 1, 2

_rng = np.random.default_rng(20260101)
ZOBRIST = _rng.integers(1, 2**63, size=(CELLS, 2), dtype=np.int64).astype(np.uint64)
ZOBRIST_SIDE = np.uint64(_rng.integers(1, 2**63, dtype=np.int64))

# Every line of four cells: the four directions from every start that fits.
LINES = np.array(
    [
        [7 * (r + i * dr) + c + i * dc for i in range(4)]
        for r in range(ROWS)
        for c in range(COLUMNS)
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1))
        if 0 <= r + 3 * dr < ROWS and 0 <= c + 3 * dc < COLUMNS
    ],
    dtype=np.int64,
)
LINES_THROUGH = [LINES[(cell == LINES).any(axis=1)] for cell in range(CELLS)]


def _wins(board, cell):
    """True when the disc on ``cell`` completes a line of four of its owner."""
    owner = board[cell]
    return any((board[line] == owner).all() for line in LINES_THROUGH[cell])


def any_line_of(board, owner):
    """True when ``owner`` (1 or 2) has four in a row anywhere: used when loading a position."""
    return bool((board[LINES] == owner).all(axis=1).any())


def gen_moves(st, out):
    _, height, info, _ = st
    if info[WON]:
        return 0
    n = 0
    for col in range(COLUMNS):
        if height[col] < ROWS:
            out[n] = col + 1
            n += 1
    return n


def gen_noisy(st, out):
    """Moves that win at once: the only tactics a static evaluation cannot see here."""
    board, height, info, _ = st
    if info[WON]:
        return 0
    n = 0
    for col in range(COLUMNS):
        if height[col] < ROWS:
            cell = 7 * height[col] + col
            board[cell] = info[SIDE] + 1
            if _wins(board, cell):
                out[n] = col + 1
                n += 1
            board[cell] = 0
    return n


def make_move(st, move):
    board, height, info, hashes = st
    col = move - 1
    side = info[SIDE]
    cell = 7 * height[col] + col
    board[cell] = side + 1
    height[col] += 1
    ply = info[PLY]
    hashes[ply + 1] = hashes[ply] ^ ZOBRIST[cell, side] ^ ZOBRIST_SIDE
    info[PLY] = ply + 1
    info[SIDE] = 1 - side
    info[WON] = _wins(board, cell)


def unmake_move(st, move):
    board, height, info, _ = st
    col = move - 1
    height[col] -= 1
    board[7 * height[col] + col] = 0
    info[PLY] -= 1
    info[SIDE] = 1 - info[SIDE]
    info[WON] = 0  # a move was made from it, so the game was not over


def side_to_move(st):
    return st[2][SIDE]


def team_to_move(st):
    return st[2][SIDE]


def status(st, n_legal):
    if st[2][WON]:
        return LOSS
    if n_legal == 0:
        return DRAW
    return ONGOING


def hash_of(st):
    return st[3][st[2][PLY]]


def hash_full(st):
    board, _, info, _ = st
    h = np.uint64(0)
    for cell in range(CELLS):
        if board[cell]:
            h ^= ZOBRIST[cell, board[cell] - 1]
    if info[SIDE] == 1:
        h ^= ZOBRIST_SIDE
    return h


def ply_of(st):
    return st[2][PLY]


def features(st, idx, val):
    """Cells and open lines, from the side of the player to move.

    0..41: the mover's discs, 42..83: the opponent's (one binary feature per
    cell); 84..86: how many lines of four hold exactly 1, 2 or 3 of the mover's
    discs and none of the opponent's, 87..89: the same for the opponent. Cells
    alone cannot tell a disc that builds a threat from one that does not; the
    open-line counts can, and they let a linear evaluation see threats.
    """
    board = st[0]
    mover = st[2][SIDE] + 1
    n = 0
    for cell in range(CELLS):
        if board[cell]:
            idx[n] = cell if board[cell] == mover else CELLS + cell
            val[n] = 1.0
            n += 1
    open_mine_1 = open_mine_2 = open_mine_3 = 0
    open_theirs_1 = open_theirs_2 = open_theirs_3 = 0
    for line in range(LINES.shape[0]):
        mine = 0
        theirs = 0
        for i in range(4):
            disc = board[LINES[line, i]]
            if disc == mover:
                mine += 1
            elif disc:
                theirs += 1
        if theirs == 0:
            open_mine_1 += mine == 1
            open_mine_2 += mine == 2
            open_mine_3 += mine == 3
        elif mine == 0:
            open_theirs_1 += theirs == 1
            open_theirs_2 += theirs == 2
            open_theirs_3 += theirs == 3
    counts = (open_mine_1, open_mine_2, open_mine_3, open_theirs_1, open_theirs_2, open_theirs_3)
    for k in range(6):
        if counts[k]:
            idx[n] = 2 * CELLS + k
            val[n] = float(counts[k])
            n += 1
    return n


def order_key(st, move):
    """Winning drops first; everything else is quiet."""
    board, height, info, _ = st
    col = move - 1
    cell = 7 * height[col] + col
    board[cell] = info[SIDE] + 1
    wins = _wins(board, cell)
    board[cell] = 0
    return 1 if wins else 0
