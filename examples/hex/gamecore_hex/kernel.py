"""Hex rules as a gamecore kernel: plain Python over numpy arrays, compiled by numba.

One compiled kernel serves every board size: the size lives in the state, not
in a constant, so numba sees the same array types for 3x3 and 11x11.

The state is a tuple of arrays (made by ``HexGame.new_arrays``):

* ``board`` int8[n*n]: 0 empty, 1 red, 2 blue; cell = n * row + column,
  row 0 at the top (red's first edge), column 0 on the left (blue's first edge);
* ``info``  int64[5]: the seat to move (0 red, 1 blue), the ply, whether the
  last move won, the board size n, whether the swap rule is on;
* ``hashes`` uint64[capacity]: the Zobrist hash of the position at each ply;
* ``work``  int32[3*n*n]: scratch for flood fills and distances, all zero
  between kernel calls (so copies and make/unmake snapshots compare equal).

A move is ``cell + 1`` (1..n*n), or ``SWAP``: 0 stays free to mean "no move".

Cell (r, c) touches (r, c-1), (r, c+1), (r-1, c), (r-1, c+1), (r+1, c-1)
and (r+1, c). Swapping rows with columns maps this neighbourhood onto itself
and red's edges onto blue's, which is how the features see the board from
either side and how ``SWAP`` hands the first stone to blue.
"""

import numpy as np

from gamecore.jit import kernel
from gamecore.kernel_api import LOSS, ONGOING

MIN_SIZE = 3
MAX_SIZE = 11
DEFAULT_SIZE = 7
MAX_CELLS = MAX_SIZE * MAX_SIZE
SWAP = MAX_CELLS + 1
"""The pie-rule move: blue takes red's first stone (mirrored across the long diagonal)."""

SIDE, PLY, WON, SIZE, SWAP_ON = 0, 1, 2, 3, 4
INFO_LEN = 5
RED, BLUE = 1, 2

DIST_BUCKETS = 9
"""Connection distances 0..7 get a feature each; 8 or more share the last one."""
UNREACHABLE = 1 << 20
"""The distance of a side whose edges the opponent has already cut apart."""

DR = np.array([0, 0, -1, -1, 1, 1], dtype=np.int64)
DC = np.array([-1, 1, 0, 1, -1, 0], dtype=np.int64)

_rng = np.random.default_rng(20260214)
ZOBRIST = _rng.integers(1, 2**63, size=(MAX_CELLS, 2), dtype=np.int64).astype(np.uint64)
ZOBRIST_SIDE = np.uint64(_rng.integers(1, 2**63, dtype=np.int64))


def feature_count(n: int) -> int:
    """Cells x {own, opponent}, then the two blocks of distance buckets."""
    return 2 * n * n + 2 * DIST_BUCKETS


# -- connections ----------------------------------------------------------------------------


@kernel
def joins_edges(board, n, cell, work):
    """True when the group of the stone on ``cell`` touches both of its owner's edges.

    A flood fill over the owner's stones only, so after a move it costs the size
    of the group just extended, not of the board.
    """
    cells = n * n
    owner = board[cell]
    work[cell] = 1
    work[cells] = cell
    count = 1
    i = 0
    first = False
    last = False
    while i < count:
        c = work[cells + i]
        i += 1
        r = c // n
        col = c - r * n
        pos = r if owner == RED else col
        if pos == 0:
            first = True
        if pos == n - 1:
            last = True
        if first and last:
            break
        for d in range(6):
            nr = r + DR[d]
            nc = col + DC[d]
            if 0 <= nr < n and 0 <= nc < n:
                nb = nr * n + nc
                if board[nb] == owner and work[nb] == 0:
                    work[nb] = 1
                    work[cells + count] = nb
                    count += 1
    for k in range(count):
        work[work[cells + k]] = 0
        work[cells + k] = 0
    return first and last


@kernel
def distance(board, n, owner, work):
    """Fewest empty cells ``owner`` must still fill to join its edges (0: joined).

    A shortest path where own stones cost 0, empty cells 1, enemy stones block,
    run as a bucket queue: each layer of cost d is closed under free steps over
    own stones before the empty cells around it open layer d + 1, so every cell
    is labelled once, with its final cost. ``UNREACHABLE`` when the enemy has
    cut the edges apart.
    """
    cells = n * n
    # work[c] = cost + 1 (0 = not reached); work[cells:] lists the cells in
    # order of cost; work[2*cells:] collects the next layer.
    head = cells
    tail = cells
    nxt = 2 * cells
    n_next = 0
    for i in range(n):
        c = i if owner == RED else i * n
        if board[c] == owner:
            work[c] = 1
            work[tail] = c
            tail += 1
        elif board[c] == 0:
            work[c] = 2
            work[nxt + n_next] = c
            n_next += 1
    result = UNREACHABLE
    d = 0
    while True:
        while head < tail:
            c = work[head]
            head += 1
            r = c // n
            col = c - r * n
            if (r if owner == RED else col) == n - 1:
                result = d
                break
            for k in range(6):
                nr = r + DR[k]
                nc = col + DC[k]
                if 0 <= nr < n and 0 <= nc < n:
                    nb = nr * n + nc
                    if work[nb] == 0:
                        if board[nb] == owner:
                            work[nb] = d + 1
                            work[tail] = nb
                            tail += 1
                        elif board[nb] == 0:
                            work[nb] = d + 2
                            work[nxt + n_next] = nb
                            n_next += 1
        if result != UNREACHABLE or n_next == 0:
            break
        for k in range(n_next):
            work[tail] = work[nxt + k]
            tail += 1
        n_next = 0
        d += 1
    for k in range(3 * cells):
        work[k] = 0
    return result


@kernel
def _single_stone(board, cells):
    """The cell of the only stone on the board (the swap move's subject)."""
    for c in range(cells):
        if board[c] != 0:
            return c
    return -1


# -- the kernel API --------------------------------------------------------------------------


@kernel
def gen_moves(st, out):
    board, info, _, _ = st
    if info[WON]:
        return 0
    cells = info[SIZE] * info[SIZE]
    k = 0
    stone = -1
    for c in range(cells):
        if board[c] == 0:
            out[k] = c + 1
            k += 1
        else:
            stone = c
    # Blue may swap as its first move: exactly one stone is down, and it is red.
    if info[SWAP_ON] and info[SIDE] == 1 and k == cells - 1 and board[stone] == RED:
        out[k] = SWAP
        k += 1
    return k


@kernel
def gen_noisy(st, out):
    """Moves that win at once: the only tactics a static evaluation cannot see here.

    One distance search first: only a side one stone from joining its edges has any.
    """
    board, info, _, work = st
    if info[WON]:
        return 0
    n = info[SIZE]
    own = info[SIDE] + 1
    if distance(board, n, own, work) != 1:
        return 0
    k = 0
    for c in range(n * n):
        if board[c] == 0:
            board[c] = own
            if joins_edges(board, n, c, work):
                out[k] = c + 1
                k += 1
            board[c] = 0
    return k


@kernel
def make_move(st, move):
    board, info, hashes, work = st
    n = info[SIZE]
    side = info[SIDE]
    ply = info[PLY]
    if move == SWAP:
        red = _single_stone(board, n * n)
        r = red // n
        blue = (red - r * n) * n + r
        board[red] = 0
        board[blue] = BLUE
        hashes[ply + 1] = hashes[ply] ^ ZOBRIST[red, 0] ^ ZOBRIST[blue, 1] ^ ZOBRIST_SIDE
        info[WON] = 0
    else:
        cell = move - 1
        board[cell] = side + 1
        hashes[ply + 1] = hashes[ply] ^ ZOBRIST[cell, side] ^ ZOBRIST_SIDE
        info[WON] = joins_edges(board, n, cell, work)
    info[PLY] = ply + 1
    info[SIDE] = 1 - side


@kernel
def unmake_move(st, move):
    board, info, _, _ = st
    n = info[SIZE]
    if move == SWAP:
        blue = _single_stone(board, n * n)
        r = blue // n
        board[blue] = 0
        board[(blue - r * n) * n + r] = RED
    else:
        board[move - 1] = 0
    info[PLY] -= 1
    info[SIDE] = 1 - info[SIDE]
    info[WON] = 0  # a move was made from it, so the game was not over


@kernel
def side_to_move(st):
    return st[1][SIDE]


@kernel
def team_to_move(st):
    return st[1][SIDE]


@kernel
def status(st, n_legal):
    """The player who just moved may have won; nothing else ends Hex.

    A full board always holds exactly one connection, so there are no draws and
    ``n_legal == 0`` happens only after a win.
    """
    if st[1][WON]:
        return LOSS
    return ONGOING


@kernel
def hash_of(st):
    return st[2][st[1][PLY]]


@kernel
def hash_full(st):
    board, info, _, _ = st
    h = np.uint64(0)
    for c in range(info[SIZE] * info[SIZE]):
        if board[c]:
            h ^= ZOBRIST[c, board[c] - 1]
    if info[SIDE] == 1:
        h ^= ZOBRIST_SIDE
    return h


@kernel
def ply_of(st):
    return st[1][PLY]


@kernel
def features(st, idx, val):
    """φ(s) for the side to move, always in red's frame (blue's board is transposed).

    * ``cell``: own stone on ``cell`` (0 .. n*n-1);
    * ``n*n + cell``: opponent stone on ``cell``;
    * ``2*n*n + min(d, 8)``: own connection distance d (the stones still needed);
    * ``2*n*n + 9 + min(d, 8)``: the opponent's connection distance.

    "Own stone on a1" then means the same for red and for blue, so one weight
    serves both; the distance buckets say how close each side is to winning,
    which the cell weights alone cannot express.
    """
    board, info, _, work = st
    n = info[SIZE]
    cells = n * n
    side = info[SIDE]
    own = side + 1
    k = 0
    for c in range(cells):
        v = board[c]
        if v:
            rel = c
            if side == 1:
                r = c // n
                rel = (c - r * n) * n + r
            idx[k] = rel if v == own else cells + rel
            val[k] = 1.0
            k += 1
    base = 2 * cells
    d_own = min(distance(board, n, own, work), DIST_BUCKETS - 1)
    d_opp = min(distance(board, n, 3 - own, work), DIST_BUCKETS - 1)
    idx[k] = base + d_own
    val[k] = 1.0
    idx[k + 1] = base + DIST_BUCKETS + d_opp
    val[k + 1] = 1.0
    return k + 2


@kernel
def order_key(st, move):
    """Winning stones first; everything else is quiet."""
    board, info, _, work = st
    if move == SWAP:
        return 0
    cell = move - 1
    board[cell] = info[SIDE] + 1
    wins = joins_edges(board, info[SIZE], cell, work)
    board[cell] = 0
    return 1 if wins else 0


@kernel
def null_move_ok(st):
    """Always: an extra stone never hurts in Hex (no zugzwang), so passing is a true lower bound."""
    return True


@kernel
def make_null(st):
    _, info, hashes, _ = st
    ply = info[PLY]
    hashes[ply + 1] = hashes[ply] ^ ZOBRIST_SIDE
    info[PLY] = ply + 1
    info[SIDE] = 1 - info[SIDE]


@kernel
def unmake_null(st):
    _, info, _, _ = st
    info[PLY] -= 1
    info[SIDE] = 1 - info[SIDE]
