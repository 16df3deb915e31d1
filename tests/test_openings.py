"""Opening books: checkers' three-move ballots, and books driving matches and training."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gamecore
from gamecore.errors import BadOption
from gamecore.play.match import MatchSettings, PlayerSpec, run_match
from gamecore.play.openings import load_book
from gamecore.search import Limits
from gamecore.training.trainer import TrainConfig, Trainer
from tests.cli import run_cli

draughts = pytest.importorskip("draughts")


def test_three_move_ballots_reach_pydraughts_positions():
    """All 157 ballots are legal lines whose positions equal pydraughts' list."""
    game = gamecore.get_game("checkers")
    book = load_book(game, "three-move")
    source = Path(draughts.__file__).parent / "ballot_files" / "3move_english.json"
    data = json.loads(source.read_text())
    assert len(book) == len(data["standard"]) == 157
    for key, opening in zip(data["standard"], book, strict=True):
        state = game.initial_state()
        for move in opening:
            state.push(move)
        ours = state.to_text().split(":")
        theirs = data["all"][key].split(":")
        assert ours[0] == theirs[0] == "W"  # White to move after three plies
        for a, b in zip(ours[1:], theirs[1:], strict=True):
            assert set(a[1:].split(",")) == set(b[1:].split(",")), key


def test_a_book_match_plays_every_line_from_both_sides(tmp_path):
    game = gamecore.get_game("checkers")
    book_file = tmp_path / "two.txt"
    book_file.write_text("# two lines\n11-15 23-19 8-11\n9-13 22-18 6-9  # comment\n")
    book = load_book(game, str(book_file))
    settings = MatchSettings(games=4, limits=Limits(depth=1), book=book)
    spec = PlayerSpec.parse(game, "random")
    _, games = run_match(game, spec, spec, settings)
    starts = [(g.first_team, g.record.split("1. ")[1].split()[:3]) for g in games]
    assert starts == [
        (0, ["11-15", "23-19", "2."]),
        (1, ["11-15", "23-19", "2."]),
        (0, ["9-13", "22-18", "2."]),
        (1, ["9-13", "22-18", "2."]),
    ]


def test_match_with_a_book_defaults_to_two_games_per_line(tmp_path):
    book_file = tmp_path / "one.txt"
    book_file.write_text("11-15 23-19 8-11\n")
    out = tmp_path / "games.pdn"
    result = run_cli(
        "match", "checkers", "random", "random", "--book", str(book_file), "--out", str(out)
    )
    assert result.returncode == 0, result.stderr
    assert "W/D/L" in result.stdout
    assert out.read_text().count('[Event "gamecore match') == 2


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("11-15 99-1\n", "line 1: malformed checkers move '99-1'"),
        ("# nothing\n", "has no openings"),
        ("11-15\n11-16 23-19 16x23x32\n", "line 2:"),
    ],
)
def test_bad_books_are_refused_naming_the_line(tmp_path, text, says):
    book_file = tmp_path / "bad.txt"
    book_file.write_text(text)
    with pytest.raises(BadOption, match=says.replace("(", r"\(")):
        load_book(gamecore.get_game("checkers"), str(book_file))


def test_unknown_book_names_the_shipped_ones():
    result = run_cli("match", "checkers", "random", "random", "--book", "four-move")
    assert result.returncode == 2
    assert "shipped books: three-move" in result.stderr


def test_training_from_zeros_starts_each_game_from_the_next_book_line(tmp_path):
    config = TrainConfig(
        game="checkers",
        algo="tdleaf",
        games=3,
        depth=1,
        init="zeros",
        book="three-move",
        out=str(tmp_path / "td.npz"),
    )
    trainer = Trainer(config)
    assert not trainer.learner.theta.any()
    book = trainer.book
    assert book is not None
    played = []
    original = trainer.game.initial_state

    def spy():
        state = original()
        played.append(state)
        return state

    trainer.game.initial_state = spy  # type: ignore[method-assign]
    trainer.run()
    assert [s.history[:3] for s in played] == [book[0], book[1], book[2]]
