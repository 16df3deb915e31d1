"""Sparring partners for self-play: fixed players the learner meets while it does not beat them.

Self-play from a blank evaluation can settle where neither side punishes the
other's blind spots: on Breakthrough the learner's own games kept material
level, so no search target ever said what a piece is worth, and the weights
lost to the zero weights, whose move ordering captures first
(docs/learning.md#why-self-play-alone-learned-weights-worse-than-zero).

So a self-play run keeps a running score against its partners (by default the
zero weights: a player that knows the rules and searches, and nothing else) and
plays them in every game while that score is below :data:`FULL_BELOW`, in a
share falling to :data:`FLOOR` as it rises to :data:`TARGET_SCORE`. A learner
that beats its partners plays itself; one that slips meets them again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

NONE = "none"
"""The ``sparring`` value that turns sparring off (plain self-play, the paper's protocol)."""
FLOOR = 0.1
"""The least share of games against partners, so a slip is noticed."""
SCORE_RATE = 0.1
"""How far each game moves the running score towards its result (about the last 10 games)."""
START_SCORE = 0.5
"""The running score before any game: even, so a run starts with its partners."""
TARGET_SCORE = 0.98
"""The running score at which the partners' share reaches :data:`FLOOR`."""
FULL_BELOW = 0.9
"""Below this running score every game is against the partners."""
RANDOM_STREAM = 0x5BA2
"""Mixed into each game's seed for the sparring draw, apart from the game's other choices."""


@dataclass
class Sparring:
    """The partners of a self-play run and the learner's running score against each."""

    partners: tuple[str, ...]
    scores: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for partner in self.partners:
            self.scores.setdefault(partner, START_SCORE)

    @classmethod
    def parse(cls, spec: str) -> Sparring | None:
        """The partners a ``--sparring`` value names (comma-separated), or None for ``none``."""
        names = tuple(name.strip() for name in spec.split(",") if name.strip())
        if not names or names == (NONE,):
            return None
        return cls(names)

    def share(self) -> float:
        """The share of games the partners get now: set by the one the learner does worst
        against."""
        worst = min(self.scores.values())
        return min(1.0, max(FLOOR, (TARGET_SCORE - worst) / (TARGET_SCORE - FULL_BELOW)))

    def choose(self, seed: int, index: int) -> str | None:
        """Game ``index``'s partner, or None for self-play; the same for a given score table
        whoever asks (the driver of a parallel run or the single-process trainer)."""
        rng = np.random.default_rng([seed, index, RANDOM_STREAM])
        if rng.random() >= self.share():
            return None
        weights = np.array([(1.0 - self.scores[p]) ** 2 + 1e-3 for p in self.partners])
        return self.partners[int(rng.choice(len(weights), p=weights / weights.sum()))]

    def record(self, partner: str, points: float) -> None:
        """The learner scored ``points`` (1 won, ½ drawn, 0 lost) against ``partner``."""
        self.scores[partner] += SCORE_RATE * (points - self.scores[partner])

    def state(self) -> dict[str, Any]:
        """What a checkpoint keeps (JSON-able)."""
        return {"scores": dict(self.scores)}

    def load_state(self, state: dict[str, Any]) -> None:
        for partner, score in state.get("scores", {}).items():
            if partner in self.scores:
                self.scores[partner] = float(score)

    def summary(self) -> str:
        """The running scores, for the progress bar: ``zeros 0.78``."""
        return " ".join(f"{p} {s:.2f}" for p, s in self.scores.items())


def learner_side(index: int) -> int:
    """The learner's team in sparring game ``index``: alternating, so each partner meets it
    on both sides."""
    return index % 2
