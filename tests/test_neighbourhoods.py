"""Neighbourhoods from each game's own geometry (seed 001, issue: non-linear evaluations)."""

from __future__ import annotations

import chess
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamecore
from gamecore.errors import PluginError, Unsupported
from gamecore.neighbourhoods import Relations, average_symmetric, gather, relations_of
from gamecore.testing import random_walk
from games.duchess.mesh import N_CELLS, VORTEX, rotate
from games.duchess.rules_table import SEATING

CHESS = gamecore.get_game("chess")
CHECKERS = gamecore.get_game("checkers")


def codes_of(game, state) -> np.ndarray:
    codes = np.zeros(game.neighbourhood_relations().cells, dtype=np.int64)
    game.kernel.cell_codes(state.arrays, codes)
    return codes


def satellites(game, state, cell: int) -> list[tuple[int, int]]:
    """(satellite code, adjacent) per slot of ``cell``'s neighbourhood."""
    relations = game.neighbourhood_relations()
    inputs = np.zeros((relations.cells, relations.slots), dtype=np.int64)
    gather(codes_of(game, state), relations.lines, relations.steps, relations.codes, inputs)
    return [((i // 2) % relations.codes, i % 2) for i in inputs[cell]]


def test_chess_neighbourhood_is_the_papers_17_vector() -> None:
    relations = CHESS.neighbourhood_relations()
    assert relations.slots == 17
    assert relations.slot_names()[:9] == (
        "centre",
        "rank left",
        "rank right",
        "file down",
        "file up",
        "diagonal down-left",
        "diagonal down-right",
        "diagonal up-left",
        "diagonal up-right",
    )
    assert len(relations.step_names) == 8
    # a1: nothing to the left or below; the rank runs b1..h1, two knight squares.
    assert (relations.lines[0, 0] == -1).all()
    assert list(relations.lines[0, 1, :7]) == [1, 2, 3, 4, 5, 6, 7]
    assert sorted(s for s in relations.steps[0] if s >= 0) == [10, 17]


def test_chess_satellites_of_a_knight() -> None:
    """The Knight on f3 after 1. e4 e5 2. Nf3 Nc6: each slot names what the paper's figure
    5.2 would, nearest piece per line with adjacency, occupants of the knight squares."""
    fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    state = CHESS.state_from_text(fen)
    own = {letter: 1 + i for i, letter in enumerate("PNBRQK")}
    opp = {letter: 7 + i for i, letter in enumerate("PNBRQK")}
    got = satellites(CHESS, state, chess.F3)
    assert got[0] == (own["N"], 0)
    assert got[1:9] == [
        (0, 0),  # rank left: empty
        (0, 0),  # rank right: empty
        (own["P"], 1),  # f2, adjacent
        (opp["P"], 0),  # f7
        (own["Q"], 0),  # d1 behind the empty e2
        (own["P"], 1),  # g2
        (own["P"], 1),  # e4
        (0, 0),  # g4, h5 empty
    ]
    relations = CHESS.neighbourhood_relations()
    inputs = np.zeros((64, relations.slots), dtype=np.int64)
    gather(codes_of(CHESS, state), relations.lines, relations.steps, relations.codes, inputs)
    assert inputs[chess.F3, 3] == relations.base_index(own["N"], 3, own["P"], adjacent=True)
    knight = dict(zip(relations.steps[chess.F3], got[9:], strict=True))
    assert knight[chess.E1] == (own["K"], 0)
    assert knight[chess.E5] == (opp["P"], 0)
    assert knight[chess.H2] == (own["P"], 0)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 10_000), max_size=60))
def test_chess_codes_are_the_same_for_the_colour_mirrored_position(choices: list[int]) -> None:
    """The mover's frame: a position and its colour-flipped twin look identical to the mover,
    so one set of weights serves White and Black."""
    state = random_walk(CHESS, choices)
    board = chess.Board(state.to_text())
    mirrored = CHESS.state_from_text(board.mirror().fen())
    assert (codes_of(CHESS, state) == codes_of(CHESS, mirrored)).all()


def test_checkers_neighbourhoods_are_the_four_diagonals() -> None:
    relations = CHECKERS.neighbourhood_relations()
    assert relations.slots == 5 and relations.steps.shape == (32, 0)
    codes = codes_of(CHECKERS, CHECKERS.initial_state())  # Black to move, board turned
    assert (codes[20:] == 1).all() and (codes[:12] == 3).all() and (codes[12:20] == 0).all()
    # A man on the mover's front row looks forward across the empty middle at the
    # opponent's front row (not adjacent), and back at its own men (adjacent).
    front = satellites(CHECKERS, CHECKERS.initial_state(), 22)
    assert front[0] == (1, 0)
    assert front[1:3] == [(3, 0), (3, 0)]
    assert front[3:] == [(1, 1), (1, 1)]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_duchess_relations_turn_with_the_board(players: int) -> None:
    relations = gamecore.get_game("duchess", players=players).neighbourhood_relations()
    assert relations.slots == 25
    turn = np.vectorize(lambda c: c if c < 0 else rotate(int(c)))
    for cell in range(N_CELLS):
        if cell == VORTEX:
            continue
        assert (turn(relations.lines[cell]) == relations.lines[rotate(cell)]).all()
        assert (turn(relations.steps[cell]) == relations.steps[rotate(cell)]).all()


@pytest.mark.parametrize("players", [2, 4, 6])
def test_duchess_codes_in_the_movers_frame(players: int) -> None:
    """At the start every seat sees the same board from its own chair when the board looks
    the same from there: all seats with six players, the seat opposite with two or four
    (whose folded flaps are opposite each other too)."""
    game = gamecore.get_game("duchess", players=players)
    state = game.initial_state()
    first = codes_of(game, state)
    assert (first == -1).sum() == 20 * (6 - players)
    pieces = np.bincount(first[first > 0], minlength=19)
    assert pieces[1] == (players + 1) // 2 and pieces[10] == players // 2  # Kings
    for seat in range(1, players):
        game.kernel.make_null(state.arrays)
        if players == 6 or SEATING[players][seat] == 3:
            assert (codes_of(game, state) == first).all(), f"seat {seat}"


def test_a_game_without_neighbourhoods_is_refused() -> None:
    connect4 = gamecore.get_game("connect4")
    with pytest.raises(Unsupported, match="connect4 declares no neighbourhoods"):
        relations_of(connect4)

    class Declared(type(connect4)):  # relations, but a kernel that cannot fill them
        def neighbourhood_relations(self) -> Relations:
            return CHECKERS.neighbourhood_relations()

    with pytest.raises(PluginError, match="lacks cell_codes, which its neighbourhood"):
        relations_of(Declared())


def test_symmetric_slots_share_their_base_weights() -> None:
    """The paper's §5.4 in chess: a Knight sees a Queen alike on either rank, on any
    diagonal, on any knight square; a pawn, which only goes forward, tells its diagonals
    ahead from those behind but not left from right."""
    relations = CHESS.neighbourhood_relations()
    base = np.random.default_rng(0).random(relations.base_size)
    average_symmetric(base, relations)
    table = base.reshape(relations.codes, relations.slots, relations.codes, 2)
    knight, queen, pawn, their_pawn = 2, 5, 1, 7
    assert table[knight, 1, queen, 1] == table[knight, 2, queen, 1]
    assert np.ptp(table[knight, 5:9, queen, 0]) == 0 and np.ptp(table[knight, 9:, queen, 0]) == 0
    down_left, down_right, up_left, up_right = table[pawn, 5:9, their_pawn, 1]
    assert down_left == down_right and up_left == up_right and down_left != up_left
    assert table[knight, 5, their_pawn, 0] != table[knight, 7, their_pawn, 0]
    assert table[knight, 5, their_pawn, 0] == table[knight, 6, their_pawn, 0]
    untouched = np.random.default_rng(0).random(relations.base_size)
    assert (base.reshape(table.shape)[:, 0] == untouched.reshape(table.shape)[:, 0]).all()
