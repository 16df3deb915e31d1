"""What a finished training run did, in words a newcomer can judge.

After ``gamecore train`` the weights are a file; a few games against a
yardstick say whether they learned anything: against random movers when the
run trained against them, else against the zero weights (the untrained start,
which searches but values every position alike).
"""

from __future__ import annotations

from dataclasses import dataclass

from gamecore.executor import Executor
from gamecore.game import Game
from gamecore.play.elo import MatchResult
from gamecore.play.match import PlayerSpec, run_match
from gamecore.registry import get_game
from gamecore.training.config import TrainConfig
from gamecore.weights import Weights

VERDICT_GAMES = 10
"""Games of the verdict match by default (each opening from both sides): enough to tell
learning from none, a few seconds for most games."""

YARDSTICK_WORDS = {"random": "random movers", "zeros": "the untrained (zero) weights"}


@dataclass(frozen=True)
class Verdict:
    """The learned weights' match against one yardstick."""

    yardstick: str
    result: MatchResult

    def text(self) -> str:
        r = self.result
        return (
            f"verdict: against {YARDSTICK_WORDS[self.yardstick]} the learned weights won "
            f"{r.wins}, drew {r.draws} and lost {r.losses} of {r.games} games ({r.score:.0%})"
        )


def yardstick_for(config: TrainConfig) -> str:
    """Random movers for a run that trained against them, else the zero weights."""
    return "random" if config.vs == "random" else "zeros"


def judge(
    config: TrainConfig, games: int = VERDICT_GAMES, executor: Executor | None = None
) -> Verdict:
    """Play the weights ``config`` wrote against their yardstick."""
    game = get_game(config.game, **config.game_options)
    yardstick = yardstick_for(config)
    learned = Weights.load(config.out, game)
    return Verdict(yardstick, match_learned(game, learned, yardstick, config, games, executor))


def match_learned(
    game: Game,
    learned: Weights,
    opponent: str,
    config: TrainConfig,
    games: int,
    executor: Executor | None = None,
) -> MatchResult:
    """``learned`` against ``opponent`` in a match measuring the run (its limits and openings)."""
    me = PlayerSpec("learned", "learned", learned)
    settings = config.match_settings(games)
    result, _ = run_match(game, me, PlayerSpec.parse(game, opponent), settings, None, executor)
    return result
