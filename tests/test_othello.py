"""The Othello example plugin: the conformance kit, perft, passes, scoring, flips and bad text.

The plugin must be installed: ``pip install -e ./examples/othello``.
"""

from __future__ import annotations

import numpy as np
import pytest
from gamecore_othello.kernel import PASS

import gamecore
from gamecore import BadMove, BadPosition
from gamecore.kernel_api import DRAW, LOSS, ONGOING, WIN
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.testing import GameConformance, check_make_unmake, perft_bound
from tests.cli import run_cli

START = "......../......../......../...wb.../...bw.../......../......../........ b"

# Black's only disc is g7 and every line from the three empty cells ends in white or the
# edge: black must pass, then any white move turns g7 over and ends the game.
FORCED_PASS = "wwwwwwww/wwwwwwww/wwwwwwww/wwwwwwww/wwwwwwww/wwwwwwww/wwwwwwb./wwwwww.. b"

# White's c3 is flanked in seven directions; to the east d3 e3 run into the empty f3.
STAR = "w.w.w.../.bbb..../wb.bb.../.bbbb.../w.wbw.../......../......../........ w"
STAR_AFTER_C3 = "w.w.w.../.www..../wwwbb.../.wwwb.../w.wbw.../......../......../........ b"

FULL_BLACK_WINS = "/".join(["bbbbbbbb"] * 5 + ["wwwwwwww"] * 3) + " w"
FULL_DRAW = "/".join(["bbbbbbbb"] * 4 + ["wwwwwwww"] * 4) + " b"


class TestOthello(GameConformance):
    game_name = "othello"
    max_plies = 130
    perft_depth = 3
    start_positions = (FORCED_PASS, STAR)


@pytest.fixture(scope="module")
def othello():
    return gamecore.get_game("othello")


def test_perft_from_the_start_matches_the_published_counts(othello):
    state = othello.initial_state()
    expected = [1, 4, 12, 56, 244, 1396, 8200, 55092, 390216]
    assert [perft_bound(state, d) for d in range(len(expected))] == expected
    assert state.to_text() == START


def test_start_position_and_its_moves(othello):
    state = othello.initial_state()
    assert state.to_text() == START and state.player == 0
    assert sorted(state.move_text(m) for m in state.legal_moves()) == ["c4", "d3", "e6", "f5"]
    state.push_text("d3")
    assert state.to_text() == (
        "......../......../...b..../...bb.../...bw.../......../......../........ w"
    )
    assert sorted(state.move_text(m) for m in state.legal_moves()) == ["c3", "c5", "e3"]


def test_a_pass_is_forced_and_then_the_game_ends(othello):
    state = othello.state_from_text(FORCED_PASS)
    assert state.legal_moves() == [PASS] and state.move_text(PASS) == "pass"
    assert othello.move_tags(state.arrays, PASS) == frozenset({"pass"})
    assert othello.move_cells(state.arrays, PASS) == (-1, -1)
    state.push_text("pass")
    assert state.player == 1 and state.status() == ONGOING
    # Each of white's three moves turns g7 over (westwards, northwards, north-westwards).
    assert [state.move_text(m) for m in state.legal_moves()] == ["h7", "g8", "h8"]
    state.push_text("h7")
    # Black has no disc left: nobody can move although two cells are empty.
    assert state.legal_moves() == [] and state.status() == LOSS
    assert state.winner_team() == 1
    assert othello.describe_result(state) == "white wins 62-0"
    state.pop()
    state.pop()
    assert state.to_text() == FORCED_PASS


def test_generic_search_passes_and_sees_the_end(othello):
    """Passes go through the search like any move; the finished game scores as a mate."""
    searcher = Searcher(othello, np.zeros(othello.feature_set.count), SearchParams.tournament())
    state = othello.state_from_text(FORCED_PASS)
    result = searcher.search(state, Limits(depth=3))
    assert result.best_move == PASS and result.score.mate == -2
    state.push(PASS)
    result = searcher.search(state, Limits(depth=3))
    assert state.move_text(result.best_move) in ("h7", "g8", "h8") and result.score.mate == 1


@pytest.mark.parametrize(
    ("text", "result", "described"),
    [
        (FULL_BLACK_WINS, LOSS, "black wins 40-24"),
        (FULL_BLACK_WINS.replace(" w", " b"), WIN, "black wins 40-24"),
        (FULL_DRAW, DRAW, "draw, 32-32"),
    ],
)
def test_a_full_board_is_scored_by_disc_count(othello, text, result, described):
    state = othello.state_from_text(text)
    assert state.legal_moves() == []
    assert state.status() == result
    assert othello.describe_result(state) == described
    assert state.returns() == ([0.0, 0.0] if result == DRAW else [1.0, -1.0])


def test_status_without_generated_moves_sees_the_end(othello):
    """Quiescence asks with n_legal = -1: a finished game must not look ongoing."""
    kernel = othello.kernel
    assert kernel.status(othello.initial_state().arrays, -1) == ONGOING
    assert kernel.status(othello.state_from_text(FORCED_PASS).arrays, -1) == ONGOING
    assert kernel.status(othello.state_from_text(FULL_DRAW).arrays, -1) == DRAW
    assert kernel.status(othello.state_from_text(FULL_BLACK_WINS).arrays, -1) == LOSS


def test_one_move_flips_lines_in_seven_directions(othello):
    state = othello.state_from_text(STAR)
    check_make_unmake(state)
    state.push_text("c3")
    assert state.to_text() == STAR_AFTER_C3
    assert othello.disc_counts(state.arrays) == (4, 15)
    assert state.hash == int(othello.kernel.hash_full(state.arrays))
    state.pop()
    assert state.to_text() == STAR


def test_features_see_the_board_from_the_mover(othello):
    state = othello.initial_state()
    idx, val = state.features()
    # Black to move owns d5 (cell 35) and e4 (28); white's d4 (27) and e5 (36) are 64 on;
    # then each side's mobility (four moves apiece) and disc count times (4/64)².
    assert sorted(idx.tolist()) == [28, 35, 64 + 27, 64 + 36, 128, 129, 130, 131]
    assert val.tolist()[-4:] == [4.0, 4.0, 2 / 256, 2 / 256] and (val[:-4] == 1.0).all()
    state.push_text("d3")
    idx, val = state.features()
    assert sorted(idx.tolist()) == [36, 64 + 19, 64 + 27, 64 + 28, 64 + 35, 128, 129, 130, 131]
    assert val.tolist()[-4:-2] == [3.0, 3.0]  # white could play c3 c5 e3, black e6 f5 f6
    assert val.tolist()[-2:] == [1 * (5 / 64) ** 2, 4 * (5 / 64) ** 2]


def test_transposed_move_orders_share_a_hash(othello):
    a = othello.initial_state()
    b = othello.initial_state()
    for move in ("d3", "c3", "c4", "e3"):
        a.push_text(move)
    for move in ("c4", "c3", "d3", "e3"):
        b.push_text(move)
    assert a.to_text() == b.to_text() and a.hash == b.hash


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("......../........ b", "expected 8 rows"),
        (START.replace(" b", ""), "expected '<rows> <side>'"),
        (START.replace(" b", " x"), "side to move must be 'b' or 'w'"),
        (START.replace("...wb...", "...wx..."), "unknown cell 'x' in row 4"),
        (START.replace("...wb...", "...wb.."), "row 4 has 7 cells"),
        (START.replace("...wb...", "...w...."), "centre cell e4 is empty"),
    ],
)
def test_bad_positions_name_the_problem(othello, text, problem):
    with pytest.raises(BadPosition, match=problem) as caught:
        othello.state_from_text(text)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("pass", "black may not pass with a disc to place \\(c4 d3 e6 f5\\)"),
        ("d4", "d4 is occupied"),
        ("c3", "c3 flanks no line of white discs"),
        ("i9", "'i9' is not a cell a1-h8 or 'pass'"),
        ("d", "'d' is not a cell"),
    ],
)
def test_bad_moves_name_the_problem(othello, text, problem):
    state = othello.initial_state()
    with pytest.raises(BadMove, match=problem):
        state.push_text(text)
    assert state.to_text() == START


def test_no_move_is_read_once_the_game_is_over(othello):
    with pytest.raises(BadMove, match="the game is over"):
        othello.state_from_text(FULL_DRAW).push_text("pass")


def test_display(othello):
    geometry = othello.geometry()
    assert len(geometry.cells) == 64
    assert [geometry.cell(i).name for i in (0, 7, 27, 63)] == ["a1", "h1", "d4", "h8"]
    # Row 1 is drawn at the top: y grows upwards.
    assert max(y for _, y in geometry.cell(0).polygon) == 8
    state = othello.initial_state()
    pieces = sorted((p.cell, p.player) for p in state.pieces())
    assert pieces == [(27, 1), (28, 0), (35, 0), (36, 1)]
    assert othello.move_cells(state.arrays, state.parse_move("d3")) == (-1, 19)
    diagram = othello.board_diagram(state.arrays).splitlines()
    assert diagram[0] == "  a b c d e f g h"
    assert diagram[4] == "4 . . . w b . . ."
    assert diagram[-1] == "discs: b 2, w 2"


def test_cli_perft_counts_the_fourth_ply():
    result = run_cli("perft", "othello", "--depth", "4")
    assert result.returncode == 0, result.stderr
    assert "nodes 244" in result.stdout.splitlines()
