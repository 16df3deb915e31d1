"""``gamecore analyse``: one line per iteration, ``bestmove`` last, one-line errors with exit 2."""

from __future__ import annotations

import re

import chess
import pytest

import gamecore
from gamecore.cli import main
from gamecore.weights import Weights
from tests.cli import run_cli

SCHOLAR = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3"  # Qxf7#
MATED = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
LINE = re.compile(
    r"depth (\d+) seldepth (\d+) score (cp -?\d+|mate -?\d+) "
    r"nodes (\d+) nps (\d+) time (\d+) pv (.+)"
)


def analyse(capsys, *args: str) -> list[str]:
    assert main(["analyse", *args]) == 0
    return capsys.readouterr().out.strip().splitlines()


def test_one_line_per_depth_then_bestmove(capsys):
    lines = analyse(capsys, "chess", "--depth", "4")
    matches = [LINE.fullmatch(line) for line in lines[:-1]]
    assert all(matches), lines
    assert [int(m.group(1)) for m in matches] == [1, 2, 3, 4]
    board = chess.Board()
    for m in matches:  # every principal variation is a legal line
        line = board.copy()
        for uci in m.group(7).split():
            move = chess.Move.from_uci(uci)
            assert move in line.legal_moves, (uci, m.group(0))
            line.push(move)
    best = lines[-1].split()
    assert best[0] == "bestmove" and len(best) == 2
    assert best[1] == matches[-1].group(7).split()[0]


def test_moves_in_san_and_mate_score_in_moves(capsys):
    lines = analyse(
        capsys, "chess", "--moves", "e4", "e5", "Bc4", "Nc6", "Qf3", "a6", "--depth", "3"
    )
    assert "score mate 1 " in lines[-2]
    assert lines[-1] == "bestmove f3f7"


def test_a_finished_game_has_no_best_move(capsys):
    lines = analyse(capsys, "chess", "--position", MATED, "--depth", "2")
    assert lines == ["game over: white wins by checkmate", "bestmove (none)"]


def test_time_and_node_limits(capsys):
    lines = analyse(capsys, "chess", "--position", SCHOLAR, "--time", "0.5")
    assert lines[-1] == "bestmove f3f7"
    lines = analyse(capsys, "chess", "--nodes", "2000")
    assert lines[-1].startswith("bestmove ")
    assert all(int(m.group(4)) <= 2001 for m in map(LINE.fullmatch, lines[:-1]) if m)


def test_connect4_uses_plain_values_and_plies(capsys):
    lines = analyse(
        capsys, "connect4", "--position", "......./......./......./......./......o/.xxx.oo x"
    )
    assert "score win in 1 ply " in lines[0]
    assert lines[-1] in ("bestmove 1", "bestmove 5")
    lines = analyse(capsys, "connect4", "--depth", "2", "--mode", "training")
    assert lines[0].startswith("depth 1 seldepth 1 score value ")
    assert lines[-1].startswith("bestmove ")


def test_weights_file_is_used(capsys, tmp_path):
    game = gamecore.get_game("chess")
    path = tmp_path / "zeros.npz"
    Weights.zeros(game).save(path)
    lines = analyse(capsys, "chess", "--depth", "2", "--weights", str(path), "--mode", "training")
    assert all(" score cp 0 " in line for line in lines[:-1]), lines


@pytest.fixture(scope="module")
def connect4_weights(tmp_path_factory):
    path = tmp_path_factory.mktemp("weights") / "connect4.npz"
    Weights.zeros(gamecore.get_game("connect4")).save(path)
    return str(path)


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["nosuchgame"], "unknown game 'nosuchgame'"),
        (["chess", "--position", "rnbqkbnr/pppppppp/8/8 w"], "FEN"),
        (["chess", "--moves", "e2e5"], "illegal move 'e2e5'"),
        (["chess", "--moves", "e4", "e5", "Zz9"], "'Zz9'"),
        (["chess", "--weights", "no/such/file.npz"], "does not exist"),
        (["chess", "--weights", "README.md"], "not a weights file"),
        (["chess", "--weights", "CONNECT4"], "weights are for game 'connect4'"),
        (["chess", "--depth", "-3"], "--depth"),
        (["chess", "--depth", "0"], "--depth"),
        (["chess", "--time", "-1"], "--time"),
        (["chess", "--nodes", "0"], "--nodes"),
        (["chess", "--hash", "0"], "--hash"),
        (["chess", "--depth", "2", "--time", "1"], "not allowed with"),
        (["chess", "--depth", "two"], "--depth: must be a whole number from 1 to 95"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, names, connect4_weights, capsys):
    args = [connect4_weights if a == "CONNECT4" else a for a in args]
    try:
        code = main(["analyse", *args])
    except SystemExit as exc:  # argparse's errors
        code = exc.code
    captured = capsys.readouterr()
    assert code == 2, captured
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert names in lines[0]
    assert lines[0].startswith("gamecore analyse: error: ")
    assert captured.out == ""


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["nosuchgame"], "unknown game 'nosuchgame'"),
        (["chess", "--moves", "e2e4", "e2e4"], "illegal move 'e2e4'"),
    ],
)
def test_errors_in_a_real_process(args, names):
    result = run_cli("analyse", *args, timeout=120)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [result.stderr.strip()]
    assert names in result.stderr and "Traceback" not in result.stderr
