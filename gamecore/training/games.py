"""One training game, played and learned from: the learner, its opponents, the openings.

:class:`TrainingGames` is what a worker process needs to play a game of a run
(:mod:`gamecore.training.worker`); the :class:`~gamecore.training.trainer.Trainer`
is one too, and adds the run around the games: checkpoints, logs, measurements,
parallel workers.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from gamecore.errors import BadOption
from gamecore.evaluations import evaluation_named
from gamecore.game import Game
from gamecore.kernel_api import ONGOING
from gamecore.learners import LEARNERS
from gamecore.learners.base import Learner, fix_squash
from gamecore.learners.updates import tie_sides
from gamecore.play.clock import Clocks, TimeControl, choose_on_clock
from gamecore.play.openings import load_book
from gamecore.play.players import Choice, LearnerPlayer, RandomPlayer, SearchPlayer
from gamecore.registry import get_game
from gamecore.search import Limits
from gamecore.search.params import resolve as resolve_search_params
from gamecore.training.config import LINEAR_ONLY, LINEAR_ONLY_UNSET, TrainConfig
from gamecore.training.live import LivePublisher
from gamecore.training.sparring import Sparring, learner_side
from gamecore.training.stages import group_mask, parse_group_steps, parse_stages, stage_of
from gamecore.weights import BadWeights, Weights, resolve_weights, spec_label


@dataclass
class Progress:
    """Totals over the run, shown by the progress bar."""

    games_done: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    decisive: int = 0
    """Self-play games that did not end in a draw."""
    plies: int = 0
    seconds: float = 0.0
    last_abs_delta: float = 0.0

    def record(self, outcome: str, plies: int, seconds: float, abs_delta: float) -> None:
        self.games_done += 1
        self.plies += plies
        self.seconds += seconds
        self.last_abs_delta = abs_delta
        if outcome == "win":
            self.wins += 1
        elif outcome == "loss":
            self.losses += 1
        elif outcome == "decisive":
            self.decisive += 1
        else:
            self.draws += 1


class TrainingGames:
    """The learner, its opponents and partners, the openings and stages of a run: all that
    plays one training game, in the driver (:class:`~gamecore.training.trainer.Trainer`)
    and in each of its workers alike."""

    def __init__(self, config: TrainConfig, resume: Weights | None = None) -> None:
        if config.algo not in LEARNERS:
            known = ", ".join(LEARNERS)
            raise BadOption(f"unknown algorithm {config.algo!r} (choose from {known})")
        config.check()
        self.time_control = TimeControl.parse(config.time_control) if config.time_control else None
        self.config = config
        self.game: Game = get_game(config.game, **config.game_options)
        self.evaluation = evaluation_named(self.game, config.evaluation)
        if not self.evaluation.is_linear:
            for name, refusal in LINEAR_ONLY.items():
                if getattr(config, name) != LINEAR_ONLY_UNSET[name]:
                    raise BadOption(refusal)
        self.progress = Progress()
        self.rng = np.random.default_rng(config.seed)
        self.live: LivePublisher | None = None
        """Where the game being played is published (None: nowhere; see :meth:`run`)."""
        if resume is not None:
            state = resume.metadata["training"]
            theta = np.array(state["live_theta"]) if "live_theta" in state else resume.theta.copy()
            self.progress = Progress(**state["progress"])
            self.rng.bit_generator.state = state["rng"]
        elif config.init:
            start = resolve_weights(self.game, config.init)
            if start.evaluation(self.game).name != self.evaluation.name:
                raise BadOption(
                    f"--init {config.init}: weights for {start.feature_set}, "
                    f"not the {config.evaluation} evaluation"
                )
            theta = start.theta.copy()
        else:
            theta = self.evaluation.initial_weights(config.seed, config.init_scale)
            mirror = self.game.side_mirror() if self.evaluation.is_linear else None
            if config.tie_sides and mirror is not None:
                theta = tie_sides(theta, mirror)
        if resume is None and config.squash == "fixed" and self.evaluation.shape is not None:
            fix_squash(theta, self.evaluation.shape)
        learner_cls = LEARNERS[config.algo]
        options: dict[str, Any] = {
            "step": config.step,
            "update": config.update,
            "loss": config.loss,
            "outcome_step": config.outcome_step,
            "outcome_discount": config.outcome_discount,
            "outcome_mask": None
            if config.outcome_groups == "all"
            else group_mask(self.game, config.outcome_groups),
            "group_steps": parse_group_steps(self.game, config.group_steps)
            if config.group_steps
            else None,
            "cut_is_draw": config.outcome_at_cut == "draw",
            "tie_sides": config.tie_sides,
            "quiet_leaves": config.quiet_leaves,
            "evaluation": self.evaluation,
            "symmetry": config.symmetry,
            "squash": config.squash,
        }
        if config.search_params is not None:
            options["params"] = resolve_search_params(self.game, config.search_params)
        if config.algo == "treestrap-ab":
            options["min_depth"] = config.min_depth
        if config.algo == "tdleaf":
            options["lam"] = config.lam
        if config.algo == "td0":
            options["loser_learns"] = config.loser_learns
            options["base_rule"] = config.base_rule
        self.learner = learner_cls(self.game, theta, **options)
        self._learner_options = options
        if resume is not None:
            self.learner.rule.load_state(resume.metadata["training"].get("update_rule", {}))
        self.learner_player = LearnerPlayer(self.learner, config.limits())
        self.opponents = [self._opponent(spec) for spec in config.vs.split(",")]
        self.sparring = Sparring.parse(config.sparring) if config.vs == "self" else None
        """The self-play run's sparring partners and scores (None: plain self-play or an
        opponent run)."""
        self._partners: dict[str, Any] = {}
        if self.sparring is not None:
            for partner in self.sparring.partners:
                if partner == "self":
                    raise BadOption("--sparring: the learner is not its own sparring partner")
                self._partner(partner)  # an unknown partner stops the run before it starts
            if resume is not None:
                self.sparring.load_state(resume.metadata["training"].get("sparring", {}))
        self.book = load_book(self.game, config.book) if config.book else None
        self.stages = parse_stages(self.game, config.stages) if config.stages else None

    def warm_up(self) -> None:
        """Compile (or load from numba's cache) everything a training game runs: a search
        and an update by a throwaway copy of the learner, and one move towards a result.

        Done once here, before the workers start, so that on a cold cache the code is
        compiled once (and the workers load it) and the user can be told it is happening.
        """
        state = self.game.initial_state()
        learner = self._throwaway_learner()
        learner.search_and_learn(state, Limits(depth=1))
        gradient, squares = learner._buffers()
        learner.move_towards(state.arrays, 0.0, gradient, squares)

    def warm_up_search(self) -> None:
        """Compile (or load) the search alone, the larger half of :meth:`warm_up`, while
        another process runs :meth:`warm_up_learning` (``gamecore train`` on a cold cache)."""
        self._throwaway_learner().searcher.search(self.game.initial_state(), Limits(depth=1))

    def warm_up_learning(self) -> None:
        """Compile (or load) the learner's own kernels, searching as little as it can."""
        state = self.game.initial_state()
        learner = self._throwaway_learner()
        learner.compile_learning(state)
        gradient, squares = learner._buffers()
        learner.move_towards(state.arrays, 0.0, gradient, squares)

    def _throwaway_learner(self) -> Learner:
        """A learner like the run's, on a copy of θ, for compiling."""
        return type(self.learner)(self.game, self.learner.theta.copy(), **self._learner_options)

    def _opponent(self, vs: str):
        if vs == "self":
            return self.learner_player
        if vs == "random":
            return RandomPlayer(self.rng)
        try:
            weights = resolve_weights(self.game, vs, others=("self", "random"))
        except BadWeights as exc:
            raise BadOption(f"--vs: {exc}") from None
        return SearchPlayer(self.game, weights, self.config.limits(), name=spec_label(vs))

    def _partner(self, spec: str):
        """The player of sparring partner ``spec``, made once."""
        if spec not in self._partners:
            try:
                self._partners[spec] = self._opponent(spec)
            except BadOption as exc:
                raise BadOption(str(exc).replace("--vs", "--sparring", 1)) from None
        return self._partners[spec]

    def partner_for(self, index: int) -> str | None:
        """Game ``index``'s sparring partner, or None (self-play, or a run with an opponent)."""
        if self.sparring is None:
            return None
        return self.sparring.choose(self.config.seed, index)

    def play_game(self, index: int, partner: str | None = None) -> dict:
        """One training game (against sparring ``partner`` if one is given); returns its log
        row."""
        config = self.config
        start = time.perf_counter()
        if self.stages is not None:
            self.learner.trainable = stage_of(self.stages, index).mask
        state = self.game.initial_state()
        if self.book is not None:
            for move in self.book[index % len(self.book)]:
                state.push_unchecked(move)
        for _ in range(0 if self.book is not None else config.opening_plies):
            moves = state.legal_moves()
            if not moves or state.status() != ONGOING:
                break
            state.push_unchecked(moves[int(self.rng.integers(len(moves)))])
        # Opponents take turns; each meets the learner on both sides in turn.
        opponent = self.opponents[index % len(self.opponents)]
        label = self.config.vs.split(",")[index % len(self.opponents)]
        self_play = opponent is self.learner_player
        learner_team = None if self_play else (index // len(self.opponents)) % 2
        if partner is not None:
            opponent, label, self_play = self._partner(partner), partner, False
            learner_team = learner_side(index)
        self.learner_player.new_game()
        if not self_play:
            opponent.new_game()
        end = ""
        clocks = None
        if self.time_control is not None:
            clocks = Clocks(self.time_control, self.game.num_players, config.depth)
        while True:
            result = state.status()
            if result != ONGOING:
                end = self.game.describe_result(state)
                break
            if len(state.history) >= config.max_plies:
                end = f"adjudicated a draw after {config.max_plies} plies"
                break
            seat = self.learner_player if self_play or state.team == learner_team else opponent
            choice: Choice = choose_on_clock(seat, state, clocks)
            state.push_unchecked(choice.move)
            if self.live is not None:
                self.live.game(index, state.history)
        finished = state.status() != ONGOING
        if self.live is not None:
            self.live.game(index, state.history, end, final=True)
        self.learner.end_game(state, learner_team)
        self.learner.track_squash(state)
        self.learner.learn_outcome(state)
        self.learner.decay_weights(config.decay)
        self.learner.average_symmetry()
        winner = state.winner_team() if finished else None
        outcome = _outcome(winner, learner_team)
        seconds = time.perf_counter() - start
        stats = self.learner.stats
        self.progress.record(outcome, len(state.history), seconds, stats.mean_abs_delta)
        return {
            "game": index + 1,
            "learner_team": -1 if learner_team is None else learner_team,
            "winner": -1 if winner is None else winner,
            "outcome": outcome,
            "plies": len(state.history),
            "seconds": round(seconds, 3),
            "searches": stats.searches,
            "nodes": stats.nodes,
            "mean_abs_error": round(stats.mean_abs_error, 4),
            "mean_abs_delta": f"{stats.mean_abs_delta:.3e}",
            "end": end,
            "workers_lost": 0,
            "opponent": label,
        }


def _outcome(winner: int | None, learner_team: int | None) -> str:
    if learner_team is None:
        return "decisive" if winner is not None else "draw"
    if winner is None:
        return "draw"
    return "win" if winner == learner_team else "loss"
