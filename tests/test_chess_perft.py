"""Chess perft through the bound generic perft: published counts, checked by python-chess first."""

from __future__ import annotations

import chess
import numpy as np
import pytest

from gamecore.binding import bind
from gamecore.registry import get_game
from games.chess import move_to_uci
from games.chess.interop import python_chess_perft
from games.chess.suite import PERFT_SUITE
from tests.plain_python import run_without_jit

# Perft of the default run is capped at this many leaves per case (a few seconds in all).
FAST_LIMIT = 250_000


def bound_perft(fen: str, depth: int) -> int:
    game = get_game("chess")
    state = game.state_from_text(fen)
    perft = bind(game, "gamecore.algorithms.perft").perft
    moves = np.zeros((depth + 1, game.max_moves), dtype=np.int64)
    before = state.to_text()
    nodes = int(perft(state.arrays, np.int64(depth), moves))
    assert state.to_text() == before and state.ply == 0, "perft did not restore the position"
    return nodes


def _cases(fast: bool) -> list:
    cases = []
    for name, (fen, counts) in PERFT_SUITE.items():
        for depth, count in enumerate(counts, 1):
            if (count <= FAST_LIMIT) == fast:
                marks = () if fast else (pytest.mark.slow,)
                cases.append(pytest.param(fen, depth, count, id=f"{name}-{depth}", marks=marks))
    return cases


@pytest.mark.parametrize(
    ("name", "depth"),
    [(n, 2) for n in PERFT_SUITE]
    + [pytest.param(n, 3, marks=() if n == "position3" else pytest.mark.slow) for n in PERFT_SUITE],
)
def test_published_counts_agree_with_python_chess(name: str, depth: int) -> None:
    fen, counts = PERFT_SUITE[name]
    assert python_chess_perft(chess.Board(fen), depth) == counts[depth - 1]


@pytest.mark.parametrize(("fen", "depth", "count"), _cases(fast=True))
def test_perft(fen: str, depth: int, count: int) -> None:
    assert bound_perft(fen, depth) == count


@pytest.mark.parametrize(("fen", "depth", "count"), _cases(fast=False))
def test_perft_deep(fen: str, depth: int, count: int) -> None:
    assert bound_perft(fen, depth) == count


@pytest.mark.parametrize("name", list(PERFT_SUITE))
def test_divide_matches_python_chess(name: str) -> None:
    """Per root move at depth 2, so a wrong count points at the move that is wrong."""
    fen = PERFT_SUITE[name][0]
    game = get_game("chess")
    state = game.state_from_text(fen)
    divide = bind(game, "gamecore.algorithms.perft").divide
    moves = np.zeros((3, game.max_moves), dtype=np.int64)
    counts = np.zeros(game.max_moves, dtype=np.int64)
    n = int(divide(state.arrays, np.int64(2), moves, counts))
    ours = {move_to_uci(int(moves[2, i])): int(counts[i]) for i in range(n)}
    board = chess.Board(fen)
    theirs = {}
    for move in board.legal_moves:
        board.push(move)
        theirs[move.uci()] = board.legal_moves.count()
        board.pop()
    assert ours == theirs


_PLAIN_PYTHON_SCRIPT = """
import numpy as np
from gamecore.binding import bind
from gamecore.registry import get_game
from games.chess.suite import PERFT_SUITE
game = get_game("chess")
assert not game.capabilities.jit
perft = bind(game, "gamecore.algorithms.perft").perft
for name, depth in (("kiwipete", 2), ("position3", 3), ("position4", 2), ("position5", 2)):
    state = game.state_from_text(PERFT_SUITE[name][0])
    moves = np.zeros((depth + 1, game.max_moves), dtype=np.int64)
    print(name, depth, int(perft(state.arrays, np.int64(depth), moves)))
    # The rest of the kernel, also as plain Python:
    state.noisy_moves(), state.status(), state.features(), state.in_check()
    for move in state.legal_moves():
        state.push(move)
        assert state.hash == int(game.kernel.hash_full(state.arrays))
        state.pop()
"""


def test_perft_runs_as_plain_python() -> None:
    """With NUMBA_DISABLE_JIT=1 the same kernels run as Python, warning-free, same counts."""
    stdout = run_without_jit(_PLAIN_PYTHON_SCRIPT)
    got = {}
    for line in stdout.split("\n"):
        if line:
            name, depth, count = line.split()
            got[(name, int(depth))] = int(count)
    assert got == {key: PERFT_SUITE[key[0]][1][key[1] - 1] for key in got}
    assert len(got) == 4
