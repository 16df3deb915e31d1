"""``gamecore gui``: bad arguments are one line and exit 2; good ones open a window (headless)."""

from __future__ import annotations

import pytest

from tests.cli import run_cli

HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("nope",), "unknown game 'nope'"),
        (("chess", "--players", "human"), "lists 1 seat(s), the game has 2"),
        (("chess", "--players", "human,robot"), "unknown seat kind 'robot'"),
        (("chess", "--players", "human,random:w.npz"), "only an engine takes weights"),
        (("chess", "--weights", "missing.npz"), "missing.npz"),
        (("chess", "--players", "human,engine:missing.npz"), "missing.npz"),
        (("chess", "--time-per-move", "0"), "--time-per-move: must be a number more than 0"),
        (("chess", "--size", "big"), "--size must be WIDTHxHEIGHT"),
        (("chess", "--load", "no-such-game.pgn"), "no-such-game.pgn' does not exist"),
        (("chess", "-o", "players=4"), "has no option 'players'"),
        (("chess", "--clock", "five"), "--clock wants BASE+INC"),
        (("chess", "--clock", "0+2"), "the base must be positive"),
        (("chess", "--clock", "60+-1"), "increment zero or positive"),
        (("chess", "--clock", "60+1,60+1,60+1"), "lists 3 time controls, the game has 2"),
        (("chess", "--level", "11"), "--level: must be a whole number from 1 to 10"),
    ],
)
def test_bad_arguments_are_one_line(args, message):
    result = run_cli("gui", *args, env=HEADLESS)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_corrupt_record_is_one_line(tmp_path):
    record = tmp_path / "bad.pgn"
    record.write_text("1. e4 e5 2. Qxf9\n")
    result = run_cli("gui", "chess", "--load", str(record), env=HEADLESS)
    assert result.returncode == 2
    assert "gamecore gui: error:" in result.stderr and "Qxf9" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_window_opens_headless_and_writes_a_screenshot(tmp_path):
    record = tmp_path / "game.pdn"
    record.write_text('[GameType "21"]\n\n1. 11-15 23-19 2. 8-11 *\n')
    out = tmp_path / "shot.png"
    result = run_cli(
        "gui",
        "checkers",
        "--players",
        "human,human",
        "--load",
        str(record),
        "--quit-after",
        "2",
        "--screenshot",
        str(out),
        "--size",
        "800x600",
        env=HEADLESS,
    )
    assert result.returncode == 0, result.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    import pygame

    assert pygame.image.load(str(out)).get_size() == (800, 600)


def test_seats_parse_kinds_weights_and_times():
    from gui.seats import Seat, parse_seats

    seats = parse_seats("human,engine:a.npz@0.5,engine@2,random,engine,engine:b.npz", 6)
    assert seats == [
        Seat("human"),
        Seat("engine", "a.npz", 0.5),
        Seat("engine", None, 2.0),
        Seat("random"),
        Seat("engine"),
        Seat("engine", "b.npz"),
    ]
    assert parse_seats(None, 4) == [Seat("human"), Seat("engine"), Seat("engine"), Seat("engine")]
    assert seats[1].label == "engine (a.npz, 0.5 s)"
    assert seats[1].next_kind() == Seat("random", "a.npz", 0.5)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("random@1,human", "only an engine takes weights or a time"),
        ("engine@x,human", "seconds > 0"),
        ("engine@0,human", "seconds > 0"),
        ("engine:,human", "needs weights"),
        ("human,human,human", "lists 3 seat(s), the game has 2"),
    ],
)
def test_bad_seats_are_refused(spec, message):
    from gamecore.errors import BadOption
    from gui.seats import parse_seats

    with pytest.raises(BadOption, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_seats(spec, 2)
