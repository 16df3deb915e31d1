"""Duchess as a gamecore game: options, notation, position strings, errors, records, display,
the move bound, and rotation symmetry of the rules."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gamecore.errors import BadMove, BadOption, BadPosition
from gamecore.kernel_api import ONGOING
from gamecore.registry import get_game
from games.duchess import MAX_MOVES, layout, move_bound
from games.duchess import rules_table as R
from games.duchess.mesh import N_CELLS, VORTEX, rotate
from games.duchess.notation import CELL_NAMES, CELL_OF_NAME, cell_name


@pytest.fixture(scope="module")
def game():
    return get_game("duchess")


def play_random(game, plies: int, seed: int):
    rng = np.random.default_rng(seed)
    state = game.initial_state()
    for _ in range(plies):
        moves = state.legal_moves()
        if not moves or state.status() != ONGOING:
            break
        state.push(moves[rng.integers(len(moves))])
    return state


# -- options and facts ----------------------------------------------------------------------------


def test_options_and_facts() -> None:
    for players in (2, 4, 6):
        game = get_game("duchess", players=players)
        assert game.num_players == players
        assert game.player_names == R.SEAT_NAMES[:players]
    six = get_game("duchess")
    assert six.team_names == ("red-yellow-magenta", "blue-green-cyan")
    assert get_game("duchess", players=4).team_names == ("red-yellow", "blue-green")
    assert get_game("duchess", players=2).team_names == ("red", "blue")
    assert [six.team_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    caps = six.capabilities
    assert caps.has_kings and caps.has_passes and caps.jit


@pytest.mark.parametrize("options", [{"players": 3}, {"players": "x"}, {"colour": 1}])
def test_bad_options_one_line(options) -> None:
    with pytest.raises(BadOption) as err:
        get_game("duchess", **options)
    assert "\n" not in str(err.value)


# -- notation -------------------------------------------------------------------------------------


def test_cell_names() -> None:
    assert cell_name(2) == "Ac1" and cell_name(VORTEX) == "V"
    assert cell_name(20) == "Ao1" and cell_name(23) == "Ao4"
    assert cell_name(24) == "Ai1" and cell_name(25) == "Ai2"
    assert cell_name(26 * 5 + 19) == "Fe4"
    assert len(set(CELL_NAMES)) == N_CELLS
    assert all(CELL_OF_NAME[cell_name(c)] == c for c in range(N_CELLS))


def test_start_position(game) -> None:
    state = game.initial_state()
    text = state.to_text()
    assert text.startswith("players=6 turn=red quiet=0 passes=0 moves=0 red:RAa1,WAb1,KAc1")
    assert sorted(state.move_text(m) for m in state.legal_moves()) == [
        "Aa3-Aa4",
        "Ab2-Aa4",
        "Ab2-Ac4",
        "Ab3-Ab4",
        "Ac3-Ac4",
        "Ad2-Ac4",
        "Ad2-Ae4",
        "Ad3-Ad4",
        "Ae3-Ae4",
    ]
    assert len(state.pieces()) == 90
    four = get_game("duchess", players=4).initial_state()
    assert {p.cell // 26 for p in four.pieces()} == {0, 1, 3, 4}
    two = get_game("duchess", players=2).initial_state()
    assert {p.cell // 26 for p in two.pieces()} == {0, 3}


def test_move_text_round_trips_along_games(game) -> None:
    for seed in range(3):
        state = play_random(game, 150, seed)
        for move in state.legal_moves():
            assert state.parse_move(state.move_text(move)) == move
        reloaded = game.state_from_text(state.to_text())
        assert reloaded.to_text() == state.to_text() and reloaded.hash == state.hash


@pytest.mark.parametrize(
    "text", ["", "Ac3", "Ac3-", "Ac3--Ac4", "Ag3-Ag4", "Ac5-Ac6", "Ac3-Ac4=X", "V-", "pas"]
)
def test_malformed_moves_one_line(game, text: str) -> None:
    with pytest.raises(BadMove, match="malformed") as err:
        game.initial_state().parse_move(text)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("text", ["Ac3-Ac5", "Ab1-Ab2", "Ac3-Ac4=Q", "Bc3-Bc4", "Aa3-Ab4"])
def test_illegal_moves_one_line(game, text: str) -> None:
    with pytest.raises(BadMove) as err:
        game.initial_state().parse_move(text)
    assert "\n" not in str(err.value)


GOOD = (
    "players=6 turn=red quiet=0 passes=0 moves=0 "
    "red:KAc1 blue:KBc1 yellow:KCc1 green:KDc1 magenta:KEc1 cyan:KFc1"
)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "expected 5 header fields"),
        (GOOD.replace("players=6", "players=4"), "first field must be 'players=6'"),
        (GOOD.replace("turn=red", "turn=pink"), "turn must be one of"),
        (GOOD.replace("quiet=0", "quiet=x"), "expected quiet=<number>"),
        (GOOD.replace("passes=0", "passes=7"), "more than one round of passes"),
        (GOOD.replace("red:KAc1", "rot:KAc1"), "must start 'red:'"),
        (GOOD.replace("red:KAc1", "red:KAc1,XAc2"), "no piece letter 'X'"),
        (GOOD.replace("red:KAc1", "red:KAc1,QAz9"), "no cell 'Az9'"),
        (GOOD.replace("red:KAc1", "red:KAc1,QBc1"), "cell Bc1 holds two pieces"),
        (GOOD.replace("red:KAc1", "red:QAc2"), "red must have exactly one King"),
        (GOOD.replace("red:KAc1", "red:KAc1,KAc2"), "red must have exactly one King"),
        (GOOD.replace("red:KAc1", "red:KAc1,NAa1,NAa2"), "red has 2 N"),
        (GOOD.replace("red:KAc1", "red:KAc1,QAa1|Q"), "red has 2 Q"),
        (GOOD.replace("red:KAc1", "red:KAc1|K"), "cannot have lost a 'K'"),
        (GOOD + " extra", "expected 5 header fields"),
    ],
)
def test_bad_positions_one_line(game, text: str, why: str) -> None:
    with pytest.raises(BadPosition, match=why) as err:
        game.state_from_text(text)
    assert "\n" not in str(err.value)


def test_folded_flap_cells_are_refused() -> None:
    four = get_game("duchess", players=4)
    text = (
        "players=4 turn=red quiet=0 passes=0 moves=0 red:KAc1,QCc2 blue:KBc1 yellow:KDc1 green:KEc1"
    )
    with pytest.raises(BadPosition, match="cell Cc2 is on a folded flap"):
        four.state_from_text(text)


def test_record_round_trips(game) -> None:
    state = play_random(game, 60, 4)
    record = game.game_record(state, {"Event": "test"})
    assert "Event: test" in record and "Start: players=6" in record
    again = game.read_record(record)
    assert again.to_text() == state.to_text() and again.history == state.history


# -- display --------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", (2, 4, 6))
def test_geometry(players: int) -> None:
    game = get_game("duchess", players=players)
    geometry = game.geometry()
    assert len(geometry.cells) == N_CELLS
    assert all(geometry.cell(i).index == i for i in range(N_CELLS))
    assert len(geometry.cell(VORTEX).polygon) == 6
    assert geometry.player_names == game.player_names
    assert geometry.player_colors == R.SEAT_COLOURS[:players]
    dark = geometry.cell(VORTEX).color
    assert geometry.cell(25).color == dark  # chair 0's inner corner cell, like the vortex
    # Flap squares keep the board's two colours, tinted with the seated player's colour:
    # the back-row corners dark, each flap visibly its player's.
    corner, light = geometry.cell(0).color, geometry.cell(1).color
    assert sum(corner) < sum(light) and geometry.cell(4).color == corner
    red = R.SEAT_COLOURS[0]
    assert corner[0] - corner[2] > dark[0] - dark[2]  # redder than the untinted centre
    assert red[0] > red[2]
    named = [c for c in geometry.cells if c.name]
    assert len(named) == N_CELLS - 20 * (6 - players)
    if players < 6:
        folded = [c for c in geometry.cells if not c.name]
        assert {c.color for c in folded} == {(80, 80, 80)}


def test_pieces_move_cells_and_diagram(game) -> None:
    state = game.initial_state()
    pieces = {p.cell: p for p in state.pieces()}
    assert pieces[2].glyph == "K" and pieces[2].player == 0
    assert {p.glyph for p in pieces.values()} == set("KQRBNPWDF")
    move = state.parse_move("Ab2-Ac4")
    assert game.move_cells(state.arrays, move) == (CELL_OF_NAME["Ab2"], CELL_OF_NAME["Ac4"])
    assert game.move_cells(state.arrays, layout.PASS) == (-1, -1)
    diagram = game.board_diagram(state.arrays)
    assert "Rr Wr Kr Fr Rr" in diagram and "turn: red" in diagram
    assert game.piece_square_map()["K"].shape == (N_CELLS,)


# -- the move bound -------------------------------------------------------------------------------


def test_max_moves_bound() -> None:
    assert MAX_MOVES == move_bound() == get_game("duchess").max_moves
    # The densest legal position we know: queens, fortresses, wizards in the middle. Far below.
    state = get_game("duchess").state_from_text(
        "players=6 turn=red quiet=0 passes=0 moves=0 red:KAa1,QV,FAi1,DAi2,WAo2,RCc4,RDc4,"
        "BAo4,BBo4,NBo2,PAc4,PBc4,PEc4,PFc4,PCo1"
        " blue:KBa1 yellow:KCa1,WCi1 green:KDa1 magenta:KEa1,WEi1 cyan:KFa1"
    )
    n = len(state.legal_moves())
    assert 150 < n < MAX_MOVES


def test_generator_refuses_to_overflow_a_short_buffer() -> None:
    state = get_game("duchess").initial_state()
    with pytest.raises(IndexError, match="max_moves"):
        state._kernel.gen_moves(state.arrays, np.zeros(3, dtype=np.int64))


# -- rotation -------------------------------------------------------------------------------------


def rotate_text(text: str, players: int = 6) -> str:
    """The position turned so that every seat's pieces go to the next flap that is in play:
    one chair (seat s -> s + 1) with six players, three chairs (s -> s + 2) with four or two."""
    chairs, shift = {6: (1, 1), 4: (3, 2), 2: (3, 1)}[players]
    fields = text.split()
    names = list(R.SEAT_NAMES[:players])
    turn = names[(names.index(fields[1].removeprefix("turn=")) + shift) % players]
    groups = {}
    for seat, group in enumerate(fields[5:]):
        body = group.partition(":")[2]
        pieces, bar, lost = body.partition("|")
        moved = [
            f"{item[0]}{CELL_NAMES[rotate(CELL_OF_NAME[item[1:]], chairs)]}"
            for item in filter(None, pieces.split(","))
        ]
        groups[(seat + shift) % players] = ",".join(moved) + (bar + lost if lost else "")
    body = " ".join(f"{names[s]}:{groups[s]}" for s in range(players))
    return " ".join([*fields[:1], f"turn={turn}", *fields[2:5], body])


def rotate_move(text: str, chairs: int = 1) -> str:
    if text == "pass":
        return text
    frm, _, rest = text.partition("-")
    to, eq, promo = rest.partition("=")
    turned = [CELL_NAMES[rotate(CELL_OF_NAME[c], chairs)] for c in (frm, to)]
    return "-".join(turned) + (eq + promo if promo else "")


@pytest.mark.parametrize("players", (2, 4))
def test_rotating_a_folded_board_rotates_its_moves(players: int) -> None:
    from tests.test_duchess_perft import random_position

    game = get_game("duchess", players=players)
    rng = random.Random(players)
    for _ in range(20):
        text = random_position(rng, players)
        state = game.state_from_text(text)
        turned = game.state_from_text(rotate_text(text, players))
        ours = sorted(rotate_move(state.move_text(m), 3) for m in state.legal_moves())
        assert ours == sorted(turned.move_text(m) for m in turned.legal_moves()), text


def test_rotating_a_position_rotates_its_moves(game) -> None:
    rng = random.Random(3)
    texts = [play_random(game, plies, seed).to_text() for seed, plies in ((1, 90), (2, 200))]
    from tests.test_duchess_perft import random_position

    texts += [random_position(rng, 6) for _ in range(25)]
    for text in texts:
        state = game.state_from_text(text)
        turned = game.state_from_text(rotate_text(text))
        ours = sorted(rotate_move(state.move_text(m)) for m in state.legal_moves())
        assert ours == sorted(turned.move_text(m) for m in turned.legal_moves()), text
        assert state.status() == turned.status()
        # six turns bring it home
        back = text
        for _ in range(6):
            back = rotate_text(back)
        assert game.state_from_text(back).to_text() == state.to_text()


def test_no_legal_move_enters_a_king_cell(game) -> None:
    for seed in range(4):
        state = play_random(game, 120, seed)
        kings = {int(state.arrays[0][layout.KING_AT + s]) for s in range(6)}
        for move in state.legal_moves():
            if move != layout.PASS:
                assert layout.move_to(move) not in kings


def test_perft_command() -> None:
    from tests.cli import run_cli

    result = run_cli("perft", "duchess", "--depth", "3")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-1] == "837"
    result = run_cli("perft", "duchess", "-o", "players=2", "--depth", "3")
    assert result.stdout.split()[-1] == "1359"
    bad = run_cli("perft", "duchess", "-o", "players=5", "--depth", "1")
    assert bad.returncode == 2 and "2, 4 or 6 players" in bad.stderr
