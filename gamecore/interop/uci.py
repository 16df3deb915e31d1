"""The UCI protocol (Universal Chess Interface) in front of :class:`~gamecore.search.Searcher`.

:class:`UciEngine` reads one command line at a time (:meth:`UciEngine.handle`)
and writes replies through a callable, so it runs the same behind stdin/stdout
(``gamecore uci``) as in a test. The search runs in a background thread:
``stop``, ``isready``, ``ponderhit`` and ``quit`` are answered while it thinks.
Input that is not understood is ignored, as the protocol asks; a bad FEN or an
illegal move in ``position`` is reported as ``info string`` and the previous
position kept.

Any registered game can be played this way (positions are the game's text,
moves its notation); the GUIs that speak UCI only know chess.

Scores: ``cp`` is the evaluation rounded (the shipped chess weights are in
centipawns), ``mate N`` counts moves, not plies: ``ceil(plies / 2)`` with the
sign of the side to move.

The options are declared in :mod:`gamecore.interop.uci_options`, the arguments
of ``go`` and time management are in :mod:`gamecore.interop.uci_go`, one
``go``'s search (lines, levels, pondering) in :mod:`gamecore.interop.uci_search`,
and the ``info`` lines in :mod:`gamecore.interop.uci_info`. docs/uci.md is the
manual.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

import numpy as np

import gamecore
from gamecore.errors import GamecoreError
from gamecore.game import Game
from gamecore.interop import uci_options as opt
from gamecore.interop.uci_go import DEFAULT_OVERHEAD_MS, GoRequest, allot_time
from gamecore.interop.uci_info import mate_in_moves, pv_texts, uci_score
from gamecore.interop.uci_options import DEFAULT_HASH_MB, MAX_CONTEMPT, MAX_HASH_MB
from gamecore.interop.uci_search import GoSettings, SearchJob
from gamecore.play.levels import level_for_elo
from gamecore.search import Limits, Searcher, SearchParams
from gamecore.state import State
from gamecore.weights import Weights, resolve_weights

_COMMANDS = (
    "uci",
    "debug",
    "isready",
    "setoption",
    "register",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
)

log = logging.getLogger("gamecore.uci")


# -- the engine ---------------------------------------------------------------


READ_AT_GO: dict[opt.Option, tuple[str, type]] = {
    opt.MOVE_OVERHEAD: ("overhead_ms", int),
    opt.MULTIPV: ("multipv", int),
    opt.PONDER: ("ponder", bool),
    opt.LIMIT_STRENGTH: ("limit_strength", bool),
    opt.ELO: ("elo", int),
    opt.SHOW_WDL: ("show_wdl", bool),
}
"""Options that only set what the next ``go`` reads: the engine attribute and its type."""


class UciEngine:
    """One UCI session: a game, a searcher, a position and at most one running search."""

    def __init__(
        self,
        game: Game,
        write: Callable[[str], None],
        weights: Weights | None = None,
        hash_mb: int = DEFAULT_HASH_MB,
        params: SearchParams | None = None,
        threads: int = 1,
    ) -> None:
        self.game = game
        self._write = write
        self._write_lock = threading.Lock()
        self.weights = weights if weights is not None else Weights.default(game)
        self.hash_mb = hash_mb
        self.threads = threads
        self.overhead_ms = DEFAULT_OVERHEAD_MS
        self.params = params or SearchParams.tournament()
        self.multipv = 1
        self.limit_strength = False
        self.elo = int(opt.ELO.default)
        self.show_wdl = False
        self.ponder = False
        """The GUI's ``Ponder`` setting: it may send ``go ponder`` (which works either way)."""
        self.rng = np.random.default_rng()
        """The strength levels' move noise."""
        self.state = game.initial_state()
        self.debug = False
        self._searcher: Searcher | None = None
        self._rebuild = True
        self._searcher_lock = threading.Lock()
        self._ready = threading.Event()
        self._ready.set()  # until a warm-up runs: a session without one must not wait for it
        self._thread: threading.Thread | None = None
        self._job: SearchJob | None = None
        self._answered = threading.Event()
        """Set just before a search writes ``bestmove``: from then on a new ``go`` is welcome
        (the GUI may send it before the finished search thread has quite exited)."""
        self._answered.set()

    # -- output -------------------------------------------------------------

    def send(self, line: str) -> None:
        with self._write_lock:
            self._write(line)

    def info_string(self, text: str) -> None:
        self.send("info string " + " ".join(text.split()))

    # -- set-up ---------------------------------------------------------------

    def warm_up(self) -> None:
        """Build the searcher and compile (or load) its kernel in the background.

        A cold numba cache takes seconds to compile; doing it while the GUI is
        still sending ``uci`` and options keeps it off the first move's clock.
        ``isready`` answers once this is done.
        """
        self._ready.clear()
        thread = threading.Thread(target=self._warm_up, name="uci-warm-up", daemon=True)
        thread.start()

    def _warm_up(self) -> None:
        try:
            searcher = self._get_searcher(wait=False)
            searcher.search(self.game.initial_state(), Limits(depth=1))
            searcher.clear()
        except Exception as exc:  # reported, not fatal: the first "go" will say it again
            self.info_string(f"warm-up failed: {type(exc).__name__}: {exc}")
        finally:
            self._ready.set()

    def _get_searcher(self, wait: bool = True) -> Searcher:
        if wait:
            self._ready.wait()
        with self._searcher_lock:
            if self._searcher is None or self._rebuild:
                self._searcher = Searcher(
                    self.game,
                    self.weights.theta,
                    self.params,
                    self.hash_mb,
                    evaluation=self.weights.evaluation(self.game),
                    threads=self.threads,
                )
                self._rebuild = False
            return self._searcher

    # -- the loop -------------------------------------------------------------

    def handle(self, line: str) -> bool:
        """Act on one input line; False once the session should end (``quit``)."""
        tokens = line.split()
        # The protocol: skip unknown tokens in front of a command ("joho debug on").
        while tokens and tokens[0] not in _COMMANDS:
            tokens.pop(0)
        if not tokens:
            return True
        command, args = tokens[0], tokens[1:]
        try:
            return getattr(self, "_cmd_" + command)(args) is not False
        except Exception as exc:  # a fault of ours: logged, told, and the engine goes on
            log.exception("uci: %r failed", line.strip()[:200])
            self.info_string(f"error in {command!r}: {type(exc).__name__}: {exc}")
            if command == "go" and self._answered.is_set():
                self._answer_anyway()  # no search started: its bestmove is still owed
            return True

    def _answer_anyway(self) -> None:
        """``bestmove`` with the first legal move (or ``(none)``) when a ``go`` failed."""
        try:
            moves = self.state.legal_moves()
            text = self.state.move_text(moves[0]) if moves else "(none)"
        except Exception:  # the position itself is broken: a null move is all there is
            log.exception("uci: no legal move to answer with")
            text = "(none)"
        self.send(f"bestmove {text}")

    def finish_input(self) -> None:
        """End of input: a search with a limit still finishes as asked, since its
        ``bestmove`` is owed; one that waits for ``stop`` is stopped."""
        thread, job = self._thread, self._job
        if thread is not None and job is not None and not job.waits:
            thread.join()
        self.close()

    def close(self) -> None:
        """Stop any search and wait for it (its ``bestmove`` is still written)."""
        self._finish_search()

    def _cmd_uci(self, args: list[str]) -> None:
        self.send(f"id name gamecore {gamecore.__version__} ({self.game.name})")
        self.send("id author The gamecore authors")
        contempt = min(round(self.params.contempt), MAX_CONTEMPT)  # a file may go higher
        defaults = {opt.CONTEMPT.name: contempt, opt.THREADS.name: self.threads}
        for option in opt.OPTIONS:
            self.send(option.declaration(defaults.get(option.name)))
        self.send("uciok")

    def _cmd_debug(self, args: list[str]) -> None:
        self.debug = bool(args) and args[0] == "on"

    def _cmd_isready(self, args: list[str]) -> None:
        self._ready.wait()
        self.send("readyok")

    def _cmd_register(self, args: list[str]) -> None:
        pass

    def _cmd_ponderhit(self, args: list[str]) -> None:
        job = self._job
        if job is None or self._answered.is_set() or not job.ponderhit():
            self.info_string("ponderhit without a 'go ponder' running; ignored")

    def _cmd_setoption(self, args: list[str]) -> None:
        named = opt.split_setoption(args)
        if named is None:
            self.info_string("setoption needs: setoption name <id> [value <x>]")
            return
        name, text = named
        option = opt.BY_NAME.get(name.lower())
        if option is None:
            self.info_string(f"no such option {name!r}")
            return
        value, complaint = opt.read_value(option, text)
        if complaint is not None:
            self.info_string(complaint)
        if value is None:
            return
        if option is opt.HASH:
            self._reconfigure(hash_mb=value)
        elif option is opt.THREADS:
            self._reconfigure(threads=value)
        elif option is opt.WEIGHTS:
            try:
                if text in ("", "<empty>"):
                    weights = Weights.default(self.game)
                else:
                    weights = resolve_weights(self.game, text)
            except GamecoreError as exc:
                self.info_string(f"Weights not changed: {exc}")
                return
            self._reconfigure(weights=weights)
        elif option is opt.CONTEMPT:
            assert isinstance(value, int)
            self._reconfigure(params=self.params._replace(contempt=float(value)))
        elif option in READ_AT_GO:
            # Read when "go" arrives: a running search keeps what it started with.
            name, kind = READ_AT_GO[option]
            setattr(self, name, kind(value))

    def _reconfigure(self, **settings: object) -> None:
        """Change what the searcher is built with; the next search rebuilds it. Under the
        searcher's lock, so a warm-up building it meanwhile cannot keep the old settings."""
        self._finish_search()
        with self._searcher_lock:
            for name, value in settings.items():
                setattr(self, name, value)
            self._rebuild = True

    def _cmd_ucinewgame(self, args: list[str]) -> None:
        self._finish_search()
        self.state = self.game.initial_state()
        if self._ready.is_set():
            self._get_searcher().clear()
        # Before the warm-up ends the searcher is fresh anyway (the warm-up clears it).

    def _cmd_position(self, args: list[str]) -> None:
        if "moves" in args:
            cut = args.index("moves")
            setup, moves = args[:cut], args[cut + 1 :]
        else:
            setup, moves = args, []
        try:
            if setup[:1] == ["startpos"]:
                state = self.game.initial_state()
            elif setup[:1] == ["fen"] and len(setup) > 1:
                state = self.game.state_from_text(" ".join(setup[1:]))
            else:
                self.info_string("position needs 'startpos' or 'fen <position>'; ignored")
                return
            for text in moves:
                state.push_text(text)
        except GamecoreError as exc:
            self.info_string(f"position ignored: {exc}")
            return
        self.state = state

    def _cmd_go(self, args: list[str]) -> None:
        received = time.perf_counter()
        if not self._answered.is_set():
            self.info_string("already searching; 'go' ignored")
            return
        request, problems = GoRequest.parse(args)
        for problem in problems:
            self.info_string(problem)
        if problems and request == GoRequest():  # nothing usable: not a bare "go" (infinite)
            self.info_string("'go' ignored")
            return
        state = self.state.copy()
        moves = self._root_moves(state, request.searchmoves)
        settings = GoSettings(
            params=self.params,
            overhead_ms=self.overhead_ms,
            multipv=self.multipv,
            show_wdl=self.show_wdl,
            level=level_for_elo(self.elo) if self.limit_strength else None,
        )
        job = SearchJob(
            self._get_searcher, state, request, settings, self.send, received, moves, self.rng
        )
        if self._thread is not None:  # answered already; it is only finishing
            self._thread.join()
        self._answered.clear()
        self._job = job
        self._thread = threading.Thread(
            target=self._search, args=(job,), name="uci-search", daemon=True
        )
        self._thread.start()

    def _root_moves(self, state: State, texts: list[str]) -> list[int] | None:
        """The legal moves among ``go searchmoves``'s (None: search every move)."""
        if not texts:
            return None
        legal = set(state.legal_moves())
        moves = []
        for text in texts:
            try:
                move = state.parse_move(text)
            except GamecoreError:
                move = None
            if move in legal:
                moves.append(move)
            else:
                self.info_string(f"searchmoves: {text!r} is not a legal move here; skipped")
        if not moves:
            self.info_string("searchmoves: no legal move given; searching every move")
        return moves or None

    def _cmd_stop(self, args: list[str]) -> None:
        self._finish_search()

    def _cmd_quit(self, args: list[str]) -> bool:
        self._finish_search()
        return False

    # -- searching ------------------------------------------------------------

    def _finish_search(self) -> None:
        """Stop the running search, if any, and wait until it has written ``bestmove``."""
        thread, job = self._thread, self._job
        if thread is None:
            return
        if job is not None:
            job.stop()
        thread.join()
        self._thread = None

    def _search(self, job: SearchJob) -> None:
        best: int | None = None
        ponder: int | None = None
        try:
            best, ponder = job.run()
        except Exception as exc:
            log.exception("uci: search failed")
            self.info_string(f"search failed: {type(exc).__name__}: {exc}")
            moves = job.moves or job.state.legal_moves()
            best = moves[0] if moves else None
        job.wait_for_release()  # "go infinite", "go ponder": the answer waits
        state = job.state
        if best is None:
            answer = "bestmove (none)"
        else:
            texts = pv_texts(state, [best] if ponder is None else [best, ponder])
            answer = f"bestmove {state.move_text(best)}"
            if len(texts) == 2:
                answer += f" ponder {texts[1]}"
        self._answered.set()
        self.send(answer)


__all__ = [
    "DEFAULT_HASH_MB",
    "MAX_HASH_MB",
    "GoRequest",
    "UciEngine",
    "allot_time",
    "mate_in_moves",
    "pv_texts",
    "uci_score",
]
