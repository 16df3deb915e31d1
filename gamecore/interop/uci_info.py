"""What a UCI engine tells the GUI while it searches: the ``info`` lines.

One line per finished depth (per line of play with ``MultiPV`` above 1):
``depth``, ``seldepth``, ``multipv``, ``score`` (``cp`` or ``mate`` in moves,
and ``wdl`` when ``UCI_ShowWDL`` is on), ``nodes``, ``nps``, ``hashfull``,
``time`` and ``pv``. While a depth runs, a :class:`Reporter` thread says once a
second (after the first second, as Stockfish does) which root move the search
is on: ``currmove`` and ``currmovenumber``. docs/uci.md describes every field.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable

import numpy as np

from gamecore.algorithms.tt import NO_DEPTH, Table
from gamecore.search import Score, Searcher, SearchInfo
from gamecore.state import State

GENERATIONS = 30000
"""Search numbers in the transposition table run 1 to this, then start again at 1
(:meth:`gamecore.search.Searcher.iterate`)."""
HASHFULL_SLOTS = 1000
"""``hashfull`` looks at this many slots from the start of the table, as Stockfish does."""
REPORT_AFTER = 1.0
"""Seconds before the first ``currmove`` report, and between reports."""

WDL_MIDPOINT = 100.0
"""Centipawns at which the WDL model gives a win half the time."""
WDL_SCALE = 50.0
"""How fast the model's win chance rises around :data:`WDL_MIDPOINT`, in centipawns."""


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


def wdl(score: Score) -> tuple[int, int, int]:
    """Win, draw and loss chances in permille for the side to move: a model, not a
    measurement. A mate is certain; otherwise the win chance is logistic in the
    evaluation, ``1 / (1 + exp((MIDPOINT - cp) / SCALE))``, the loss chance the same of
    ``-cp``, and the draw chance the rest (about 76 % drawn at 0, even chances of a win
    and a draw at +100 cp, a win nearly sure from +300)."""
    if score.mate is not None:
        return (1000, 0, 0) if score.mate > 0 else (0, 0, 1000)

    def logistic(cp: float) -> int:
        x = (WDL_MIDPOINT - cp) / WDL_SCALE
        return 0 if x > 700 else round(1000 / (1 + math.exp(x)))

    win, loss = logistic(score.value), logistic(-score.value)
    return win, 1000 - win - loss, loss


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


def score_text(score: Score, show_wdl: bool) -> str:
    text = uci_score(score)
    if show_wdl:
        text += " wdl {} {} {}".format(*wdl(score))
    return text


def stats_text(nodes: int, seconds: float, hashfull: int | None = None) -> str:
    nps = int(nodes / seconds) if seconds > 0 else 0
    full = "" if hashfull is None else f" hashfull {hashfull}"
    return f"nodes {nodes} nps {nps}{full} time {int(seconds * 1000)}"


def info_line(
    state: State,
    result: SearchInfo,
    *,
    show_wdl: bool = False,
    hashfull: int | None = None,
    multipv: int | None = 1,
) -> str:
    """The ``info`` line of one finished (or interrupted) depth."""
    stats = stats_text(result.nodes, result.seconds, hashfull)
    if result.depth == 0:  # stopped before the first iteration finished anything
        return f"info {stats}"
    pv = " ".join(pv_texts(state, result.pv))
    head = f"info depth {result.depth}"
    if result.seldepth:  # 0: not counted (MultiPV lines)
        head += f" seldepth {result.seldepth}"
    if not result.complete:  # its move is searched to this depth, its score is not known
        return f"{head} {stats} pv {pv}"
    line = "" if multipv is None else f" multipv {multipv}"
    return f"{head}{line} score {score_text(result.score, show_wdl)} {stats} pv {pv}"


# -- the transposition table's use ---------------------------------------------


def hashfull(table: Table, after: int, last: int) -> int:
    """Permille of the table's first :data:`HASHFULL_SLOTS` slots holding an entry written by
    a search numbered ``after + 1`` to ``last`` (generations wrap round at
    :data:`GENERATIONS`): the share of the table this ``go`` has filled."""
    slots = min(HASHFULL_SLOTS, len(table.depth))
    generation = table.generation[:slots].astype(np.int64)
    used = table.depth[:slots] != NO_DEPTH
    age = (generation - after) % GENERATIONS  # 1 for the first search after `after`
    span = (last - after) % GENERATIONS
    written = used & (generation > 0) & (age >= 1) & (age <= span)
    return int(written.sum() * 1000 // slots)


class TableUse:
    """The ``hashfull`` of one ``go``, which may run several searches (``MultiPV``)."""

    def __init__(self, searcher: Searcher) -> None:
        self.searcher = searcher
        self.before = self._generation()  # the last search before this go

    def _generation(self) -> int:
        return int(self.searcher.info[self.searcher.kernel.GENERATION])

    def permille(self) -> int:
        return hashfull(self.searcher.tt, self.before, self._generation())


# -- what the search is doing now ------------------------------------------------


class Reporter:
    """A thread that reports the root move the running search is on, once a second after
    the first second: ``info depth D currmove M currmovenumber N`` and the counts so far."""

    def __init__(
        self,
        searcher: Searcher,
        root: State,
        send: Callable[[str], None],
        table_use: TableUse,
    ) -> None:
        self.searcher = searcher
        self.root = root.copy()  # the search moves pieces on its own copy's arrays meanwhile
        self.send = send
        self.table_use = table_use
        self.started = time.perf_counter()
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="uci-reporter", daemon=True)

    def start(self) -> Reporter:
        self._thread.start()
        return self

    def stop(self) -> None:
        """End the reports (none is written once this returns)."""
        self._done.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join()

    def _run(self) -> None:
        while not self._done.wait(REPORT_AFTER):
            line = self.line()
            if line is not None and not self._done.is_set():
                self.send(line)

    def line(self) -> str | None:
        k = self.searcher.kernel
        info = self.searcher.info
        move, number, depth = int(info[k.ROOT_MOVE]), int(info[k.ROOT_MOVE_NUMBER]), 0
        depth = int(info[k.ROOT_DEPTH])
        if move == 0 or number == 0 or depth == 0:
            return None
        try:
            text = self.root.move_text(move)
        except Exception:  # read while the kernel changed it: skip this report
            return None
        seconds = time.perf_counter() - self.started
        stats = stats_text(int(info[k.NODES]), seconds, self.table_use.permille())
        return f"info depth {depth} currmove {text} currmovenumber {number} {stats}"


__all__ = [
    "Reporter",
    "TableUse",
    "hashfull",
    "info_line",
    "mate_in_moves",
    "pv_texts",
    "uci_score",
    "wdl",
]
