"""Engine strength levels for people: 1 (a beginner can win) to 10 (the full engine).

A level limits how deep and how long the search looks, and adds noise to its
choice the way a weaker player errs: at the low levels every root move is
scored (:mod:`gamecore.search.analysis`) and one is drawn by a softmax over the
scores — the lower the level, the higher the temperature, so near-best moves
are often played and bad ones now and then — and a share of moves are simply
random legal moves. From level 8 up the search's own best move is played.
The same table serves the window (``gamecore gui --level``), the terminal
(``gamecore play --level``) and ``benchmarks/level_calibration.py``, which
measures the levels against Stockfish (docs/gui.md has the table).

:data:`LEVEL_ELO` is the one place that says what a level is worth in Elo;
UCI's ``UCI_LimitStrength``/``UCI_Elo`` map onto the levels through it
(:func:`level_for_elo`). Its figures are provisional until the levels are
calibrated against Stockfish.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from gamecore.errors import BadOption
from gamecore.search import Limits, Score, Searcher, SearchInfo
from gamecore.search.analysis import RootLine, iterate_root_lines
from gamecore.state import State


@dataclass(frozen=True)
class Level:
    """One strength level: search limits and move noise."""

    number: int
    depth: int | None
    """Plies the search looks ahead at most (None: as deep as the time allows)."""
    nodes: int | None
    """Nodes the search may visit per move (None: no limit)."""
    temperature: float
    """Softmax temperature over the root moves' scores, in the game's evaluation units
    (centipawns for chess); 0 plays the search's best move."""
    random_share: float
    """The share of moves that are a uniformly random legal move."""

    def limits(self, time: float | None = None, depth: int | None = None) -> Limits:
        """The search limits of this level with ``time`` seconds per move and, if given, a
        further ``depth`` cap."""
        depths = [d for d in (self.depth, depth) if d is not None]
        return Limits(depth=min(depths) if depths else None, nodes=self.nodes, time=time)

    @property
    def noisy(self) -> bool:
        return self.temperature > 0 or self.random_share > 0


LEVELS: dict[int, Level] = {
    level.number: level
    for level in (
        Level(1, depth=1, nodes=5_000, temperature=200.0, random_share=0.25),
        Level(2, depth=2, nodes=10_000, temperature=120.0, random_share=0.12),
        Level(3, depth=2, nodes=20_000, temperature=80.0, random_share=0.06),
        Level(4, depth=3, nodes=40_000, temperature=50.0, random_share=0.03),
        Level(5, depth=3, nodes=80_000, temperature=30.0, random_share=0.0),
        Level(6, depth=4, nodes=200_000, temperature=15.0, random_share=0.0),
        Level(7, depth=5, nodes=500_000, temperature=6.0, random_share=0.0),
        Level(8, depth=6, nodes=2_000_000, temperature=0.0, random_share=0.0),
        Level(9, depth=9, nodes=10_000_000, temperature=0.0, random_share=0.0),
        Level(10, depth=None, nodes=None, temperature=0.0, random_share=0.0),
    )
}
"""The levels by number. Depth and nodes grow with the level; noise shrinks."""
STRONGEST = 10

LEVEL_ELO: dict[int, int] = {
    1: 600,
    2: 840,
    3: 990,
    4: 1140,
    5: 1280,
    6: 1450,
    7: 1600,
    8: 1800,
    9: 2000,
    10: 2200,
}
"""Each level's chess rating, roughly (Elo on Stockfish's ``UCI_Elo`` scale). PROVISIONAL:
levels 2 (840) and 5 (1280) come from ten games each against Stockfish 15.1 at
``UCI_Elo 1350`` on a 10+0.1 clock, level 8 only from a lower bound (it won all ten, so
above 1750); the others are interpolated between those and extrapolated beyond them.
Replace the whole table once ``benchmarks/level_calibration.py`` has measured the
levels; docs/gui.md and docs/uci.md quote it."""
ELO_MIN = LEVEL_ELO[1]
ELO_MAX = LEVEL_ELO[STRONGEST]


def level_for_elo(elo: int) -> Level:
    """The level whose rating in :data:`LEVEL_ELO` is nearest ``elo`` (the weaker one of two
    as near); ratings outside the table get its weakest or strongest level."""
    number = min(LEVEL_ELO, key=lambda n: (abs(LEVEL_ELO[n] - elo), n))
    return LEVELS[number]


def level(number: int) -> Level:
    """The level ``number`` (1 to 10); BadOption otherwise."""
    if isinstance(number, bool) or not isinstance(number, int) or number not in LEVELS:
        raise BadOption(f"level must be a whole number from 1 to {STRONGEST}, not {number!r}")
    return LEVELS[number]


@dataclass(frozen=True)
class LevelChoice:
    """The move a level plays, what the search saw of it, and how it was picked."""

    move: int
    info: SearchInfo
    """The search's report for the move played (its score, its line)."""
    best: int
    """The move the search found best (the same as :attr:`move` when no noise was added)."""
    how: str
    """``best``, ``softmax`` or ``random``."""


def choose_move(
    searcher: Searcher,
    state: State,
    lvl: Level,
    rng: np.random.Generator,
    *,
    time_limit: float | None = None,
    depth: int | None = None,
    cancelled: Callable[[], bool] | None = None,
    on_info: Callable[[SearchInfo], None] | None = None,
    moves: list[int] | None = None,
) -> LevelChoice:
    """The move ``lvl`` plays in ``state`` (which must have a legal move).

    ``time_limit`` seconds and ``depth`` cap the search further; a level without a depth
    or node limit needs one of them. ``on_info`` hears each depth the search finishes.
    ``moves``: the legal moves to choose among (None: all of them).
    """
    started = time.perf_counter()
    restricted = moves is not None
    moves = moves if moves is not None else state.legal_moves()
    if not moves:
        raise ValueError("no legal move to choose from")
    limits = lvl.limits(time_limit, depth)
    if lvl.random_share > 0 and rng.random() < lvl.random_share:
        move = moves[int(rng.integers(len(moves)))]
        info = SearchInfo(0, Score(0.0), move, [move], 0, 0, time.perf_counter() - started, False)
        return LevelChoice(move, info, move, "random")
    if lvl.temperature <= 0:
        last = None
        if restricted:
            searcher.restrict_root(moves)
        try:
            for last in searcher.iterate(state, limits):
                if on_info is not None:
                    on_info(last)
        finally:
            if restricted:
                searcher.restrict_root(None)
        assert last is not None
        return LevelChoice(last.best_move, last, last.best_move, "best")
    lines = None
    for lines in iterate_root_lines(searcher, state, limits, cancelled, moves=moves):
        if on_info is not None:
            on_info(_info(lines[0], started))
    if not lines:  # cancelled before the first depth finished: any legal move will do
        info = SearchInfo(0, Score(0.0), moves[0], [moves[0]], 0, 0, 0.0, False)
        return LevelChoice(moves[0], info, moves[0], "random")
    scores = np.array([line.score.value for line in lines])
    weights = np.exp((scores - scores[0]) / lvl.temperature)
    pick = int(rng.choice(len(lines), p=weights / weights.sum()))
    chosen = lines[pick]
    how = "best" if pick == 0 else "softmax"
    return LevelChoice(chosen.move, _info(chosen, started), lines[0].move, how)


def _info(line: RootLine, started: float) -> SearchInfo:
    """A root line as the search report of its move (nodes are not counted per line)."""
    seconds = time.perf_counter() - started
    return SearchInfo(line.depth, line.score, line.move, list(line.pv), 0, 0, seconds)


def level_table() -> list[tuple[str, str, str, str, str]]:
    """The levels as rows of text (number, depth, nodes, temperature, random share)."""
    rows = []
    for lvl in LEVELS.values():
        rows.append(
            (
                str(lvl.number),
                "time" if lvl.depth is None else str(lvl.depth),
                "—" if lvl.nodes is None else f"{lvl.nodes:,}",
                f"{lvl.temperature:g}" if lvl.temperature else "—",
                f"{lvl.random_share:.0%}" if lvl.random_share else "—",
            )
        )
    return rows


__all__ = [
    "ELO_MAX",
    "ELO_MIN",
    "LEVELS",
    "LEVEL_ELO",
    "STRONGEST",
    "Level",
    "LevelChoice",
    "choose_move",
    "level",
    "level_for_elo",
    "level_table",
]
