"""Iterative deepening around the bound search kernel, for the CLI, the GUI and the trainers.

:meth:`Searcher.iterate` is a generator yielding one :class:`SearchInfo` per
completed depth (as Sunfish does), so the caller decides when it has seen
enough; limits on depth, nodes and time stop it from inside. Time limits are
kept by a watchdog thread that raises the kernel's stop flag: the kernel
releases the GIL (``nogil``), so the watchdog runs while it searches, and an
interrupted iteration still contributes the best root move it finished. A
plain-Python kernel holds the GIL, so it also reads the clock itself against a
deadline the driver sets (:func:`gamecore.jit.python_deadline_passed`).
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Generator
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from gamecore import interrupts
from gamecore.algorithms import tt as ttable
from gamecore.binding import bind
from gamecore.bounds import (
    MAX_NODES,
    MAX_SEARCH_DEPTH,
    MAX_SECONDS,
    MAX_THREADS,
    is_finite_number,
    is_whole,
)
from gamecore.errors import BadOption
from gamecore.evaluations import Evaluation, NetworkBuffers, linear
from gamecore.game import Game
from gamecore.search.lazy_smp import HelperThreads
from gamecore.search.params import SearchParams
from gamecore.search.params import resolve as resolve_params
from gamecore.state import State
from gamecore.values import INF, MATE, MAX_EVAL, MAX_PLY


class SearchContext(NamedTuple):
    """The buffers a search works in, allocated once per :class:`Searcher` and passed to
    every compiled search and learning function (the learners reuse them afterwards)."""

    moves: np.ndarray
    """[ply, i]: the moves generated at each ply."""
    keys: np.ndarray
    """[ply, i]: their ordering keys."""
    killers: np.ndarray
    """[ply, 2]: two quiet moves that caused a cut-off at that ply."""
    history: np.ndarray
    """[team, slot]: the history heuristic's counters."""
    pv: np.ndarray
    """[ply, ply]: the triangular principal-variation table."""
    pv_len: np.ndarray
    """[ply]: where each ply's principal variation ends."""
    info: np.ndarray
    """Counters and flags shared with Python (indices in the search template: NODES, ...)."""
    theta: np.ndarray
    """The weights θ the search evaluates with (learning changes them in place)."""
    fidx: np.ndarray
    """Active feature indices of the last evaluation."""
    fval: np.ndarray
    """Their values."""
    tt: ttable.Table
    """The transposition table."""
    targets: np.ndarray
    """[ply]: where the noisy move made at that ply landed (-1: none), for recaptures."""
    net: NetworkBuffers
    """The network evaluation's tables and scratch (empty for the linear evaluation)."""
    root_moves: np.ndarray
    """[0]: how many root moves the search is restricted to (0: every move), then those moves
    (:meth:`Searcher.restrict_root`)."""


@dataclass(frozen=True)
class Limits:
    """When to stop (python-chess's ``Limit``): any that is set, first reached."""

    depth: int | None = None
    nodes: int | None = None
    time: float | None = None
    """Seconds of wall-clock time for the whole search."""

    def __post_init__(self) -> None:
        """Impossible limits are :class:`BadOption` here, before any buffer is sized by them
        or a search is started that could not end (programs build limits too, not only the
        command line, which checks the same ranges)."""
        for name, most in (("depth", MAX_SEARCH_DEPTH), ("nodes", MAX_NODES)):
            value = getattr(self, name)
            if value is not None and not (is_whole(value) and 1 <= value <= most):
                raise BadOption(
                    f"search {name} must be a whole number from 1 to {most:,}, not {value!r}"
                )
        if self.time is not None and not (
            is_finite_number(self.time) and 0 < self.time <= MAX_SECONDS
        ):
            raise BadOption(
                f"search time must be above 0 and at most {MAX_SECONDS:g} s, not {self.time!r}"
            )


@dataclass(frozen=True)
class Score:
    """A search value that knows its point of view (the team to move) and mate distance."""

    value: float
    mate: int | None = None
    """Plies to the end of a won (positive) or lost (negative) game, if the search saw one."""

    @classmethod
    def from_value(cls, value: float) -> Score:
        if abs(value) > MAX_EVAL:
            plies = round(MATE - abs(value))
            return cls(value, plies if value > 0 else -plies)
        return cls(value)

    def __str__(self) -> str:
        if self.mate is not None:
            return f"mate {self.mate:+d} plies"
        return f"{self.value:+.1f}"


@dataclass(frozen=True)
class SearchInfo:
    """What one iteration found."""

    depth: int
    score: Score
    best_move: int
    pv: list[int]
    nodes: int
    seldepth: int
    seconds: float
    complete: bool = True
    """False for the last, interrupted iteration (its move was fully searched, its depth not)."""

    @property
    def nps(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


INTERRUPT_POLL_SECONDS = 0.05
"""How often a thread waiting for an interruptible search looks for Ctrl-C."""


class Searcher:
    """A game's search with its own transposition table and buffers, reused across searches."""

    def __init__(
        self,
        game: Game,
        theta: np.ndarray,
        params: SearchParams | None = None,
        tt_megabytes: float = 16,
        interruptible: bool = False,
        evaluation: Evaluation | None = None,
        threads: int = 1,
    ) -> None:
        """``params``: None for the game's default (its shipped ``search/default.json``).
        ``interruptible``: run each compiled search in a helper thread while the calling
        thread waits, so that Ctrl-C stops it at once. Python handles signals only in the
        main thread and only between bytecodes, so a search of minutes in the main thread
        would otherwise hear Ctrl-C only when it ends. It costs a thread per iteration:
        right for a person waiting at a prompt, not for training's thousands of searches.
        ``evaluation``: what θ weighs (default: the game's linear features; see
        :meth:`gamecore.weights.Weights.evaluation`).
        ``threads``: search with this many threads (Lazy SMP, :mod:`gamecore.search.lazy_smp`);
        one, the default, is deterministic."""
        evaluation = evaluation or linear(game)
        if theta.shape != (evaluation.size,):
            raise ValueError(
                f"theta has shape {theta.shape}, the {evaluation.name} evaluation needs "
                f"{evaluation.size}"
            )
        self.game = game
        self.evaluation = evaluation
        self.interruptible = interruptible
        if params is None:
            params = resolve_params(game, None)
        self.set_params(params)
        self.kernel = bind(game, "gamecore.algorithms.alphabeta", evaluation.template)
        self._ordering = bind(game, "gamecore.algorithms.ordering")
        self.theta = np.ascontiguousarray(theta, dtype=np.float64)
        self.tt = ttable.new_table(tt_megabytes)
        self.info = np.zeros(self.kernel.INFO_SIZE, dtype=np.int64)
        self._generation = 0
        self.ctx = self._new_context(self.info)
        self._helpers = HelperThreads(self.kernel, self._new_context, 0)
        self.set_threads(threads)

    def _new_context(self, info: np.ndarray) -> SearchContext:
        """Fresh buffers around ``info``, on this searcher's table and θ."""
        game, evaluation = self.game, self.evaluation
        rows = MAX_PLY + 1
        return SearchContext(
            moves=np.zeros((rows, game.max_moves), dtype=np.int64),
            keys=np.zeros((rows, game.max_moves), dtype=np.int64),
            killers=np.zeros((rows, 2), dtype=np.int64),
            history=np.zeros((2, 1 << self._ordering.HISTORY_BITS), dtype=np.int64),
            pv=np.zeros((rows, rows), dtype=np.int64),
            pv_len=np.zeros(rows, dtype=np.int64),
            info=info,
            theta=self.theta,
            fidx=np.zeros(evaluation.size, dtype=np.int64),
            fval=np.zeros(evaluation.size, dtype=np.float64),
            tt=self.tt,
            targets=np.full(rows, -1, dtype=np.int64),
            net=evaluation.buffers(),
            root_moves=np.zeros(game.max_moves + 1, dtype=np.int64),
        )

    # -- control -----------------------------------------------------------------

    def set_params(self, params: SearchParams) -> None:
        """Search with ``params`` from the next search on (a tuner changes them mid-run)."""
        if params.null_move and not self.game.capabilities.null_move:
            params = params._replace(null_move=False)  # no null move to prune with
        self.params = params

    def set_threads(self, threads: int) -> None:
        """Search with ``threads`` threads from the next search on (not during one). A
        plain-Python plugin's search holds the GIL, so it always searches with one."""
        if not (is_whole(threads) and 1 <= threads <= MAX_THREADS):
            raise BadOption(
                f"threads must be a whole number from 1 to {MAX_THREADS}, not {threads!r}"
            )
        compiled = hasattr(self.kernel.search_root, "py_func")
        self.threads = int(threads) if compiled else 1
        if self.threads - 1 != len(self._helpers):
            self._helpers = HelperThreads(self.kernel, self._new_context, self.threads - 1)

    def stop(self) -> None:
        """Ask a running search to stop (safe from any thread)."""
        self._stop_main()
        self._helpers.signal_stop()

    def _stop_main(self) -> None:
        self.info[self.kernel.STOP] = 1

    def restrict_root(self, moves: list[int] | None) -> None:
        """Search only ``moves`` at the root from the next search on (UCI's ``go searchmoves``);
        None or an empty list: every move again. The caller passes legal moves and lifts the
        restriction when done: it holds for every search until then."""
        allowed = self.ctx.root_moves
        moves = list(dict.fromkeys(moves or []))[: len(allowed) - 1]
        allowed[1 : len(moves) + 1] = moves
        allowed[0] = len(moves)

    def _run(self, kernel_function, *args):
        """``kernel_function(*args)``, in a helper thread if :attr:`interruptible`.

        While it runs, Ctrl-C only raises the kernel's stop flag (a handler, so no moment
        of the hand-over can lose it: the flag persists until the kernel looks); once the
        helper has returned, the interrupt is raised again in the calling thread."""
        if not (
            self.interruptible
            and threading.current_thread() is threading.main_thread()
            and interrupts.raises_keyboard_interrupt(signal.getsignal(signal.SIGINT))
        ):
            return kernel_function(*args)
        outcome: list = []
        interrupted: list[bool] = []

        def work() -> None:
            try:
                outcome.append((True, kernel_function(*args)))
            except BaseException as exc:  # handed to the waiting thread below
                outcome.append((False, exc))

        def on_interrupt(signum: int, frame: object) -> None:
            self.stop()
            interrupted.append(True)

        previous = signal.signal(signal.SIGINT, on_interrupt)
        try:
            helper = threading.Thread(target=work, name="search", daemon=True)
            helper.start()
            while helper.is_alive():
                helper.join(INTERRUPT_POLL_SECONDS)
        finally:
            signal.signal(signal.SIGINT, previous)
        if interrupted:
            raise KeyboardInterrupt
        ok, value = outcome[0]
        if not ok:
            raise value
        return value

    def nodes(self) -> int:
        """Nodes searched so far in the current (or last) search, by every thread."""
        return int(self.info[self.kernel.NODES]) + self._helpers.nodes()

    def clear(self) -> None:
        """Forget the transposition table, killers and history (a new game, or TreeStrap)."""
        ttable.clear(self.tt)
        self.ctx.killers[:] = 0
        self.ctx.history[:] = 0
        self._helpers.clear()

    def refresh(self, arrays: tuple) -> None:
        """Bring the game's value accumulator (if it keeps one) at the current ply up to date
        with θ; searches start from it and ``make_move`` carries it along. (A network's
        θ weighs something else: its search reads no accumulator.)"""
        if self.evaluation.is_linear:
            self.game.kernel.value_refresh(arrays, self.theta)

    def evaluate(self, state: State) -> float:
        """The static evaluation of ``state`` for its team to move."""
        self.refresh(state.arrays)
        return float(self.kernel.search_value(state.arrays, self.ctx))

    # -- searching ---------------------------------------------------------------

    def search(self, state: State, limits: Limits, *, playing_for: int | None = None) -> SearchInfo:
        """Search to the limits and return the last iteration's result."""
        last = None
        for last in self.iterate(state, limits, playing_for=playing_for):  # noqa: B007
            pass
        if last is None:
            raise RuntimeError("search produced no iteration")
        return last

    def iterate(
        self, state: State, limits: Limits, *, playing_for: int | None = None
    ) -> Generator[SearchInfo, None, None]:
        """Yield one :class:`SearchInfo` per depth until a limit is reached.

        ``playing_for`` is the team whose draws ``params.contempt`` discounts: the team to
        move unless a caller searching a position after its own move (multi-PV) says so.

        Always yields at least one result when the position has a legal move. A time
        limit never cuts the first iteration short (as engines do: loading the compiled
        search or a busy machine can delay the first nodes past a short move time, and a
        move from no search at all is a blunder); :meth:`stop` does, and then the first
        legal move is reported.
        """
        k = self.kernel
        state.reserve(MAX_PLY + 1)
        info = self.info
        info[:] = 0
        self._generation = self._generation % 30000 + 1
        info[k.GENERATION] = self._generation
        # A node limit is shared out: each thread stops after its part.
        info[k.NODE_LIMIT] = -(-limits.nodes // self.threads) if limits.nodes else 0
        info[k.ROOT_TEAM] = state.team if playing_for is None else playing_for
        max_depth = min(limits.depth or MAX_PLY - 1, MAX_PLY - 1)
        # Once per search, not per iteration: θ changes only between searches (learning).
        self.refresh(state.arrays)
        start = time.perf_counter()
        watchdog = None
        out_of_time = threading.Event()
        first_finished = threading.Event()

        def time_is_up() -> None:
            # Each side sets its event before looking at the other's, so whichever comes
            # second sees both: a search past depth 1 is stopped, depth 1 is finished.
            out_of_time.set()
            if first_finished.is_set():
                self.stop()

        if limits.time is not None:
            watchdog = threading.Timer(max(0.0, limits.time), time_is_up)
            watchdog.daemon = True
            watchdog.start()
        previous: SearchInfo | None = None
        if self._helpers:
            self._helpers.start(
                state, self.ctx, self.params, max_depth, self.refresh, self._stop_main
            )
        completed = 0
        try:
            depth = 1
            while depth <= max_depth:
                result = self._iteration(state, depth, previous, start)
                if result is None:  # interrupted before any root move was finished
                    break
                yield result
                previous = result
                if not result.complete or info[k.ABORTED]:
                    break
                completed = depth
                handed_over = self._helper_result(completed, start)
                if handed_over is not None:  # a helper finished deeper: go on from there
                    yield handed_over
                    previous = handed_over
                    completed = handed_over.depth
                depth = completed + 1
                result = previous
                first_finished.set()
                if out_of_time.is_set():
                    break
                if limits.time is not None and not info[k.DEADLINE]:
                    info[k.DEADLINE] = int((start + limits.time) * 1e9)  # perf_counter_ns
                if result.score.mate is not None and abs(result.score.mate) <= result.depth:
                    break  # a forced result was found within the full-width depth
            handed_over = self._helper_result(completed, start)
            if handed_over is not None:  # the main thread stopped; a helper went deeper
                yield handed_over
                previous = handed_over
        finally:
            if watchdog is not None:
                watchdog.cancel()
            self._helpers.stop()
        if previous is None:
            moves = state.legal_moves()
            if moves:
                yield SearchInfo(
                    0,
                    Score(0.0),
                    moves[0],
                    [moves[0]],
                    self.nodes(),
                    0,
                    time.perf_counter() - start,
                    complete=False,
                )

    def _helper_result(self, completed: int, start: float) -> SearchInfo | None:
        """A depth beyond ``completed`` that a helper thread finished, as a result."""
        deeper = self._helpers.deeper_than(completed)
        if deeper is None:
            return None
        seconds = time.perf_counter() - start
        score = Score.from_value(deeper.value)
        return SearchInfo(
            deeper.depth, score, deeper.pv[0], deeper.pv, self.nodes(), deeper.seldepth, seconds
        )

    def _iteration(
        self, state: State, depth: int, previous: SearchInfo | None, start: float
    ) -> SearchInfo | None:
        k = self.kernel
        info = self.info
        params = self.params
        d = np.int64(depth)
        if params.aspiration and previous is not None and previous.score.mate is None:
            window = params.aspiration_window
            alpha, beta = previous.score.value - window, previous.score.value + window
            value = self._run(k.search_root, state.arrays, self.ctx, params, d, alpha, beta)
            if not info[k.ABORTED] and not (alpha < value < beta):
                value = self._run(k.search_root, state.arrays, self.ctx, params, d, -INF, INF)
        else:
            value = self._run(k.search_root, state.arrays, self.ctx, params, d, -INF, INF)
        seconds = time.perf_counter() - start
        nodes = self.nodes()
        if info[k.ABORTED]:
            move = int(info[k.ROOT_BEST])
            if move == 0 or (previous is not None and move == previous.best_move):
                return None  # nothing finished that the previous iteration did not know
            pv = [move]
            return SearchInfo(
                depth,
                Score(previous.score.value if previous else 0.0),
                move,
                pv,
                nodes,
                int(info[k.SELDEPTH]),
                seconds,
                complete=False,
            )
        pv_len = int(self.ctx.pv_len[0])
        pv = [int(m) for m in self.ctx.pv[0, :pv_len]]
        score = Score.from_value(float(value))
        best = pv[0] if pv else int(info[k.ROOT_BEST])
        return SearchInfo(depth, score, best, pv, nodes, int(info[k.SELDEPTH]), seconds)
