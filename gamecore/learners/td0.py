"""TD(0) over the positions of each game, stepping back from its end (seed 001, §2).

Levinson & Weber's regime: the search only chooses the moves; after the
game the learner steps back through the positions it reached, last first,
and moves H of each towards the value of the next position the same team
was to move in, V(s_t) ← V(s_t) + α[V(s_{t+1}) − V(s_t)] (γ = 1, no reward
before the end), the last one towards the result (±MAX_EVAL, 0 for a
draw). Stepping back means each target is the next position's value as just
updated, so the result reaches the first positions of the game in one pass.

With ``loser_learns`` the learner learns from a game against an opponent
only if it did not win it, as in the paper's experiments, where two agents
play each other and "only the loser learns from the previous trial"; it then
learns from every position, its opponent's too (the evaluation is the
mover's, so a lost game is a won one for the other side: learning only the
loser's positions would teach that the mover always loses). A game cut at
the trainer's ply limit gives its last positions no target unless it counts
as a draw (``cut_is_draw``); their temporal differences are still learned.

With ``base_rule="local"`` (a network evaluation only) the network's base weights
do not learn through the tuple weights: each one that occurs in a position of a
finished game moves :data:`LOCAL_BASE_STEP` of the way to the game's result for
the team to move there (1 won, ½ drawn, 0 lost), so it becomes the expected
result of the games it occurs in — the paper's lower level, whose values are
each an "expected probability of winning" and whose centre values are
material-like (its Table 5.1), its base weights "updated proportionally to loss
on each training example" (§5.2). Through the chain rule they barely move: the
tuple weights that carry their gradient start some 10⁴ times smaller than the
inputs. Their target is the result, not the next position's value: the
network's own values say the mover is winning in every position once its
predictions saturate (docs/results.md, seed 001), and base weights following
them all run to 1.
"""

from __future__ import annotations

import math

import numpy as np

from gamecore.errors import BadOption
from gamecore.kernel_api import ONGOING
from gamecore.learners.base import BASE_RULES, Learner
from gamecore.network.model import NetworkShape
from gamecore.network.updates import clip_base
from gamecore.search import Limits, SearchInfo
from gamecore.state import State
from gamecore.values import LOGISTIC_SCALE, MAX_EVAL

LOCAL_BASE_STEP = 1e-4
"""Share of the way to its game's result each base weight of a position moves with the
``local`` base rule: a piece on the board for 150 positions of a game moves 1.5% of the way,
so each is an average over the results of its last hundred games or so."""


class TD0(Learner):
    name = "td0"
    default_step = 1e-5

    def __init__(
        self, *args, loser_learns: bool = False, base_rule: str = "chain", **kwargs
    ) -> None:
        super().__init__(*args, **kwargs)
        self.loser_learns = loser_learns
        if base_rule not in BASE_RULES:
            choices = ", ".join(BASE_RULES)
            raise BadOption(f"unknown base rule {base_rule!r} (choose from {choices})")
        self._local_shape = self.evaluation.shape if base_rule == "local" else None
        """The network whose base weights learn by the local rule; None: they do not."""
        if base_rule == "local" and self._local_shape is None:
            raise BadOption("--base-rule local trains a network's base weights: give --evaluation")

    def begin_game(self) -> None:
        super().begin_game()
        self.searcher.clear()  # θ moved after the last game: its table's values are stale

    def search_and_learn(self, state: State, limits: Limits) -> SearchInfo:
        return self.searcher.search(state, limits)

    def end_game(self, state: State, learner_team: int | None) -> None:
        ended = state.status() != ONGOING
        winner = state.winner_team() if ended else None
        if self.loser_learns and learner_team is not None and winner == learner_team:
            return
        following: dict[int, float] = {}
        """Per team: the value of the next position it was to move in (its target)."""
        if ended or self.cut_is_draw:
            for team in (0, 1):
                won = MAX_EVAL if team == winner else -MAX_EVAL
                following[team] = 0.0 if winner is None else won
        results = dict(following)
        replay = state.copy()
        gradient, squares = self._buffers()
        while replay.history:
            replay.pop()
            team = replay.team
            if team in following:
                gradient[:] = 0.0
                squares[:] = 0.0
                self.move_towards(replay.arrays, following[team], gradient, squares)
                local = self._local_shape
                if local is not None:
                    gradient[: local.base_size] = 0.0
                self._apply(gradient, squares, None)
                if local is not None and team in results:
                    self._move_base(replay, results[team], local)
            following[team] = self.searcher.evaluate(replay)

    def _move_base(self, state: State, target: float, shape: NetworkShape) -> None:
        """Every base weight occurring in ``state`` a step towards the probability of
        ``target`` (the game's result for the team to move, in value units)."""
        inputs = self._bound_network().inputs(state)
        present = np.unique(inputs[inputs >= 0])
        probability = 1.0 / (1.0 + math.exp(-target / LOGISTIC_SCALE))
        self.theta[present] += LOCAL_BASE_STEP * (probability - self.theta[present])
        clip_base(self.theta, shape)
