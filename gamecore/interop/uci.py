"""The UCI protocol (Universal Chess Interface) in front of :class:`~gamecore.search.Searcher`.

:class:`UciEngine` reads one command line at a time (:meth:`UciEngine.handle`)
and writes replies through a callable, so it runs the same behind stdin/stdout
(``gamecore uci``) as in a test. The search runs in a background thread:
``stop``, ``isready`` and ``quit`` are answered while it thinks. Input that is
not understood is ignored, as the protocol asks; a bad FEN or an illegal move
in ``position`` is reported as ``info string`` and the previous position kept.

Any registered game can be played this way (positions are the game's text,
moves its notation); the GUIs that speak UCI only know chess.

Scores: ``cp`` is the evaluation rounded (the shipped chess weights are in
centipawns), ``mate N`` counts moves, not plies: ``ceil(plies / 2)`` with the
sign of the side to move.

Time management and the arguments of ``go`` are in :mod:`gamecore.interop.uci_go`.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

import gamecore
from gamecore.errors import GamecoreError
from gamecore.game import Game
from gamecore.interop.uci_go import DEFAULT_OVERHEAD_MS, GoRequest, allot_time
from gamecore.search import Limits, Score, Searcher, SearchInfo, SearchParams
from gamecore.state import State
from gamecore.weights import Weights, resolve_weights

DEFAULT_HASH_MB = 16
MAX_HASH_MB = 4096
MAX_CONTEMPT = 1000
"""In evaluation units: ten Pawns on the hand-set chess scale."""
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


# -- scores and variations ----------------------------------------------------


def mate_in_moves(plies: int) -> int:
    """A mate distance in plies as UCI counts it: moves of the winner, negative when mated."""
    moves = (abs(plies) + 1) // 2
    return moves if plies > 0 else -moves


def uci_score(score: Score) -> str:
    """``cp N`` or ``mate N`` (moves), from the side to move's point of view."""
    if score.mate is not None:
        return f"mate {mate_in_moves(score.mate)}"
    return f"cp {round(score.value)}"


def pv_texts(state: State, pv: list[int]) -> list[str]:
    """The variation in the game's notation (stops at the first move that is not legal)."""
    walk = state.copy()
    texts = []
    for move in pv:
        if move not in walk.legal_moves():
            break
        texts.append(walk.move_text(move))
        walk.push_unchecked(move)
    return texts


# -- the engine ---------------------------------------------------------------


class UciEngine:
    """One UCI session: a game, a searcher, a position and at most one running search."""

    def __init__(
        self,
        game: Game,
        write: Callable[[str], None],
        weights: Weights | None = None,
        hash_mb: int = DEFAULT_HASH_MB,
        params: SearchParams | None = None,
    ) -> None:
        self.game = game
        self._write = write
        self._write_lock = threading.Lock()
        self.weights = weights if weights is not None else Weights.default(game)
        self.hash_mb = hash_mb
        self.overhead_ms = DEFAULT_OVERHEAD_MS
        self.params = params or SearchParams.tournament()
        self.state = game.initial_state()
        self.debug = False
        self._searcher: Searcher | None = None
        self._rebuild = True
        self._searcher_lock = threading.Lock()
        self._ready = threading.Event()
        self._ready.set()  # until a warm-up runs: a session without one must not wait for it
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._answered = threading.Event()
        """Set just before a search writes ``bestmove``: from then on a new ``go`` is welcome
        (the GUI may send it before the finished search thread has quite exited)."""
        self._answered.set()
        self._waits_for_stop = False
        """The running search is ``go infinite`` (or ponder, or a bare ``go``)."""

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
        thread = self._thread
        if thread is not None and not self._waits_for_stop:
            thread.join()
        self.close()

    def close(self) -> None:
        """Stop any search and wait for it (its ``bestmove`` is still written)."""
        self._finish_search()

    def _cmd_uci(self, args: list[str]) -> None:
        self.send(f"id name gamecore {gamecore.__version__} ({self.game.name})")
        self.send("id author The gamecore authors")
        self.send(f"option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}")
        self.send("option name Weights type string default <empty>")
        self.send(
            f"option name Move Overhead type spin default {DEFAULT_OVERHEAD_MS} min 0 max 5000"
        )
        contempt = min(round(self.params.contempt), MAX_CONTEMPT)  # a file may go higher
        self.send(f"option name Contempt type spin default {contempt} min 0 max {MAX_CONTEMPT}")
        self.send("uciok")

    def _cmd_debug(self, args: list[str]) -> None:
        self.debug = bool(args) and args[0] == "on"

    def _cmd_isready(self, args: list[str]) -> None:
        self._ready.wait()
        self.send("readyok")

    def _cmd_register(self, args: list[str]) -> None:
        pass

    def _cmd_ponderhit(self, args: list[str]) -> None:
        pass  # no Ponder option is offered, so a GUI should not send it

    def _cmd_setoption(self, args: list[str]) -> None:
        if not args or args[0] != "name":
            self.info_string("setoption needs: setoption name <id> [value <x>]")
            return
        if "value" in args:
            cut = args.index("value")
            name, value = " ".join(args[1:cut]), " ".join(args[cut + 1 :])
        else:
            name, value = " ".join(args[1:]), ""
        key = name.lower()
        if key == "hash":
            try:
                megabytes = int(value)
            except ValueError:
                self.info_string(f"Hash must be a whole number of MB, not {value!r}")
                return
            self._reconfigure(hash_mb=min(max(megabytes, 1), MAX_HASH_MB))
        elif key == "weights":
            try:
                if value in ("", "<empty>"):
                    weights = Weights.default(self.game)
                else:
                    weights = resolve_weights(self.game, value)
            except GamecoreError as exc:
                self.info_string(f"Weights not changed: {exc}")
                return
            self._reconfigure(weights=weights)
        elif key == "contempt":
            try:
                contempt = min(max(int(value), 0), MAX_CONTEMPT)
            except ValueError:
                self.info_string(f"Contempt must be a whole number, not {value!r}")
                return
            self._reconfigure(params=self.params._replace(contempt=float(contempt)))
        elif key == "move overhead":
            try:
                self.overhead_ms = min(max(int(value), 0), 5000)
            except ValueError:
                self.info_string(f"Move Overhead must be a whole number of ms, not {value!r}")
        else:
            self.info_string(f"no such option {name!r}")

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
        limits, soft, wait = request.limits(state.team, self.overhead_ms)
        if self._thread is not None:  # answered already; it is only finishing
            self._thread.join()
        self._stop.clear()
        self._answered.clear()
        self._waits_for_stop = wait
        self._thread = threading.Thread(
            target=self._search,
            args=(state, limits, soft, wait, received, bool(request.mate and request.mate > 0)),
            name="uci-search",
            daemon=True,
        )
        self._thread.start()

    def _cmd_stop(self, args: list[str]) -> None:
        self._finish_search()

    def _cmd_quit(self, args: list[str]) -> bool:
        self._finish_search()
        return False

    # -- searching ------------------------------------------------------------

    def _finish_search(self) -> None:
        """Stop the running search, if any, and wait until it has written ``bestmove``."""
        thread = self._thread
        if thread is None:
            return
        self._stop.set()
        if self._searcher is not None:
            self._searcher.stop()
        thread.join()
        self._thread = None

    def _search(
        self,
        state: State,
        limits: Limits,
        soft: float | None,
        wait: bool,
        received: float,
        exhaustive: bool = False,
    ) -> None:
        best: int | None = None
        try:
            best = self._think(state, limits, soft, received, exhaustive)
        except Exception as exc:
            self.info_string(f"search failed: {type(exc).__name__}: {exc}")
            moves = state.legal_moves()
            best = moves[0] if moves else None
        if wait:  # "go infinite": the answer waits for "stop"
            self._stop.wait()
        self._answered.set()
        self.send(f"bestmove {state.move_text(best) if best is not None else '(none)'}")

    def _think(
        self,
        state: State,
        limits: Limits,
        soft: float | None,
        received: float,
        exhaustive: bool = False,
    ) -> int | None:
        """``exhaustive``: a requested mate search (``go mate N``), which must find every
        mate within its depth: no pruning that can cut a forced line."""
        searcher = self._get_searcher()
        searcher.set_params(self.params.exhaustive() if exhaustive else self.params)
        moves = state.legal_moves()
        if not moves:
            self.info_string("no legal moves: the game is over")
            return None
        if state.is_terminal():  # drawn by a rule the GUI has not applied
            fresh = self.game.state_from_text(state.to_text())  # the position without its history
            if fresh.is_terminal():
                self.info_string("the game is already over; playing a legal move")
                return moves[0]
            state = fresh
        if self._stop.is_set():  # "stop" came before the search began: answer quickly
            limits = Limits(depth=1)
        if limits.time is not None:  # the clock has been running since "go" arrived
            spent = time.perf_counter() - received
            limits = Limits(limits.depth, limits.nodes, max(0.001, limits.time - spent))
        best = None
        iterations = searcher.iterate(state, limits)
        try:
            for result in iterations:
                best = result.best_move
                self.send(self._info_line(state, result))
                if self._stop.is_set():
                    break
                if soft is not None and time.perf_counter() - received >= soft:
                    break
        finally:
            iterations.close()
        return best if best is not None else moves[0]

    def _info_line(self, state: State, result: SearchInfo) -> str:
        ms = int(result.seconds * 1000)
        stats = f"nodes {result.nodes} nps {int(result.nps)} time {ms}"
        pv = " ".join(pv_texts(state, result.pv))
        if result.depth == 0:  # stopped before the first iteration finished anything
            return f"info {stats}"
        if not result.complete:  # its move is searched to this depth, its score is not known
            return f"info depth {result.depth} seldepth {result.seldepth} {stats} pv {pv}"
        return (
            f"info depth {result.depth} seldepth {result.seldepth} "
            f"score {uci_score(result.score)} {stats} pv {pv}"
        )


__all__ = ["GoRequest", "UciEngine", "allot_time", "mate_in_moves", "pv_texts", "uci_score"]
