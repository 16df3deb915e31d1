"""Checkers perft through the bound generic perft: the published start-position counts."""

from __future__ import annotations

import numpy as np
import pytest

from gamecore.binding import bind
from gamecore.registry import get_game
from tests.plain_python import run_without_jit

# Leaf counts from the start position, depths 1..10 (every node made and unmade).
START_COUNTS = (7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564)


def bound_perft(fen: str | None, depth: int) -> int:
    game = get_game("checkers")
    state = game.initial_state() if fen is None else game.state_from_text(fen)
    perft = bind(game, "gamecore.algorithms.perft").perft
    state.reserve(depth)
    moves = np.zeros((depth + 1, game.max_moves), dtype=np.int64)
    before = state.to_text()
    nodes = int(perft(state.arrays, np.int64(depth), moves))
    assert state.to_text() == before and state.ply == 0, "perft did not restore the position"
    return nodes


@pytest.mark.parametrize("depth", range(1, 9))
def test_start_perft(depth: int) -> None:
    assert bound_perft(None, depth) == START_COUNTS[depth - 1]


@pytest.mark.slow
@pytest.mark.parametrize("depth", (9, 10))
def test_start_perft_deep(depth: int) -> None:
    assert bound_perft(None, depth) == START_COUNTS[depth - 1]


_PLAIN_PYTHON_SCRIPT = """
import numpy as np
from gamecore.binding import bind
from gamecore.registry import get_game
game = get_game("checkers")
assert not game.capabilities.jit
perft = bind(game, "gamecore.algorithms.perft").perft
state = game.initial_state()
moves = np.zeros((5, game.max_moves), dtype=np.int64)
print(int(perft(state.arrays, np.int64(4), moves)))
state = game.state_from_text("W:WK10,28:B6,7,14,15,23,K27")
state.noisy_moves(), state.status(), state.features()
for move in state.legal_moves():
    state.push(move)
    assert state.hash == int(game.kernel.hash_full(state.arrays))
    state.pop()
"""


def test_perft_runs_as_plain_python() -> None:
    """With NUMBA_DISABLE_JIT=1 the same kernels run as Python, warning-free, same counts."""
    stdout = run_without_jit(_PLAIN_PYTHON_SCRIPT)
    assert stdout.split() == [str(START_COUNTS[3])]
