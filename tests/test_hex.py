"""The Hex example plugin: the conformance kit, perft against a brute force, wins, swap, text.

The plugin must be installed: ``pip install -e ./examples/hex``.
"""

from __future__ import annotations

from functools import cache
from math import perm
from typing import Any, ClassVar

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamecore
from gamecore import BadMove, BadOption, BadPosition
from gamecore.kernel_api import LOSS, ONGOING
from gamecore.testing import GameConformance, perft_bound
from tests.cli import run_cli

NEIGHBOURS = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, -1), (1, 0))


class TestHexSize3(GameConformance):
    game_name = "hex"
    game_options: ClassVar[dict[str, Any]] = {"size": 3}
    max_plies = 9
    perft_depth = 3
    # Red is one stone from joining (a3 wins) and blue must block; stones in two corners.
    start_positions = (".r./.r./.b. b", "rb./.../b.r r")


class TestHexDefault(GameConformance):
    game_name = "hex"
    max_plies = 49
    perft_depth = 2


class TestHexSwap(GameConformance):
    game_name = "hex"
    game_options: ClassVar[dict[str, Any]] = {"size": 3, "swap": 1}
    max_plies = 9
    perft_depth = 3
    # After a swap: blue is a stone ahead.
    start_positions = ("..b/.../... r", "r../.../... b")


# -- an independent plain-Python Hex ------------------------------------------------------------


def joined(board: tuple[int, ...], n: int, owner: int) -> bool:
    """Whether ``owner`` (1 red: rows, 2 blue: columns) joins its edges: a plain search."""
    at = (lambda r, c: r) if owner == 1 else (lambda r, c: c)
    todo = [
        (r, c) for r in range(n) for c in range(n) if at(r, c) == 0 and board[r * n + c] == owner
    ]
    seen = set(todo)
    while todo:
        r, c = todo.pop()
        if at(r, c) == n - 1:
            return True
        for dr, dc in NEIGHBOURS:
            nr, nc = r + dr, c + dc
            if 0 <= nr < n and 0 <= nc < n and (nr, nc) not in seen and board[nr * n + nc] == owner:
                seen.add((nr, nc))
                todo.append((nr, nc))
    return False


def brute_perft(n: int, depth: int) -> int:
    """Move sequences of ``depth`` plies from the empty board, a game ending at its win."""

    @cache
    def count(board: tuple[int, ...], depth: int) -> int:
        mover = 1 if board.count(1) == board.count(2) else 2
        total = 0
        for i, v in enumerate(board):
            if v == 0:
                child = (*board[:i], mover, *board[i + 1 :])
                if depth == 1:
                    total += 1
                elif not joined(child, n, mover):
                    total += count(child, depth - 1)
        return total

    return count((0,) * (n * n), depth) if depth else 1


def text_of(n: int, red: set[tuple[int, int]], blue: set[tuple[int, int]], side: str) -> str:
    rows = [
        "".join("r" if (r, c) in red else "b" if (r, c) in blue else "." for c in range(n))
        for r in range(n)
    ]
    return "/".join(rows) + " " + side


# -- perft ------------------------------------------------------------------------------------


def test_perft_3x3_full_depth_matches_brute_force() -> None:
    state = gamecore.get_game("hex", size=3).initial_state()
    counts = [perft_bound(state, d) for d in range(10)]
    assert counts == [brute_perft(3, d) for d in range(10)]
    # 9! games were the board never to be won early; the shortest wins take 5 plies.
    assert counts[:5] == [perm(9, d) for d in range(5)]
    assert counts[9] < perm(9, 9) and counts[9] == 120960


def test_perft_default_size_is_falling_products() -> None:
    """On 7x7 nobody can win before ply 13, so every early count is 49 * 48 * ..."""
    state = gamecore.get_game("hex").initial_state()
    assert [perft_bound(state, d) for d in range(4)] == [perm(49, d) for d in range(4)]


def test_perft_with_swap_adds_one_answer_to_each_first_stone() -> None:
    state = gamecore.get_game("hex", size=3, swap=1).initial_state()
    assert perft_bound(state, 2) == 9 * 9
    assert perft_bound(state, 3) == 9 * 8 * 7 + 9 * 8


def test_perft_command() -> None:
    result = run_cli("perft", "hex", "-o", "size=3", "--depth", "3")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "nodes 504"
    bad = run_cli("perft", "hex", "-o", "size=12", "--depth", "1")
    assert bad.returncode == 2
    assert bad.stderr.strip().count("\n") == 0 and "3 to 11" in bad.stderr


# -- winning --------------------------------------------------------------------------------

# A red path on 5x5 that turns back on itself: down, right along row 2, down, left along
# row 4, down. (2, 3) is left out: it is the winning stone.
WINDING = {(0, 0), (1, 0), (1, 1), (1, 2), (1, 3), (3, 2), (3, 1), (3, 0), (4, 0)}
WINNING = (2, 3)
# Blue's stones (blue on c3 keeps the path from having a second way through).
OTHERS = {(0, 2), (0, 4), (1, 4), (2, 0), (2, 1), (2, 2), (2, 4), (3, 4), (4, 3)}


@pytest.mark.parametrize("colour", ["red", "blue"])
def test_winding_path_wins(colour: str) -> None:
    game = gamecore.get_game("hex", size=5)
    path, winning, others = WINDING, WINNING, OTHERS
    if colour == "blue":  # the same picture for blue: rows and columns swapped
        path = {(c, r) for r, c in path}
        winning = winning[::-1]
        others = {(c, r) for r, c in others} | {(4, 4)}
        state = game.state_from_text(text_of(5, others, path, "b"))
    else:
        state = game.state_from_text(text_of(5, path, others, "r"))
    cell = f"{'abcde'[winning[1]]}{winning[0] + 1}"
    assert state.status() == ONGOING
    move = state.parse_move(cell)
    assert state.noisy_moves() == [move]
    assert state._kernel.order_key(state.arrays, np.int64(move)) == 1
    for other in state.legal_moves():
        if other != move:
            state.push_unchecked(other)
            assert state.status() == ONGOING, f"{state.move_text(other)} should not win"
            state.pop()
    state.push_text(cell)
    assert state.status() == LOSS and state.legal_moves() == []
    assert state.winner_team() == (0 if colour == "red" else 1)
    assert game.describe_result(state).startswith(f"{colour} wins")
    again = game.state_from_text(state.to_text())
    assert again.is_terminal() and again.winner_team() == state.winner_team()


@settings(max_examples=40, deadline=None)
@given(size=st.integers(3, 8), seed=st.integers(0, 2**32 - 1))
def test_random_games_end_with_exactly_one_winner(size: int, seed: int) -> None:
    """Hex has no draws: play at random until the game stops; exactly one side has joined."""
    game = gamecore.get_game("hex", size=size)
    state = game.initial_state()
    rng = np.random.default_rng(seed)
    while state.status() == ONGOING:
        moves = state.legal_moves()
        assert moves, f"no moves but the game goes on: {state.to_text()!r}"
        state.push_unchecked(moves[rng.integers(len(moves))])
    board = tuple(int(v) for v in state.arrays[0])
    winner = state.winner_team()
    assert winner in (0, 1)
    assert joined(board, size, winner + 1) and not joined(board, size, 2 - winner)
    # The board filled up regardless still holds exactly one connection.
    full = tuple(int(rng.integers(1, 3)) if v == 0 else v for v in board)
    assert joined(full, size, 1) != joined(full, size, 2)


# -- the swap rule ------------------------------------------------------------------------------


def test_swap_mirrors_the_first_stone_and_undoes() -> None:
    game = gamecore.get_game("hex", size=5, swap="on")
    state = game.initial_state()
    assert "swap" not in [state.move_text(m) for m in state.legal_moves()]
    state.push_text("b4")
    before = (state.to_text(), state.hash)
    assert "swap" in [state.move_text(m) for m in state.legal_moves()]
    swap = state.parse_move("swap")
    assert game.move_cells(state.arrays, swap) == (3 * 5 + 1, 1 * 5 + 3)
    state.push(swap)
    assert state.to_text() == "...../...b./...../...../..... r"
    assert state.hash == int(state._kernel.hash_full(state.arrays))
    assert "swap" not in [state.move_text(m) for m in state.legal_moves()]
    state.push_text("c3")
    assert "swap" not in [state.move_text(m) for m in state.legal_moves()]
    state.pop()
    state.pop()
    assert (state.to_text(), state.hash) == before
    # A swapped game reads back from its text.
    assert game.state_from_text("...../...b./...../...../..... r").legal_moves()


def test_swap_needs_the_option() -> None:
    state = gamecore.get_game("hex", size=5).initial_state()
    state.push_text("b4")
    with pytest.raises(BadMove, match="without -o swap=1"):
        state.push_text("swap")
    with pytest.raises(BadPosition, match="swap=1"):
        gamecore.get_game("hex", size=5).state_from_text("...../...b./...../...../..... r")
    later = gamecore.get_game("hex", size=5, swap=1).initial_state()
    with pytest.raises(BadMove, match="only blue's answer"):
        later.push_text("swap")


# -- features -----------------------------------------------------------------------------------


def test_features_see_the_board_from_the_mover_and_count_distances() -> None:
    game = gamecore.get_game("hex", size=5)
    cells, base, buckets = 25, 50, 9
    # Red to move, red on b1 (cell 1), blue on a3 (cell 10): both four stones from joining.
    idx, _ = game.state_from_text(".r.../...../b..../...../..... r").features()
    assert sorted(idx) == [1, cells + 10, base + 4, base + buckets + 4]
    # Blue to move: blue's board is transposed, so its a3 is "own stone on c1" (cell 2) and
    # red's b1 and e5 are opponent stones on a2 (cell 5) and e5 (cell 24).
    idx, _ = game.state_from_text(".r.../...../b..../...../....r b").features()
    assert sorted(idx) == [2, cells + 5, cells + 24, base + 4, base + buckets + 4]
    # A red column one stone short of the bottom edge: blue must go round below it, four
    # stones (a5 b5 c5 d4) to reach its own e3.
    idx, _ = game.state_from_text("r...b/r...b/r...b/r..../..... b").features()
    assert base + 4 in idx and base + buckets + 1 in idx


def test_feature_set_depends_on_size() -> None:
    assert gamecore.get_game("hex").feature_set.count == 2 * 49 + 18
    assert gamecore.get_game("hex", size=11).feature_set.count == 2 * 121 + 18
    assert (
        gamecore.get_game("hex", size=9).feature_set.name
        != gamecore.get_game("hex").feature_set.name
    )


# -- text -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "text", "message"),
    [
        (3, ".../.../...", "expected '<rows> <side>'"),
        (3, ".../.../... x", "side to move"),
        (3, ".../../... r", "3 rows of 3 cells"),
        (3, "x../.../... r", "unknown cell 'x'"),
        (3, "rr./.../... b", "2 red and 0 blue"),
        (3, "b../.../... b", "0 red and 1 blue"),
        (3, "rb./rb./rb. r", "red is to move but has already joined"),
        (4, "rbbr/rbbr/rb.r/rbbr b", "twice over"),
    ],
)
def test_bad_positions(size: int, text: str, message: str) -> None:
    with pytest.raises(BadPosition, match=message) as err:
        gamecore.get_game("hex", size=size).state_from_text(text)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("z1", "not a cell of the 3x3 board"),
        ("a4", "not a cell"),
        ("a", "not a cell"),
        ("b2", "already taken"),
    ],
)
def test_bad_moves(move: str, message: str) -> None:
    state = gamecore.get_game("hex", size=3).state_from_text(".../.r./... b")
    with pytest.raises(BadMove, match=message):
        state.push_text(move)


def test_move_after_the_end_is_refused() -> None:
    state = gamecore.get_game("hex", size=3).state_from_text("r../rb./rb. b")
    with pytest.raises(BadMove, match="game is over"):
        state.push_text("c3")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"size": 2}, "3 to 11"),
        ({"size": 12}, "3 to 11"),
        ({"size": "big"}, "whole number"),
        ({"swap": "maybe"}, "on or off"),
        ({"colour": 1}, "no option 'colour'"),
    ],
)
def test_bad_options(options: dict, message: str) -> None:
    with pytest.raises(BadOption, match=message):
        gamecore.get_game("hex", **options)


def test_display() -> None:
    game = gamecore.get_game("hex", size=4)
    state = game.state_from_text("..../.r../..b./.... r")
    assert game.board_diagram(state.arrays).splitlines()[1:5] == [
        " 1  . . . .  1",
        "  2  . r . .  2",
        "   3  . . b .  3",
        "    4  . . . .  4",
    ]
    geometry = game.geometry()
    assert [c.name for c in geometry.cells[:5]] == ["a1", "b1", "c1", "d1", "a2"]
    # Neighbouring cells share an edge: b2's centre is one unit from each of its six neighbours.
    centre = [np.mean(c.polygon, axis=0) for c in geometry.cells]
    b2 = centre[5]
    near = sorted(i for i, p in enumerate(centre) if abs(np.hypot(*(p - b2)) - 1) < 1e-3)
    assert near == [1, 2, 4, 6, 8, 9]
    assert [p.cell for p in game.pieces(state.arrays)] == [5, 10]
    assert game.move_cells(state.arrays, state.parse_move("d4")) == (-1, 15)
