"""``gamecore uci`` as a chess GUI sees it: through python-chess's engine client, and raw."""

from __future__ import annotations

import queue
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import chess
import chess.engine
import pytest

import gamecore
from gamecore.interop.uci import GoRequest, allot_time, mate_in_moves
from gamecore.weights import Weights
from tests.mate_oracle import QUIET_MATES_IN_2, mating_moves

COMMAND = [sys.executable, "-m", "gamecore", "uci"]
ROOT = Path(__file__).resolve().parent.parent
SCHOLAR = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3"  # Qxf7#
MATE_IN_2 = "6k1/5ppp/8/8/8/8/1q3PPP/RR4K1 w - - 0 1"  # Ra8+ Qb8 Rxb8#
TIMEOUT = 120  # seconds for python-chess to wait; a cold numba cache compiles for a while


@pytest.fixture(scope="module")
def engine():
    with chess.engine.SimpleEngine.popen_uci(COMMAND, timeout=TIMEOUT, cwd=ROOT) as eng:
        yield eng


# -- through python-chess -------------------------------------------------------


def test_identifies_itself_and_its_options(engine):
    assert engine.id["name"].startswith("gamecore")
    assert engine.options["Hash"].type == "spin" and engine.options["Hash"].default == 16
    assert engine.options["Weights"].type == "string"
    assert engine.options["Contempt"].type == "spin" and engine.options["Contempt"].default == 0


@pytest.mark.parametrize("contempt", [0, 500])
def test_contempt_option_decides_whether_a_side_behind_takes_a_draw(engine, contempt):
    """A Knight down with the 50-move rule one quiet move away: the engine takes the draw
    unless its contempt is above the deficit, and then pushes the pawn to play on."""
    engine.configure({"Contempt": contempt})
    try:
        board = chess.Board("r3k1n1/8/8/8/8/8/P7/R3K3 w - - 99 80")
        move = engine.play(board, chess.engine.Limit(depth=3)).move
    finally:
        engine.configure({"Contempt": 0})
    assert (board.piece_type_at(move.from_square) == chess.PAWN) == (contempt > 0)


def test_plays_a_whole_game_against_random_moves(engine):
    rng = random.Random(7)
    board = chess.Board()
    engine.configure({"Hash": 8})
    limits = [
        chess.engine.Limit(depth=2),
        chess.engine.Limit(time=0.01),
        chess.engine.Limit(nodes=300),
        chess.engine.Limit(white_clock=3.0, black_clock=3.0, white_inc=0.01, black_inc=0.01),
    ]
    while not board.is_game_over(claim_draw=True):
        if board.turn == chess.WHITE:
            result = engine.play(board, limits[board.fullmove_number % len(limits)])
            assert result.move in board.legal_moves
            board.push(result.move)
        else:
            board.push(rng.choice(list(board.legal_moves)))
        assert board.ply() < 600
    # White has the engine; against random moves it must not lose.
    assert board.outcome(claim_draw=True).winner in (chess.WHITE, None)


def test_engine_against_itself_with_a_clock(engine):
    board = chess.Board()
    clock = {chess.WHITE: 1.0, chess.BLACK: 1.0}
    engine.configure({"Hash": 16})
    for _ in range(16):
        limit = chess.engine.Limit(
            white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK], white_inc=0.0
        )
        start = time.perf_counter()
        result = engine.play(board, limit)
        clock[board.turn] -= time.perf_counter() - start
        assert clock[board.turn] > 0, "the engine ran out of time"
        board.push(result.move)


def test_analysis_reports_depth_score_and_pv(engine):
    info = engine.analyse(chess.Board(), chess.engine.Limit(depth=4))
    assert info["depth"] == 4 and info["seldepth"] >= 4
    assert isinstance(info["score"].relative, chess.engine.Cp)
    assert info["nodes"] > 0 and "time" in info and "nps" in info
    board = chess.Board()
    for move in info["pv"]:
        assert move in board.legal_moves
        board.push(move)


def test_mate_scores_count_moves(engine):
    info = engine.analyse(chess.Board(SCHOLAR), chess.engine.Limit(depth=3))
    assert info["score"].relative == chess.engine.Mate(1)
    assert info["pv"][0] == chess.Move.from_uci("f3f7")
    info = engine.analyse(chess.Board(MATE_IN_2), chess.engine.Limit(depth=5))
    assert info["score"].relative == chess.engine.Mate(2)
    assert info["pv"][0] == chess.Move.from_uci("a1a8")


def test_go_infinite_until_stop(engine):
    board = chess.Board()
    board.push_san("e4")
    with engine.analysis(board) as analysis:
        for info in analysis:
            if info.get("depth", 0) >= 5:
                break
    best = analysis.wait()
    assert best.move in board.legal_moves


def test_setoption_weights_and_hash(tmp_path):
    game = gamecore.get_game("chess")
    zeros = tmp_path / "zeros.npz"
    Weights.zeros(game).save(zeros)
    with chess.engine.SimpleEngine.popen_uci(COMMAND, timeout=TIMEOUT, cwd=ROOT) as eng:
        default = eng.analyse(chess.Board(), chess.engine.Limit(depth=2))["score"].relative
        eng.configure({"Weights": str(zeros), "Hash": 2})
        info = eng.analyse(chess.Board(), chess.engine.Limit(depth=2))
        assert info["score"].relative == chess.engine.Cp(0)
        eng.configure({"Weights": str(tmp_path / "missing.npz")})  # refused, zeros stay
        info = eng.analyse(chess.Board(), chess.engine.Limit(depth=2))
        assert info["score"].relative == chess.engine.Cp(0)
        eng.configure({"Weights": ""})  # back to the shipped default
        info = eng.analyse(chess.Board(), chess.engine.Limit(depth=2))
        assert info["score"].relative == default
        eng.configure({"Weights": "zeros"})  # a name, like every weights option
        info = eng.analyse(chess.Board(), chess.engine.Limit(depth=2))
        assert info["score"].relative == chess.engine.Cp(0)


# -- the raw protocol -------------------------------------------------------------


class Raw:
    """The engine process with a line reader that does not block the test."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            COMMAND,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
            cwd=ROOT,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def send(self, *lines: str) -> None:
        assert self.proc.stdin is not None
        for line in lines:
            self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, prefix: str, timeout: float = TIMEOUT) -> list[str]:
        """Every line up to and including the first that starts with ``prefix``."""
        seen = []
        deadline = time.monotonic() + timeout
        while True:
            line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            seen.append(line)
            if line.startswith(prefix):
                return seen

    def quiet_for(self, seconds: float) -> list[str]:
        time.sleep(seconds)
        out = []
        while not self.lines.empty():
            out.append(self.lines.get())
        return out

    def close(self) -> int:
        self.send("quit")
        return self.proc.wait(timeout=30)


@pytest.fixture
def raw():
    process = Raw()
    yield process
    if process.proc.poll() is None:
        process.proc.kill()
        process.proc.wait()


def test_garbage_is_ignored_and_bad_positions_reported(raw):
    raw.send(
        "uci",
        "",
        "hello engine",
        "position",
        "position fen not/a/fen w - - 0 1",
        "position startpos moves e2e4 e7e4",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "setoption name NoSuchOption value 3",
        "setoption name Hash value lots",
        "setoption name Contempt value much",
        "setoption",
        "go depth deep",
        "go movetime",
        "\x00\x01 \t",
        "isready",
    )
    lines = raw.until("readyok")
    assert "uciok" in lines
    strings = [line for line in lines if line.startswith("info string")]
    assert any("position ignored" in s and "not/a/fen" in s for s in strings)
    assert any("illegal move 'e7e4'" in s for s in strings)
    assert any("NoSuchOption" in s for s in strings)
    assert any("Contempt must be a whole number" in s for s in strings)
    assert any("'go' ignored" in s for s in strings)
    assert not any(line.startswith("bestmove") for line in lines)
    # The engine still plays, from the last good position (the start).
    raw.send("position startpos moves e2e4 e7e5", "go depth 2")
    lines = raw.until("bestmove")
    move = chess.Move.from_uci(lines[-1].split()[1])
    board = chess.Board()
    board.push_san("e4")
    board.push_san("e5")
    assert move in board.legal_moves
    assert raw.close() == 0
    assert raw.proc.stderr is not None and raw.proc.stderr.read() == ""


def test_infinite_search_waits_for_stop_and_isready_answers_meanwhile(raw):
    raw.send("uci", "isready")
    raw.until("readyok")
    raw.send(f"position fen {SCHOLAR}", "go infinite")
    lines = raw.quiet_for(0.5)  # the mate is found at once, but the answer waits for "stop"
    assert any("score mate 1" in line for line in lines), lines
    assert not any(line.startswith("bestmove") for line in lines)
    raw.send("isready")
    raw.until("readyok", timeout=5)
    raw.send("stop")
    assert raw.until("bestmove", timeout=5)[-1] == "bestmove f3f7"
    assert raw.close() == 0


def test_stop_and_quit_interrupt_a_long_search(raw):
    raw.send("uci", "isready")
    raw.until("readyok")
    raw.send("position startpos", "go depth 60")
    raw.until("info depth 3")
    start = time.monotonic()
    raw.send("stop")
    best = raw.until("bestmove", timeout=5)[-1]
    assert time.monotonic() - start < 5
    assert chess.Move.from_uci(best.split()[1]) in chess.Board().legal_moves
    raw.send("ucinewgame", "go depth 60")
    raw.until("info depth 2")
    raw.send("quit")
    assert raw.proc.wait(timeout=5) == 0


def test_go_right_after_bestmove_is_never_ignored(raw):
    """A GUI may send the next "go" the moment it reads "bestmove", before the finished
    search thread has exited; that "go" must still be answered."""
    raw.send("isready")
    raw.until("readyok")
    for _ in range(300):
        raw.send("go depth 1")
        best = raw.until("bestmove", timeout=10)[-1].split()[1]
        assert chess.Move.from_uci(best) in chess.Board().legal_moves
    assert raw.close() == 0


def test_no_legal_move_answers_none(raw):
    raw.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "go depth 3")  # stalemate
    assert raw.until("bestmove")[-1] == "bestmove (none)"
    assert raw.close() == 0


# -- time management ----------------------------------------------------------------


@pytest.mark.parametrize("remaining", [0, 5, 50, 200, 1000, 10_000, 60_000, 3_600_000])
@pytest.mark.parametrize("increment", [0, 100, 2000])
@pytest.mark.parametrize("moves_to_go", [None, 1, 2, 40])
def test_allotment_never_exceeds_the_clock(remaining, increment, moves_to_go):
    seconds = allot_time(remaining, increment, moves_to_go, overhead_ms=30)
    assert seconds > 0
    if remaining >= 10:
        assert seconds * 1000 <= max(0.8 * remaining - 30, 1)


def test_allotment_shares_the_clock_and_uses_the_increment():
    assert allot_time(60_000, 0, None, overhead_ms=0) == pytest.approx(2.0)  # 60 s / 30
    assert allot_time(60_000, 0, 10, overhead_ms=0) == pytest.approx(6.0)
    assert allot_time(60_000, 1000, None, overhead_ms=0) == pytest.approx(2.75)
    assert allot_time(10_000, 100, None, overhead_ms=50) == pytest.approx(0.35833, abs=1e-4)


def go(line: str) -> tuple[GoRequest, list[str]]:
    return GoRequest.parse(line.split(" "))


def test_go_parsing_and_limits():
    request, problems = go("wtime 60000 btime 30000 winc 0 binc 500")
    assert problems == []
    limits, soft, wait = request.limits(team=1, overhead_ms=0)
    assert limits.time == pytest.approx(30.0 / 30 + 0.375) and soft == limits.time / 2
    assert not wait
    limits, soft, wait = go("infinite")[0].limits(0, 30)
    assert (limits.depth, limits.nodes, limits.time, soft, wait) == (None, None, None, None, True)
    limits, _, _ = go("movetime 500 depth 7")[0].limits(0, 30)
    assert (limits.depth, limits.time) == (7, pytest.approx(0.47))
    request, problems = go("depth x searchmoves e2e4 d2d4 nodes 9")
    assert request.nodes == 9 and request.depth is None and len(problems) == 1
    assert request.searchmoves == ["e2e4", "d2d4"]


def test_go_clamps_impossible_numbers_and_says_so():
    request, problems = go("movetime 99999999999999999999999 depth 100000")
    limits, _, _ = request.limits(0, 30)
    assert limits.time is not None and limits.time <= 10**9  # a finite wait, no overflow
    assert limits.depth == 95
    assert len(problems) == 1 and "out of range" in problems[0]
    request, problems = go("wtime -5 btime 1000")
    assert request.wtime == 0 and len(problems) == 1


def test_mate_distance_in_moves():
    assert [mate_in_moves(p) for p in (1, 2, 3, 4, 5)] == [1, 1, 2, 2, 3]
    assert [mate_in_moves(p) for p in (-2, -4, -1)] == [-1, -2, -1]


def test_end_of_input_lets_a_timed_search_finish_as_asked(tmp_path):
    """`go movetime 600` and then the end of input: the search still takes its time (its
    bestmove is owed), not a depth-1 answer after one node."""
    command = [sys.executable, "-m", "gamecore", "uci", "chess"]
    started = time.monotonic()
    done = subprocess.run(
        command, input="isready\nposition startpos\ngo movetime 600\n", capture_output=True,
        text=True, timeout=600, cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1].startswith("bestmove ") and lines[-1] != "bestmove (none)"
    depths = [int(line.split()[2]) for line in lines if line.startswith("info depth")]
    assert depths and max(depths) >= 3, lines
    assert time.monotonic() - started >= 0.6


def test_a_go_that_fails_is_logged_and_still_answered(monkeypatch):
    """A fault of the engine's own while starting a search: logged, said, and the bestmove
    the GUI waits for is still written, with a legal move; the engine serves on."""
    from gamecore.interop import uci
    from gamecore.registry import get_game

    def broken(self, team, overhead_ms):
        raise RuntimeError("a bug")

    out: list[str] = []
    engine = uci.UciEngine(get_game("chess"), out.append)
    monkeypatch.setattr(uci.GoRequest, "limits", broken)
    assert engine.handle("go depth 2") is True
    assert out[-1] == "bestmove a2a3" or out[-1].startswith("bestmove ")
    move = out[-1].split()[1]
    assert move in {engine.state.move_text(m) for m in engine.state.legal_moves()}
    assert any("error in 'go'" in line for line in out)
    monkeypatch.undo()
    engine.handle("go depth 1")
    engine.close()
    assert sum(line.startswith("bestmove") for line in out) == 2


@pytest.mark.parametrize("fen", QUIET_MATES_IN_2)
def test_a_requested_mate_search_finds_every_quiet_mate_in_two(engine, fen):
    """`go mate 2` (python-chess's Limit(mate=2)) searches without the pruning that cut
    these lines in tournament mode (null move and LMR missed the first one at any depth)."""
    board = chess.Board(fen)
    mating = mating_moves(board, 2)
    assert mating and not mating_moves(board, 1)  # the suite is what it says
    info = engine.analyse(board, chess.engine.Limit(mate=2))
    assert info["score"].white() == chess.engine.Mate(2), (fen, info)
    assert info["pv"][0].uci() in mating, (fen, info["pv"])
