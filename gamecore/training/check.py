"""The learning check a plugin author runs: does learning work on this game, as shipped?

``gamecore check-learning GAME`` (and :func:`check_learning`) looks at the
game's features over positions of random play, trains with the game's own
defaults from zero weights for a few minutes, and plays the learned weights
against the zero weights and against random movers. It passes when the
learned weights beat both: better than the zero weights beyond the match's
95% interval, and at least :data:`RANDOM_GOAL` against random movers. The
feature notes say what in the features would keep a linear evaluation from
learning (a constant, twins that are always equal, one feature far larger
than the rest), each in one line.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from gamecore.executor import make_executor
from gamecore.game import Game
from gamecore.kernel_api import ONGOING
from gamecore.play.elo import MatchResult, score_interval
from gamecore.registry import get_game
from gamecore.training.trainer import Progress, TrainConfig, Trainer, configure
from gamecore.training.verdict import match_learned
from gamecore.weights import Weights

RANDOM_GOAL = 0.9
"""The least score against random movers that counts as learning."""
TIME_BUDGET = 180.0
"""Seconds of training the check allows by default: a few minutes on two cores."""
MATCH_GAMES = 40
"""Games against each yardstick (each opening from both sides)."""
SAMPLE_GAMES = 40
"""Random games whose positions the feature notes look at."""
SIZE_RATIO = 10.0
"""A feature whose typical value (where it is not 0) is this many times the median one's
takes most of each NLMS step (docs/plugins.md, "Value scale and feature design")."""
MOST_LISTED = 3
"""Features named in one note before "and N more"."""


@dataclass(frozen=True)
class LearningVerdict:
    """What the check found: the run, the two matches, the notes on the features."""

    config: TrainConfig
    games_trained: int
    seconds: float
    vs_zeros: MatchResult
    vs_random: MatchResult
    notes: tuple[str, ...]

    def failures(self) -> list[str]:
        """Why the check fails, one plain sentence each (empty when it passes)."""
        found = []
        low, high = score_interval(self.vs_zeros)
        if low <= 0.5:
            found.append(
                f"the learned weights do not beat the zero weights: {self.vs_zeros.score:.0%} "
                f"(95% interval {low:.0%} to {high:.0%})"
            )
        if self.vs_random.score < RANDOM_GOAL:
            found.append(
                f"the learned weights score {self.vs_random.score:.0%} against random movers, "
                f"below {RANDOM_GOAL:.0%}"
            )
        return found

    @property
    def passed(self) -> bool:
        return not self.failures()


def feature_notes(game: Game, sample_games: int = SAMPLE_GAMES, seed: int = 0) -> list[str]:
    """One line per thing in the features that keeps a linear evaluation from learning,
    found over the positions of ``sample_games`` random games."""
    values = _sampled_features(game, sample_games, seed)
    names = game.feature_names()
    notes: list[str] = []
    active = np.any(values != 0, axis=0)
    constant = active & np.all(values == values[:1], axis=0)
    if constant.any():
        same = np.flatnonzero(constant)
        notes.append(
            f"{_listed(names, same)} {_be(same, 'has', 'have')} "
            "the same value in every position: a constant cannot say who is ahead "
            "(docs/plugins.md, no bias feature)"
        )
    twins = _equal_pairs(values, active & ~constant)
    if twins:
        pairs = [f"{names[a]} = {names[b]}" for a, b in twins[:MOST_LISTED]]
        more = f" and {len(twins) - MOST_LISTED} more" if len(twins) > MOST_LISTED else ""
        notes.append(
            f"{'; '.join(pairs)}{more}: equal in every position, so only their sum can be "
            "learned (in some games both sides' counts are always equal)"
        )
    # Typical size where active, not the mean square: a square seen rarely is no smaller.
    size = np.sqrt(np.sum(values**2, axis=0) / np.maximum(1, np.sum(values != 0, axis=0)))
    varying = size[active & ~constant]
    if varying.size:
        median = float(np.median(varying))
        large = np.flatnonzero(size > SIZE_RATIO * median) if median > 0 else np.array([], int)
        if len(large):
            notes.append(
                f"{_listed(names, large)} {_be(large)} over {SIZE_RATIO:g} times the median "
                "feature's size: under the default update it takes most of each step (train "
                "with --update nlms-scaled, or scale it down)"
            )
    unseen = int((~active).sum())
    if unseen:
        notes.append(
            f"{unseen} of {len(names)} features were never active in {len(values):,} positions "
            "of random play: they learn only where games reach them"
        )
    return notes


def _sampled_features(game: Game, sample_games: int, seed: int) -> np.ndarray:
    """φ of every position of ``sample_games`` random games, one row each."""
    rng = np.random.default_rng(seed)
    count = game.feature_set.count
    idx = np.zeros(count, dtype=np.int64)
    val = np.zeros(count, dtype=np.float64)
    rows = []
    for _ in range(sample_games):
        state = game.initial_state()
        for _ in range(400):
            if state.status() != ONGOING:
                break
            n = int(game.kernel.features(state.arrays, idx, val))
            row = np.zeros(count)
            np.add.at(row, idx[:n], val[:n])
            rows.append(row)
            moves = state.legal_moves()
            state.push_unchecked(moves[int(rng.integers(len(moves)))])
    return np.array(rows)


def _equal_pairs(values: np.ndarray, candidates: np.ndarray) -> list[tuple[int, int]]:
    """Pairs of candidate columns equal in every row (the first of each group with the rest)."""
    first_of: dict[bytes, int] = {}
    pairs = []
    for column in np.flatnonzero(candidates):
        key = values[:, column].tobytes()
        if key in first_of:
            pairs.append((first_of[key], int(column)))
        else:
            first_of[key] = int(column)
    return pairs


def _listed(names: list[str], indices: Any) -> str:
    """``feature a``, or ``features a, b, c and 4 more``."""
    indices = list(indices)
    if len(indices) == 1:
        return f"feature {names[indices[0]]}"
    shown = ", ".join(names[i] for i in indices[:MOST_LISTED])
    extra = len(indices) - MOST_LISTED
    return f"features {shown} and {extra} more" if extra > 0 else f"features {shown}"


def _be(indices: Any, one: str = "is", many: str = "are") -> str:
    return one if len(list(indices)) == 1 else many


def check_learning(
    game_name: str,
    game_options: dict[str, Any] | None = None,
    *,
    time_budget: float | None = TIME_BUDGET,
    match_games: int = MATCH_GAMES,
    workers: int = 1,
    out: str | Path | None = None,
    on_game: Callable[[Progress, dict], None] | None = None,
    **settings: Any,
) -> LearningVerdict:
    """Train ``game_name`` with its defaults (changed by ``settings``, e.g. ``games=100``) from
    zero weights for at most ``time_budget`` seconds, then match the weights against the zero
    weights and random movers. The weights go to ``out`` (default: a temporary file)."""
    game = get_game(game_name, **(game_options or {}))
    notes = feature_notes(game)
    with tempfile.TemporaryDirectory(prefix="gamecore-check-") as folder:
        target = Path(out) if out is not None else Path(folder) / f"{game_name}.npz"
        config = configure(
            game_name,
            game_options,
            **{"init": "zeros", "out": str(target), "time_budget": time_budget, **settings},
        )
        trainer = Trainer(config)
        trainer.warm_up()
        executor = make_executor(workers) if workers > 1 else None
        started = time.perf_counter()
        try:
            trainer.run(on_game, executor)
        finally:
            if executor is not None:
                executor.close()
        seconds = time.perf_counter() - started
        learned = Weights.load(target, game)
        results = {
            opponent: _match(game, learned, opponent, config, match_games, workers)
            for opponent in ("zeros", "random")
        }
    return LearningVerdict(
        config=config,
        games_trained=trainer.progress.games_done,
        seconds=seconds,
        vs_zeros=results["zeros"],
        vs_random=results["random"],
        notes=tuple(notes),
    )


def _match(
    game: Game, learned: Weights, opponent: str, config: TrainConfig, games: int, workers: int
) -> MatchResult:
    """The learned weights against ``opponent`` on ``workers`` processes."""
    executor = make_executor(workers) if workers > 1 else None
    try:
        return match_learned(game, learned, opponent, config, games, executor)
    finally:
        if executor is not None:
            executor.close()
