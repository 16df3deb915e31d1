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
"""

from __future__ import annotations

from gamecore.kernel_api import ONGOING
from gamecore.learners.base import Learner
from gamecore.search import Limits, SearchInfo
from gamecore.state import State
from gamecore.values import MAX_EVAL


class TD0(Learner):
    name = "td0"
    default_step = 1e-5

    def __init__(self, *args, loser_learns: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.loser_learns = loser_learns

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
        replay = state.copy()
        gradient, squares = self._buffers()
        while replay.history:
            replay.pop()
            team = replay.team
            if team in following:
                gradient[:] = 0.0
                squares[:] = 0.0
                self.move_towards(replay.arrays, following[team], gradient, squares)
                self._apply(gradient, squares, None)
            following[team] = self.searcher.evaluate(replay)
