"""The Kalah example plugin: the conformance kit, perft against a plain-Python Kalah, the rules
by hand (extra turns, captures, the end), features, text and display.

The plugin must be installed: ``pip install -e ./examples/kalah``.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from gamecore_kalah import default_weights

import gamecore
from gamecore import BadMove, BadPosition
from gamecore.interop.actions import ActionMenu
from gamecore.kernel_api import DRAW, LOSS, ONGOING, WIN
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.testing import GameConformance, check_make_unmake, perft_bound
from gamecore.weights import Weights, resolve_weights
from tests.cli import run_cli

START = "4,4,4,4,4,4,0/4,4,4,4,4,4,0 s"

# South's a sows one seed into the empty b, opposite north's e (five seeds): a capture of six.
CAPTURE = "1,0,0,0,0,3,17/0,0,0,0,5,2,20 s"
CAPTURED = "0,0,0,0,0,3,23/0,0,0,0,0,2,20 n"
# Thirteen seeds from a go once round and the last falls back into the emptied a: north's
# f, opposite, has its two seeds and the one sown on the way round taken.
LAP = "13,0,0,0,0,0,10/0,0,0,0,0,2,23 s"
LAPPED = "0,1,1,1,1,1,15/1,1,1,1,1,0,23 n"
# Eight seeds from f reach round to the empty a; north's f got one of them and loses it.
WRAP = "0,2,0,0,0,8,10/3,0,0,0,0,0,25 s"
WRAPPED = "0,2,0,0,0,0,13/4,1,1,1,1,0,25 n"
# The last seed lands in the empty b, but the house opposite is empty: no capture.
NO_CAPTURE = "1,0,0,0,0,3,17/0,0,0,0,0,7,20 s"
# South's last seed goes into its store and empties its houses: north sweeps its six.
SWEEP = "0,0,0,0,0,1,20/1,2,3,0,0,0,21 s"
SWEPT = "0,0,0,0,0,0,21/0,0,0,0,0,0,27 s"
# The same ending 24-24.
LEVEL = "0,0,0,0,0,1,23/0,0,0,0,0,1,23 s"
# South's f, e, f all end in its store, and then its houses are empty: a win 25-23.
CHAIN = "0,0,0,0,2,1,22/3,0,0,0,0,0,20 s"
# Late positions for the kit: few seeds in play, the end a few plies away.
ENDGAME = "1,0,2,0,0,1,20/0,1,0,0,3,0,20 n"


class TestKalah(GameConformance):
    game_name = "kalah"
    max_plies = 200
    perft_depth = 3
    start_positions = (CAPTURE, LAP, WRAP, SWEEP, CHAIN, ENDGAME)


@pytest.fixture(scope="module")
def kalah():
    return gamecore.get_game("kalah")


# -- an independent plain-Python Kalah -------------------------------------------------------


def reference_moves(position: tuple) -> list[int]:
    """The houses (0..5) the mover may sow, or none when the game is over."""
    houses, _, mover = position
    return [i for i in range(6) if houses[mover][i]]


def reference_play(position: tuple, house: int) -> tuple:
    """``position`` = (houses per side, stores, mover) after the mover sows ``house``.

    The seeds go round a ring of slots named (side, house), or (side, None) for a store;
    the opponent's store is left out of it.
    """
    houses_in, stores_in, mover = position
    houses = [list(houses_in[0]), list(houses_in[1])]
    stores = list(stores_in)
    other = 1 - mover
    ring: list[tuple[int, int | None]] = [(mover, i) for i in range(6)]
    ring += [(mover, None)] + [(other, i) for i in range(6)]
    seeds = houses[mover][house]
    houses[mover][house] = 0
    slot = house
    for _ in range(seeds):
        slot = (slot + 1) % len(ring)
        side, where = ring[slot]
        if where is None:
            stores[side] += 1
        else:
            houses[side][where] += 1
    side, where = ring[slot]
    next_mover = other
    if where is None:
        next_mover = mover
    elif side == mover and houses[mover][where] == 1 and houses[other][5 - where] > 0:
        stores[mover] += houses[other][5 - where] + 1
        houses[other][5 - where] = 0
        houses[mover][where] = 0
    if not any(houses[0]) or not any(houses[1]):
        for s in (0, 1):
            stores[s] += sum(houses[s])
            houses[s] = [0] * 6
    return (tuple(houses[0]), tuple(houses[1])), tuple(stores), next_mover


def reference_text(position: tuple) -> str:
    houses, stores, mover = position
    rows = [",".join(str(c) for c in (*houses[s], stores[s])) for s in (0, 1)]
    return f"{rows[0]}/{rows[1]} {'sn'[mover]}"


def parse_reference(text: str) -> tuple:
    board, side = text.split()
    rows = [[int(c) for c in row.split(",")] for row in board.split("/")]
    return (tuple(rows[0][:6]), tuple(rows[1][:6])), (rows[0][6], rows[1][6]), "sn".index(side)


REFERENCE_START = (((4,) * 6, (4,) * 6), (0, 0), 0)


@cache
def reference_perft(position: tuple, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(
        reference_perft(reference_play(position, h), depth - 1) for h in reference_moves(position)
    )


# -- perft ------------------------------------------------------------------------------------


def test_perft_from_the_start_matches_the_reference(kalah):
    state = kalah.initial_state()
    counts = [perft_bound(state, d) for d in range(6)]
    assert counts == [reference_perft(REFERENCE_START, d) for d in range(6)]
    # Five first moves hand over to north's six; c keeps south on the move with five left.
    assert counts[:3] == [1, 6, 5 * 6 + 5]
    assert state.to_text() == START


@pytest.mark.parametrize("seed", range(5))
def test_random_games_follow_the_reference(kalah, seed):
    """Whole random games from the start and the rule positions: after every move the kernel's
    position and legal moves are the reference's, and so is the result."""
    rng = np.random.default_rng(seed)
    for start in (START, CAPTURE, LAP, WRAP, SWEEP, CHAIN, ENDGAME):
        for _ in range(4):
            state = kalah.state_from_text(start)
            position = parse_reference(start)
            while True:
                assert state.to_text() == reference_text(position)
                legal = reference_moves(position)
                assert state.legal_moves() == [h + 1 for h in legal]
                if not legal:
                    break
                house = int(rng.choice(legal))
                state.push(house + 1)
                position = reference_play(position, house)
            south, north = position[1]
            assert state.winner_team() == (None if south == north else int(north > south))


def test_perft_command():
    result = run_cli("perft", "kalah", "--depth", "5")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == f"nodes {reference_perft(REFERENCE_START, 5)}"


# -- the rules by hand --------------------------------------------------------------------------


def test_sowing_c_from_the_start_ends_in_the_store_and_south_moves_again(kalah):
    state = kalah.initial_state()
    move = state.parse_move("c")
    assert kalah.kernel.order_key(state.arrays, np.int64(move)) == 1
    assert state.noisy_moves() == [move]
    state.push(move)
    assert state.to_text() == "4,4,0,5,5,5,1/4,4,4,4,4,4,0 s"
    assert state.player == 0 and state.team == 0 and state.ply == 1
    assert state.hash == int(kalah.kernel.hash_full(state.arrays))
    # Now c is empty; d (five seeds) goes round to north's a and b.
    assert [state.move_text(m) for m in state.legal_moves()] == ["a", "b", "d", "e", "f"]
    state.push_text("d")
    assert state.to_text() == "4,4,0,0,6,6,2/5,5,4,4,4,4,0 n"
    state.pop()
    state.pop()
    assert state.to_text() == START and state.player == 0


@pytest.mark.parametrize(
    ("before", "house", "after", "key"),
    [
        (CAPTURE, "a", CAPTURED, 6),
        (LAP, "a", LAPPED, 4),
        (WRAP, "f", WRAPPED, 2),
        (NO_CAPTURE, "a", "0,1,0,0,0,3,17/0,0,0,0,0,7,20 n", 0),
    ],
)
def test_the_last_seed_in_an_empty_own_house_captures_the_house_opposite(
    kalah, before, house, after, key
):
    state = kalah.state_from_text(before)
    move = state.parse_move(house)
    assert kalah.kernel.order_key(state.arrays, np.int64(move)) == key
    assert (move in state.noisy_moves()) == (key > 0)
    assert kalah.move_tags(state.arrays, move) == (frozenset({"capture"}) if key else frozenset())
    check_make_unmake(state)
    state.push(move)
    assert state.to_text() == after
    assert state.status() == ONGOING and state.player == 1
    state.pop()
    assert state.to_text() == before


def test_an_emptied_side_ends_the_game_and_the_other_side_sweeps_its_seeds(kalah):
    state = kalah.state_from_text(SWEEP)
    state.push_text("f")
    # South earned another move, but has no seed left: the game is over.
    assert state.to_text() == SWEPT
    assert state.legal_moves() == [] and state.status() == LOSS
    assert state.winner_team() == 1 and state.returns() == [-1.0, 1.0]
    assert kalah.describe_result(state) == "north wins 27-21"
    assert int(kalah.kernel.status(state.arrays, np.int64(-1))) == LOSS
    with pytest.raises(BadMove, match="the game is over"):
        state.push_text("a")
    # A finished game reads back as finished.
    again = kalah.state_from_text(SWEPT.replace(" s", " n"))
    assert again.status() == WIN and again.winner_team() == 1


def test_a_capture_that_empties_a_side_ends_the_game(kalah):
    state = kalah.state_from_text("1,0,0,0,0,0,20/0,0,0,0,5,0,22 s")
    state.push_text("a")
    assert state.to_text() == "0,0,0,0,0,0,26/0,0,0,0,0,0,22 n"
    assert state.status() == LOSS and kalah.describe_result(state) == "south wins 26-22"


def test_24_24_is_a_draw(kalah):
    state = kalah.state_from_text(LEVEL)
    state.push_text("f")
    assert state.to_text() == "0,0,0,0,0,0,24/0,0,0,0,0,0,24 s"
    assert state.status() == DRAW and state.winner_team() is None
    assert state.returns() == [0.0, 0.0]
    assert kalah.describe_result(state) == "draw, 24-24"


def test_status_without_generated_moves(kalah):
    """Quiescence asks with n_legal = -1: a finished game must not look ongoing."""
    status = kalah.kernel.status
    assert status(kalah.initial_state().arrays, np.int64(-1)) == ONGOING
    over = kalah.state_from_text("0,0,0,0,0,0,30/0,0,0,0,0,0,18 s")
    assert status(over.arrays, np.int64(-1)) == WIN and over.status() == WIN
    assert kalah.describe_result(kalah.initial_state()).startswith("the game is still going")


def test_noisy_moves_are_the_captures_and_extra_turns_they_claim(kalah):
    """Checked by playing each move: a noisy move keeps the mover or grows its store by more
    than the seeds the sowing itself puts there."""
    rng = np.random.default_rng(11)
    for _ in range(30):
        state = kalah.initial_state()
        while state.legal_moves():
            noisy = set(state.noisy_moves())
            for move in state.legal_moves():
                seat = state.player
                before = kalah.stores(state.arrays)[seat]
                seeds = int(state.arrays[0][7 * seat + move - 1])
                # Seeds the sowing drops into the own store: once per lap that reaches it.
                sown = (move - 1 + seeds - 6 + 13) // 13 if move - 1 + seeds >= 6 else 0
                state.push(move)
                gained = kalah.stores(state.arrays)[seat] - before
                finished = state.status() != ONGOING
                state.pop()
                key = int(kalah.kernel.order_key(state.arrays, np.int64(move)))
                landed_in_store = (move - 1 + seeds) % 13 == 6
                assert (key == 1) == landed_in_store
                if key >= 2:
                    assert gained == sown + key or finished
                elif not finished:
                    assert gained == sown, (state.to_text(), move)
                assert (move in noisy) == (key > 0)
            state.push(int(rng.choice(state.legal_moves())))


def test_search_follows_a_chain_of_extra_turns_to_the_win(kalah):
    """South's f, e, f each end in its store: three moves in a row, then its houses are empty
    and the game ends 25-23. Starting with e instead draws 24-24. The search must keep the
    value's sign across children where the same seat moves again."""
    state = kalah.state_from_text(CHAIN)
    searcher = Searcher(kalah, resolve_weights(kalah, "default").theta, SearchParams.tournament())
    result = searcher.search(state, Limits(depth=4))
    assert state.move_text(result.best_move) == "f" and result.score.mate == 3
    for house in ("f", "e", "f"):
        assert state.player == 0
        state.push_text(house)
    assert state.to_text() == "0,0,0,0,0,0,25/0,0,0,0,0,0,23 s" and state.status() == WIN
    state = kalah.state_from_text(CHAIN)
    state.push_text("e")
    state.push_text("f")
    assert state.status() == DRAW


# -- features -----------------------------------------------------------------------------------


def as_dict(state) -> dict[int, float]:
    idx, val = state.features()
    assert len(set(idx.tolist())) == len(idx)
    return dict(zip(idx.tolist(), val.tolist(), strict=True))


def test_features_count_seeds_from_the_mover(kalah):
    start = as_dict(kalah.initial_state())
    assert start == {i: 4.0 for i in range(2, 14)}  # empty stores are not written
    text = "1,2,3,4,5,6,7/0,1,0,2,0,3,14 s"
    south = as_dict(kalah.state_from_text(text))
    assert south == {
        0: 7.0, 1: 14.0, 2: 1.0, 3: 2.0, 4: 3.0, 5: 4.0, 6: 5.0, 7: 6.0,
        9: 1.0, 11: 2.0, 13: 3.0,
    }  # fmt: skip
    north = as_dict(kalah.state_from_text(text.replace(" s", " n")))
    # The other seat sees the same board: the own and opponent blocks change places.
    swap = {0: 1, 1: 0, **{i: i + 6 for i in range(2, 8)}, **{i: i - 6 for i in range(8, 14)}}
    assert north == {swap[i]: v for i, v in south.items()}


def test_feature_groups_and_the_shipped_weights(kalah):
    assert kalah.feature_set.count == 14
    groups = kalah.feature_groups()
    assert list(groups) == ["stores", "houses"]
    assert groups["stores"].tolist() == [0, 1] and groups["houses"].tolist() == list(range(2, 14))
    assert kalah.side_mirror() is None
    assert list(kalah.named_weights()) == ["default"]
    weights = resolve_weights(kalah, "default")
    assert np.array_equal(weights.theta, default_weights.build_theta())
    assert weights.theta[0] == 100 and weights.theta[1] == -100 and not weights.theta[2:].any()
    # The store difference, from the mover's side.
    idx, val = kalah.state_from_text("1,2,3,4,5,6,7/0,1,0,2,0,3,14 n").features()
    assert float(weights.theta[idx] @ val) == 700.0


def test_the_shipped_weights_are_what_the_module_builds(tmp_path):
    out = tmp_path / "default.npz"
    default_weights.main(["--out", str(out)])
    rebuilt = Weights.load(out)
    shipped = resolve_weights(gamecore.get_game("kalah"), "default")
    assert np.array_equal(rebuilt.theta, shipped.theta)
    assert rebuilt.metadata["description"] == shipped.metadata["description"]


# -- text -----------------------------------------------------------------------------------


def test_text_round_trips(kalah):
    for text in (START, CAPTURE, LAP, SWEPT, "0,0,0,0,0,0,48/0,0,0,0,0,0,0 n"):
        state = kalah.state_from_text(text)
        assert state.to_text() == text
    # Leading zeros and capitals are read, and written plainly.
    assert kalah.state_from_text(START.replace("4,0/", "04,0/")).to_text() == START
    state = kalah.initial_state()
    assert state.parse_move(" C ") == state.parse_move("c") == 3
    assert [state.move_text(m) for m in state.legal_moves()] == list("abcdef")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("4,4,4,4,4,4,0/4,4,4,4,4,4,0", "expected '<south>/<north> <side>'"),
        (START + " 1", "expected '<south>/<north> <side>'"),
        (START.replace(" s", " x"), "side to move must be 's' or 'n', not 'x'"),
        ("4,4,4,4,4,4,24 s", "expected two rows \\(south/north\\) separated by '/', got 1"),
        ("4,4,4,4,4,4,0/4,4,4,4,4,4,0/0 s", "got 3"),
        ("4,4,4,4,4,4/4,4,4,4,4,4,4 s", "south's row has 6 fields, not 7"),
        ("4,4,4,4,4,4,0/4,4,4,4,4,4,0,0 n", "north's row has 8 fields, not 7"),
        ("4,4,x,4,4,4,0/4,4,4,4,4,4,0 s", "south's house c holds 'x', not a whole number"),
        ("4,4,4,4,4,4,0/4,4,4,4,4,4,1.5 s", "north's store holds '1.5', not a whole number"),
        ("4,4,4,4,4,4,0/4,4,4,4,4,4, s", "north's store holds '', not a whole number"),
        ("4,4,4,4,4,4,8/4,4,4,4,4,-4,0 s", "north's house f holds -4 seeds: counts cannot be"),
        ("4,4,4,4,4,4,1/4,4,4,4,4,4,0 s", "the pits hold 49 seeds, not 48"),
        ("4,4,4,4,4,4,0/4,4,4,4,4,4,49 s", "north's store holds more than the game's 48 seeds"),
        ("4,4,4,4,4,4,0/4,4,4,4,4,4," + "9" * 5000 + " s", "store holds more than the game's"),
        (
            "0,0,0,0,0,0,20/4,4,4,4,4,4,4 n",
            "south's houses are empty, so the game is over and north's 24 seeds belong in",
        ),
        ("4,4,4,4,4,4,24/0,0,0,0,0,0,0 s", "north's houses are empty"),
    ],
)
def test_bad_positions_name_the_problem(kalah, text, problem):
    with pytest.raises(BadPosition, match=problem) as caught:
        kalah.state_from_text(text)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("g", "'g' is not a house: write a-f, counted from the mover's left"),
        ("3", "'3' is not a house"),
        ("ab", "'ab' is not a house"),
        ("", "'' is not a house"),
        ("c", "south's house c is empty"),
    ],
)
def test_bad_moves_name_the_problem(kalah, text, problem):
    state = kalah.state_from_text("4,4,0,5,5,5,1/4,4,4,4,4,4,0 s")
    with pytest.raises(BadMove, match=problem):
        state.push_text(text)
    assert state.to_text() == "4,4,0,5,5,5,1/4,4,4,4,4,4,0 s"


def test_north_writes_its_moves_from_its_own_left(kalah):
    state = kalah.state_from_text("4,4,4,4,4,4,0/0,4,4,4,4,4,4 n")
    assert [state.move_text(m) for m in state.legal_moves()] == list("bcdef")
    with pytest.raises(BadMove, match="north's house a is empty"):
        state.push_text("a")
    state.push_text("c")  # north's c (pit 9): d, e, f, store
    assert state.to_text() == "4,4,4,4,4,4,0/0,4,0,5,5,5,5 n"


# -- display, actions and observations ----------------------------------------------------------


def test_display(kalah):
    geometry = kalah.geometry()
    assert len(geometry.cells) == 14
    names = [c.name for c in geometry.cells]
    assert names[:7] == ["sa", "sb", "sc", "sd", "se", "sf", "s store"]
    assert names[7:] == ["na", "nb", "nc", "nd", "ne", "nf", "n store"]
    centre = [np.mean(c.polygon, axis=0) for c in geometry.cells]
    # Counter-clockwise: south left to right along the bottom, north right to left on top,
    # south's store at the right end, north's at the left.
    assert [c[0] for c in centre[:6]] == sorted(c[0] for c in centre[:6])
    assert [c[0] for c in centre[7:13]] == sorted((c[0] for c in centre[7:13]), reverse=True)
    assert all(c[1] < 1 for c in centre[:6]) and all(c[1] > 1 for c in centre[7:13])
    assert centre[6][0] > centre[5][0] and centre[13][0] < centre[12][0]
    # North's a sits across from south's f.
    assert centre[7][0] == centre[5][0]
    state = kalah.state_from_text(CAPTURE)
    assert [(p.cell, p.glyph, p.player) for p in kalah.pieces(state.arrays)] == [
        (0, "1", 0), (5, "3", 0), (6, "17", 0), (11, "5", 1), (12, "2", 1), (13, "20", 1),
    ]  # fmt: skip
    assert kalah.move_cells(state.arrays, 1) == (-1, 0)
    north = kalah.state_from_text(CAPTURED)
    assert kalah.move_cells(north.arrays, 6) == (-1, 12)
    assert kalah.board_diagram(state.arrays).splitlines() == [
        "north    f   e   d   c   b   a",
        "         2   5   0   0   0   0",
        "  20                            17",
        "         1   0   0   0   0   3",
        "south    a   b   c   d   e   f",
    ]
    # South's houses are own houses 2..7 and its store own store 0; north's 8..13 and 1.
    seed = [2, 3, 4, 5, 6, 7, 0, 8, 9, 10, 11, 12, 13, 1]
    assert kalah.piece_square_map()["seed"].tolist() == seed


def test_actions_and_observations(kalah):
    state = kalah.state_from_text(CAPTURE)
    assert kalah.action_count() == 6
    menu = ActionMenu(state)
    assert menu.next_actions() == [0, 5]
    assert menu.move_of((5,)) == 6
    south = kalah.observe(state.arrays, 0)
    north = kalah.observe(state.arrays, 1)
    assert south.shape == north.shape == kalah.observation_shape() == (3, 14)
    assert south[0, 6] == pytest.approx(17 / 48) and south[1, 13] == pytest.approx(20 / 48)
    assert np.array_equal(south[0], north[1]) and np.array_equal(south[1], north[0])
    assert south[2].all() and not north[2].any()
    assert south[:2].sum() == pytest.approx(1.0)  # all 48 seeds


@pytest.mark.filterwarnings("ignore::UserWarning", "ignore::DeprecationWarning")
def test_pettingzoo_lets_a_seat_act_again_after_an_extra_turn():
    """The API test passes (pettingzoo's advice about dict observations is not ours to take)."""
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from gamecore.interop import pettingzoo_env

    api_test(pettingzoo_env("kalah"), num_cycles=100)
    env = pettingzoo_env("kalah")
    env.reset()
    assert env.agent_selection == "south_0"
    env.step(2)  # south's c: the last seed lands in its store
    assert env.agent_selection == "south_0"
    env.step(0)
    assert env.agent_selection == "north_1"
