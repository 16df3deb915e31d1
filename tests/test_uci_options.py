"""The UCI options and commands GUIs and bots send: MultiPV, Ponder and ``ponderhit``,
UCI_LimitStrength/UCI_Elo, UCI_ShowWDL, ``go searchmoves``, and the ``info`` fields
``hashfull``, ``currmove``, ``currmovenumber`` and ``multipv`` (docs/uci.md)."""

from __future__ import annotations

import itertools
import time

import chess
import chess.engine
import numpy as np
import pytest

from gamecore.algorithms.tt import new_table
from gamecore.interop.uci_info import hashfull, wdl
from gamecore.play.levels import ELO_MAX, ELO_MIN, LEVEL_ELO, LEVELS, level_for_elo
from gamecore.search import Score
from tests.test_uci import COMMAND, ROOT, SCHOLAR, TIMEOUT, Raw

Move = chess.Move.from_uci


@pytest.fixture(scope="module")
def engine():
    with chess.engine.SimpleEngine.popen_uci(COMMAND, timeout=TIMEOUT, cwd=ROOT) as eng:
        yield eng


@pytest.fixture
def raw():
    process = Raw()
    process.send("uci", "isready")
    process.until("readyok")
    yield process
    if process.proc.poll() is None:
        process.proc.kill()
        process.proc.wait()


# -- through python-chess -------------------------------------------------------


def test_options_are_declared(engine):
    options = engine.options
    assert (options["MultiPV"].type, options["MultiPV"].default) == ("spin", 1)
    assert options["Ponder"].type == "check" and options["Ponder"].default is False
    assert options["UCI_LimitStrength"].type == "check"
    elo = options["UCI_Elo"]
    assert (elo.type, elo.min, elo.max) == ("spin", ELO_MIN, ELO_MAX)
    assert options["UCI_ShowWDL"].type == "check"


def test_analyse_with_multipv_reports_the_best_lines_in_order(engine):
    board = chess.Board()
    infos = engine.analyse(board, chess.engine.Limit(depth=3), multipv=3)
    assert len(infos) == 3
    assert [info["multipv"] for info in infos] == [1, 2, 3]
    firsts = [info["pv"][0] for info in infos]
    assert len(set(firsts)) == 3 and all(move in board.legal_moves for move in firsts)
    scores = [info["score"].relative.score() for info in infos]
    assert scores == sorted(scores, reverse=True)
    assert all(info["depth"] == 3 and info["nodes"] > 0 for info in infos)
    # The mate is the best line, and the others are scored below it.
    infos = engine.analyse(chess.Board(SCHOLAR), chess.engine.Limit(depth=2), multipv=2)
    assert infos[0]["pv"][0] == Move("f3f7")
    assert infos[0]["score"].relative == chess.engine.Mate(1)
    assert infos[1]["score"].relative < chess.engine.Mate(1)
    # A plain analysis afterwards is one line again (python-chess resets MultiPV).
    info = engine.analyse(board, chess.engine.Limit(depth=2))
    assert info.get("multipv", 1) == 1


def test_searchmoves_restricts_the_root(engine):
    board = chess.Board(SCHOLAR)
    allowed = [Move("a2a3"), Move("b1c3")]
    info = engine.analyse(board, chess.engine.Limit(depth=3), root_moves=allowed)
    assert info["pv"][0] in allowed
    assert info["score"].relative != chess.engine.Mate(1)
    result = engine.play(board, chess.engine.Limit(depth=3), root_moves=allowed)
    assert result.move in allowed
    infos = engine.analyse(board, chess.engine.Limit(depth=2), multipv=3, root_moves=allowed)
    assert sorted(info["pv"][0].uci() for info in infos) == ["a2a3", "b1c3"]
    # The restriction ends with its search: the mate is found again.
    assert engine.play(board, chess.engine.Limit(depth=2)).move == Move("f3f7")


def test_play_with_ponder_hits_and_keeps_the_clock(engine):
    """python-chess ponders on the expected reply and sends ``ponderhit`` when it comes;
    each move then takes about its budget from the clock, not an open-ended search."""
    board = chess.Board()
    clock = 6.0
    hits = 0
    for _ in range(6):
        limit = chess.engine.Limit(white_clock=clock, black_clock=clock)
        start = time.perf_counter()
        result = engine.play(board, limit, ponder=True)
        spent = time.perf_counter() - start
        assert result.move in board.legal_moves
        assert spent < 0.25 * clock + 0.5, spent  # allot_time gives 6 s / 30 = 0.2 s
        board.push(result.move)
        if result.ponder is None:
            board.push(next(iter(board.legal_moves)))
            continue
        assert result.ponder in board.legal_moves
        board.push(result.ponder)  # the opponent plays the expected move: a ponderhit
        hits += 1
    assert hits >= 3
    engine.play(chess.Board(), chess.engine.Limit(depth=1))  # ends the last ponder search


def test_limit_strength_plays_the_level_of_the_elo(engine):
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    engine.configure({"UCI_LimitStrength": True, "UCI_Elo": ELO_MIN})
    try:
        weakest = LEVELS[1]
        moves = set()
        for _ in range(12):
            with engine.analysis(board, chess.engine.Limit(depth=6)) as analysis:
                for info in analysis:
                    assert info.get("depth", 0) <= weakest.depth
            moves.add(analysis.wait().move)
        assert len(moves) > 1  # the weakest level errs (softmax and random moves)
        level8 = LEVELS[8]
        engine.configure({"UCI_Elo": LEVEL_ELO[8]})
        info = engine.analyse(board, chess.engine.Limit(depth=20))
        assert info["depth"] <= level8.depth and info["nodes"] <= level8.nodes
        info = engine.analyse(board, chess.engine.Limit(nodes=3000))  # go's caps still hold
        assert info["nodes"] <= 3000 + 500
    finally:
        engine.configure({"UCI_LimitStrength": False})
    info = engine.analyse(board, chess.engine.Limit(depth=7))
    assert info["depth"] == 7  # full strength again


def test_show_wdl_adds_win_draw_loss(engine):
    engine.configure({"UCI_ShowWDL": True})
    try:
        info = engine.analyse(chess.Board(), chess.engine.Limit(depth=3))
        assert sum(info["wdl"].relative) == 1000
        info = engine.analyse(chess.Board(SCHOLAR), chess.engine.Limit(depth=2))
        assert tuple(info["wdl"].relative) == (1000, 0, 0)
    finally:
        engine.configure({"UCI_ShowWDL": False})
    assert "wdl" not in engine.analyse(chess.Board(), chess.engine.Limit(depth=2))


# -- the raw protocol ---------------------------------------------------------------


def test_ponderhit_starts_the_move_budget(raw):
    """``go ponder wtime 10000`` searches until ``ponderhit``; from then the move gets its
    share of that clock (10 s / 30, 0.3 s), counted from the ponderhit."""
    raw.send("position startpos moves e2e4", "go ponder wtime 10000 btime 10000")
    time.sleep(1.5)
    assert not any(line.startswith("bestmove") for line in raw.quiet_for(0.1))
    start = time.monotonic()
    raw.send("ponderhit")
    lines = raw.until("bestmove", timeout=10)
    assert 0.2 < time.monotonic() - start < 1.5
    words = lines[-1].split()
    assert words[0] == "bestmove" and words[2] == "ponder"
    board = chess.Board()
    board.push_san("e4")
    assert Move(words[1]) in board.legal_moves
    board.push_uci(words[1])
    assert Move(words[3]) in board.legal_moves


def test_stop_during_ponder_answers_at_once(raw):
    raw.send("position startpos", "go ponder wtime 10000 btime 10000")
    raw.until("info depth 3")
    start = time.monotonic()
    raw.send("stop")
    best = raw.until("bestmove", timeout=5)[-1]
    assert time.monotonic() - start < 1.0
    assert Move(best.split()[1]) in chess.Board().legal_moves


def test_a_finished_ponder_search_waits_for_ponderhit(raw):
    raw.send(f"position fen {SCHOLAR}", "go ponder wtime 60000 btime 60000")
    lines = raw.quiet_for(1.0)  # the mate is found at once; the answer waits
    assert any("score mate 1" in line for line in lines)
    assert not any(line.startswith("bestmove") for line in lines)
    start = time.monotonic()
    raw.send("ponderhit")
    assert raw.until("bestmove", timeout=5)[-1] == "bestmove f3f7"
    assert time.monotonic() - start < 1.0


def test_info_reports_the_root_move_hash_use_and_lines(raw):
    raw.send("position startpos", "go movetime 3500")
    lines = raw.until("bestmove", timeout=30)
    depths = [line for line in lines if line.startswith("info depth") and " score " in line]
    assert depths and all(" hashfull " in line and " multipv 1 " in line for line in depths)
    full = [int(line.split(" hashfull ")[1].split()[0]) for line in depths]
    assert all(0 <= f <= 1000 for f in full) and full[-1] > 0
    current = [line.split() for line in lines if " currmove " in line]
    assert current, lines  # a depth runs over a second in 3.5 s from the start position
    legal = {move.uci() for move in chess.Board().legal_moves}
    for words in current:
        assert words[words.index("currmove") + 1] in legal
        assert int(words[words.index("currmovenumber") + 1]) >= 1
        assert int(words[words.index("time") + 1]) >= 1000  # not in the first second
    times = [int(words[words.index("time") + 1]) for words in current]
    assert all(b - a >= 900 for a, b in itertools.pairwise(times))  # once a second


def test_bad_option_values_and_commands_are_one_line_each(raw):
    raw.send(
        "setoption name MultiPV value 0",
        "setoption name MultiPV value many",
        "setoption name UCI_Elo value 99999",
        "setoption name UCI_LimitStrength value perhaps",
        "setoption name Ponder",
        "ponderhit",
        "position startpos",
        "go depth 2 searchmoves e2e5 zz",
        "isready",
    )
    lines = raw.until("bestmove")
    strings = [line for line in lines if line.startswith("info string")]
    assert any("MultiPV 0 is outside 1 to 256; using 1" in s for s in strings)
    assert any("MultiPV must be a whole number" in s for s in strings)
    assert any(f"UCI_Elo 99999 is outside {ELO_MIN} to {ELO_MAX}" in s for s in strings)
    assert any("UCI_LimitStrength must be true or false" in s for s in strings)
    assert any("Ponder must be true or false" in s for s in strings)
    assert any("ponderhit without" in s for s in strings)
    assert any("'e2e5' is not a legal move" in s for s in strings)
    assert any("no legal move given; searching every move" in s for s in strings)
    assert Move(lines[-1].split()[1]) in chess.Board().legal_moves
    raw.send("go depth 2 searchmoves g1f3")
    assert raw.until("bestmove")[-1].split()[1] == "g1f3"
    assert raw.close() == 0
    assert raw.proc.stderr is not None and raw.proc.stderr.read() == ""


# -- the parts -------------------------------------------------------------------------


def test_elo_maps_to_the_nearest_level():
    assert level_for_elo(ELO_MIN - 500).number == 1
    assert level_for_elo(ELO_MAX + 500).number == 10
    for number, elo in LEVEL_ELO.items():
        assert level_for_elo(elo).number == number
    assert list(LEVEL_ELO.values()) == sorted(LEVEL_ELO.values())  # stronger levels rate higher


def test_wdl_model():
    assert wdl(Score(0.0, 3)) == (1000, 0, 0)
    assert wdl(Score(0.0, -4)) == (0, 0, 1000)
    win, draw, loss = wdl(Score(0.0))
    assert win == loss and win + draw + loss == 1000 and draw > 500
    assert wdl(Score(100.0))[0] == 500
    for cp in (-5000.0, -250.0, 35.0, 400.0, 1e6):
        triple = wdl(Score(cp))
        assert sum(triple) == 1000 and min(triple) >= 0
        assert wdl(Score(-cp)) == triple[::-1]


def test_hashfull_counts_this_searchs_entries_only():
    table = new_table(1)
    slots = min(1000, len(table.depth))
    table.depth[:100] = 3
    table.generation[:50] = 7  # this go's searches: 7 (and 8)
    table.generation[50:100] = 6  # an earlier search
    assert hashfull(table, after=6, last=8) == 50 * 1000 // slots
    assert hashfull(table, after=7, last=8) == 0
    table.generation[:10] = 1  # generations wrap from 30000 to 1
    assert hashfull(table, after=29999, last=2) == 10 * 1000 // slots
    assert np.all(table.depth[100:] == -1)


def test_threads_is_an_option_that_searches_with_helpers(engine):
    assert engine.options["Threads"].default == 1 and engine.options["Threads"].max == 512
    engine.configure({"Threads": 2})
    try:
        board = chess.Board()
        info = engine.analyse(board, chess.engine.Limit(depth=8))
        assert info["depth"] == 8 and info["pv"][0] in board.legal_moves
        searchmoves = [Move("a2a3"), Move("h2h3")]
        result = engine.play(board, chess.engine.Limit(depth=6), root_moves=searchmoves)
        assert result.move in searchmoves  # the helpers keep to the restricted root too
    finally:
        engine.configure({"Threads": 1})
