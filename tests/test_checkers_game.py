"""Checkers text I/O (FEN, PDN moves and records), rules corner cases and display."""

from __future__ import annotations

import pytest

from gamecore.errors import BadMove, BadPosition
from gamecore.kernel_api import DRAW, LOSS, ONGOING
from gamecore.registry import get_game
from games.checkers import START_FEN, layout


@pytest.fixture
def game():
    return get_game("checkers")


def texts(state) -> list[str]:
    return sorted(state.move_text(m) for m in state.legal_moves())


def test_start(game) -> None:
    state = game.initial_state()
    assert state.to_text() == START_FEN
    assert state.player == 0 and game.player_names == ("black", "white")
    assert texts(state) == sorted(["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"])


@pytest.mark.parametrize(
    "fen",
    [
        START_FEN,
        "W:WK10,28:B6,7,14,15,23,K27",
        "B:W:B1",
        "W:WK1,K2:BK31",
    ],
)
def test_fen_round_trips(game, fen: str) -> None:
    assert game.state_from_text(fen).to_text() == fen


def test_fen_variants_are_read(game) -> None:
    """Black field first, unsorted squares, ranges, a trailing dot, lower-case side."""
    state = game.state_from_text("b:B12,1-3,K5:W32,K20.")
    assert state.to_text() == "B:WK20,32:B1,2,3,K5,12"


@pytest.mark.parametrize(
    "fen",
    [
        "",
        "X:W21:B1",
        "B:W21",
        "B:W21:W22",
        "B:W21:B1:B2",
        "B:W33:B1",
        "B:W0:B1",
        "B:W21,21:B1",
        "B:W21:B21",
        "B:Wx:B1",
        "B:W1:B5",  # a white man on 1 would be a king
        "B:W21:B30",  # a black man on 30 would be a king
    ],
)
def test_bad_fen_one_line(game, fen: str) -> None:
    with pytest.raises(BadPosition) as err:
        game.state_from_text(fen)
    assert "\n" not in str(err.value) and str(err.value)


def test_moves_read_back(game) -> None:
    state = game.state_from_text("W:WK10,28:B6,7,14,15,23,K27")
    assert texts(state) == ["10x1", "10x17", "10x19x26", "10x3"]
    for text in texts(state):
        assert state.move_text(state.parse_move(text)) == text
    # the landing squares can be left out when only one jump goes from 10 to 26
    assert state.parse_move("10x26") == state.parse_move("10x19x26")


def test_ambiguous_short_jump(game) -> None:
    """Two jumps from 6 to 6 round a ring are one move; two routes 2 -> 18 over different men
    are two moves, so '2x18' is ambiguous."""
    state = game.state_from_text("B:W9,10,17,18,30:BK6,1")
    assert texts(state) == ["6x13x22x15x6"]
    assert state.parse_move("6x15x22x13x6") == state.parse_move("6x13x22x15x6")
    state = game.state_from_text("B:W6,7,14,15:B2")
    assert texts(state) == ["2x11x18", "2x9x18"]
    with pytest.raises(BadMove, match="ambiguous"):
        state.parse_move("2x18")
    assert state.parse_move("2x9x18") != state.parse_move("2x11x18")


@pytest.mark.parametrize("text", ["", "11", "11-", "11--15", "a-b", "11-15-19", "11x", "40-44"])
def test_malformed_moves_one_line(game, text: str) -> None:
    with pytest.raises(BadMove) as err:
        game.initial_state().parse_move(text)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("text", ["11-16x", "21-17", "11-14", "9x18", "1-5"])
def test_illegal_moves_one_line(game, text: str) -> None:
    with pytest.raises(BadMove) as err:
        game.initial_state().parse_move(text)
    assert "\n" not in str(err.value)


def test_capture_is_compulsory(game) -> None:
    state = game.state_from_text("B:W18,30:B14,1")
    assert texts(state) == ["14x23"]
    with pytest.raises(BadMove):
        state.parse_move("1-5")


def test_multi_jump_must_be_completed(game) -> None:
    state = game.state_from_text("B:W18,27,30:B14")
    assert texts(state) == ["14x23x32"]


def test_crowning_ends_the_move(game) -> None:
    """The black man jumps to 32 and is crowned; as a king it could jump 27 -> 23 but stops."""
    state = game.state_from_text("B:W27,28:B24")
    assert texts(state) == ["24x31"]
    state = game.state_from_text("B:W27,28,20:B23")
    assert texts(state) == ["23x32"]
    state.push(state.parse_move("23x32"))
    assert state.to_text() == "W:W20,28:BK32"


def test_crowning_steps_are_noisy(game) -> None:
    state = game.state_from_text("B:WK1:B25,K10")
    noisy = sorted(state.move_text(m) for m in state.noisy_moves())
    assert noisy == ["25-29", "25-30"]
    kernel = game.kernel
    assert all(kernel.order_key(state.arrays, m) > 0 for m in state.noisy_moves())


def test_no_move_loses(game) -> None:
    state = game.state_from_text("W:W:B1")
    assert state.legal_moves() == [] and state.status() == LOSS
    assert game.describe_result(state) == "black wins (white has no legal move)"
    blocked = game.state_from_text("W:W29:B22,25")  # the white man on 29 can not move
    assert blocked.legal_moves() == [] and blocked.status() == LOSS


def test_threefold_repetition_draws(game) -> None:
    state = game.state_from_text("W:WK32:BK1")
    cycle = ["32-27", "1-5", "27-32", "5-1"]
    for _ in range(2):
        for text in cycle:
            assert state.status() == ONGOING
            state.push(state.parse_move(text))
    assert state.status() == DRAW
    assert game.describe_result(state) == "draw by threefold repetition"


def test_repeated_marks_every_recurrence_for_the_search(game) -> None:
    """The search scores a repeated position as a draw: the first recurrence already counts."""
    state = game.state_from_text("W:WK32:BK1")
    kernel = game.kernel
    for text in ["32-27", "1-5", "27-32"]:
        state.push(state.parse_move(text))
        assert not kernel.repeated(state.arrays)
    state.push(state.parse_move("5-1"))
    assert kernel.repeated(state.arrays) and state.status() == ONGOING


def test_forty_move_rule(game) -> None:
    """80 plies without a capture or a man move draw (the counter is set near the limit)."""
    assert layout.DRAW_PLIES == 80
    state = game.state_from_text("W:WK32:BK1")
    state.arrays[0][layout.QUIET] = layout.DRAW_PLIES - 2
    state.push(state.parse_move("32-27"))
    assert state.status() == ONGOING
    state.push(state.parse_move("1-5"))
    assert state.status() == DRAW
    assert game.describe_result(state) == "draw by the 40-move rule"


def test_man_move_resets_the_quiet_counter(game) -> None:
    state = game.state_from_text("W:WK32,21:BK1")
    state.push(state.parse_move("32-27"))
    assert int(state.arrays[0][layout.QUIET]) == 1
    state.push(state.parse_move("1-5"))
    state.push(state.parse_move("21-17"))
    assert int(state.arrays[0][layout.QUIET]) == 0
    state.pop()
    assert int(state.arrays[0][layout.QUIET]) == 2


def test_pdn_record(game) -> None:
    state = game.initial_state()
    for text in ["11-15", "23-19", "8-11", "22-17"]:
        state.push(state.parse_move(text))
    record = game.game_record(state, {"Event": "test"})
    assert game.record_suffix == ".pdn"
    assert '[GameType "21"]' in record and '[Event "test"]' in record
    assert "1. 11-15 23-19 2. 8-11 22-17 *" in record
    assert "[FEN" not in record
    other = game.state_from_text("W:W:B1")
    assert '[Result "1-0"]' in game.game_record(other, {})
    assert '[FEN "W:W:B1"]' in game.game_record(other, {})


def test_display(game) -> None:
    state = game.initial_state()
    geometry = game.geometry()
    assert len(geometry.cells) == 64
    assert [geometry.cell(i).name for i in range(32)] == [str(n) for n in range(1, 33)]
    assert all(len(cell.polygon) == 4 for cell in geometry.cells)
    pieces = state.pieces()
    assert len(pieces) == 24 and {p.glyph for p in pieces} == {"man"}
    assert game.move_cells(state.arrays, state.parse_move("11-15")) == (10, 14)
    diagram = game.board_diagram(state.arrays)
    assert diagram.splitlines()[0].split()[:4] == ["b", "b", "b", "b"]
    # square 1 is the second cell of the top row, square 29 the first of the bottom row
    assert layout.row_col(0) == (0, 1) and layout.row_col(28) == (7, 0)


def test_loaded_hash_is_the_kernel_hash(game) -> None:
    for fen in (START_FEN, "W:WK10,28:B6,7,14,15,23,K27", "B:W:B1"):
        state = game.state_from_text(fen)
        assert state.hash == int(game.kernel.hash_full(state.arrays))


def test_features(game) -> None:
    idx, val = game.initial_state().features()
    assert game.feature_set.count == 248 == game.kernel.FEATURE_COUNT
    assert game.feature_set.name == "checkers-chinook"
    counts = dict(zip(idx.tolist(), val.tolist(), strict=True))
    assert counts[0] == 12 and counts[4] == 12  # own and opponent men, opening phase
    # Both sides see the start the same way (the position is symmetric).
    state = game.initial_state()
    state.push(state.parse_move("11-15"))
    state.push(state.parse_move("22-18"))
    a = sorted(zip(*map(list, state.features()), strict=True))
    state.pop()
    b = sorted(zip(*map(list, state.features()), strict=True))
    assert a != b


def test_order_key_and_null_move(game) -> None:
    kernel = game.kernel
    state = game.state_from_text("W:WK10,28,25,21:B6,7,14,15,23,K27,17")
    keys = {state.move_text(m): int(kernel.order_key(state.arrays, m)) for m in state.legal_moves()}
    assert keys["10x19x26"] > keys["10x1"] > 0
    quiet = game.initial_state()
    assert all(kernel.order_key(quiet.arrays, m) == 0 for m in quiet.legal_moves())
    assert kernel.null_move_ok(quiet.arrays)
    assert not kernel.null_move_ok(game.state_from_text("W:WK32:BK1").arrays)
