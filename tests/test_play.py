"""``gamecore play`` driven through stdin in a real process, as a person would type."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import chess

BACK_RANK = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"  # Ra8 mates
ROOT = Path(__file__).resolve().parent.parent


def play(*args: str, typed: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gamecore", "play", *args],
        input=typed,
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ),
        cwd=ROOT,
    )


def test_illegal_move_lists_the_legal_ones_and_the_game_goes_on():
    result = play("chess", "--depth", "1", typed="e2e5\nhello\ne4\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "not played: illegal move 'e2e5'" in out
    assert "not played: malformed move 'hello'" in out
    legal = [line for line in out.splitlines() if "legal moves:" in line]
    assert len(legal) == 2
    assert legal[0].split("legal moves: ")[1].split() == sorted(
        move.uci() for move in chess.Board().legal_moves
    )
    assert "white plays e2e4" in out
    assert "black (engine) plays " in out
    assert out.rstrip().endswith("game abandoned")  # end of input ends the game cleanly
    assert "8 r n b q k b n r" in out and "  a b c d e f g h" in out  # the board is drawn
    assert result.stderr == ""


def test_short_game_with_undo_ends_in_checkmate():
    typed = "a1b1\nundo\nRa8\n"
    result = play("chess", "--position", BACK_RANK, "--depth", "2", typed=typed)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "white plays a1b1" in out and "black (engine) plays " in out
    assert "took back a1b1 " in out
    assert "white plays a1a8" in out
    assert out.rstrip().endswith("result: white wins by checkmate")


def test_quit_and_nothing_to_undo():
    result = play("chess", "--human", "second", "--depth", "1", typed="undo\nquit\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.index("white (engine) plays") < out.index("nothing of yours to take back")
    assert out.rstrip().endswith("game abandoned")


def test_engine_against_itself_mates():
    result = play("chess", "--human", "none", "--position", BACK_RANK, "--depth", "3")
    assert result.returncode == 0, result.stderr
    assert "white (engine) plays a1a8" in result.stdout
    assert result.stdout.rstrip().endswith("result: white wins by checkmate")


def test_connect4_game_to_the_end():
    # The person always tries columns 1..7 in turn; full columns are refused and the next
    # line is read, so this input outlasts any game.
    typed = "".join(f"{c}\n" for _ in range(12) for c in range(1, 8))
    result = play("connect4", "--depth", "2", typed=typed)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "x plays 1" in out and "o (engine) plays " in out
    last = out.rstrip().splitlines()[-1]
    assert last.startswith("result: ") and ("wins with four in a row" in last or "draw" in last)
    assert " 1 2 3 4 5 6 7" in out  # the grid's column numbers


def test_bad_arguments_are_one_line():
    result = play("chess", "--human", "everyone")
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    result = play("chess", "--position", "8/8/8 w - -")
    assert result.returncode == 2
    assert result.stderr.startswith("gamecore play: error: ")
    assert len(result.stderr.strip().splitlines()) == 1
