"""Game records read back (PGN for chess, PDN for checkers) and move tags for the window."""

from __future__ import annotations

import pytest

from gamecore.errors import BadMove, BadPosition
from gamecore.registry import get_game


@pytest.fixture(scope="module")
def chess():
    return get_game("chess")


@pytest.fixture(scope="module")
def checkers():
    return get_game("checkers")


# -- chess ---------------------------------------------------------------------------------


def test_chess_pgn_round_trip_reproduces_moves_and_position(chess):
    state = chess.initial_state()
    for move in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"]:
        state.push_text(move)
    text = chess.game_record(state, {"Event": "round trip"})
    back = chess.read_record(text)
    assert back.history == state.history
    assert back.to_text() == state.to_text()


def test_chess_pgn_from_a_set_up_position_with_a_promotion(chess):
    text = '[SetUp "1"]\n[FEN "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"]\n\n1. a8=N Kd7 *\n'
    state = chess.read_record(text)
    assert state.to_text() == "N7/3k4/8/8/8/8/8/4K3 w - - 1 2"
    assert [state.game.move_to_text(state.arrays, m) for m in state.history] == [
        "a7a8n",
        "e8d7",
    ]


def test_chess_pgn_skips_comments_variations_and_nags(chess):
    state = chess.read_record("1. e4 {best by test} e5 (1... c5 2. Nf3) 2. Nf3! $1 Nc6 1-0")
    assert len(state.history) == 4
    assert state.to_text().startswith("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/")


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("", BadPosition, "no PGN game"),
        ("hello", BadMove, "'hello' is not a move"),
        ("1. e4 e5 2. Nf9", BadMove, "'Nf9' is not a move"),
        ("1. e4 e5 2. Ke3", BadMove, "illegal san"),
        ('[FEN "bad"]\n\n1. e4', BadMove, "unreadable PGN"),
    ],
)
def test_chess_bad_pgn_is_one_line_error(chess, text, error, message):
    with pytest.raises(error, match=message) as info:
        chess.read_record(text)
    assert "\n" not in str(info.value)


def test_chess_move_tags(chess):
    state = chess.state_from_text("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1")
    tags = {state.move_text(m): state.game.move_tags(state.arrays, m) for m in state.legal_moves()}
    assert tags["e5d6"] == {"capture"}  # en passant
    assert tags["b7b8q"] == {"promotion"}
    assert tags["b7a8n"] == {"promotion", "capture"}
    assert tags["e1g1"] == {"castle"}
    assert tags["a1a8"] == {"capture"}
    assert tags["e5e6"] == frozenset()


# -- checkers ------------------------------------------------------------------------------


def test_checkers_pdn_round_trip(checkers):
    state = checkers.initial_state()
    for move in ["11-15", "22-18", "15x22", "25x18", "8-11"]:
        state.push_text(move)
    back = checkers.read_record(checkers.game_record(state, {"Event": "t"}))
    assert back.history == state.history
    assert back.to_text() == state.to_text()


def test_checkers_pdn_from_fen_with_comments_and_numbers(checkers):
    text = (
        '[GameType "21"]\n[SetUp "1"]\n[FEN "W:W21,K30:B1,5"]\n\n'
        "1... 21-17 {white moves first here} 2. 5-9 (2. 1-6) 17-13! $2 *\n"
    )
    state = checkers.read_record(text)
    assert len(state.history) == 3
    assert state.to_text() == "B:W13,K30:B1,9"


def test_checkers_pdn_stops_at_the_result(checkers):
    state = checkers.read_record("1. 11-15 23-19 1-0 2. 9-13 22-18")
    assert len(state.history) == 2


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("", BadPosition, "not a PDN game"),
        ("1. 11-15 hello", BadMove, "PDN move 2"),
        ("1. 11-15 11-15", BadMove, "illegal move"),
        ('[FEN "X"]\n1. 11-15', BadPosition, "bad checkers FEN"),
        ('[GameType "20"]\n1. 32-28', BadPosition, "not 21"),
        ("1. 11-15 {unclosed", BadPosition, "unclosed"),
    ],
)
def test_checkers_bad_pdn_is_one_line_error(checkers, text, error, message):
    with pytest.raises(error, match=message) as info:
        checkers.read_record(text)
    assert "\n" not in str(info.value)


def test_checkers_move_tags(checkers):
    state = checkers.state_from_text("B:W18:B14,K1")
    tags = {state.move_text(m): checkers.move_tags(state.arrays, m) for m in state.legal_moves()}
    assert tags == {"14x23": {"capture"}}
    quiet = checkers.initial_state()
    assert all(not checkers.move_tags(quiet.arrays, m) for m in quiet.legal_moves())
