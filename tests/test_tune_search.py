"""``gamecore tune-search``: seed 004's GA over search parameters, and its suites."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamecore
from gamecore.cli import main
from gamecore.errors import BadOption
from gamecore.search import SearchParams
from gamecore.search import params as search_params
from gamecore.search.tuning import (
    CHROMOSOME_BITS,
    decode,
    encode,
    gray_decode,
    gray_encode,
)
from gamecore.suites import parse_suite, read_suite, suite_line
from gamecore.weights import Weights
from tests.test_mates import SUITE, uci_of

FAST = ["--population", "4", "--node-cap", "20000", "--workers", "1"]


@pytest.fixture(scope="module")
def chess_game():
    return gamecore.get_game("chess")


@pytest.fixture
def suite(tmp_path) -> Path:
    """Six mates of the suite, in the suite format (UCI moves, full FEN)."""
    path = tmp_path / "mates.txt"
    lines = ["# six mates"]
    lines += [f'{fen} bm {uci_of(fen, san)}; id "{ident}";' for ident, fen, san, _ in SUITE[:6]]
    path.write_text("\n".join(lines) + "\n")
    return path


def exit_code(argv: list[str]) -> int:
    """``gamecore ARGV``'s exit code in this process (argparse exits by SystemExit)."""
    try:
        return main(argv)
    except SystemExit as stop:
        return int(stop.code or 0)


def rows(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(path.read_text().splitlines()))


def test_the_chromosome_has_seed_004s_70_bits_first():
    assert CHROMOSOME_BITS == 70 + 20


@given(st.integers(0, 1023))
def test_gray_code_round_trips(value):
    assert gray_decode(gray_encode(value, 10)) == value


@settings(max_examples=200)
@given(st.lists(st.integers(0, 1), min_size=CHROMOSOME_BITS, max_size=CHROMOSOME_BITS))
def test_every_chromosome_decodes_to_valid_parameters(bits):
    params = decode(bits, SearchParams.tournament())
    assert search_params.checked(params) == params
    assert decode(encode(params), SearchParams.tournament()) == params


def test_tuning_writes_parameters_a_log_and_a_checkpoint(tmp_path, suite, capsys):
    out = tmp_path / "new folder" / "evolved.json"
    args = ["tune-search", "chess", "--suite", str(suite), "--generations", "2", "--out", str(out)]
    assert main([*args, *FAST]) == 0
    printed = capsys.readouterr().out
    assert "hand-set parameters:" in printed and "best:" in printed
    params = search_params.read(out, gamecore.get_game("chess"))
    log = rows(out.with_suffix(".csv"))
    assert [row["generation"] for row in log] == ["1", "2"]
    assert all(int(row["best_ever_solved"]) == 6 for row in log)  # mates are easy
    assert int(log[1]["best_ever_nodes"]) <= int(log[0]["best_ever_nodes"])  # elitism
    assert json.loads(out.read_text())["note"].startswith("evolved by gamecore tune-search")
    assert Path(f"{out}.checkpoint.json").exists()
    assert params != SearchParams.tournament()


def test_a_resumed_run_ends_where_an_unbroken_one_does(tmp_path, suite):
    whole, parts = tmp_path / "whole.json", tmp_path / "parts.json"
    base = ["tune-search", "chess", "--suite", str(suite), *FAST, "--seed", "3"]
    assert main([*base, "--generations", "3", "--out", str(whole)]) == 0
    assert main([*base, "--generations", "2", "--out", str(parts)]) == 0
    assert main([*base, "--generations", "3", "--out", str(parts), "--resume"]) == 0
    assert whole.read_text().replace("whole", "") == parts.read_text().replace("parts", "")

    def figures(path: Path) -> list[tuple[str, str]]:
        return [(r["best_nodes"], r["mean_nodes"]) for r in rows(path.with_suffix(".csv"))]

    assert figures(whole) == figures(parts)


def test_resuming_with_other_settings_is_refused(tmp_path, suite, capsys):
    out = tmp_path / "p.json"
    base = ["tune-search", "chess", "--suite", str(suite), *FAST, "--out", str(out)]
    assert main([*base, "--generations", "1"]) == 0
    capsys.readouterr()
    assert main([*base, "--generations", "2", "--resume", "--mutation", "0.2"]) == 2
    assert "another --mutation" in capsys.readouterr().err
    assert main([*base, "--generations", "2", "--resume", "--node-cap", "30000"]) == 2
    assert "another --node-cap" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--elite", "4"], "--elite must be from 0 to 3"),
        (["--population", "1"], "--population"),
        (["--mutation", "2"], "--mutation"),
        (["--crossover", "nan"], "--crossover"),
        (["--generations", "0"], "--generations"),
        (["--node-cap", "5"], "--node-cap"),
        (["--search-params", "nowhere.json"], "cannot read search parameters"),
        (["--weights", "nowhere.npz"], "nowhere.npz"),
        (["--resume"], "no checkpoint"),
        (["--out", "/dev/null/p.json"], "cannot write"),
    ],
)
def test_bad_options_are_refused_in_one_line(tmp_path, suite, capsys, extra, message):
    args = ["tune-search", "chess", "--suite", str(suite), *FAST]
    if "--out" not in extra:
        args += ["--out", str(tmp_path / "p.json")]
    assert exit_code([*args, *extra]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err


def test_bad_suites_name_the_line(chess_game, tmp_path, capsys):
    text = f"{SUITE[0][1]} bm a1a8;\n"
    with pytest.raises(BadOption, match="line 1: illegal move"):
        parse_suite(chess_game, text)
    with pytest.raises(BadOption, match="line 2: no ' bm '"):
        parse_suite(chess_game, "# a comment\nrnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - - 0 1\n")
    with pytest.raises(BadOption, match="has no positions"):
        parse_suite(chess_game, "# nothing\n")
    path = tmp_path / "bad.txt"
    path.write_text("not a position bm e4;\n")
    assert main(["tune-search", "chess", "--suite", str(path)]) == 2
    assert "line 1" in capsys.readouterr().err


def test_suite_lines_read_back(chess_game):
    _, fen, san, _ = SUITE[0]
    state = chess_game.state_from_text(fen)
    move = state.parse_move(uci_of(fen, san))
    [position] = parse_suite(chess_game, suite_line(chess_game, fen, [move], "x"))
    assert position.best == (move,) and position.name == "x" and position.position == fen


def test_an_epd_test_suite_reads_as_it_is(chess_game):
    """Classic EPD suites (SAN moves, extra operations) need no conversion: the WAC mates."""
    positions = read_suite(chess_game, str(Path(__file__).parent / "data" / "mates.epd"))
    assert len(positions) == len(SUITE) == 37
    for position, (ident, fen, san, _) in zip(positions, SUITE, strict=True):
        state = chess_game.state_from_text(fen)
        assert position.name == ident and position.best == (state.parse_move(uci_of(fen, san)),)


# -- train --tune-search-every ----------------------------------------------------------


def tuning_run(tmp_path: Path, suite: Path, games: int, *extra: str) -> list[str]:
    return [
        "train", "chess", "--games", str(games), "--depth", "2", "--workers", "1",
        "--search-params", "tournament", "--tune-search-every", "2",
        "--tune-suite", str(suite), "--tune-population", "4", "--tune-node-cap", "20000",
        "--out", str(tmp_path / "run.npz"), *extra,
    ]  # fmt: skip


def test_a_training_run_retunes_its_search_every_n_games(tmp_path, suite, chess_game):
    assert main(tuning_run(tmp_path, suite, 5)) == 0
    log = rows(tmp_path / "run.npz.tune.csv")
    assert [(r["games"], r["generation"]) for r in log] == [
        ("2", "1"),
        ("2", "2"),
        ("4", "3"),
        ("4", "4"),
    ]
    tuned = search_params.read(tmp_path / "run.npz.search.json", chess_game)
    saved = Weights.load(tmp_path / "run.npz").metadata["training"]["search_tuning"]
    assert search_params.from_dict(saved["params"]) == tuned
    assert saved["last_tuned"] == 4


def test_a_resumed_run_keeps_its_tuning(tmp_path, suite):
    assert main(tuning_run(tmp_path, suite, 3)) == 0
    first = rows(tmp_path / "run.npz.tune.csv")
    assert [r["games"] for r in first] == ["2", "2"]
    assert main(tuning_run(tmp_path, suite, 5, "--resume", str(tmp_path / "run.npz"))) == 0
    log = rows(tmp_path / "run.npz.tune.csv")
    assert [(r["games"], r["generation"]) for r in log][:2] == [("2", "1"), ("2", "2")]
    assert [(r["games"], r["generation"]) for r in log][2:] == [("4", "3"), ("4", "4")]


def test_retuning_needs_a_suite(tmp_path, capsys):
    args = ["train", "chess", "--games", "2", "--tune-search-every", "2"]
    assert main([*args, "--out", str(tmp_path / "r.npz")]) == 2
    assert "--tune-search-every needs --tune-suite FILE" in capsys.readouterr().err
