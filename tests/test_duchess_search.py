"""Searching Duchess: the generic search with six players, teams and passes.

Includes the regression test for the check extension in multi-player games
(gamecore/algorithms/alphabeta.py): a seat can stay in check across other seats'
moves, and a move that leaves such a check standing does not give check.
"""

from __future__ import annotations

import numpy as np
import pytest

from gamecore.binding import bind
from gamecore.kernel_api import LOSS
from gamecore.registry import get_game
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.weights import Weights
from games.duchess.features import MATE, PSQ
from tests.test_duchess_rules import MATED, position, state_of

# Cyan is in check and magenta, the seat before cyan, is to move: no magenta move gives
# the check; before the fix every one of them was extended a ply.
CYAN_IN_CHECK = (
    "players=6 turn=magenta quiet=1 passes=0 moves=94 "
    "red:RAa1,QAc1,FAd1,RAe1,BAa2,NAb2,PAe2,KAb3,BAd3,PAe3,PAa4,PAb4,PAc4,WCc2,DFc3 "
    "blue:RBa1,KBc1,RBd1,BBa2,DBd2,BBe2,PBa3,PBb3,PBc3,PBd3,PBo2,FDa1,WDa2,NFa2,QFc2 "
    "yellow:RCa1,DCc1,FCd1,RCe1,NCb2,WCd2,KCa3,PCe3,PCb4,PCd4,PCo1,BDc4|QBP "
    "green:QBb1,RBc2,BBo1,PCi2,KDc1,RDe1,DDd2,BDe2,PDa3,PDc3,NDa4,PDb4,FDo3,WFb2|P "
    "magenta:WCb1,REa1,QEc1,REe1,BEa2,FEb2,BEc2,PEe2,PEa3,KEb3,PEc3,PEe3,PEb4|ND "
    "cyan:KCo4,BDb3,NEi2,RFa1,WFb1,FFd1,RFe1,QFd2,BFe2,PFa3,PFd3,PFe4,DFo1|PP"
)


@pytest.fixture(scope="module")
def game():
    return get_game("duchess")


@pytest.mark.parametrize("depth", (1, 2))
def test_a_standing_check_is_not_extended(game, depth: int) -> None:
    state = game.state_from_text(CYAN_IN_CHECK)
    assert [state._kernel.king_attacked(state.arrays, p) for p in range(6)] == [0, 0, 0, 0, 0, 1]
    theta = Weights.default(game).theta
    plain = SearchParams.training()._replace(check_extension=0)
    with_ext = Searcher(game, theta, SearchParams.training()).search(state, Limits(depth=depth))
    without = Searcher(game, theta, plain).search(state, Limits(depth=depth))
    assert with_ext.nodes == without.nodes


def test_quiescence_stays_small_with_untrained_weights(game) -> None:
    """Random weights make stand-pat useless; losing captures are not noisy, so the
    depth-3 search of a crowded middlegame stays in the thousands of nodes (it was 3 million)."""
    state = game.state_from_text(CYAN_IN_CHECK)
    theta = Weights.random(game, seed=0).theta
    info = Searcher(game, theta, SearchParams.training()).search(state, Limits(depth=3))
    assert info.nodes < 50_000


def test_losing_captures_are_not_noisy(game) -> None:
    def noisy(text: str) -> list[str]:
        state = state_of(text)
        return sorted(state.move_text(m) for m in state.noisy_moves())

    # the red queen may take the blue pawn on Ab4 only when blue does not defend it
    assert noisy(position(red="KAc1,QAb2", blue="KBc1,PAb4")) == ["Ab2-Ab4"]
    assert noisy(position(red="KAc1,QAb2", blue="KBc1,PAb4,RAe4")) == []
    # a pawn may take a defended rook; promotions are always noisy
    assert noisy(position(red="KAc1,PAa3", blue="KBc1,RAb4,RAe4")) == ["Aa3-Ab4"]
    assert noisy(position(red="KAc1,PAi1|N")) == ["Ai1-V=N"]


def test_search_finds_the_team_mate(game) -> None:
    """Blue to move mates red; yellow and magenta are mated already: the team wins."""
    state = state_of(position(turn="blue", **MATED))
    searcher = Searcher(game, Weights.default(game).theta, SearchParams.tournament())
    info = searcher.search(state, Limits(depth=2))
    assert state.move_text(info.pv[0]) == "Ac4-Aa4"
    assert info.score.mate == 1
    state.push(info.pv[0])
    assert state.status() == LOSS  # for the team to move: red-yellow-magenta


def test_passes_in_the_tree(game) -> None:
    """A mated seat's only move is the pass; the search plays it and goes on."""
    state = state_of(position(turn="yellow", yellow="KCa1,WCi1", green="KDc1,RCa3,RCb3"))
    info = Searcher(game, Weights.default(game).theta).search(state, Limits(depth=3))
    assert state.move_text(info.pv[0]) == "pass"


CHECKS_PASSING_ROUND = (
    "players=6 turn=green quiet=5 passes=0 moves=255 "
    "red:RAa1,RAd1,NAa2,WAd2,PAe2,PAa3,QAa4,PAc4,BAe4,BCb2,KCd3|PPDF "
    "blue:BAo1,RAo4,NBb1,KBc1,RBe1,PBb2,FBo3,WBi1,PBi2,QCo3|BPPPD "
    "yellow:BAc1,KAb2,WAe3,RAd4,BBd3,QCc2,PCa3,PCb4,PCe4,NEb2|RPPDF "
    "green:WAi2,RDa1,KDb1,DDe1,RDe2,NDa3,BDb3,PDd3,PDa4,FDc4,PDd4,PDe4,PDo2,QEe3|B "
    "magenta:RAd3,BAb4,FAi1,DCi2,QDo1,REe1,KEc2,BEe2,PEa3,PEd3,PEb4,PEd4,NFd4|W "
    "cyan:PBc2,WBo1,PEi1,RFb1,KFc1,RFe1,BFe2,PFc3,QFd3,PFe3,BFa4,NFc4|PDF"
)
"""The largest depth-1 search of 300 random six-player positions (benchmarks/quiescence_size.py)."""


def test_quiescence_stays_bounded_when_checks_pass_from_seat_to_seat():
    """Quiescence answers a check with every move only ``check_evasion_plies`` deep: without
    the cap this depth-1 search took 41,210 nodes, 25 plies deep; with it 10,091."""
    game = get_game("duchess")
    searcher = Searcher(game, Weights.default(game).theta)
    assert (
        searcher.search(game.state_from_text(CHECKS_PASSING_ROUND), Limits(depth=1)).nodes < 20_000
    )


CAPTURES_EVERYWHERE = (
    "players=6 turn=yellow quiet=3 passes=0 moves=116 "
    "red:KAc1,FAd1,RAe1,WAa2,RAb2,QAc2,BAe2,PAb3,PAc3,PAd3,PAi1,DAi2,BDo2,NEd2,PEc3 "
    "blue:RBa1,KBb1,FBd1,QBc2,DBd2,PBc3,PBe3,PBa4,NBc4,BCa4,WDb1|RBPP "
    "yellow:WAa4,BBe2,PBo4,RCa1,DCb1,RCe1,PCa2,QCc2,BCe2,KCc3,FCd3,PCb4,PCe4,PCo3,NEb3 "
    "green:BCc4,RDa1,RDd1,NDa2,WDb2,DDd2,BDe2,PDa3,FDe3,PDd4,PDe4,PDo4,QEi1,KFc1,PFc3 "
    "magenta:PAa1,WAo1,REa1,DEb1,FEd1,REe1,BEa2,KEb2,QEc2,BEe2,PEa3,PEd3,PEe3,PEo1|N "
    "cyan:BDc1,RDc2,WFb1,FFd1,RFe1,KFb2,QFc2,BFe2,PFa3,PFb3,PFe3,PFd4,DFe4|NP"
)
"""A random six-player position where, under small random weights, a depth-4 search took
17.4M nodes 42 plies deep, 99.7% of them in quiescence (benchmarks/quiescence_depth.py)."""


def flat_theta(game):
    """Small random weights: the nearly flat evaluation of learning's first games."""
    return np.random.default_rng(0).normal(0.0, 0.01, game.feature_set.count)


def test_quiescence_stops_at_its_depth_cap(game) -> None:
    params = SearchParams.training()._replace(quiescence_plies=4)
    searcher = Searcher(game, flat_theta(game), params)
    info = searcher.search(game.state_from_text(CAPTURES_EVERYWHERE), Limits(depth=3))
    assert info.seldepth <= 12
    assert info.nodes < 100_000
    uncapped = Searcher(game, flat_theta(game), SearchParams.training())
    wide = uncapped.search(game.state_from_text(CAPTURES_EVERYWHERE), Limits(depth=3))
    assert wide.seldepth > info.seldepth and wide.nodes > 2 * info.nodes


def test_a_zero_quiescence_cap_searches_like_no_quiescence(game) -> None:
    theta = Weights.default(game).theta
    capped = Searcher(game, theta, SearchParams.training()._replace(quiescence_plies=0))
    plain = Searcher(game, theta, SearchParams.training()._replace(quiescence=False))
    for text in (CAPTURES_EVERYWHERE, CYAN_IN_CHECK):
        a = capped.search(game.state_from_text(text), Limits(depth=2))
        b = plain.search(game.state_from_text(text), Limits(depth=2))
        assert (a.best_move, a.score.value) == (b.best_move, b.score.value)


@pytest.mark.parametrize("players", (6, 2))
def test_lazy_evaluation_bounds_from_material_and_piece_squares(players) -> None:
    """Beyond the window by the margin, the additive part alone, moved the margin towards
    the window, stands in for the value; inside it, the whole evaluation. For either team."""
    game = get_game("duchess", players=players)
    theta = Weights.default(game).theta
    additive_only = theta.copy()
    additive_only[MATE:PSQ] = 0.0
    evaluation = bind(game, "gamecore.algorithms.evaluation")
    rng = np.random.default_rng(players)
    state = game.initial_state()
    teams = set()
    while len(teams) < 2 or len(state.history) < 40:
        state.push(int(rng.choice(state.legal_moves())))
        searcher = Searcher(game, theta)
        searcher.refresh(state.arrays)
        ctx = searcher.ctx
        idx, val = state.features()
        additive = float(additive_only[idx] @ val)
        full = float(evaluation.search_value(state.arrays, ctx))
        if full == pytest.approx(additive):
            continue  # no mating terms here to leave out
        for margin in (0.0, 50.0):
            value = evaluation.bounded_value(state.arrays, ctx, margin, additive - 1, additive + 1)
            assert value == pytest.approx(full)
        assert evaluation.bounded_value(
            state.arrays, ctx, 50.0, additive - 70, additive - 60
        ) == pytest.approx(additive - 50)
        assert evaluation.bounded_value(
            state.arrays, ctx, 50.0, additive + 60, additive + 70
        ) == pytest.approx(additive + 50)
        assert evaluation.bounded_value(
            state.arrays, ctx, 0.0, additive + 60, additive + 70
        ) == pytest.approx(full)
        teams.add(state.team)


@pytest.mark.parametrize("players", (6, 4, 2))
def test_lazy_evaluation_is_exact_when_the_margin_bounds_the_rest(players) -> None:
    """With the mating terms at zero any margin bounds them, and a lazy search finds the
    same move and value as the full evaluation."""
    game = get_game("duchess", players=players)
    theta = Weights.default(game).theta.copy()
    theta[MATE:PSQ] = 0.0
    rng = np.random.default_rng(players)
    compared = 0
    while compared < 4:
        state = game.initial_state()
        for _ in range(int(rng.integers(20, 80))):
            state.push(int(rng.choice(state.legal_moves())))
        if state.is_terminal():
            continue
        found = []
        for margin in (0.0, 1.0):
            params = SearchParams.tournament()._replace(lazy_margin=margin)
            info = Searcher(game, theta, params).search(state, Limits(depth=4))
            found.append((info.best_move, info.score.value))
        assert found[0] == found[1]
        compared += 1
