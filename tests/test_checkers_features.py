"""The checkers-chinook features (games/checkers/features.py) and the default weights."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from gamecore.registry import get_game
from gamecore.search import Searcher
from gamecore.weights import Weights
from games.checkers import default_weights
from games.checkers import features as F
from tests.plain_python import assert_features_match_plain_python


@pytest.fixture(scope="module")
def game():
    return get_game("checkers")


def feats(game, fen: str) -> dict[int, float]:
    idx, val = game.state_from_text(fen).features()
    assert len(set(idx.tolist())) == len(idx)
    assert all(0 <= i < F.COUNT for i in idx.tolist())
    return dict(zip(idx.tolist(), val.tolist(), strict=True))


def term(d: dict[int, float], t: int, rel: int, phase: int) -> float:
    return d.get(F.index(t, rel, phase), 0.0)


def flip(fen: str) -> str:
    """Colours swapped, board turned round (n -> 33 - n), other side to move."""
    side, *fields = fen.split(":")
    out = {}
    for f in fields:
        colour, body = f[0], f[1:]
        items = []
        for item in filter(None, body.split(",")):
            k = "K" if item.startswith("K") else ""
            items.append(f"{k}{33 - int(item.lstrip('K'))}")
        out["B" if colour == "W" else "W"] = ",".join(items)
    return f"{'W' if side == 'B' else 'B'}:W{out['W']}:B{out['B']}"


def sample_fens(game, n_games: int = 6, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    fens = []
    for _ in range(n_games):
        state = game.initial_state()
        for _ in range(80):
            moves = state.legal_moves()
            if len(moves) == 0 or state.status() != 0:
                break
            state.push(rng.choice(list(moves)))
            fens.append(state.to_text())
    return fens


def test_names_and_docstring() -> None:
    assert F.COUNT == 248 and F.FEATURE_SET.count == F.COUNT
    assert f"N = {F.COUNT}" in F.__doc__
    for name, a, b in F.GROUPS:
        assert re.search(rf"^\s+{name}\s+{a}-{b - 1}\s+{b - a}\s", F.__doc__, re.M), name
    for t in F.TERMS:
        assert re.search(rf"^\s+{t}\s", F.__doc__, re.M), t
    assert len(set(F.FEATURE_NAMES)) == F.COUNT
    assert F.feature_name(F.index(F.T_KINGS, 1, 3)) == "opp kings (phase 3, endgame)"
    assert F.feature_name(F.COUNT - 1) == "opp king on 32"
    with pytest.raises(IndexError):
        F.feature_name(F.COUNT)
    assert [F.phase_of(t) for t in (24, 20, 19, 14, 13, 9, 8, 2)] == [0, 0, 1, 1, 2, 2, 3, 3]


def test_colour_flipped_twins_and_ranges(game) -> None:
    for fen in sample_fens(game):
        assert feats(game, fen) == feats(game, flip(fen)), fen


def test_passing_the_move_swaps_every_twin_feature(game) -> None:
    """``side_mirror`` pairs each "own" term with its "opp" term and each piece square
    with the other colour's, turned round: hand the move over and the twins swap values
    (what tying their weights to be equal and opposite relies on)."""
    mirror = F.side_mirror()
    assert (mirror[mirror] == np.arange(F.COUNT)).all()
    assert (mirror != np.arange(F.COUNT)).all()
    for fen in sample_fens(game, n_games=10):
        passed = ("W" if fen[0] == "B" else "B") + fen[1:]
        swapped = {int(mirror[i]): v for i, v in feats(game, fen).items()}
        assert swapped == feats(game, passed), fen


def test_hand_set_weights_are_equal_and_opposite_on_twins() -> None:
    theta = default_weights.build_theta()
    assert np.array_equal(theta, -theta[F.side_mirror()])


def test_start_position(game) -> None:
    d = feats(game, "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")
    for rel in (0, 1):
        assert term(d, F.T_MEN, rel, 0) == 12 and term(d, F.T_KINGS, rel, 0) == 0
        assert term(d, F.T_MOBILITY, rel, 0) == 7
        assert term(d, F.T_BACKROW, rel, 0) == 4
        assert term(d, F.T_BRIDGE, rel, 0) == 1 and term(d, F.T_TRIANGLE, rel, 0) == 1
        assert term(d, F.T_CENTRE, rel, 0) == 2
        assert term(d, F.T_TEMPO, rel, 0) == 12
        assert term(d, F.T_FROZEN, rel, 0) == 8
        for t in (F.T_BALANCE, F.T_LOOSE, F.T_TRAPPED, F.T_RUNAWAY, F.T_EXPOSED):
            assert term(d, t, rel, 0) == 0
    assert d[F.PSQ + 0] == 1 and d[F.PSQ + 64 + 31] == 1  # mover's frame: opp man on 32


def test_endgame_terms(game) -> None:
    # Black to move, 5 pieces (phase 3): the white man on 27 stands in the cone of 18.
    d = feats(game, "B:W27,K32:B18,K1,5")
    assert term(d, F.T_MEN, 0, 3) == 2 and term(d, F.T_KINGS, 0, 3) == 1
    assert term(d, F.T_KINGS, 1, 3) == 1 and term(d, F.T_MEN, 1, 3) == 1
    assert term(d, F.T_RUNAWAY, 0, 3) == 0  # 27 is in 18's cone
    assert term(d, F.T_TRAPPED, 0, 3) == 0  # king on 1 can go to 6
    assert term(d, F.T_LOOSE, 0, 3) == 1  # 18 has no friend; 5 touches the king on 1
    assert term(d, F.T_TEMPO, 0, 3) == 4 + 1  # rows 4 (18) and 1 (5)
    assert term(d, F.T_CENTRE, 0, 3) == 1
    # White's man on 27 touches its king on 32 (not loose); no runaway: its cone holds 18.
    assert term(d, F.T_LOOSE, 1, 3) == 0 and term(d, F.T_RUNAWAY, 1, 3) == 0
    # The same with White to move: men on 27 and 18 swap roles.
    d2 = feats(game, "W:W27,K32:B18,K1,5")
    assert term(d2, F.T_MEN, 0, 3) == 1 and term(d2, F.T_MEN, 1, 3) == 2
    # Runaway: a lone black man on 21 with nothing ahead.
    d3 = feats(game, "B:WK4:B21")
    assert term(d3, F.T_RUNAWAY, 0, 3) == 1 and term(d3, F.T_TEMPO, 0, 3) == 5
    assert term(d3, F.T_BALANCE, 0, 3) == 1
    # Trapped king: the White king on 32 has both neighbours (27, 28) taken; black men
    # move away from row 7, so it is not exposed either.
    d4 = feats(game, "W:WK32:B27,28,24")
    assert term(d4, F.T_TRAPPED, 0, 3) == 1
    assert term(d4, F.T_EXPOSED, 0, 3) == 0
    # The bridge and the triangle need all their squares.
    d5 = feats(game, "B:W30,32,26,31:B1,3,2")
    assert term(d5, F.T_BRIDGE, 0, 3) == 1 and term(d5, F.T_TRIANGLE, 0, 3) == 0
    assert term(d5, F.T_BRIDGE, 1, 3) == 1 and term(d5, F.T_TRIANGLE, 1, 3) == 1
    assert term(d5, F.T_BACKROW, 0, 3) == 3 and term(d5, F.T_BACKROW, 1, 3) == 3


def test_exposed_frozen_doghole(game) -> None:
    # Black man on 14, White man on 18 (White jumps 18x9 if 9 is empty).
    d = feats(game, "B:W18:B14")
    assert term(d, F.T_EXPOSED, 0, 3) == 1  # white man on 18 jumps 14 to 9
    assert term(d, F.T_EXPOSED, 1, 3) == 1  # black man on 14 jumps 18 to 23
    d = feats(game, "B:W18,23:B14,9")
    assert term(d, F.T_EXPOSED, 0, 3) == 0 and term(d, F.T_EXPOSED, 1, 3) == 0
    assert term(d, F.T_FROZEN, 0, 3) == 0
    # A black man on 28 with a white man on 32: Black's dog-hole, and it cannot move.
    d = feats(game, "B:W32:B28")
    assert term(d, F.T_DOGHOLE, 0, 3) == 1 and term(d, F.T_FROZEN, 0, 3) == 1
    assert term(d, F.T_DOGHOLE, 1, 3) == 0
    # ... and its twin: a white man on 5 with a black man on 1, White to move.
    d = feats(game, "W:W5:B1")
    assert term(d, F.T_DOGHOLE, 0, 3) == 1


def test_phases(game) -> None:
    d = feats(game, "B:W21,22,23,24,25,26,27,28:B1,2,3,4,5,6,7,8")  # 16 pieces
    assert term(d, F.T_MEN, 0, 1) == 8 and term(d, F.T_MEN, 0, 0) == 0
    d = feats(game, "B:W21,22,23,24,25:B1,2,3,4,5")  # 10 pieces
    assert term(d, F.T_MEN, 0, 2) == 5


def test_plain_python_kernel_agrees_with_the_compiled_one(game) -> None:
    fens = sample_fens(game, n_games=2, seed=7)[::4]
    assert_features_match_plain_python(game, fens)


def test_shipped_weights_equal_the_module(game) -> None:
    shipped = Weights.default(game)
    shipped.check_fits(game)
    assert shipped.metadata["init"] == "hand-set" and shipped.metadata["description"]
    assert np.array_equal(shipped.theta, default_weights.build_theta())
    assert shipped.feature_set == "checkers-chinook"


def test_default_evaluation_is_sensible(game) -> None:
    searcher = Searcher(game, Weights.default(game).theta)

    def ev(fen: str) -> float:
        return searcher.evaluate(game.state_from_text(fen))

    start = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    assert ev(start) == 0
    man_up = "B:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12"
    assert ev(man_up) > 60 and ev(man_up.replace("B:", "W:", 1)) < -60
    king = "B:W22,26:B6,K14,9"
    man = "B:W22,26:B6,13,9"
    assert ev(king) > ev(man)
    for fen in sample_fens(game, n_games=2, seed=3):
        assert ev(fen) == pytest.approx(ev(flip(fen)))
