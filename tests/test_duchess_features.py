"""The duchess-rs features (games/duchess/features.py) and the shipped hand-set weights."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from gamecore.errors import BadPosition
from gamecore.registry import get_game
from gamecore.search import Searcher
from gamecore.weights import BadWeights, Weights
from games.duchess import default_weights
from games.duchess import features as F
from games.duchess.attacks import attack_counts, attacked
from games.duchess.layout import BISHOP, CFG, KING, ROOK, WIZARD
from games.duchess.mesh import N_CELLS
from games.duchess.notation import CELL_OF_NAME
from tests.plain_python import assert_features_match_plain_python
from tests.test_duchess_game import play_random, rotate_text
from tests.test_duchess_perft import Reference, random_position
from tests.test_duchess_rules import position


@pytest.fixture(scope="module")
def game():
    return get_game("duchess")


def feats(game, text: str) -> dict[int, float]:
    idx, val = game.state_from_text(text).features()
    assert len(set(idx.tolist())) == len(idx), "an index written twice"
    assert all(0 <= i < F.COUNT for i in idx.tolist())
    assert all(v != 0 for v in val.tolist())
    return dict(zip(idx.tolist(), val.tolist(), strict=True))


def mate(d: dict[int, float], term: int, rel: int) -> float:
    return d.get(F.mate_index(term, rel), 0.0)


def material(d: dict[int, float], letter: str) -> float:
    return d.get(F.MATERIAL + F.MATERIAL_LETTERS.index(letter), 0.0)


def sample_texts(game, rng: random.Random) -> list[str]:
    texts = [play_random(game, plies, seed).to_text() for seed, plies in ((1, 80), (2, 160))]
    return texts + [random_position(rng, 6) for _ in range(12)]


def test_names_and_docstring() -> None:
    assert F.COUNT == 1435 == F.FEATURE_SET.count and F.PSQ_TYPES * 157 == 1413
    assert f"N = {F.COUNT}" in F.__doc__
    for name, a, b in F.GROUPS:
        assert re.search(rf"^\s+{name}\s+{a}-{b - 1}\s+{b - a}\s", F.__doc__, re.M), name
    for t in F.TERMS:
        assert re.search(rf"^\s+{t}\s", F.__doc__, re.M), t
    assert len(set(F.FEATURE_NAMES)) == F.COUNT
    assert F.feature_name(0) == "material Q (own team - other team)"
    assert F.feature_name(F.mate_index(F.T_IN_CHECK, 1)) == "opp in_check"
    assert F.feature_name(F.psq_index(KING, 2)) == "psq K on Ac1 (chair 0's frame)"
    assert F.feature_name(F.COUNT - 1) == "psq F on V (chair 0's frame)"
    with pytest.raises(IndexError):
        F.feature_name(F.COUNT)


def test_groups_and_piece_square_map(game) -> None:
    groups = game.feature_groups()
    assert sorted(groups) == ["material", "mating", "psq"]
    assert sum(len(g) for g in groups.values()) == F.COUNT
    psq = game.piece_square_map()
    assert sorted(psq) == sorted("KQRBNPWDF")
    assert psq["R"][5] == F.psq_index(ROOK, 5) and psq["W"][156] == F.psq_index(WIZARD, 156)


def test_start_position(game) -> None:
    """Everything balances except that each Wizard has five of its own pieces around it."""
    d = feats(game, game.start_text())
    assert d == {F.mate_index(F.T_WIZARD, 0): 15.0, F.mate_index(F.T_WIZARD, 1): 15.0}


def test_material_and_piece_squares_from_the_movers_team(game) -> None:
    text = position(blue="KBc1,RAb4")
    d = feats(game, text)
    assert material(d, "R") == -1.0
    # the blue rook on Ab4 (cell 16) is cell 16 - 26 = 146 in chair 0's frame (blue sits at 1)
    assert d[F.psq_index(ROOK, 146)] == -1.0
    assert F.psq_index(KING, 2) not in d  # six Kings on their c1 cells cancel out
    turned = feats(game, text.replace("turn=red", "turn=blue"))
    assert material(turned, "R") == 1.0 and turned[F.psq_index(ROOK, 146)] == 1.0
    # a red and a blue bishop on the same frame cell cancel, a yellow one adds
    d = feats(game, position(red="KAc1,BAa2", blue="KBc1,BBa2", yellow="KCc1,BCa2"))
    assert d[F.psq_index(BISHOP, CELL_OF_NAME["Aa2"])] == 1.0 and material(d, "B") == 1.0


def test_king_safety_terms(game) -> None:
    d = feats(game, position())
    # every King on c1 of an empty flap steps to Ab1, Ad1, Ab2, Ac2, Ad2
    assert mate(d, F.T_MOBILITY, 0) == 15 and mate(d, F.T_MOBILITY, 1) == 15
    # A blue rook on Ab4 attacks Ab2 and Ab1 next to the red King, and along its other line
    # (Ao1 Ai2 Bi1 Bi2 Co3, bending round the inner ring into flap C) Cd2 and Cd1 next to
    # yellow's King.
    d = feats(game, position(blue="KBc1,RAb4"))
    assert mate(d, F.T_ZONE_ATTACKED, 0) == 4 and mate(d, F.T_MOBILITY, 0) == 11
    assert mate(d, F.T_PRESSURE, 1) == 4 and mate(d, F.T_PRESSURE, 0) == 0
    assert mate(d, F.T_IN_CHECK, 0) == 0
    # on Ac4 it checks: the King's cell and Ac2 are attacked (Ac3 is not a King step)
    d = feats(game, position(blue="KBc1,RAc4"))
    assert mate(d, F.T_IN_CHECK, 0) == 1 and mate(d, F.T_IN_CHECK, 1) == 0
    assert mate(d, F.T_ZONE_ATTACKED, 0) == 1 and mate(d, F.T_PRESSURE, 1) == 2
    # the same position with blue to move: blue's team is "own" now
    d = feats(game, position(turn="blue", blue="KBc1,RAc4"))
    assert mate(d, F.T_IN_CHECK, 1) == 1 and mate(d, F.T_PRESSURE, 0) == 2


def test_a_king_in_check_with_no_free_step_is_trapped(game) -> None:
    # the rook on Ac4 checks red's King on Ac1 and covers Ac2; red's own pieces fill the rest
    walled = "KAc1,NAb1,BAd1,RAb2,QAd2"
    d = feats(game, position(red=walled, blue="KBc1,RAc4"))
    assert mate(d, F.T_IN_CHECK, 0) == 1 and mate(d, F.T_TRAPPED, 0) == 1
    assert mate(d, F.T_TRAPPED, 1) == 0
    d = feats(game, position(turn="blue", red=walled, blue="KBc1,RAc4"))
    assert mate(d, F.T_TRAPPED, 1) == 1 and mate(d, F.T_TRAPPED, 0) == 0
    # in check with free steps, or walled in without a check: not trapped
    assert mate(feats(game, position(blue="KBc1,RAc4")), F.T_TRAPPED, 0) == 0
    assert mate(feats(game, position(red=walled)), F.T_TRAPPED, 0) == 0


# From a match: yellow's and magenta's Kings are checkmated, red's is free.
TWO_MATED = (
    "players=6 turn=red quiet=4 passes=0 moves=1200 red:RAe1,KAa3,PAd3,PAe3,RCa1,WCd2|QBBNPPPDF "
    "blue:KBb2,PBe3,PBa4,PBb4,PBd4,WEc3|QRRBBNPDF yellow:BCb1,RCb2,QCc2,FCa3,PCb3,PCa4,KEb2|"
    "RBNPPPWD green:PCo4,RDa1,RDe1,KDc2,PDa3,PDe3,PDo1,WEa2|QBBNPDF magenta:KEc2|QRRBBNPPPPPWDF "
    "cyan:FEa1,REd1,WEb3,KFa2|QRBBNPPPPD"
)


def test_checkmated_players_are_counted_per_team(game) -> None:
    d = feats(game, TWO_MATED)
    assert mate(d, F.T_MATED, 0) == 2 and mate(d, F.T_MATED, 1) == 0
    assert mate(d, F.T_TRAPPED, 0) == 2
    d = feats(game, TWO_MATED.replace("turn=red", "turn=blue"))
    assert mate(d, F.T_MATED, 1) == 2 and mate(d, F.T_MATED, 0) == 0
    # what the term counts is what play sees: the mated seats can only pass, in check
    for seat in ("yellow", "magenta"):
        state = game.state_from_text(TWO_MATED.replace("turn=red", f"turn={seat}"))
        assert state.in_check() and [state.move_text(m) for m in state.legal_moves()] == ["pass"]
    # a trapped King whose check can be answered is not checkmated
    walled = "KAc1,NAb1,BAd1,RAb2,QAd2"
    d = feats(game, position(red=walled, blue="KBc1,RAc4"))
    assert mate(d, F.T_TRAPPED, 0) == 1 and mate(d, F.T_MATED, 0) == 0


def reference_attack_counts(ref: Reference, board: dict) -> np.ndarray:
    """Per team and cell, how many ways its pieces attack the cell, by the brute-force
    reference: a Fortress reaching a cell by a jump and along a line counts twice."""
    out = np.zeros((2, N_CELLS), dtype=np.int64)
    for c, (seat, _) in board.items():
        for d in ref.attacks(board, c):
            out[seat % 2, d] += 1
    return out


@pytest.mark.parametrize("players", [2, 4, 6])
def test_attack_counts_match_the_reference(players: int) -> None:
    """The mating terms' attack counts, one pass over the pieces, against a brute-force count
    and against the cell-by-cell ``attacked`` that legality uses, in crowded random positions
    and positions of random games."""
    game = get_game("duchess", players=players)
    ref = Reference(players)
    rng = random.Random(players)
    texts = [random_position(rng, players) for _ in range(40)]
    texts += [play_random(game, plies, seed).to_text() for seed, plies in ((3, 60), (4, 140))]
    counts = np.zeros(2 * N_CELLS, dtype=np.int64)
    checked = 0
    for text in texts:
        try:
            pos = game.state_from_text(text).arrays[0]
        except BadPosition:  # a random placement with the team not to move already mated
            continue
        checked += 1
        board, _, _ = ref.read(text)
        attack_counts(pos, pos[CFG], counts)
        expected = reference_attack_counts(ref, board)
        assert np.array_equal(counts.reshape(2, N_CELLS), expected), text
        for team in (0, 1):
            for cell in range(N_CELLS):
                assert attacked(pos, pos[CFG], cell, team) == (expected[team, cell] > 0)
    assert checked >= 30


@pytest.mark.parametrize("version", [1, 2])
def test_older_weights_are_carried_forward(game, tmp_path, version: int) -> None:
    """Weights from before king_trapped (v1) or checkmated (v2) still load: the new weights
    start at zero."""
    current = Weights.default(game).theta.copy()
    current[F.mate_index(F.T_TRAPPED, 0)] = 7.0  # a weight v2 has and v1 lacks
    terms = (F.T_TRAPPED, F.T_MATED) if version == 1 else (F.T_MATED,)
    gone = [F.mate_index(t, rel) for t in terms for rel in (0, 1)]
    old = np.delete(current, gone)
    path = tmp_path / f"v{version}.npz"
    Weights(old, "duchess", F.NAME, version, {"games": 7}).save(path)
    loaded = Weights.load(path, game)
    assert loaded.feature_version == F.VERSION == 3
    expected = current.copy()
    expected[gone] = 0.0
    np.testing.assert_array_equal(loaded.theta, expected)
    assert loaded.metadata == {"games": 7, "upgraded_from_feature_version": version}


def test_weights_of_an_unknown_older_version_are_refused(game, tmp_path) -> None:
    path = tmp_path / "v0.npz"
    Weights(np.zeros(5), "duchess", F.NAME, 0).save(path)
    with pytest.raises(BadWeights, match="duchess-rs v0"):
        Weights.load(path, game)


def test_wizard_neighbours(game) -> None:
    # red's Wizard on Ai1 with a red knight and a yellow pawn next to it, a blue pawn too
    d = feats(game, position(red="KAc1,WAi1,NAo2", yellow="KCc1,PAi2", blue="KBc1,PV"))
    assert mate(d, F.T_WIZARD, 0) == 2 and mate(d, F.T_WIZARD, 1) == 0


def test_rotation_leaves_the_features_unchanged(game) -> None:
    for text in sample_texts(game, random.Random(8)):
        turned = rotate_text(text)
        assert feats(game, text) == feats(game, turned), text


def test_plain_python_kernel_agrees_with_the_compiled_one(game) -> None:
    assert_features_match_plain_python(game, sample_texts(game, random.Random(9))[::2])


def test_shipped_weights_equal_the_module(game, tmp_path) -> None:
    shipped = Weights.default(game)
    shipped.check_fits(game)
    assert shipped.metadata["init"] == "hand-set" and shipped.metadata["description"]
    assert np.array_equal(shipped.theta, default_weights.build_theta())
    rebuilt = tmp_path / "default.npz"
    default_weights.main(["--out", str(rebuilt)])
    assert rebuilt.read_bytes() == game.named_weights()["default"].read_bytes()


def test_default_evaluation_is_sensible(game) -> None:
    searcher = Searcher(game, Weights.default(game).theta)

    def ev(text: str) -> float:
        return searcher.evaluate(game.state_from_text(text))

    assert ev(game.start_text()) == 0
    up = position(red="KAc1,QAc2")
    assert ev(up) > 400 and ev(up.replace("turn=red", "turn=blue")) < -400
    assert ev(position(blue="KBc1,RAc4")) < ev(position(blue="KBc1,RBb4"))  # a check hurts
    for text in sample_texts(game, random.Random(10)):
        assert ev(text) == pytest.approx(ev(rotate_text(text)))
