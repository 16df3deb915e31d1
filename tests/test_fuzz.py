"""Hostile input, generated: bad numbers on every command line, damaged positions, move
strings, weights and checkpoint files, records and UCI sessions for every game.

Each case must end in a correct answer or a one-line error (exit code 2 on the
command line) — never a traceback, a hang, a crash or a changed input file. The
default suite runs a small sample of each property; ``pytest -m slow
tests/test_fuzz.py`` runs a larger one (docs/robustness.md has the counts).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import gamecore
from gamecore.cli import main
from gamecore.errors import GamecoreError
from gamecore.interop.uci import UciEngine
from gamecore.training.trainer import resume_config
from gamecore.weights import Weights
from tests.cli import hears_ctrl_c

SIZES = [pytest.param(25, id="sample"), pytest.param(400, id="large", marks=pytest.mark.slow)]
"""Examples per property: a sample in the default suite, a large run under ``-m slow``."""

GAMES = gamecore.game_names()
ROOT = Path(__file__).resolve().parent.parent


def fuzz_settings(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


# -- generators ---------------------------------------------------------------------------------


def _parses_as_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


BAD_NUMBERS = st.one_of(
    st.sampled_from(
        [
            "nan",
            "NaN",
            "inf",
            "-inf",
            "1e400",
            "-1e400",
            "",
            "--",
            "0x10",
            "1e",
            "½",
            "²",
            "ten",
            "3.5.1",
            "1e19",
            "٣٣٣٣٣٣٣٣٣٣٣٣٣٣٣٣٣٣٣٣",
            " ",
            "1,000",
            "9" * 400,
            "-" + "9" * 30,
        ]
    ),
    st.integers(min_value=10**19, max_value=10**60).map(str),
    st.integers(min_value=-(10**60), max_value=-(10**19)).map(str),
    st.floats(min_value=1e19, allow_infinity=False, allow_nan=False).map(repr),
    st.text(st.characters(codec="utf-8"), min_size=1, max_size=12).filter(
        lambda t: not _parses_as_number(t) and not t.startswith("-")
    ),
)
"""Values no numeric option accepts: not numbers, not finite, or beyond every range."""

NUMERIC_OPTIONS = [
    (["perft", "chess"], "--depth"),
    (["analyse", "connect4"], "--depth"),
    (["analyse", "connect4"], "--time"),
    (["play", "connect4"], "--time"),
    (["play", "connect4"], "--nodes"),
    (["play", "connect4"], "--hash"),
    (["train", "connect4"], "--games"),
    (["train", "connect4"], "--depth"),
    (["train", "connect4"], "--time-per-move"),
    (["train", "connect4"], "--step"),
    (["train", "connect4"], "--lambda"),
    (["train", "connect4"], "--opening-plies"),
    (["train", "connect4"], "--max-plies"),
    (["train", "connect4"], "--checkpoint-every"),
    (["train", "connect4"], "--time-budget"),
    (["train", "connect4"], "--outcome-step"),
    (["train", "connect4"], "--workers"),
    (["train", "connect4"], "--seed"),
    (["match", "connect4", "zeros", "zeros"], "--games"),
    (["match", "connect4", "zeros", "zeros"], "--depth"),
    (["match", "connect4", "zeros", "zeros"], "--openings"),
    (["match", "connect4", "zeros", "zeros"], "--max-plies"),
    (["match", "connect4", "zeros", "zeros"], "--time-per-move"),
    (["tournament", "connect4", "zeros", "random"], "--reference-elo"),
    (["gui", "chess"], "--time-per-move"),
    (["gui", "chess"], "--quit-after"),
    (["gui", "chess"], "--size"),
    (["perft", "duchess", "--depth", "1", "-o"], "players="),
    (["perft", "duchess", "--depth", "1", "-o"], "move_limit="),
]


def mutated(text: str) -> st.SearchStrategy[str]:
    """``text`` with a few random edits: cuts, insertions, replacements, repeats."""
    edit = st.tuples(
        st.sampled_from(["cut", "insert", "replace", "repeat"]),
        st.integers(min_value=0, max_value=max(0, len(text))),
        st.integers(min_value=0, max_value=12),
        st.text(min_size=1, max_size=6),
    )

    def apply(edits: list) -> str:
        out = text
        for kind, at, length, chars in edits:
            at = min(at, len(out))
            if kind == "cut":
                out = out[:at] + out[at + length :]
            elif kind == "insert":
                out = out[:at] + chars + out[at:]
            elif kind == "replace":
                out = out[:at] + chars + out[at + len(chars) :]
            else:
                out = out[:at] + out[at : at + length] * 3 + out[at + length :]
        return out

    return st.lists(edit, min_size=1, max_size=4).map(apply)


def played_state(game_name: str, plies: int, seed: int) -> gamecore.State:
    """A position reached by ``plies`` random legal moves (fewer if the game ends)."""
    game = gamecore.get_game(game_name)
    state = game.initial_state()
    rng = np.random.default_rng(seed)
    for _ in range(plies):
        moves = state.legal_moves()
        if not moves or state.is_terminal():
            break
        state.push(int(rng.choice(moves)))
    return state


REFUSED = object()
"""What :func:`accepted` returns when the input was refused."""


def accepted(parse, *args):
    """``parse(*args)``, or :data:`REFUSED` if it refused the input with a one-line
    :class:`GamecoreError`; any other exception fails the test."""
    try:
        return parse(*args)
    except GamecoreError as exc:
        assert "\n" not in str(exc).strip(), str(exc)
        return REFUSED


# -- command lines -------------------------------------------------------------------------------


def exit_code(argv: list[str]) -> int:
    """``gamecore ARGV``'s exit code, run in this process (argparse exits by SystemExit)."""
    try:
        return main(argv)
    except SystemExit as stop:
        return int(stop.code or 0)


@pytest.mark.parametrize("examples", SIZES)
def test_bad_numbers_on_any_command_line_are_one_line_and_exit_two(examples, capsys):
    @fuzz_settings(examples)
    @given(case=st.sampled_from(NUMERIC_OPTIONS), value=BAD_NUMBERS)
    def check(case, value):
        prefix, option = case
        argv = [*prefix, option + value] if option.endswith("=") else [*prefix, option, value]
        assert exit_code(argv) == 2, argv
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, (argv, err)

    check()


# -- positions and moves -------------------------------------------------------------------------


@pytest.mark.parametrize("examples", SIZES)
@pytest.mark.parametrize("game_name", GAMES)
def test_damaged_positions_are_refused_or_read_exactly(game_name, examples):
    game = gamecore.get_game(game_name)
    texts = [played_state(game_name, plies, 7).to_text() for plies in (0, 9, 40)]

    @fuzz_settings(examples)
    @given(text=st.sampled_from(texts).flatmap(mutated) | st.text(max_size=80))
    def check(text):
        state = accepted(game.state_from_text, text)
        if state is REFUSED:
            return
        # Accepted: then it is a position the engine can work with, and it reads back.
        moves = state.legal_moves()
        state.status()
        assert game.state_from_text(state.to_text()).to_text() == state.to_text()
        for move in moves[:3]:
            state.push(move)
            state.pop()

    check()


@pytest.mark.parametrize("examples", SIZES)
@pytest.mark.parametrize("game_name", GAMES)
def test_bad_move_strings_are_refused_and_legal_ones_played(game_name, examples):
    states = [played_state(game_name, plies, 3) for plies in (0, 12)]
    legal_texts = [s.move_text(m) for s in states for m in s.legal_moves()[:20]] or ["x"]

    @fuzz_settings(examples)
    @given(
        which=st.integers(min_value=0, max_value=len(states) - 1),
        text=st.sampled_from(legal_texts).flatmap(mutated) | st.text(max_size=20),
    )
    @example(which=0, text="²1")  # found by -m slow: isdigit() but not int()
    @example(which=0, text="\x1f1")  # found by -m slow: strip() but not int()
    def check(which, text):
        state = states[which].copy()
        before = state.to_text()
        move = accepted(state.parse_move, text)
        if move is REFUSED:
            assert state.to_text() == before
            return
        assert move in state.legal_moves()

    check()


# -- weights and checkpoints -----------------------------------------------------------------------


def _connect4_checkpoint(folder: Path) -> Path:
    path = folder / "good.npz"
    if not path.exists():
        assert main(["train", "connect4", "--games", "1", "--depth", "1", "--out", str(path)]) == 0
    return path


@pytest.mark.parametrize("examples", SIZES)
def test_damaged_weights_files_are_refused_and_never_changed(tmp_path, examples):
    game = gamecore.get_game("connect4")
    good = _connect4_checkpoint(tmp_path).read_bytes()
    target = tmp_path / "damaged.npz"

    @fuzz_settings(examples)
    @given(
        cut=st.integers(min_value=0, max_value=len(good)),
        flips=st.lists(st.tuples(st.integers(0, len(good) - 1), st.integers(1, 255)), max_size=6),
    )
    def check(cut, flips):
        data = bytearray(good[:cut] if cut < len(good) and not flips else good)
        for at, mask in flips:
            if at < len(data):
                data[at] ^= mask
        target.write_bytes(bytes(data))
        weights = accepted(Weights.load, target, game)
        if weights is not REFUSED:
            assert np.isfinite(weights.theta).all() and weights.theta.size == game.feature_set.count
        assert target.read_bytes() == bytes(data)

    check()


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)


@pytest.mark.parametrize("examples", SIZES)
def test_checkpoints_with_wrong_fields_are_refused_before_any_game(tmp_path, examples):
    """Any field of the header or the training state replaced by any JSON value."""
    good = _connect4_checkpoint(tmp_path)
    with np.load(good, allow_pickle=False) as data:
        theta, meta = data["theta"], json.loads(str(data["meta"]))
    paths = _field_paths(meta)
    target = tmp_path / "edited.npz"

    @fuzz_settings(examples)
    @given(where=st.sampled_from(paths), value=JSON)
    @example(where=("metadata", "training", "rng", "state", "inc"), value=-1)  # found by -m slow
    @example(where=("metadata", "training", "config", "time_control"), value=True)
    @example(where=("metadata", "training", "config", "vs"), value=["random"])
    @example(where=("metadata", "training", "config"), value={"\n": None})  # found in CI
    def check(where, value):
        edited = json.loads(json.dumps(meta))
        node = edited
        for key in where[:-1]:
            node = node[key]
        node[where[-1]] = value
        with target.open("wb") as f:
            np.savez(f, theta=theta, meta=np.array(json.dumps(edited)))
        accepted(lambda: resume_config(Weights.load(target)).check())

    check()


def _field_paths(meta: dict, prefix: tuple = ()) -> list[tuple]:
    paths = []
    for key, value in meta.items():
        paths.append((*prefix, key))
        if isinstance(value, dict):
            paths.extend(_field_paths(value, (*prefix, key)))
    return paths


# -- records -------------------------------------------------------------------------------------


@pytest.mark.parametrize("examples", SIZES)
@pytest.mark.parametrize("game_name", GAMES)
def test_damaged_records_are_refused_or_replayed(game_name, examples):
    game = gamecore.get_game(game_name)
    state = played_state(game_name, 16, 5)
    record = game.game_record(state, {"Event": "fuzz"})

    @fuzz_settings(examples)
    @given(text=mutated(record) | st.text(max_size=60))
    def check(text):
        replayed = accepted(game.read_record, text)
        if replayed is not REFUSED:
            replayed.legal_moves()

    check()


# -- UCI sessions --------------------------------------------------------------------------------

UCI_WORDS = st.sampled_from(
    [
        "uci",
        "isready",
        "ucinewgame",
        "position",
        "startpos",
        "fen",
        "moves",
        "go",
        "stop",
        "depth",
        "nodes",
        "movetime",
        "wtime",
        "btime",
        "winc",
        "binc",
        "movestogo",
        "mate",
        "setoption",
        "name",
        "value",
        "Hash",
        "Weights",
        "Move",
        "Overhead",
        "debug",
        "on",
        "e2e4",
        "e7e5",
        "g1f3",
        "a7a8q",
        "e1g1",
        "0000",
        "8/8/8/8/8/8/8/8",
        "w",
        "b",
        "-",
        "KQkq",
        "1",
        "0",
        "-5",
        "2",
        "1e9",
        "nan",
        "register",
        "99999999999999999999999",
        "ponder",
        "ponderhit",
        "infinite",
        "searchmoves",
        "MultiPV",
        "Ponder",
        "UCI_LimitStrength",
        "UCI_Elo",
        "UCI_ShowWDL",
        "true",
        "false",
    ]
)


@pytest.mark.parametrize("examples", SIZES)
def test_uci_sessions_of_junk_never_break_the_engine(examples):
    game = gamecore.get_game("chess")

    @fuzz_settings(examples)
    @given(lines=st.lists(st.lists(UCI_WORDS | st.text(max_size=6), max_size=8), max_size=8))
    def check(lines):
        out: list[str] = []
        engine = UciEngine(game, out.append)
        for words in lines:
            if words and words[0] == "go":
                words = [*words, "depth", "2"]  # junk may ask for a long search; keep it short
            assert engine.handle(" ".join(words)) in (True, False)
        engine.handle("position startpos")
        engine.handle("go depth 1")
        engine.close()
        assert not [line for line in out if line.startswith("info string error")], out
        assert any(line.startswith("bestmove") for line in out)

    check()


# -- interrupted training --------------------------------------------------------------------------

TRAIN = [sys.executable, "-m", "gamecore", "train", "connect4", "--games", "12", "--depth", "2"]


def _interrupted_then_resumed(tmp_path: Path, after: float, how: str) -> None:
    """Start a run, interrupt it ``how`` after ``after`` seconds, resume it to the end; the
    log must then hold every game once, and the checkpoint the whole run."""
    out = tmp_path / f"run-{how}-{after:.2f}.npz"
    args = [*TRAIN, "--checkpoint-every", "1", "--out", str(out)]
    proc = subprocess.Popen(
        args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=hears_ctrl_c,
        start_new_session=True,  # its own process group, worker processes included
    )  # fmt: skip
    assert proc.stderr is not None
    first = proc.stderr.read(1)  # the progress bar: the run has started (an interrupt while
    # Python itself starts, before any of gamecore runs, is the interpreter's to report)
    time.sleep(after)
    if how == "kill":  # as a power cut: the driver and its workers at once (a worker left
        os.killpg(proc.pid, signal.SIGKILL)  # alive would hold the pipes open)
    else:
        proc.send_signal(signal.SIGINT)
        time.sleep(0.001)
        proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    err = first + err
    assert b"Traceback" not in err, err.decode()
    if out.exists():
        saved = Weights.load(out).metadata["training"]["progress"]["games_done"]
        if how != "kill" and b"games are in" in err:
            said = int(err.decode().split("interrupted; ")[1].split()[0])
            assert said == saved  # what the message says is what the file holds
        resume = [sys.executable, "-m", "gamecore", "train", "connect4", "--resume", str(out)]
        done = subprocess.run(resume, cwd=ROOT, capture_output=True, timeout=120)
        assert done.returncode == 0, done.stderr.decode()
        games = [line.split(",")[0] for line in out.with_suffix(".csv").read_text().splitlines()]
        assert games[1:] == [str(i) for i in range(1, 13)]
        assert Weights.load(out).metadata["training"]["progress"]["games_done"] == 12


@pytest.mark.parametrize("how", ["kill", "double-sigint"])
def test_an_interrupted_run_resumes_without_losing_finished_games(tmp_path, how):
    _interrupted_then_resumed(tmp_path, 3.0, how)


@pytest.mark.slow
def test_interrupts_at_random_moments_never_lose_a_finished_game(tmp_path):
    @settings(max_examples=12, deadline=None, database=None)
    @given(after=st.floats(min_value=0.2, max_value=6.0), how=st.sampled_from(["kill", "int"]))
    def check(after, how):
        _interrupted_then_resumed(tmp_path, after, "kill" if how == "kill" else "double-sigint")

    check()
