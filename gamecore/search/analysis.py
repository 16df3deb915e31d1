"""Every root move scored, best first: the top moves of a position (multi-PV).

The alpha-beta search proves one best move and only bounds the others. To
show several lines, or to choose among near-best moves (the weaker levels of
:mod:`gamecore.play.levels`), each root move is played and the position after it
searched one ply less deep with the same :class:`~gamecore.search.Searcher`
(its transposition table carries over from move to move), still playing for
the root's team (whose draws a contempt discounts), and the child's score is
turned back to the mover's side. :func:`iterate_root_lines` does it
depth by depth, as :meth:`Searcher.iterate` does, so a window can show the
lines growing deeper; :func:`top_moves` returns the last complete depth's.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from gamecore.bounds import MAX_SEARCH_DEPTH
from gamecore.search import Limits, Score, Searcher
from gamecore.state import State
from gamecore.values import MATE, MAX_EVAL


@dataclass(frozen=True)
class RootLine:
    """One root move, its score for the team to move at the root, and the line after it."""

    move: int
    score: Score
    pv: list[int]
    """The move, then the child search's principal variation."""
    depth: int
    """Plies searched from the root (the move itself is one)."""


def _to_root(value: float, same_team: bool) -> float:
    """A child's value (for its team to move) as the root mover's: negated across teams,
    and a mate one ply further away."""
    if abs(value) > MAX_EVAL:
        value = (abs(value) - 1.0) * (1.0 if value > 0 else -1.0)
    return value if same_team else -value


def _terminal_value(child: State, playing_for: int, contempt: float) -> float:
    """A finished child's value for its team to move; a draw ``contempt`` below level for
    ``playing_for``, as the search scores it."""
    winner = child.winner_team()
    if winner is None:
        return -contempt if child.team == playing_for else contempt
    return MATE if winner == child.team else -MATE


def root_lines(
    searcher: Searcher,
    state: State,
    depth: int,
    *,
    nodes: int | None = None,
    deadline: float | None = None,
    moves: list[int] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> tuple[list[RootLine], int, bool]:
    """Every root move (or ``moves``) searched ``depth`` plies from the root, best first.

    Returns the lines, the nodes searched and whether every line finished: False when
    ``nodes`` ran out, ``deadline`` (a :func:`time.perf_counter` instant) passed or
    ``cancelled()`` said so, and the lines are then only those finished.
    """
    root = state.copy()
    team = root.team
    lines: list[RootLine] = []
    spent = 0
    for move in moves if moves is not None else root.legal_moves():
        if cancelled is not None and cancelled():
            return _sorted(lines), spent, False
        left = None if deadline is None else deadline - time.perf_counter()
        if left is not None and left <= 0:
            return _sorted(lines), spent, False
        budget = None if nodes is None else nodes - spent
        if budget is not None and budget <= 0:
            return _sorted(lines), spent, False
        root.push_unchecked(move)
        try:
            same = root.team == team
            if root.is_terminal():
                value, pv = _terminal_value(root, team, searcher.params.contempt), [move]
            else:
                limits = Limits(depth=max(1, depth - 1), nodes=budget, time=left)
                info = searcher.search(root, limits, playing_for=team)
                spent += info.nodes
                if not info.complete or info.depth < max(1, depth - 1):
                    return _sorted(lines), spent, False
                value, pv = info.score.value, [move, *info.pv]
        finally:
            root.pop()
        lines.append(RootLine(move, Score.from_value(_to_root(value, same)), pv, depth))
    return _sorted(lines), spent, True


def _sorted(lines: list[RootLine]) -> list[RootLine]:
    return sorted(lines, key=lambda line: -line.score.value)


def iterate_root_lines(
    searcher: Searcher,
    state: State,
    limits: Limits,
    cancelled: Callable[[], bool] | None = None,
    *,
    moves: list[int] | None = None,
) -> Iterator[list[RootLine]]:
    """Every root move scored, best first, once per depth until a limit is reached.

    Depths start at 2 (1 when ``limits.depth`` is 1); each searches the previous depth's
    best moves first. The first depth always finishes, whatever the time and node limits;
    a later depth that a limit cuts short is not reported. Yields nothing in a position
    without moves. ``moves``: the root moves to score (legal ones; None: every move).
    """
    for lines, _ in counted_root_lines(searcher, state, limits, cancelled, moves):
        yield lines


def counted_root_lines(
    searcher: Searcher,
    state: State,
    limits: Limits,
    cancelled: Callable[[], bool] | None = None,
    moves: list[int] | None = None,
) -> Iterator[tuple[list[RootLine], int]]:
    """:func:`iterate_root_lines` with the nodes searched so far beside each depth's lines,
    and the root restricted to ``moves`` (legal ones; None: every move)."""
    if moves is None:
        moves = state.legal_moves()
    if not moves or state.is_terminal():
        return
    deadline = None if limits.time is None else time.perf_counter() + limits.time
    spent = 0
    most = limits.depth or MAX_SEARCH_DEPTH
    start = min(2, most)  # depth 1 and 2 both search each child one ply (and quiescence)
    for depth in range(start, most + 1):
        first = depth == start
        budget = None if limits.nodes is None or first else limits.nodes - spent
        lines, nodes, complete = root_lines(
            searcher,
            state,
            depth,
            nodes=budget,
            deadline=None if first else deadline,
            moves=moves,
            cancelled=cancelled,
        )
        spent += nodes
        if not complete:
            return
        yield lines, spent
        moves = [line.move for line in lines]
        if all(line.score.mate is not None for line in lines):
            return  # every move's result is proven: deeper says nothing new
        if deadline is not None and time.perf_counter() >= deadline:
            return
        if limits.nodes is not None and spent >= limits.nodes:
            return


def top_moves(
    searcher: Searcher,
    state: State,
    k: int,
    limits: Limits,
    cancelled: Callable[[], bool] | None = None,
) -> list[RootLine]:
    """The ``k`` best root moves, best first, from the deepest depth the limits allow."""
    last: list[RootLine] = []
    for lines in iterate_root_lines(searcher, state, limits, cancelled):
        last = lines
    return last[:k]


__all__ = ["RootLine", "counted_root_lines", "iterate_root_lines", "root_lines", "top_moves"]
