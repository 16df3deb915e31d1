"""Records and positions from careless sources: byte-order marks, variants, reversed ranges."""

from __future__ import annotations

import time

import pytest

import gamecore
from gamecore.errors import BadPosition
from tests.cli import run_cli

PGN = '[Event "casual"]\n\n1. e4 e5 2. Nf3 *\n'


def test_a_pgn_with_a_byte_order_mark_loads():
    chess = gamecore.get_game("chess")
    assert chess.read_record("\ufeff" + PGN).to_text() == chess.read_record(PGN).to_text()


def test_a_pdn_with_a_byte_order_mark_loads():
    checkers = gamecore.get_game("checkers")
    pdn = '[Event "casual"]\n\n1. 11-15 23-19 *\n'
    assert checkers.read_record("\ufeff" + pdn).to_text() == checkers.read_record(pdn).to_text()


def test_a_chess_variant_is_refused_by_name():
    with pytest.raises(BadPosition, match="Atomic"):
        gamecore.get_game("chess").read_record('[Variant "Atomic"]\n\n1. e4 e5 *\n')


def test_a_reversed_checkers_range_means_the_same_squares():
    checkers = gamecore.get_game("checkers")
    reversed_range = checkers.state_from_text("W:W32-21:B12-1").to_text()
    assert reversed_range == checkers.state_from_text("W:W21-32:B1-12").to_text()


def test_the_window_loads_a_record_file_with_a_byte_order_mark(tmp_path):
    record = tmp_path / "game.pgn"
    record.write_bytes(b"\xef\xbb\xbf" + PGN.encode())
    result = run_cli(
        "gui", "chess", "--load", str(record), "--quit-after", "1",
        env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    ("game_name", "first", "variation", "second"),
    [("chess", "1. e4", "1. d4", "e5"), ("checkers", "1. 11-15", "22-18", "22-18")],
)
def test_deeply_nested_variations_are_read_in_linear_time(game_name, first, variation, second):
    """120 KB of nested variations took more than 30 s when innermost pairs were removed
    one round at a time; one pass takes milliseconds."""
    game = gamecore.get_game(game_name)
    depth = 60_000
    text = f'[Event "x"]\n\n{first} {"(" * depth}{variation} {")" * depth} {second} *\n'
    game.read_record(f'[Event "x"]\n\n{first} {second} *\n')  # load the game first
    started = time.perf_counter()
    state = game.read_record(text)
    assert len(state.history) == 2
    assert time.perf_counter() - started < 3.0


@pytest.mark.parametrize("game_name", ["chess", "checkers"])
@pytest.mark.parametrize(
    ("movetext", "says"), [("(", "unclosed variation|invalid san"), (")", "closes no")]
)
def test_unmatched_variation_brackets_are_one_line(game_name, movetext, says):
    first = {"chess": "1. e4", "checkers": "1. 11-15"}[game_name]
    with pytest.raises(gamecore.GamecoreError, match=says):
        gamecore.get_game(game_name).read_record(f'[Event "x"]\n\n{first} {movetext} *\n')
