"""A kernel may leave out the optional functions, and gamecore's defaults stand in for them.

Extra-turn Nim defines only the required functions, as plain Python
(``tests.toys.extra_turn_nim``) and compiled (``tests.toys.compiled_nim``):
both must pass the conformance kit, search with every pruning switched on,
and play a match. A kernel that lacks a required function, or leaves out
an optional one it can not do without, is refused in one line.
"""

import sys
from types import ModuleType

import numpy as np
import pytest
from hypothesis import find

from gamecore.binding import defaulted_functions
from gamecore.errors import PluginError
from gamecore.kernel_api import DRAW, OPTIONAL_FUNCTIONS, REQUIRED_FUNCTIONS
from gamecore.play.match import MatchSettings, PlayerSpec, run_match
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.testing import (
    GameConformance,
    check_moves_well_formed,
    check_repeated,
    check_status_without_moves,
    move_choices,
)
from tests.toys import extra_turn_nim
from tests.toys.compiled_nim import CompiledExtraTurnNim
from tests.toys.extra_turn_nim import ExtraTurnNim

GAMES = [ExtraTurnNim(), CompiledExtraTurnNim()]


class TestPlainMinimalKernel(GameConformance):
    game_name = "extra-turn-nim"
    perft_depth = 4
    start_positions = ("2 0", "6 1")

    def game(self):
        return ExtraTurnNim()


class TestCompiledMinimalKernel(TestPlainMinimalKernel):
    game_name = "compiled-extra-turn-nim"

    def game(self):
        return CompiledExtraTurnNim()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_optional_function_is_defaulted(game):
    assert defaulted_functions(game.kernel_module) == OPTIONAL_FUNCTIONS
    state = game.state_from_text("5 0")
    assert state.noisy_moves() == [] and not state.in_check()


def test_compiled_and_plain_searches_agree_with_every_pruning_on():
    """Tournament settings try null moves, so this also shows that none is ever made."""
    theta = np.random.default_rng(4).normal(0, 10, 64)
    for heap in (2, 5, 8, 13):
        found = []
        for game in GAMES:
            searcher = Searcher(game, theta, SearchParams.tournament(), tt_megabytes=1)
            result = searcher.search(game.state_from_text(f"{heap} 0"), Limits(depth=5))
            found.append((result.best_move, result.score.value))
        assert found[0] == found[1], heap


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_match_is_played(game):
    settings = MatchSettings(games=2, limits=Limits(depth=3), openings=1, opening_plies=1)
    a, b = PlayerSpec.parse(game, "zeros"), PlayerSpec.parse(game, "random")
    result, games = run_match(game, a, b, settings)
    assert result.games == 2
    assert all(g.winner is not None for g in games)  # someone takes the last stone


def test_kit_walks_go_past_80_plies_when_allowed():
    assert len(find(move_choices(200), lambda choices: len(choices) > 80)) <= 200


def test_kit_catches_a_status_that_differs_without_the_move_count(monkeypatch):
    """A draw that only ``status(st, -1)`` sees would end quiescence search in a live game."""
    game = nim_game_with(monkeypatch, module="tests.toys.misreporting_nim")
    sys.modules[game.kernel_module].status = lambda st, n: DRAW if n < 0 else 0
    with pytest.raises(AssertionError, match=r"status\(st, -1\) is 3 but status\(st, 3\) is 0"):
        check_status_without_moves(game.initial_state())


def test_kit_catches_a_repetition_that_never_happened(monkeypatch):
    """A false repetition would have the search score a live position as a draw."""
    game = nim_game_with(monkeypatch, module="tests.toys.repeating_nim")
    sys.modules[game.kernel_module].repeated = lambda st: True
    state = game.initial_state()
    state.push(state.legal_moves()[0])
    with pytest.raises(AssertionError, match="repeated, yet new since the start"):
        check_repeated(state)


def test_kit_catches_a_move_claimed_where_there_is_none(monkeypatch):
    """A false ``surely_has_moves`` would have the search miss the end of the game at a leaf."""
    game = nim_game_with(monkeypatch, module="tests.toys.boasting_nim")
    sys.modules[game.kernel_module].surely_has_moves = lambda st: True
    with pytest.raises(AssertionError, match="surely_has_moves, yet no legal move"):
        check_moves_well_formed(game.state_from_text("0 0"))


def nim_game_with(monkeypatch, leave_out=(), add=(), kings=False, module="tests.toys.broken_nim"):
    """A Nim game whose kernel ``module`` has the required functions but ``leave_out``,
    plus stand-ins for the optional functions named in ``add``."""
    module = ModuleType(module)
    for name in REQUIRED_FUNCTIONS:
        if name not in leave_out:
            setattr(module, name, getattr(extra_turn_nim, name))
    for name in add:
        setattr(module, name, lambda *args: 0)
    monkeypatch.setitem(sys.modules, module.__name__, module)

    class BrokenNim(ExtraTurnNim):
        name = "broken-nim"
        kernel_module = module.__name__
        has_kings = kings

    return BrokenNim()


WHERE = "kernel tests.toys.broken_nim of game 'broken-nim'"


@pytest.mark.parametrize(
    ("kernel", "message"),
    [
        ({"leave_out": ["status"]}, f"{WHERE} lacks status"),
        ({"leave_out": ["gen_moves", "features"]}, f"{WHERE} lacks gen_moves, features"),
        (
            {"add": ["null_move_ok"]},
            f"{WHERE} defines null_move_ok but lacks make_null, unmake_null"
            " (define them all or none)",
        ),
        (
            {"add": ["value_is_incremental", "value_incremental"]},
            f"{WHERE} defines value_is_incremental, value_incremental but lacks value_refresh,"
            " value_additive (define them all or none)",
        ),
        ({"kings": True}, f"{WHERE} lacks king_attacked, which a game with kings needs"),
        (
            {"add": ["gen_noisy"]},
            f"{WHERE} defines gen_noisy but lacks order_key to rank noisy moves",
        ),
    ],
)
def test_an_unusable_kernel_is_refused_in_one_line(monkeypatch, kernel, message):
    game = nim_game_with(monkeypatch, **kernel)
    with pytest.raises(PluginError) as refused:
        game.initial_state()
    assert str(refused.value) == message
