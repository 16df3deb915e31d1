"""The command line: listing games, perft, and one-line errors with exit code 2."""

import pytest

from gamecore.cli import main
from tests.cli import run_cli


def test_games_lists_builtin_and_plugin_games(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    names = [line.split()[0] for line in out.splitlines()]
    assert "chess" in names and "connect4" in names
    assert "broken" not in out


def test_perft_prints_node_count_last(capsys):
    assert main(["perft", "connect4", "--depth", "4"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1] == "nodes 2401"
    assert "nps" in lines[-2] and "time" in lines[-2]


def test_perft_divide_splits_the_count_by_move(capsys):
    assert main(["perft", "connect4", "--depth", "3", "--divide", "--moves", "4", "4"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    per_move = dict(line.split(": ") for line in lines if ": " in line)
    assert set(per_move) == {str(c) for c in range(1, 8)}
    assert sum(int(v) for v in per_move.values()) == 343
    assert lines[-1] == "nodes 343"


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["perft", "nosuchgame", "--depth", "1"], "unknown game 'nosuchgame'"),
        (["perft", "connect4", "--depth", "1", "--moves", "8"], "'8'"),
        (["perft", "connect4", "--depth", "1", "--position", "x/y z"], "side to move"),
        (["perft", "connect4", "--depth", "-2"], "--depth"),
        (["perft", "connect4"], "--depth"),
        (["perft", "connect4", "--depth", "1", "-o", "size=9"], "no option 'size'"),
        (["perft", "connect4", "--depth", "1", "-o", "size"], "KEY=VALUE"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, names):
    result = run_cli(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert names in lines[0]
    assert "Traceback" not in result.stderr


def test_a_reader_that_goes_away_is_not_an_error():
    """`gamecore games | head -1`: the closed pipe ends the command quietly."""
    import subprocess
    import sys

    proc = subprocess.Popen(
        [sys.executable, "-m", "gamecore", "games"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    proc.stdout.close()  # the reader is gone before a line is written
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 0
    assert "Traceback" not in err and "BrokenPipe" not in err


def test_an_error_quoting_a_huge_input_stays_one_short_line(capsys):
    from gamecore.cli import main

    huge = "rnbqkbnr/" * 12_000
    assert main(["perft", "chess", "--position", huge, "--depth", "1"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) < 400 and "characters)" in lines[0]


def test_the_command_ignores_a_second_ctrl_c_on_its_way_out():
    """The first Ctrl-C interrupts; a second, landing wherever the process has got to on
    its way out (here: at once, in its except clause), is ignored, not a traceback."""
    import subprocess
    import sys

    from tests.cli import hears_ctrl_c

    script = (
        "import os, signal, time\n"
        "from gamecore import interrupts\n"
        "interrupts.install()\n"
        "try:\n"
        "    os.kill(os.getpid(), signal.SIGINT)\n"
        "    time.sleep(5)\n"
        "except KeyboardInterrupt:\n"
        "    os.kill(os.getpid(), signal.SIGINT)\n"
        "    time.sleep(0.1)\n"
        "    print('stopped once')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
        preexec_fn=hears_ctrl_c,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout == "stopped once\n" and "Traceback" not in done.stderr


def test_a_ctrl_c_dropped_in_a_callback_is_raised_again():
    """Python drops an exception raised inside a callback (the weakref callback that ends
    every import, a ``__del__``): a Ctrl-C heard there was lost, and with later ones set to
    be ignored, a ``gamecore analyse`` that heard it during a lazy import searched on."""
    import subprocess
    import sys

    from tests.cli import hears_ctrl_c

    script = (
        "import os, signal, time, weakref\n"
        "from gamecore import interrupts\n"
        "interrupts.install()\n"
        "class Thing: pass\n"
        "thing = Thing()\n"
        "def callback(ref):\n"
        "    os.kill(os.getpid(), signal.SIGINT)\n"
        "    for _ in range(200_000): pass  # the handler runs in here\n"
        "ref = weakref.ref(thing, callback)\n"
        "try:\n"
        "    del thing\n"
        "    deadline = time.monotonic() + 5\n"
        "    while time.monotonic() < deadline: pass\n"
        "    print('lost')\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted')\n"
    )
    for _ in range(3):
        done = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
            preexec_fn=hears_ctrl_c,
        )  # fmt: skip
        assert done.stdout == "interrupted\n" and done.stderr == "", done.stderr
