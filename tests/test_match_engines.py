"""Matches the way engine testers run them: uci: players, chess books, SPRT, PGN evals.

The engine is tests/toys/uci_engine.py, a python-chess engine that can misbehave on
request; Stockfish is used only by the slow test at the end (skipped without it).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import struct
import subprocess
import sys
import time
import uuid
from pathlib import Path

import chess
import chess.polyglot
import pytest

import gamecore
from gamecore.errors import BadOption
from gamecore.play.match import MatchSettings, PlayerSpec, run_match
from gamecore.play.openings import load_openings
from gamecore.play.sprt import Sprt, llr, pentanomial
from gamecore.search import Limits
from tests.cli import hears_ctrl_c, run_cli

ROOT = Path(__file__).resolve().parent.parent
TOY = f"{shlex.quote(sys.executable)} {ROOT / 'tests' / 'toys' / 'uci_engine.py'}"
CHESS = gamecore.get_game("chess")


def toy(*flags: str, options: str = "") -> str:
    spec = f"uci:{TOY} {' '.join(flags)}".rstrip()
    return f"{spec}:{options}" if options else spec


def engines_running(marker: str) -> list[int]:
    """Process ids of toy engines started with ``--name marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            words = command.split(b"\0")  # the match's own command line names it in one word
            if marker.encode() in words and any(w.endswith(b"uci_engine.py") for w in words):
                found.append(int(entry.name))
    return found


def start_epd(tmp_path: Path) -> str:
    """A book of the standard start position only: every game's first move is an engine's."""
    path = tmp_path / "start.epd"
    path.write_text(chess.Board().epd() + ' id "start";\n')
    return str(path)


# -- SPRT ----------------------------------------------------------------------


def test_llr_matches_fastchess_published_values():
    """fastchess's tests (app/tests/sprt_test.cpp), logistic model: pentanomial counts
    LL, LD, WL+DD, WD, WW and trinomial L, D, W."""
    assert llr([223, 9863, 20279 + 1000, 10037, 246], 0.5, 2.5) == pytest.approx(-3.07, abs=0.01)
    assert llr([871, 26175, 55003 + 980, 26678, 821], 0, 2) == pytest.approx(-4.98, abs=0.01)
    assert llr([21184, 40708, 21404], 0.5, 2.5) == pytest.approx(-1.57, abs=0.01)
    assert llr([57030, 106593, 57433], 0, 2) == pytest.approx(-2.59, abs=0.01)
    assert llr([0, 0, 0, 0, 0], 0, 5) == 0.0


def test_sprt_bounds_verdicts_and_parsing():
    test = Sprt.parse("0,5")
    low, high = test.bounds
    assert (round(low, 2), round(high, 2)) == (-2.94, 2.94)
    assert test.verdict(3.0) == "H1" and test.verdict(-3.0) == "H0" and test.verdict(0) is None
    assert Sprt.parse("-1.75,0.25,0.1,0.2") == Sprt(-1.75, 0.25, 0.1, 0.2)
    assert pentanomial([0, 0.5, 1, 1, 1.5, 2, 2, 2]) == [1, 1, 2, 1, 3]
    for bad in ("5,0", "0", "0,5,0.05", "a,b", "0,5,0,0.05", "0,nan"):
        with pytest.raises(BadOption):
            Sprt.parse(bad)


def test_an_sprt_match_stops_at_its_bound(tmp_path):
    out = tmp_path / "sprt.pgn"
    result = run_cli(
        "match", "chess", "default", toy("--style", "first"), "--sprt", "0,400",
        "--depth", "1", "--games", "40", "--workers", "1", "--book", start_epd(tmp_path),
        "--out", str(out),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert "W/D/L" in lines[-2] and "95% interval" in lines[-2]
    assert "H1 accepted" in lines[-1] and "LLR" in lines[-1] and "pentanomial" in lines[-1]
    pairs = int(re.search(r"after (\d+) pairs", lines[-1])[1])
    assert pairs < 20  # stopped early, long before --games ran out
    assert out.read_text().count("[Event ") == 2 * pairs
    assert "LLR" in result.stderr  # live, in the progress bar


# -- uci: players ----------------------------------------------------------------


def test_a_uci_engine_plays_with_its_options_and_its_evals_reach_the_pgn(tmp_path):
    a = PlayerSpec.parse(CHESS, toy(options="ScoreOffset=123"))
    assert a.name == "toy ScoreOffset=123"
    book = load_openings(CHESS, start_epd(tmp_path))
    settings = MatchSettings(games=2, limits=Limits(depth=1), book=book, max_plies=30)
    result, games = run_match(CHESS, a, PlayerSpec.parse(CHESS, "random"), settings)
    assert result.games == 2
    white_game = games[0].record  # the engine is White in game 1 and moves first
    assert '[White "toy ScoreOffset=123"]' in white_game
    assert re.search(r"1\. \S+ \{ \+1\.23/1 \d+\.\d\ds \}", white_game)
    assert '[TimeControl "-"]' in white_game and "[Termination " in white_game


@pytest.mark.parametrize(
    ("misbehaviour", "termination", "reason"),
    [
        ("crash", "abandoned", "the engine died"),
        ("illegal", "rules infraction", "illegal uci"),
        ("garbage", "rules infraction", "invalid uci"),
        ("hang", "time forfeit", "no move within"),
    ],
)
def test_an_engine_that_fails_loses_the_game_and_is_gone(misbehaviour, termination, reason):
    marker = f"toy-{uuid.uuid4().hex[:8]}"
    spec = toy("--misbehave", misbehaviour, "--after", "2", "--name", marker)
    engine = PlayerSpec.parse(CHESS, spec)
    settings = MatchSettings(games=2, limits=Limits(depth=1), engine_timeout=1.0)
    started = time.perf_counter()
    result, games = run_match(CHESS, PlayerSpec.parse(CHESS, "random"), engine, settings)
    assert time.perf_counter() - started < 20
    assert (result.wins, result.losses) == (2, 0)
    for game in games:
        assert f'[Termination "{termination}"]' in game.record
        assert f"{marker}: " in game.record and reason in game.record
    assert engines_running(marker) == []


def test_bad_engines_and_options_are_one_line_errors():
    cases = [
        (toy("--misbehave", "nostart"), "did not start"),
        ("uci:/no/such/engine", "no engine at"),
        (toy(options="Hash=16"), "does not support option Hash"),
        (toy(options="ScoreOffset=5000"), "at most 1000"),
    ]
    for spec, says in cases:
        with pytest.raises(BadOption, match=says):
            PlayerSpec.parse(CHESS, spec)
    with pytest.raises(BadOption, match="UCI engines play chess"):
        PlayerSpec.parse(gamecore.get_game("connect4"), toy())
    result = run_cli("match", "chess", "random", toy(options="Nope=1"), "--games", "2")
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1


def test_concurrency_plays_engine_games_at_once_and_leaves_no_engine(tmp_path):
    marker = f"toy-{uuid.uuid4().hex[:8]}"
    out = tmp_path / "games.pgn"
    result = run_cli(
        "match", "chess", "random", toy("--name", marker), "--games", "4",
        "--time-per-move", "0.05", "--max-plies", "40", "--concurrency", "2",
        "--out", str(out),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert out.read_text().count("[Event ") == 4
    assert '[TimeControl "0.05/move"]' in out.read_text()
    assert engines_running(marker) == []


def test_ctrl_c_during_an_engine_match_leaves_no_engine(tmp_path):
    marker = f"toy-{uuid.uuid4().hex[:8]}"
    process = subprocess.Popen(
        [sys.executable, "-m", "gamecore", "match", "chess", "random",
         toy("--name", marker), "--games", "1000", "--time-per-move", "0.05",
         "--concurrency", "2", "--out", str(tmp_path / "games.pgn")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
        preexec_fn=hears_ctrl_c,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while len(engines_running(marker)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)  # two at once: both workers' engines, not the check at the start
    assert len(engines_running(marker)) >= 2, "the workers' engines did not start"
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr
    deadline = time.monotonic() + 10
    while engines_running(marker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert engines_running(marker) == []


# -- books -------------------------------------------------------------------------


def polyglot_entry(board: chess.Board, uci: str, weight: int) -> tuple[int, bytes]:
    """One 16-byte polyglot entry (key, move, weight, learn), as the format documents it."""
    move = chess.Move.from_uci(uci)
    code = (
        chess.square_file(move.to_square)
        | chess.square_rank(move.to_square) << 3
        | chess.square_file(move.from_square) << 6
        | chess.square_rank(move.from_square) << 9
    )
    key = chess.polyglot.zobrist_hash(board)
    return key, struct.pack(">QHHI", key, code, weight, 0)


def test_epd_pgn_and_polyglot_books(tmp_path):
    epd = tmp_path / "book.epd"
    epd.write_text(
        'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id "e4";\n'
        '\n8/8/4k3/8/8/4K3/4P3/8 w - - bm Kd3; id "pawn ending";\n'
    )
    openings = load_openings(CHESS, str(epd))
    assert [o.moves for o in openings] == [[], []]
    assert openings[0].start.startswith("rnbqkbnr/pppppppp/8/8/4P3") and " b " in openings[0].start

    pgn = tmp_path / "book.pgn"
    pgn.write_text(
        '[Event "a"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n'
        '[Event "b"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 Kd7 *\n'
    )
    openings = load_openings(CHESS, str(pgn), plies=4)
    assert [len(o.moves) for o in openings] == [4, 2]
    assert openings[0].start is None and openings[1].start.startswith("4k3/")

    entries = []
    board = chess.Board()
    entries += [polyglot_entry(board, "e2e4", 2), polyglot_entry(board, "d2d4", 1)]
    for first, replies in (("e2e4", ("e7e5", "c7c5")), ("d2d4", ("d7d5",))):
        board.push_uci(first)
        entries += [polyglot_entry(board, reply, 1) for reply in replies]
        board.pop()
    book = tmp_path / "book.bin"
    book.write_bytes(b"".join(entry for _, entry in sorted(entries)))
    lines = load_openings(CHESS, str(book), plies=2, count=10, seed=3)
    texts = sorted(" ".join(CHESS.initial_state().move_text(m) for m in o.moves[:1]) for o in lines)
    assert len(lines) == 3 and texts == ["d2d4", "e2e4", "e2e4"]
    again = load_openings(CHESS, str(book), plies=2, count=2, seed=3)
    assert [o.moves for o in again] == [o.moves for o in load_openings(CHESS, str(book), 2, 2, 3)]


def test_book_errors_are_one_line(tmp_path):
    bad = tmp_path / "bad.epd"
    bad.write_text("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nnot a position at all\n")
    with pytest.raises(BadOption, match=r"bad\.epd line 2"):
        load_openings(CHESS, str(bad))
    with pytest.raises(BadOption, match="books are chess's"):
        load_openings(gamecore.get_game("connect4"), str(bad))
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    with pytest.raises(BadOption):
        load_openings(CHESS, str(empty))


def test_a_match_from_epd_positions_writes_fen_headers(tmp_path):
    epd = tmp_path / "book.epd"
    epd.write_text("4k3/8/8/8/8/8/4P3/4K3 w - -\n4k3/8/8/8/8/8/4P3/4K3 b - -\n")
    result = run_cli(
        "match", "chess", "random", "random", "--book", str(epd), "--max-plies", "20",
        "--workers", "1", "--out", str(tmp_path / "games.pgn"),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    records = (tmp_path / "games.pgn").read_text()
    assert records.count("[Event ") == 4  # two positions, each from both sides
    assert (
        records.count('[SetUp "1"]') == 4 and '[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"]' in records
    )


# -- Stockfish (slow, needs the program) --------------------------------------------


STOCKFISH = shutil.which("stockfish") or (
    "/usr/games/stockfish" if os.access("/usr/games/stockfish", os.X_OK) else None
)


@pytest.mark.slow
@pytest.mark.skipif(STOCKFISH is None, reason="Stockfish is not installed")
def test_default_against_stockfish_at_its_weakest(tmp_path):
    result = run_cli(
        "match", "chess", "default", f"uci:{STOCKFISH}:UCI_LimitStrength=true,UCI_Elo=1350",
        "--games", "2", "--time-per-move", "0.05", "--workers", "1",
        "--out", str(tmp_path / "sf.pgn"),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert re.search(r"\{ [+-](\d+\.\d\d|M\d+)/\d+ ", (tmp_path / "sf.pgn").read_text())
