"""What every learner shares: a searcher in training mode, θ, and the update bookkeeping.

A learner is used by the trainer like a player: ``begin_game``, then
``search_and_learn`` for each of its moves (search, then update θ from what
the search found, never during it), then ``end_game``. θ is the searcher's
own array, updated in place, so the next search already uses the new weights.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass

import numpy as np

from gamecore.algorithms.learning import ABS_ERROR, UPDATED
from gamecore.binding import bind
from gamecore.errors import BadOption
from gamecore.evaluations import Evaluation, linear
from gamecore.game import Game
from gamecore.kernel_api import ONGOING
from gamecore.learners.updates import (
    DEFAULT_LOSS,
    DEFAULT_UPDATE,
    grouped_step,
    loss_scale,
    make_rule,
    tie_sides,
)
from gamecore.neighbourhoods import average_symmetric
from gamecore.network.model import NeighbourhoodNetwork, NetworkShape, track_spread
from gamecore.network.updates import clip_base
from gamecore.search import Limits, Searcher, SearchInfo, SearchParams
from gamecore.search.params import training
from gamecore.state import State
from gamecore.values import LOGISTIC_SCALE, MAX_EVAL


@dataclass
class UpdateStats:
    """Running totals of one game's updates, for the progress bar and the training log."""

    updates: int = 0
    nodes_moved: float = 0.0
    abs_error: float = 0.0
    abs_delta: float = 0.0
    searches: int = 0
    nodes: int = 0

    def add(self, delta: np.ndarray, stats: np.ndarray, info: SearchInfo | None) -> None:
        self.updates += 1
        self.nodes_moved += float(stats[UPDATED])
        self.abs_error += float(stats[ABS_ERROR])
        self.abs_delta += float(np.abs(delta).mean())
        if info is not None:
            self.searches += 1
            self.nodes += info.nodes

    @property
    def mean_abs_error(self) -> float:
        """Mean |target − H(s)| over every node an update moved."""
        return self.abs_error / self.nodes_moved if self.nodes_moved else 0.0

    @property
    def mean_abs_delta(self) -> float:
        """Mean |Δθ| per feature per update."""
        return self.abs_delta / self.updates if self.updates else 0.0


SYMMETRIES = ("average", "tie", "none")
"""How a network's symmetric base weights are kept alike (see ``Learner.symmetry``)."""

BASE_RULES = ("chain", "local")
"""How a network's base weights learn (TD(0)'s ``base_rule``): through the tuple weights by the
chain rule, or each towards the results of the games it occurs in (seed 001, §5.2)."""

SQUASHES = ("tracked", "fixed")
"""Whether a network's squash follows the range of its top-level values (see ``Learner.squash``);
tracked, it collapsed in seed 001's duels (docs/results.md) and a fixed one beat it 34-14."""

FIXED_SQUASH = (-2.0, 0.25)
"""The ``fixed`` squash's mean and spread: Y = −2 (every neighbourhood at ½) is even odds, and
Y's ceiling −1 (every neighbourhood won) four spreads above, P = 0.99997."""


def fix_squash(theta: np.ndarray, shape: NetworkShape) -> None:
    """Set a network's squash (in θ, in place) to :data:`FIXED_SQUASH`: how a run with a
    ``fixed`` squash starts, from any weights."""
    theta[shape.mean : shape.mean + 2] = FIXED_SQUASH


def outcome_target(won: bool | None, plies_to_end: int, discount: float = 1.0) -> float:
    """The outcome update's target for a position ``plies_to_end`` plies before the end of a
    game its team to move won (True), lost (False) or drew (None).

    Undiscounted: ±MAX_EVAL. With γ = ``discount`` < 1 the margin of the win probability
    over ½ shrinks by γ a ply, P = ½ ± ½·γᵏ, as the value LOGISTIC_SCALE·logit(P) (within
    ±MAX_EVAL): with γ = 0.99 a win one ply away is worth +794, a hundred plies away +115.
    """
    if won is None:
        return 0.0
    margin = discount ** max(plies_to_end, 1)
    value = MAX_EVAL if margin >= 1.0 else min(2 * LOGISTIC_SCALE * math.atanh(margin), MAX_EVAL)
    return value if won else -value


TARGET_BIASES = {
    "contempt": "a contempt would shift the draws the learner learns from",
    "lazy_margin": "lazy bounds would stand in for the values the learner learns from",
}
"""Search settings training refuses unless 0, and why: the learner's targets are its
searches' values, which these would move."""

SQUASH_SHARE = 0.1
"""How far a network's squash moves towards each game's range of top-level values."""


class Learner(ABC):
    """Base of the learners; each subclass is one algorithm in one file."""

    name: str
    default_step: float
    """Step size of the paper's experiments (Veness et al. 2009, §6), for the ``sgd`` rule."""

    def __init__(
        self,
        game: Game,
        theta: np.ndarray,
        step: float | None = None,
        tt_megabytes: float = 16,
        update: str = DEFAULT_UPDATE,
        loss: str = DEFAULT_LOSS,
        outcome_step: float = 0.0,
        outcome_discount: float = 1.0,
        outcome_mask: np.ndarray | None = None,
        group_steps: np.ndarray | None = None,
        cut_is_draw: bool = False,
        tie_sides: bool = False,
        quiet_leaves: bool = False,
        params: SearchParams | None = None,
        evaluation: Evaluation | None = None,
        symmetry: str = "none",
        squash: str = "tracked",
    ) -> None:
        """``params``: the search's parameters (default: the game's training mode, see
        :func:`gamecore.search.params.training`); ``evaluation``: what θ weighs (default: the
        game's linear features)."""
        evaluation = evaluation or linear(game)
        if evaluation.is_linear:
            game.capabilities.require(game.name, "features", by=f"the learner {self.name}")
        self.game = game
        self.evaluation = evaluation
        self.outcome_step = outcome_step
        """Share of the way to the result a finished game moves its positions (0: none)."""
        self.outcome_discount = outcome_discount
        """γ per ply of the outcome update's targets (1: every position targets the result
        itself; see :func:`outcome_target`)."""
        self.outcome_mask = outcome_mask
        """1.0 on the features the outcome update may move, 0.0 elsewhere; None: all. Results
        give material its scale, but they also reward whatever losing positions share (a
        King in check), which a search would not pay for (docs/results.md)."""
        self.group_steps = group_steps
        """Per feature, the multiple of the step every update (search and outcome) moves it
        by; None: 1 everywhere (see :func:`gamecore.training.stages.parse_group_steps`)."""
        self.cut_is_draw = cut_is_draw
        """Whether a game stopped before its end (at the trainer's ply limit) counts as a draw
        for the outcome update, as a match scores its ply limit; otherwise it is skipped."""
        self.side_mirror = game.side_mirror() if tie_sides and evaluation.is_linear else None
        """Twin features whose updates are tied (``Game.side_mirror``); None: all free."""
        self.quiet_leaves = quiet_leaves
        """Whether each update moves H of the quiet position at the end of a node's quiescence
        line instead of H of the node itself (``bound_node`` in the learning template)."""
        if symmetry not in SYMMETRIES:
            raise BadOption(f"unknown symmetry {symmetry!r} (choose from {', '.join(SYMMETRIES)})")
        self.symmetry = symmetry if evaluation.shape is not None else "none"
        """How the network's base weights of symmetric slots are kept alike (the paper's
        §5.4): averaged after each game, tied (averaged after every update), or not."""
        if squash not in SQUASHES:
            raise BadOption(f"unknown squash {squash!r} (choose from {', '.join(SQUASHES)})")
        self.squash = squash
        """Whether a network's squash follows each game's range of Y (``tracked``) or stays
        where θ has it (``fixed``; a run starts it at :data:`FIXED_SQUASH` with
        :func:`fix_squash`)."""
        self._groups = _covering_groups(game, evaluation)
        self.scale = loss_scale(loss)
        """The compiled learners' ``scale``: the logistic scale, or 0 for value units."""
        search = params if params is not None else training(game)
        for field, why in TARGET_BIASES.items():
            if getattr(search, field) != 0.0:
                raise BadOption(
                    f"--search-params: training needs {field} 0, not "
                    f"{getattr(search, field):g} ({why})"
                )
        self.searcher = Searcher(
            game, theta, search, tt_megabytes=tt_megabytes, evaluation=evaluation
        )
        network = None if evaluation.shape is None else (evaluation.shape, self.searcher.theta)
        self.rule = make_rule(
            update, evaluation.size, step, loss, self.default_step, self._groups, network
        )
        self.kernel = bind(game, "gamecore.algorithms.learning", evaluation.template)
        self.stats = UpdateStats()
        self._stats = np.zeros(self.kernel.STATS_SIZE)
        self._network: NeighbourhoodNetwork | None = None
        self.trainable: np.ndarray | None = None
        """1.0 for features updates may change, 0.0 for frozen ones (staged learning); None: all."""

    @property
    def theta(self) -> np.ndarray:
        return self.searcher.theta

    @property
    def step(self) -> float:
        return self.rule.step

    def begin_game(self) -> None:
        self.stats = UpdateStats()

    @abstractmethod
    def search_and_learn(self, state: State, limits: Limits) -> SearchInfo:
        """Search ``state`` (to choose a move) and update θ from that search."""

    def compile_learning(self, state: State) -> None:
        """Compile (or load) the learner's own kernels, without searching where it can, so
        that a second process can compile them while the first compiles the search (see
        :meth:`~gamecore.training.trainer.Trainer.warm_up_learning`). θ may move: use a copy."""
        self.search_and_learn(state, Limits(depth=1))

    def end_game(self, state: State, learner_team: int | None) -> None:  # noqa: B027 - optional hook
        """The game is over (``learner_team`` is the team this learner played, None for both)."""

    def learn_outcome(self, state: State) -> None:
        """Move every position of a finished game towards its result, for the team to move.

        Bootstrapping from search is grounded only where a search reaches the end
        of the game; far from mates it can settle on a self-consistent evaluation
        whose scale is far too small (Duchess learned a Queen worth 5 next to a
        unit of King-zone pressure worth 5; the hand-set weights say 500 and 8).
        One update per game towards +MAX_EVAL (the team to move won), −MAX_EVAL
        (lost) or 0 (a true draw) ties every feature to how games really end,
        as Monte Carlo targets do. With ``outcome_discount`` γ < 1 a result k plies
        away counts for less (:func:`outcome_target`), so positions just before a
        win are told apart from positions that win two hundred plies later.

        The step is normalised per feature group: each of the game's G groups
        moves the game's positions ``outcome_step / G`` of the way to their
        targets, so a group of a few large counts (material) is not starved by
        one of many small ones (piece squares), as a single normaliser would. With
        :attr:`outcome_mask` only the groups it names move, each by the same share.
        """
        if self.outcome_step <= 0 or (state.status() == ONGOING and not self.cut_is_draw):
            return
        winner = state.winner_team()  # None for a draw, and for a game cut before its end
        replay = state.copy()
        end = len(state.history)
        gradient, squares = self._buffers()
        while replay.history:
            replay.pop()
            won = None if winner is None else replay.team == winner
            target = outcome_target(won, end - len(replay.history), self.outcome_discount)
            self.move_towards(replay.arrays, target, gradient, squares)
        for mask in (self.trainable, self.outcome_mask):
            if mask is not None:
                gradient *= mask
                squares *= mask
        delta = grouped_step(
            gradient,
            squares,
            self._groups,
            self.outcome_step * self.rule.gain,
            self.rule.inverse_scale(),
        )
        if self.group_steps is not None:
            delta *= self.group_steps
        self._commit(delta, None)

    def average_symmetry(self) -> None:
        """The end of a game: the network's base weights of symmetric slots become their
        average (``symmetry`` ``average``; ``tie`` keeps them so after every update)."""
        if self.symmetry == "average":
            self._average_symmetric()

    def _average_symmetric(self) -> None:
        shape = self.evaluation.shape
        if shape is not None:
            average_symmetric(self.theta[: shape.base_size], shape.relations)

    def track_squash(self, state: State) -> None:
        """A network evaluation's squash follows the range of its top-level values: its mean
        and spread move :data:`SQUASH_SHARE` of the way to those of the finished game's
        positions (Levinson & Weber §3.2; not learned by gradients). Linear, or a ``fixed``
        squash: nothing."""
        shape = self.evaluation.shape
        if shape is None or self.squash == "fixed":
            return
        network = self._bound_network()
        replay = state.copy()
        tops = [network.value(replay)[1]]
        while replay.history:
            replay.pop()
            tops.append(network.value(replay)[1])
        track_spread(self.theta, shape, np.array(tops), SQUASH_SHARE)

    def _bound_network(self) -> NeighbourhoodNetwork:
        """The network evaluation bound to this learner's θ, for work outside the kernels."""
        if self._network is None:
            shape = self.evaluation.shape
            if shape is None:
                raise TypeError(f"{self.evaluation.name} is not a network")
            self._network = NeighbourhoodNetwork(self.game, self.theta, shape.expansion)
        return self._network

    def decay_weights(self, share: float) -> None:
        """θ shrinks by ``share`` (weight decay, once per game; frozen features stay put)."""
        if share <= 0:
            return
        shrink = share * self.theta
        if self.trainable is not None:
            shrink *= self.trainable
        self.searcher.theta -= shrink

    def move_towards(
        self,
        arrays: tuple,
        target: float,
        gradient: np.ndarray,
        squares: np.ndarray,
        stats: np.ndarray | None = None,
    ) -> None:
        """Add one position's move towards ``target`` (its team's point of view) to
        ``gradient`` and ``squares`` (the quiet end of its line with :attr:`quiet_leaves`),
        counted in ``stats`` (default: the learner's)."""
        self._allow_quiescence()
        if self.quiet_leaves:  # its quiescence search starts from the game's accumulator,
            self.searcher.refresh(arrays)  # stale in a replayed position or after θ moved
        self.kernel.move_towards(
            arrays,
            self.searcher.ctx,
            self.searcher.params,
            float(target),
            self.quiet_leaves,
            self.scale,
            gradient,
            squares,
            self._stats if stats is None else stats,
        )

    def _allow_quiescence(self) -> None:
        """Clear the search's stop flags and node limit, which a finished search may have
        left set, so that the quiescence searches of :attr:`quiet_leaves` run to the end."""
        info, search = self.searcher.info, self.searcher.kernel
        info[search.STOP] = info[search.ABORTED] = info[search.NODE_LIMIT] = 0

    def _buffers(self) -> tuple[np.ndarray, np.ndarray]:
        """Zeroed arrays for one update's gradient (Σ eᵢφᵢ) and squares (Σ φᵢ² per feature)."""
        return np.zeros_like(self.theta), np.zeros_like(self.theta)

    def _apply(self, gradient: np.ndarray, squares: np.ndarray, info: SearchInfo | None) -> None:
        """θ += the update rule's Δθ for ``gradient`` (Σ eᵢφᵢ) and ``squares`` (Σ φᵢ² per
        feature; unmasked, so a stage's NLMS step is normalised by the whole ‖φ‖²)."""
        if self.trainable is not None:
            gradient = gradient * self.trainable
        with np.errstate(over="ignore", invalid="ignore"):  # the trainer reports divergence
            delta = self.rule.delta(gradient, squares, max(1, int(self._stats[UPDATED])))
            if self.trainable is not None:
                delta = delta * self.trainable
            if self.group_steps is not None:
                delta = delta * self.group_steps
            self._commit(delta, info)

    def _commit(self, delta: np.ndarray, info: SearchInfo | None) -> None:
        """θ += ``delta``, twin features tied, then what a network's θ must satisfy whatever
        the rule: base weights within [0, 1] and, with ``tie``, symmetric slots alike."""
        if self.side_mirror is not None:
            delta = tie_sides(delta, self.side_mirror)
        self.searcher.theta += delta  # in place: the search context holds this array
        shape = self.evaluation.shape
        if shape is not None:
            clip_base(self.theta, shape)
            if self.symmetry == "tie":
                self._average_symmetric()
        self.stats.add(delta, self._stats, info)
        self._stats[:] = 0


def _covering_groups(game: Game, evaluation: Evaluation) -> list[np.ndarray]:
    """The evaluation's groups of weights, plus one of every weight no group names: the
    game's feature groups, or the network's base weights and its tuple weights."""
    if evaluation.shape is None:
        groups = [members for members in game.feature_groups().values() if len(members)]
    else:
        shape = evaluation.shape
        groups = [np.arange(shape.base_size), np.arange(shape.bias, shape.mean)]
    rest = np.ones(evaluation.size, dtype=bool)
    for members in groups:
        rest[members] = False
    if rest.any():
        groups.append(np.flatnonzero(rest))
    return groups
