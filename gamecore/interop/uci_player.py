"""Any UCI chess engine seated as a player: ``uci:COMMAND[:Name=value,Name=value]``.

``COMMAND`` is the engine's program, with arguments if it needs them
(``uci:/usr/games/stockfish``, ``uci:python3 my_engine.py --flag``); after a colon
come UCI options, set with ``setoption`` before the first game
(``uci:stockfish:UCI_LimitStrength=true,UCI_Elo=1500``). An option name may hold
spaces (``Skill Level=3``); a value may not hold a comma.

python-chess speaks the protocol (:meth:`chess.engine.SimpleEngine.popen_uci`).
The engine is started once when the spec is read, to check that it runs, to
learn its ``id name`` (the player's name, with the options) and to check the
options against the ones it declares: any problem there is one line before a
game is played. Each game then starts its own engine process and quits it at
the end (killing it if it does not quit), so a crash costs one game, and a
Ctrl-C or a lost worker leaves no engine behind (an engine also ends when its
input closes, as every UCI engine does).

The match's limits reach the engine as ``go``: a fixed depth as ``depth``, a time
per move as ``movetime``, a Fischer clock as ``wtime``/``btime``/``winc``/``binc``
from both seats' clocks. What the engine reports last before its move (score,
depth) goes into the game record.

An engine that dies during a game, answers a move that is not legal or no move at
all, or does not answer within its time plus the engine timeout (at a fixed depth:
the engine timeout alone) loses that game; the record's ``Termination`` says why.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import re
import shlex
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from gamecore.errors import BadOption
from gamecore.game import Game
from gamecore.play.players import Choice
from gamecore.search import Limits, Score, SearchInfo
from gamecore.state import State
from gamecore.values import MATE

if TYPE_CHECKING:  # python-chess's engine module is imported when an engine starts
    import chess.engine

PREFIX = "uci:"
ENGINE_TIMEOUT = 30.0
"""Seconds an engine may take beyond its time for a move (at a fixed depth: in all), and
to start, before it is taken as hung."""
QUIT_SECONDS = 2.0
"""How long an engine has to quit after a game before it is killed."""
_OPTIONS = re.compile(r"^(?P<command>.+?):(?P<options>[^=,:]+=.*)$", re.DOTALL)


class EngineFailure(Exception):
    """An engine failed during a game: it loses the game, for ``reason``."""

    def __init__(self, name: str, reason: str, termination: str) -> None:
        super().__init__(f"{name}: {reason}")
        self.name = name
        self.reason = reason
        self.termination = termination
        """PGN's word for how the game ended: ``abandoned``, ``rules infraction`` or
        ``time forfeit``."""


def is_uci(text: str) -> bool:
    return text.startswith(PREFIX)


@dataclass(frozen=True)
class UciSpec:
    """A parsed ``uci:`` spec; :meth:`make` starts the engine for one game in any process."""

    text: str
    command: tuple[str, ...]
    options: tuple[tuple[str, str], ...]
    label: str
    """The player's name: the engine's ``id name`` and the options given."""

    @classmethod
    def parse(cls, game: Game, text: str, timeout: float = ENGINE_TIMEOUT) -> UciSpec:
        """Read ``text`` and start the engine once to check it; :class:`BadOption` in one
        line for another game than chess, a malformed spec, an engine that does not start
        or an option it refuses."""
        if game.name != "chess":
            raise BadOption(f"player {text[:100]!r}: UCI engines play chess, not {game.name}")
        rest = text[len(PREFIX) :]
        found = _OPTIONS.match(rest)
        command_text, option_text = (found["command"], found["options"]) if found else (rest, "")
        try:
            command = tuple(shlex.split(command_text))
        except ValueError as exc:
            raise BadOption(f"player {text[:100]!r}: {exc}") from None
        if not command:
            raise BadOption("player 'uci:': write uci:COMMAND[:Name=value,...]")
        options = []
        for pair in option_text.split(",") if option_text else []:
            name, eq, value = pair.partition("=")
            if not eq or not name.strip():
                raise BadOption(f"player {text[:100]!r}: write each option as Name=value")
            options.append((name.strip(), value.strip()))
        spec = cls(text, command, tuple(options), "")
        name = spec._probe(timeout)
        shown = " ".join(f"{key}={value}" for key, value in options)
        return cls(text, command, tuple(options), f"{name} {shown}".strip())

    def _probe(self, timeout: float) -> str:
        """Start the engine, set the options, quit; its name (``id name``, else the program's)."""
        engine = self._start(self.text[:100], timeout)
        try:
            name = engine.id.get("name") or Path(self.command[-1]).stem
        finally:
            _quit(engine)
        return " ".join(name.split())

    def _start(self, name: str, timeout: float) -> chess.engine.SimpleEngine:
        """A running engine with the options set; :class:`BadOption` if it will not start."""
        import chess.engine

        program = self.command[0]
        if os.sep in program and not os.path.exists(program):
            raise BadOption(f"player {name!r}: no engine at {program!r}")
        try:
            engine = _popen(list(self.command), timeout)
        except FileNotFoundError:
            raise BadOption(f"player {name!r}: no program {program!r}") from None
        except PermissionError:
            raise BadOption(f"player {name!r}: {program!r} is not executable") from None
        except (OSError, chess.engine.EngineError, TimeoutError) as exc:
            why = str(exc).splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise BadOption(f"player {name!r}: the engine did not start: {why}") from None
        try:
            engine.configure(dict(self.options))
        except (chess.engine.EngineError, TimeoutError) as exc:
            _close(engine)
            why = str(exc).splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise BadOption(f"player {name!r}: {why}") from None
        return engine

    def make(self, limits: Limits, timeout: float = ENGINE_TIMEOUT) -> UciPlayer:
        return UciPlayer(self, limits, timeout)


_games = itertools.count()


class UciPlayer:
    """One game's engine process; :meth:`close` quits it (the match does, after the game)."""

    def __init__(self, spec: UciSpec, limits: Limits, timeout: float) -> None:
        self.spec = spec
        self.name = spec.label
        self.limits = limits
        self.timeout = timeout
        self.engine: chess.engine.SimpleEngine | None = None
        self._game = (os.getpid(), next(_games))
        self._clock: tuple[list[float], float] | None = None

    def new_game(self) -> None:
        self._game = (os.getpid(), next(_games))

    def set_clock(self, remaining: list[float], increment: float) -> None:
        """Both seats' clocks (white first) and the increment, for the next move's ``go``."""
        self._clock = (list(remaining), increment)

    def _limit(self):
        import chess.engine

        depth = self.limits.depth
        if self._clock is not None:
            (white, black), increment = self._clock
            return chess.engine.Limit(
                depth=depth,
                white_clock=white,
                black_clock=black,
                white_inc=increment,
                black_inc=increment,
            )
        return chess.engine.Limit(depth=depth, time=self.limits.time)

    def _wait(self, state: State) -> float:
        """Seconds to wait for the engine's move before taking it as hung."""
        if self._clock is not None:
            return self._clock[0][state.player] + self._clock[1] + self.timeout
        return (self.limits.time or 0.0) + self.timeout

    def choose(self, state: State) -> Choice:
        import chess.engine

        from games.chess.interop import to_board

        if self.engine is None:
            try:
                self.engine = self.spec._start(self.name, self.timeout)
            except BadOption as exc:
                raise EngineFailure(self.name, str(exc), "abandoned") from None
        engine = self.engine
        board = to_board(state)
        play = engine.protocol.play(
            board, self._limit(), game=self._game, info=chess.engine.INFO_SCORE
        )
        started = time.perf_counter()
        future = asyncio.run_coroutine_threadsafe(
            asyncio.wait_for(play, self._wait(state)), engine.protocol.loop
        )
        try:
            result = future.result()
        except TimeoutError:
            raise self._fail(f"no move within {self._wait(state):g} s", "time forfeit") from None
        except chess.engine.EngineTerminatedError:
            raise self._fail("the engine died", "abandoned") from None
        except chess.engine.EngineError as exc:
            first = str(exc).splitlines()[0] if str(exc).strip() else "no move"
            raise self._fail(f"bad answer ({first[:80]})", "rules infraction") from None
        seconds = time.perf_counter() - started
        move = result.move
        if move is None or move not in board.legal_moves:
            raise self._fail(f"illegal move {move}", "rules infraction")
        chosen = state.parse_move(move.uci())
        return Choice(chosen, _search_info(result.info, chosen, seconds))

    def _fail(self, reason: str, termination: str) -> EngineFailure:
        self.close(kill=True)
        return EngineFailure(self.name, reason, termination)

    def close(self, kill: bool = False) -> None:
        """Quit the engine (kill it if ``kill``, or if it does not quit in time)."""
        engine, self.engine = self.engine, None
        if engine is not None:
            _close(engine) if kill else _quit(engine)


def _popen(command: list[str], timeout: float):
    """:meth:`SimpleEngine.popen_uci` in a helper thread. A Ctrl-C while the engine starts
    reaches this thread, not python-chess's: the engine, once started, is closed rather
    than left running (with a thread that would keep this process from ending)."""
    import chess.engine

    box: dict = {}
    done, cancelled = threading.Event(), threading.Event()

    def start() -> None:
        try:
            box["engine"] = chess.engine.SimpleEngine.popen_uci(command, timeout=timeout)
            if cancelled.is_set():
                _close(box["engine"])
        except BaseException as exc:  # handed to the waiting thread
            box["error"] = exc
        finally:
            done.set()

    threading.Thread(target=start, name="uci-start", daemon=True).start()
    try:
        while not done.wait(0.05):
            pass
    except BaseException:
        cancelled.set()
        if "engine" in box:
            _close(box["engine"])
        raise
    if "error" in box:
        raise box["error"]
    return box["engine"]


def _quit(engine) -> None:
    future = asyncio.run_coroutine_threadsafe(engine.protocol.quit(), engine.protocol.loop)
    with contextlib.suppress(Exception):  # hung or already gone: killed below either way
        future.result(QUIT_SECONDS)
    _close(engine)


def _close(engine) -> None:
    """Kill the engine's process if it still runs and stop python-chess's thread for it."""
    engine.close()
    with contextlib.suppress(Exception):  # the process is gone, not only asked to go
        engine.returncode.result(QUIT_SECONDS)


def _search_info(info: Mapping, move: int, seconds: float) -> SearchInfo | None:
    """What the engine reported, as gamecore's own searches report it (for the record)."""
    pov = info.get("score")
    if pov is None:
        return None
    score = pov.relative
    mate = score.mate()
    if mate is not None:
        plies = 2 * mate - 1 if mate > 0 else -2 * mate
        value = MATE - plies if mate > 0 else -(MATE - plies)
        gamecore_score = Score(value, plies if mate > 0 else -plies)
    else:
        gamecore_score = Score(float(score.score() or 0))
    return SearchInfo(
        depth=int(info.get("depth", 0)),
        score=gamecore_score,
        best_move=move,
        pv=[move],
        nodes=int(info.get("nodes", 0)),
        seldepth=int(info.get("seldepth", 0)),
        seconds=seconds,
    )
