"""What the Duchess state keeps beside the board agrees with the board.

Make/unmake keep each seat's pieces as bits (the move generator and the attack
counts visit them instead of every cell) and, per ply, whether the player to move
is in check once someone asked (the search asks up to five times a node). A stale
bit would make the generator miss or invent a piece; a stale check flag would let
a King walk into check or make the search think a check is gone.
"""

from __future__ import annotations

import numpy as np
import pytest

from gamecore import get_game
from gamecore.search import Limits, Searcher
from gamecore.weights import Weights
from games.duchess.attacks import attacked
from games.duchess.layout import CFG, KING_AT, OCC, OCC_WORDS, PLAYERS, SEAT
from games.duchess.occupancy import occupancy_words


def assert_bits_match_board(state) -> None:
    pos = state.arrays[0]
    for seat in range(pos[PLAYERS]):
        words = [int(x) for x in pos[OCC + OCC_WORDS * seat : OCC + OCC_WORDS * (seat + 1)]]
        assert words == occupancy_words(pos, seat), f"seat {seat} at ply {len(state.history)}"


def truly_in_check(pos) -> bool:
    seat = pos[SEAT]
    return bool(attacked(pos, pos[CFG], pos[KING_AT + seat], (seat & 1) ^ 1))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_piece_bits_follow_moves_captures_promotions_and_take_backs(players) -> None:
    game = get_game("duchess", players=players)
    rng = np.random.default_rng(20 + players)
    captures = 0
    for _ in range(3):
        state = game.initial_state()
        state.reserve(400)
        assert_bits_match_board(state)
        while len(state.history) < 300 and not state.is_terminal():
            before = len(state.pieces())
            state.push_unchecked(int(rng.choice(state.legal_moves())))
            captures += len(state.pieces()) < before
            assert_bits_match_board(state)
        loaded = game.state_from_text(state.to_text())
        assert np.array_equal(loaded.arrays[0][OCC:], state.arrays[0][OCC:])
        while state.history:
            state.pop()
            assert_bits_match_board(state)
    assert captures > 20


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_remembered_check_is_the_board_s_check(players) -> None:
    """Asked before and after moves, take-backs, null moves and whole searches: the answer
    is the one a fresh look at the board gives."""
    game = get_game("duchess", players=players)
    kernel = game.kernel
    rng = np.random.default_rng(30 + players)
    searcher = Searcher(game, Weights.default(game).theta, tt_megabytes=4)
    checks = 0
    state = game.initial_state()
    state.reserve(400)
    while len(state.history) < 200 and not state.is_terminal():
        pos = state.arrays[0]
        asked = bool(kernel.king_attacked(state.arrays, pos[SEAT]))
        assert asked == truly_in_check(pos)
        checks += asked
        if len(state.history) % 25 == 10:
            searcher.search(state, Limits(depth=3))  # leaves its flags on the plies it visited
            assert bool(kernel.king_attacked(state.arrays, pos[SEAT])) == asked
        if not asked and kernel.null_move_ok(state.arrays):
            kernel.make_null(state.arrays)
            assert bool(kernel.king_attacked(state.arrays, pos[SEAT])) == truly_in_check(pos)
            kernel.unmake_null(state.arrays)
        state.push_unchecked(int(rng.choice(state.legal_moves())))
    while state.history:
        state.pop()
        pos = state.arrays[0]
        assert bool(kernel.king_attacked(state.arrays, pos[SEAT])) == truly_in_check(pos)
    assert checks > 3
