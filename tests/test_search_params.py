"""Search parameters: seed 004's selective search in the generic search, and its files.

Whatever the parameters, the search must stay correct: the mate suite is solved
(two plies beyond the mate's length, as for the tournament settings), and
the settings a game ships change nothing it did before.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamecore
from gamecore.cli import main
from gamecore.errors import BadOption
from gamecore.learners import LEARNERS
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.search import params as search_params
from gamecore.weights import Weights
from tests.test_mates import SUITE, uci_of


def params_strategy() -> st.SearchStrategy[SearchParams]:
    """Every tuned parameter anywhere in its range (the tuner's whole search space)."""
    fields = {}
    for name, span in search_params.RANGES.items():
        if span.bits == 0:
            continue
        if span.is_float:
            fields[name] = st.integers(int(span.low), int(span.high)).map(float)
        elif (span.low, span.high) == (0, 1):
            fields[name] = st.booleans()
        else:
            fields[name] = st.integers(int(span.low), int(span.high))
    return st.fixed_dictionaries(fields).map(search_params.from_dict)


@pytest.fixture(scope="module")
def chess_game():
    return gamecore.get_game("chess")


@pytest.mark.parametrize(
    ("name", "own"),
    [
        ("chess", {}),
        ("checkers", {}),
        ("duchess", {"quiescence_plies": 6, "lazy_margin": 200.0}),
    ],
)
def test_each_game_ships_its_tournament_settings_as_default(name, own):
    """The tournament settings, with what the game sets itself (Duchess: quiescence at
    most one round of the six seats, lazy evaluation)."""
    game = gamecore.get_game(name)
    assert "default" in search_params.named(game)
    assert search_params.resolve(game, None) == SearchParams.tournament()._replace(**own)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(params=params_strategy())
def test_mates_are_found_whatever_the_parameters(chess_game, params):
    """Pruning and extensions only move where the search looks: two plies beyond the
    mate's length, every mate of a third of the suite is still found."""
    searcher = Searcher(chess_game, Weights.default(chess_game).theta, params, 8)
    for ident, fen, san, dm in SUITE[::3]:
        state = chess_game.state_from_text(fen)
        searcher.clear()
        result = searcher.search(state, Limits(depth=2 * dm + 1, nodes=3_000_000))
        assert result.score.mate is not None and result.score.mate > 0, (ident, params)
        assert state.move_text(result.best_move) == uci_of(fen, san), (ident, params)


MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8"


def middlegame_nodes(game, **changes) -> int:
    """Nodes of a depth-5 search of MIDDLEGAME under the tournament settings with
    ``changes`` (aspiration off, so the tree depends on the changes alone)."""
    params = SearchParams.tournament()._replace(aspiration=False, **changes)
    searcher = Searcher(game, Weights.default(game).theta, params, 16)
    return searcher.search(game.state_from_text(MIDDLEGAME), Limits(depth=5)).nodes


def test_extensions_search_more_and_reductions_less(chess_game):
    """Each knob does what it says: extensions grow the tree, null move and multi-cut
    shrink it (a middlegame, depth 5)."""
    plain = middlegame_nodes(chess_game)
    assert middlegame_nodes(chess_game, recapture_extension=4, one_reply_extension=4) > plain
    assert middlegame_nodes(chess_game, null_move=False) > plain
    assert middlegame_nodes(chess_game, multi_cut=True, multi_cut_depth=2, multi_cut_cuts=1) < plain


# From a training run that retuned its search: a mate in three (Qh5 and the black king in
# the open), full-ply check and one-reply extensions. A depth-2 search of it never ended.
CHECKING_LINES = "rnb2bnr/pppp2pp/4p3/5kBQ/P6p/8/1PP1PP2/RN2KB1R w K - 13 16"


def test_extensions_stop_at_twice_the_depth(chess_game):
    """A line of checks that each earn a full ply would never reach the horizon: an
    iteration extends nothing beyond twice its depth, so the search ends, and small."""
    params = SearchParams.tournament()._replace(
        check_extension=4, one_reply_extension=4, recapture_extension=4, game_extension=1,
        mate_threat_extension=3, null_reduction=6, aspiration=False,
    )  # fmt: skip
    searcher = Searcher(chess_game, np.zeros(chess_game.feature_set.count), params, 16)
    state = chess_game.state_from_text(CHECKING_LINES)
    result = searcher.search(state, Limits(depth=3, nodes=1_000_000))
    assert result.complete and result.depth == 3
    assert result.score.mate == 5  # plies: mate in three
    assert result.nodes < 200_000, result.nodes


def test_multi_cut_at_reduction_zero_costs_nothing(chess_game):
    """Trial searches at full depth would repeat the full search at every cut node (a
    depth-5 search took 24 times the nodes that way): at reduction 0 multi-cut stays off."""
    without = middlegame_nodes(chess_game, multi_cut=False)
    widest = {"multi_cut": True, "multi_cut_depth": 0, "multi_cut_moves": 31, "multi_cut_cuts": 7}
    assert middlegame_nodes(chess_game, multi_cut_reduction=0, **widest) == without
    assert middlegame_nodes(chess_game, multi_cut_reduction=1, **widest) != without


def test_a_pawn_to_the_seventh_is_the_game_extension(chess_game):
    kernel = chess_game.kernel
    state = chess_game.state_from_text("4k3/8/2P5/8/8/8/1p6/4K3 w - - 0 1")
    push = state.parse_move("c6c7")
    assert kernel.extends_move(state.arrays, push)
    state.push(push)
    assert not kernel.extends_move(state.arrays, state.parse_move("e8f7"))
    assert not kernel.extends_move(state.arrays, state.parse_move("b2b1q"))


def test_a_file_round_trips(tmp_path, chess_game):
    params = SearchParams.tournament()._replace(multi_cut=True, null_reduction=3)
    path = tmp_path / "evolved.json"
    search_params.write(path, params, chess_game, note="test")
    assert search_params.read(path, chess_game) == params
    assert search_params.resolve(chess_game, str(path)) == params


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "not JSON"),
        ('{"format": "x"}', "not a search-parameters file"),
        ('{"format": "gamecore-search-params", "version": 9}', "unknown version 9"),
        (
            '{"format": "gamecore-search-params", "version": 1, "params": {"nul": 1}}',
            "unknown search parameter 'nul'",
        ),
        (
            '{"format": "gamecore-search-params", "version": 1, "params": {"null_reduction": 9}}',
            "null_reduction must be from 0 to 7",
        ),
        (
            '{"format": "gamecore-search-params", "version": 1, "params": {"multi_cut": 1}}',
            "multi_cut must be true or false",
        ),
        (
            '{"format": "gamecore-search-params", "version": 1, "params": {"lmr_reduction": 1.5}}',
            "lmr_reduction must be a whole number",
        ),
        (
            '{"format": "gamecore-search-params", "version": 1, "game": "duchess"}',
            "are for 'duchess', not 'chess'",
        ),
    ],
)
def test_bad_files_are_refused_in_one_line(tmp_path, chess_game, capsys, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(BadOption, match=message):
        search_params.read(path, chess_game)
    code = main(["analyse", "chess", "--depth", "1", "--search-params", str(path)])
    err = capsys.readouterr().err.strip()
    assert code == 2
    assert message.split("'")[0].strip() in err and "\n" not in err


def test_a_missing_file_is_refused(tmp_path, capsys):
    args = ["match", "chess", "random", "random", "--search-params", "nowhere.json"]
    assert main([*args, "--out", str(tmp_path / "r.pgn")]) == 2
    assert "cannot read search parameters nowhere.json" in capsys.readouterr().err


def test_analyse_searches_with_the_file(tmp_path, chess_game, capsys):
    """A file that extends every check by nothing and reduces by a lot changes the search."""
    path = tmp_path / "p.json"
    search_params.write(path, SearchParams.tournament()._replace(null_reduction=7), chess_game)
    args = ["analyse", "chess", "--depth", "6", "--position", SUITE[0][1]]
    assert main(args) == 0
    plain = capsys.readouterr().out
    assert main([*args, "--search-params", str(path)]) == 0
    tuned = capsys.readouterr().out
    assert plain.splitlines()[-1].startswith("bestmove")
    assert plain != tuned


def test_match_players_may_bring_their_own_parameters(tmp_path, chess_game):
    from gamecore.play.match import PlayerSpec

    path = tmp_path / "evolved.json"
    params = SearchParams.tournament()._replace(multi_cut=True)
    search_params.write(path, params, chess_game)
    spec = PlayerSpec.parse(chess_game, f"default@{path}")
    assert spec.name == "default@evolved" and spec.params == params
    plain = PlayerSpec.parse(chess_game, "default", "training")
    assert plain.params == SearchParams.training()
    assert np.array_equal(spec.weights.theta, plain.weights.theta)


def test_the_shipped_file_is_valid_json_for_its_game():
    for name in ("chess", "checkers", "duchess"):
        game = gamecore.get_game(name)
        data = json.loads(search_params.named(game)["default"].read_text())
        assert data["game"] == name and data["format"] == search_params.FORMAT


GAMES = ["chess", "checkers", "duchess", "connect4", "othello", "hex"]


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(params=params_strategy(), seed=st.integers(0, 2**16))
def test_any_parameters_search_every_game_soundly(name, params, seed):
    """Whatever the parameters, every game (the plugins too) gets a legal move, a finite
    score, and its position back unchanged."""
    game = gamecore.get_game(name)
    rng = np.random.default_rng(seed)
    state = game.initial_state()
    for _ in range(int(rng.integers(0, 12))):
        moves = state.legal_moves()
        if not moves or state.is_terminal():
            break
        state.push_unchecked(moves[int(rng.integers(len(moves)))])
    if state.is_terminal() or not state.legal_moves():
        return
    before = state.to_text()
    theta = Weights.default(game).theta
    info = Searcher(game, theta, params, 4).search(state, Limits(depth=3, nodes=200_000))
    assert info.best_move in state.legal_moves()
    assert np.isfinite(info.score.value)
    assert state.to_text() == before


@pytest.mark.parametrize(("name", "cap"), [("chess", 96), ("duchess", 6)])
def test_training_mode_keeps_the_games_quiescence_bounds_and_no_pruning(name, cap):
    """Learners search in training mode: none of the game's pruning, but its own bound on
    quiescence (an unbounded Duchess quiescence took 74M nodes in one training game)."""
    game = gamecore.get_game(name)
    mode = search_params.resolve(game, "training")
    assert mode == SearchParams.training()._replace(quiescence_plies=cap)
    assert not (mode.null_move or mode.futility or mode.lmr or mode.aspiration)
    learner = LEARNERS["treestrap-ab"](game, Weights.zeros(game).theta)
    assert learner.searcher.params == mode
