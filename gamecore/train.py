"""The training driver: games between a learner and an opponent, checkpointed and resumable.

Each game starts from a few random opening plies (so self-play does not
repeat one game), then every seat of the learner's team chooses greedily from
its search, and each of those searches updates θ. The trainer writes a CSV
row per game and, every ``checkpoint_every`` games and on Ctrl-C, a weights
file holding θ and everything needed to continue: the games done, the random
generator's state and the configuration. A checkpoint always describes a game
boundary (on Ctrl-C, θ as it was when the interrupted game began), so
``--resume`` replays exactly what an uninterrupted run would have played
(for depth-limited searches; time-limited ones depend on the clock anyway).
With ``eval_every``, the weights are also measured against fixed opponents as
they learn (:mod:`gamecore.yardsticks`), into ``OUT.eval.csv``.

While a run goes, the game being played is published in ``OUT.live`` (see
:mod:`gamecore.live`) for ``gamecore gui GAME --watch OUT``: a few hundred bytes
of JSON replaced atomically at most every :data:`~gamecore.live.PUBLISH_SECONDS`.
"""

from __future__ import annotations

import csv
import dataclasses
import time
from collections.abc import Callable, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_type_hints

import numpy as np

from gamecore.bounds import (
    MAX_GAMES,
    MAX_OPENING_PLIES,
    MAX_PLIES,
    MAX_SEARCH_DEPTH,
    MAX_SECONDS,
    MAX_SEED,
    MAX_STEP,
    is_finite_number,
    is_whole,
)
from gamecore.clock import Clocks, TimeControl, choose_on_clock
from gamecore.errors import BadOption, GamecoreError
from gamecore.evaluations import LINEAR, NETWORKS, evaluation_named
from gamecore.executor import Executor, LocalExecutor, WorkerLost
from gamecore.files import check_input, complete_rows
from gamecore.game import Game
from gamecore.kernel_api import ONGOING
from gamecore.learners import LEARNERS
from gamecore.learners.base import BASE_RULES, SQUASHES, SYMMETRIES, Learner, fix_squash
from gamecore.learners.updates import (
    DEFAULT_LOSS,
    DEFAULT_UPDATE,
    LOSSES,
    UPDATE_RULES,
    tie_sides,
)
from gamecore.live import LivePublisher, live_path
from gamecore.openings import load_book
from gamecore.players import Choice, LearnerPlayer, RandomPlayer, SearchPlayer
from gamecore.registry import get_game
from gamecore.search import Limits
from gamecore.search_params import resolve as resolve_search_params
from gamecore.sparring import Sparring, learner_side
from gamecore.stages import group_mask, parse_group_steps, parse_stages, stage_of
from gamecore.train_options import NOT_AN_OPTION, cli
from gamecore.train_tuning import SearchRetuner
from gamecore.train_worker import GameReport, GameTask, play_training_game
from gamecore.weights import BadWeights, Weights, resolve_weights, spec_label
from gamecore.yardsticks import (
    DEFAULT_GAMES,
    DEFAULT_OPPONENTS,
    YardstickRunner,
    eval_log_path,
)

OUTCOME_AT_CUT = ("skip", "draw")
"""What the outcome update may make of a game cut at the ply limit (TrainConfig.outcome_at_cut)."""

LOG_FIELDS = (
    "game",
    "learner_team",
    "winner",
    "outcome",
    "plies",
    "seconds",
    "searches",
    "nodes",
    "mean_abs_error",
    "mean_abs_delta",
    "end",
    "workers_lost",
    "opponent",
)

STOP_POLL_SECONDS = 0.1
"""How often the driver of parallel training looks for a stop request between results."""


class TrainingDiverged(GamecoreError):
    """θ left the finite numbers: the step size is too large for the game's feature scale."""


@dataclass
class TrainConfig:
    """Everything a run depends on; stored in every checkpoint.

    Each field is an option of ``gamecore train`` (its ``metadata=cli(...)`` says how it is
    presented, and the order of the fields is the order of ``--help``) or says it is none
    (:data:`~gamecore.train_options.NOT_AN_OPTION`)."""

    game: str = field(metadata=NOT_AN_OPTION)
    """The positional GAME."""
    game_options: dict[str, Any] = field(default_factory=dict, metadata=NOT_AN_OPTION)
    """``-o KEY=VALUE``."""
    algo: str = field(default="treestrap-ab", metadata=cli("learner", choices=sorted(LEARNERS)))
    vs: str = field(
        default="self",
        metadata=cli(
            "opponent: self, random, zeros, default, a weights name the game ships or a "
            "weights file; several, comma-separated, take turns (e.g. default,random)"
        ),
    )
    """``self``, ``random`` or weights to play against (``zeros``, ``default``, a name the game
    ships, a weights file); several, comma-separated, take turns game by game."""
    sparring: str = field(
        default="zeros",
        metadata=cli(
            "self-play only: players the learner meets in a share of its games while it does "
            "not beat them, comma-separated like --vs (default zeros; none: plain self-play)",
            metavar="PLAYERS",
        ),
    )
    """Self-play only: fixed players (comma-separated specs, as for ``vs``) the learner meets
    in a share of its games while it does not beat them (:mod:`gamecore.sparring`); ``none``:
    plain self-play."""
    games: int = field(
        default=20,
        metadata=cli(
            "games in the whole run (0: just write the starting weights)", validator="games"
        ),
    )
    depth: int | None = field(default=2, metadata=cli("search depth per move", validator="depth"))
    time_per_move: float | None = field(
        default=None,
        metadata=cli("seconds per move (instead of depth)", validator="seconds"),
    )
    time_control: str | None = field(
        default=None,
        metadata=cli(
            "Fischer clock per seat, in seconds, e.g. 6+0.1 (instead of depth; with --depth, "
            "a depth cap too)",
            metavar="BASE+INC",
        ),
    )
    """Fischer clocks ``BASE+INC`` (seconds) per seat instead of a depth or a fixed time
    per move (see :mod:`gamecore.clock`)."""
    out: str = field(default="", metadata=cli("weights/checkpoint file (default GAME-ALGO.npz)"))
    seed: int = field(
        default=0,
        metadata=cli("random seed (initial weights, openings)", validator="seed"),
    )
    init: str | None = field(
        default=None,
        metadata=cli(
            "start from these weights (zeros, default, a name the game ships or a file), "
            "not small random ones",
            metavar="WEIGHTS",
        ),
    )
    """Weights to start from (``zeros``, ``default``, a name the game ships, a weights file);
    None: small random weights from ``seed``."""
    init_scale: float = field(default=1.0, metadata=NOT_AN_OPTION)
    """The spread of the small random starting weights (set from Python only)."""
    stages: str | None = field(
        default=None,
        metadata=cli(
            "staged learning, e.g. material:200,material+mating:200,all:400 "
            "(feature groups trained per stretch of games)",
            metavar="SCHEDULE",
        ),
    )
    """Staged learning schedule (see :mod:`gamecore.stages`), e.g. ``material:200,all:400``."""
    book: str | None = field(
        default=None,
        metadata=cli("start games from this opening book's lines, in turn", metavar="NAME|FILE"),
    )
    """Opening book (a game's named book or a file): game i starts from its line i mod size,
    instead of ``opening_plies`` random plies."""
    update: str = field(
        default=DEFAULT_UPDATE,
        metadata=cli(
            "update rule turning search errors into weight changes "
            f"({DEFAULT_UPDATE}, or the game's training default)",
            choices=sorted(UPDATE_RULES),
        ),
    )
    """Update rule, a name in :data:`gamecore.learners.updates.UPDATE_RULES`."""
    loss: str = field(
        default=DEFAULT_LOSS,
        metadata=cli(
            "error measure: win probability, value, or value clipped at ±150 (huber) "
            f"({DEFAULT_LOSS})",
            choices=LOSSES,
        ),
    )
    """Error the learners reduce: ``logistic`` (win probability) or ``value``."""
    step: float | None = field(
        default=None,
        metadata=cli("step size override (default: the rule's)", validator="step"),
    )
    """Override of the update rule's step (see :mod:`gamecore.learners.updates`)."""
    average: bool = field(
        default=True,
        metadata=cli(
            "write the average of the weights over the last games (see --average-share)",
            boolean=True,
        ),
    )
    """Write the running average of θ (Polyak averaging), not θ itself: the average of a
    noisy walk sits closer to its centre. It spans every game so far until they number
    ``average_share`` of ``games``, then moves by 1/that number of θ per game."""
    average_share: float = field(
        default=0.25,
        metadata=cli(
            "share of --games the average spans, above 0 up to 1 (0.25); a run that "
            "--time-budget stops sooner averages over all its games",
            validator="positive_fraction",
        ),
    )
    """The share of ``games`` the average spans (see :meth:`Trainer._update_average`); a run
    that ``time_budget`` stops before that many games averages over all of them."""
    tie_sides: bool = field(
        default=True,
        metadata=cli(
            "keep the weights of the same feature for either side equal and opposite, "
            "where the game declares such twins (chess, checkers; on by default)",
            boolean=True,
        ),
    )
    """Tie the weights of twin features (the same feature for either side, where the game
    declares them: ``Game.side_mirror``) to be equal and opposite; a random start is tied
    first. False: every weight learns on its own, as before the twins were declared."""
    evaluation: str = field(
        default=LINEAR,
        metadata=cli(
            "what to learn: the game's linear features, or the neighbourhood network of "
            "seed 001 with pair or triple tuples (linear)",
            choices=(LINEAR, *NETWORKS),
        ),
    )
    """What the learner's θ weighs: the game's linear features, or ``network-pairs`` /
    ``network-triples``, the neighbourhood network of seed 001 (:mod:`gamecore.evaluations`)."""
    quiet_leaves: bool = field(
        default=False,
        metadata=cli(
            "move the evaluation of the quiet position at the end of each updated "
            "position's quiescence line, not of the position itself",
            boolean=True,
        ),
    )
    """Every update moves H of the quiet position at the end of the updated position's
    quiescence line (what the search evaluates in its place), not H of the position."""
    symmetry: str = field(
        default="average",
        metadata=cli(
            "a network's base weights of symmetric slots: averaged after each game "
            "(seed 001's §5.4), tied (averaged after every update) or left apart (average)",
            choices=SYMMETRIES,
        ),
    )
    """How a network's base weights of symmetric slots are kept alike: ``average`` after
    each game (seed 001, §5.4), ``tie`` after every update, or ``none`` (linear: ignored)."""
    squash: str = field(
        default="tracked",
        metadata=cli(
            "a network's squash: follows each game's range of values (tracked, seed 001) "
            "or stays at mean -2, spread 0.25 (fixed) (tracked)",
            choices=SQUASHES,
        ),
    )
    """A network's squash: ``tracked`` (follows each game's range of Y, seed 001's §3.2) or
    ``fixed`` (mean −2, spread 0.25: ``gamecore.learners.base.FIXED_SQUASH``)."""
    base_rule: str = field(
        default="chain",
        metadata=cli(
            "TD(0) with a network: its base weights learn through the tuple weights "
            "(chain) or each towards the results of the games it occurs in (local, seed "
            "001's lower level) (chain)",
            choices=BASE_RULES,
        ),
    )
    """TD(0) with a network only: its base weights learn through the tuple weights
    (``chain``) or each towards the results of the games it occurs in (``local``,
    :mod:`gamecore.learners.td0`)."""
    loser_learns: bool = field(
        default=False,
        metadata=cli(
            "TD(0): learn only from the side that lost each game (both after a draw), "
            "as in seed 001",
            boolean=True,
        ),
    )
    """TD(0) only: learn only from the side that lost each game (seed 001's regime)."""
    outcome_step: float = field(
        default=0.0,
        metadata=cli(
            "after each finished game, move its positions this share of the way to the "
            "result, split between feature groups (0: learn from search alone)",
            validator="share",
            metavar="SHARE",
        ),
    )
    """Share of the way to its result each finished game moves its positions (split evenly
    between the feature groups; see ``Learner.learn_outcome``); 0: learn from search alone."""
    outcome_discount: float = field(
        default=1.0,
        metadata=cli(
            "per ply, how much less a result one ply further away counts in --outcome-step's "
            "targets: the win probability ½ ± ½·GAMMA^k for a result k plies ahead (1: the "
            "result itself)",
            validator="positive_fraction",
            metavar="GAMMA",
        ),
    )
    """γ per ply for the outcome update's targets: a result k plies away moves a position
    towards the win probability ½ ± ½·γᵏ (``gamecore.learners.base.outcome_target``); 1:
    towards the result itself."""
    outcome_groups: str = field(
        default="all",
        metadata=cli(
            "the feature groups --outcome-step moves, joined by + (e.g. material; "
            "default all); the others learn from search alone",
            metavar="GROUPS",
        ),
    )
    """The feature groups the outcome update moves (joined by ``+``, as in ``stages``); each
    moves the share it would with ``all``, the others none."""
    group_steps: str | None = field(
        default=None,
        metadata=cli(
            "move the named feature groups K times as far as the others in every update "
            "(e.g. mating=0.25; 0 freezes a group)",
            metavar="GROUP=K,...",
        ),
    )
    """Multiples of the step for named feature groups, ``GROUP=K`` joined by commas (e.g.
    ``mating=0.25``; see :func:`gamecore.stages.parse_group_steps`); None: one step for all."""
    decay: float = field(
        default=0.0,
        metadata=cli(
            "weight decay: after every game the weights shrink by this share, from 0 up "
            "to 0.5 (0: none)",
            validator="decay",
            metavar="SHARE",
        ),
    )
    """Weight decay: after every game θ shrinks by this share (L2 regularisation). Where one
    side wins (nearly) every game, as against random movers, the logistic loss alone lets
    the weights grow without end along any feature the winner's positions happen to share."""
    outcome_at_cut: str = field(
        default="skip",
        metadata=cli(
            "what --outcome-step makes of a game cut at --max-plies: skip it, or learn it "
            "as a draw, as a match scores its ply limit (skip)",
            choices=OUTCOME_AT_CUT,
        ),
    )
    """What the outcome update makes of a game cut at ``max_plies``: ``skip`` it, or take it
    as the ``draw`` a match scores at its own ply limit."""
    search_params: str | None = field(
        default=None,
        metadata=cli(
            "the learner's search parameters: a search-parameters file, a name the game "
            "ships, tournament, or plain (no quiescence) (default: training mode, which "
            "prunes nothing by the weights)",
            metavar="SPEC",
        ),
    )
    """The learner's search parameters (a file or a name, see :mod:`gamecore.search_params`);
    None: training mode, whose search depends on no weight (Veness et al. 2009, §5)."""
    tune_search_every: int = field(
        default=0,
        metadata=cli(
            "re-tune the learner's search parameters on --tune-suite every N games with the "
            "current weights (seed 004's GA, a few generations each time; docs/tuning.md)",
            validator="every",
            metavar="N",
        ),
    )
    """Re-tune the learner's search parameters on ``tune_suite`` every this many games
    (:mod:`gamecore.train_tuning`); 0: never."""
    tune_suite: str | None = field(
        default=None, metadata=cli("positions with best moves", metavar="FILE")
    )
    tune_generations: int = field(
        default=2,
        metadata=cli(
            "GA generations per re-tuning (default 2)",
            validator="integer",
            validator_args=(1, 10_000),
            metavar="G",
        ),
    )
    """GA generations per re-tuning (the population carries over between re-tunings)."""
    tune_population: int = field(
        default=10,
        metadata=cli("(default 10)", validator="integer", validator_args=(2, 1000), metavar="P"),
    )
    tune_node_cap: int = field(
        default=50_000,
        metadata=cli(
            "nodes a suite position may take (default 50,000)",
            validator="integer",
            validator_args=(100, 10**9),
            metavar="N",
        ),
    )
    min_depth: int = field(
        default=1,
        metadata=cli("TreeStrap(αβ): least depth of an update", validator="depth"),
    )
    lam: float = field(
        default=0.95,
        metadata=cli("TD-Leaf(λ) trace decay (0 to 1)", validator="fraction", name="--lambda"),
    )
    opening_plies: int = field(
        default=4,
        metadata=cli("random plies that open each game", validator="opening_plies"),
    )
    max_plies: int = field(
        default=200,
        metadata=cli("adjudicate a draw after this many plies", validator="plies"),
    )
    """Adjudicate a draw after this many plies (training games by weak players can wander)."""
    checkpoint_every: int = field(
        default=5, metadata=cli("games between checkpoints", validator="every")
    )
    snapshot_every: int = field(
        default=0,
        metadata=cli("keep OUT-gNNNNN.npz every N games", validator="games"),
    )
    """Also keep a copy of θ every this many games (``OUT-g00040.npz``); 0: none."""
    time_budget: float | None = field(
        default=None,
        metadata=cli("seconds of training; no game starts after that", validator="seconds"),
    )
    """Seconds of training for this invocation; no new game starts after it (then checkpoint)."""
    eval_every: int = field(
        default=0,
        metadata=cli(
            "every N games (and at the start and the end) play the weights against fixed "
            "opponents, in the background when a core is free; scores go to OUT.eval.csv",
            validator="every",
            metavar="N",
        ),
    )
    """Measure the weights against the ``eval_vs`` opponents every this many games (and at
    the start and the end); 0: never."""
    eval_games: int = field(
        default=DEFAULT_GAMES,
        metadata=cli(
            f"games per opponent and measurement, even (default {DEFAULT_GAMES})",
            validator="games",
            metavar="K",
        ),
    )
    """Games per opponent and measurement (even: each opening from both sides)."""
    eval_vs: str = field(
        default=DEFAULT_OPPONENTS,
        metadata=cli(
            "comma-separated opponents of the measurements: random, zeros, default, a name "
            f"the game ships, weights files (default {DEFAULT_OPPONENTS})",
            metavar="LIST",
        ),
    )
    """Comma-separated opponents of the measurements: ``random``, ``zeros``, ``default``, a
    name the game ships, a weights file."""

    def check(self) -> None:
        """:class:`BadOption` if a value is impossible (see :mod:`gamecore.bounds`): the
        command line is read against the same ranges, so this catches damaged checkpoints
        and programs that build a configuration themselves."""
        self._check_types()
        whole = {
            "games": (0, MAX_GAMES), "opening_plies": (0, MAX_OPENING_PLIES),
            "max_plies": (1, MAX_PLIES), "checkpoint_every": (1, MAX_GAMES),
            "snapshot_every": (0, MAX_GAMES), "seed": (0, MAX_SEED),
            "min_depth": (1, MAX_SEARCH_DEPTH), "eval_every": (0, MAX_GAMES),
            "eval_games": (0, MAX_GAMES), "depth": (1, MAX_SEARCH_DEPTH),
            "tune_search_every": (0, MAX_GAMES), "tune_generations": (1, 10_000),
            "tune_population": (2, 1000), "tune_node_cap": (100, 10**9),
        }  # fmt: skip
        for name, (least, most) in whole.items():
            value = getattr(self, name)
            if name == "depth" and value is None:
                continue
            if not is_whole(value) or not least <= value <= most:
                raise BadOption(
                    f"{name} must be a whole number from {least} to {most}, not {value!r}"
                )
        positive = {"time_per_move": MAX_SECONDS, "time_budget": MAX_SECONDS, "step": MAX_STEP}
        for name, ceiling in positive.items():
            number = getattr(self, name)
            if number is not None and not (is_finite_number(number) and 0 < number <= ceiling):
                raise BadOption(
                    f"{name} must be a number above 0 up to {ceiling:g}, not {number!r}"
                )
        for name in ("average_share", "outcome_discount"):
            number = getattr(self, name)
            if not (is_finite_number(number) and 0 < number <= 1):
                raise BadOption(f"{name} must be a number above 0 up to 1, not {number!r}")
        for name, ceiling in {"lam": 1.0, "outcome_step": MAX_STEP, "decay": 0.5}.items():
            number = getattr(self, name)
            if not (is_finite_number(number) and 0 <= number <= ceiling):
                raise BadOption(f"{name} must be a number from 0 to {ceiling:g}, not {number!r}")
        if self.depth is None and self.time_per_move is None and not self.time_control:
            raise BadOption("give a search depth, a time per move or a time control")
        if self.time_control:
            TimeControl.parse(self.time_control)  # BadOption naming the malformed clock
        if self.tune_search_every and not self.tune_suite:
            raise BadOption("--tune-search-every needs --tune-suite FILE")
        if self.symmetry not in SYMMETRIES:
            raise BadOption(
                f"symmetry must be one of {', '.join(SYMMETRIES)}, not {self.symmetry!r:.60}"
            )
        if self.squash not in SQUASHES:
            raise BadOption(f"squash must be one of {', '.join(SQUASHES)}, not {self.squash!r:.60}")
        if self.base_rule not in BASE_RULES:
            raise BadOption(
                f"base rule must be one of {', '.join(BASE_RULES)}, not {self.base_rule!r:.60}"
            )
        if self.base_rule != "chain" and self.algo != "td0":
            raise BadOption("--base-rule local is a rule of TD(0): use it with --algo td0")
        if self.loser_learns and self.algo != "td0":
            raise BadOption("--loser-learns is a rule of TD(0): use it with --algo td0")
        if self.loser_learns and "self" in self.vs.split(","):
            raise BadOption(
                "--loser-learns needs an opponent (--vs): in self-play the learner is the "
                "loser of every decisive game"
            )

    def _check_types(self) -> None:
        """Text where a field is declared text, a flag where a flag (a checkpoint's JSON can
        hold anything: a list for the opponent, a number for the clock)."""
        for name in _fields_declared(str):
            if not isinstance(getattr(self, name), str):
                raise BadOption(f"{name} must be text, not {getattr(self, name)!r:.60}")
        for name in _fields_declared(str | None):
            value = getattr(self, name)
            if value is not None and not isinstance(value, str):
                raise BadOption(f"{name} must be text or absent, not {value!r:.60}")
        if self.outcome_at_cut not in OUTCOME_AT_CUT:
            choices = " or ".join(OUTCOME_AT_CUT)
            raise BadOption(f"outcome_at_cut must be {choices}, not {self.outcome_at_cut!r:.60}")
        for name in _fields_declared(bool):
            if not isinstance(getattr(self, name), bool):
                raise BadOption(f"{name} must be true or false, not {getattr(self, name)!r:.60}")
        options = self.game_options
        if not isinstance(options, dict) or not all(
            isinstance(key, str) and isinstance(value, (str, int, float))
            for key, value in options.items()
        ):
            raise BadOption(f"game_options must map names to values, not {options!r:.60}")

    def limits(self) -> Limits:
        """Each move's limits (under a time control, what a move gets on a full clock: the
        yardsticks' measurements use that)."""
        if self.time_control and self.time_per_move is None:
            typical = TimeControl.parse(self.time_control).typical_move_time()
            return Limits(depth=self.depth, time=typical)
        return Limits(depth=self.depth, time=self.time_per_move)

    def log_path(self) -> Path:
        return Path(self.out).with_suffix(".csv")

    def eval_log_path(self) -> Path:
        return eval_log_path(self.out)


def _fields_declared(kind: object) -> list[str]:
    """The fields of :class:`TrainConfig` declared of type ``kind`` (e.g. ``str | None``)."""
    return [name for name, hint in get_type_hints(TrainConfig).items() if hint == kind]


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


@dataclass
class GameBoundary:
    """The run as it stood between two games: what an interrupted game is rewound to."""

    theta: np.ndarray
    rng_state: Mapping[str, Any]
    progress: Progress
    rule_state: dict
    """The update rule's state (Adam's moments)."""
    average: np.ndarray
    """The running average of θ (see ``TrainConfig.average``)."""


LINEAR_ONLY = {
    "stages": "--stages trains groups of linear features; a network has none",
    "outcome_groups": "--outcome-groups names groups of linear features; a network has none",
    "group_steps": "--group-steps names groups of linear features; a network has none",
    "tune_search_every": "--tune-search-every tunes the search of linear weights only",
}
"""Settings only linear features take, with the refusal a network run gets when one is set
(and the training defaults a network run does without)."""
LINEAR_ONLY_UNSET = {
    f.name: f.default for f in dataclasses.fields(TrainConfig) if f.name in LINEAR_ONLY
}


def configure(
    game: str, game_options: Mapping[str, Any] | None = None, **given: Any
) -> TrainConfig:
    """The configuration of a new run of ``game``: the settings ``given``, then the game's
    recipe (``Game.training_defaults``, changed by ``training_defaults_against`` for the
    opponent), then :class:`TrainConfig`'s defaults. ``gamecore train`` resolves its options
    here too, so Python and the command line train the same thing."""
    from gamecore.registry import game_class

    cls = game_class(game)
    given = {k: v for k, v in given.items() if v is not None}
    defaults = dict(cls.training_defaults)
    opponent = str(given.get("vs", defaults.get("vs", "self")))
    defaults.update(cls.training_defaults_against.get(opponent, {}))
    if given.get("evaluation", LINEAR) != LINEAR:
        for name in LINEAR_ONLY:  # a game's recipe for its features, not for a network
            defaults.pop(name, None)
    if ("time_per_move" in given or "time_control" in given) and "depth" not in given:
        given["depth"] = None
    config = TrainConfig(game=game, game_options=dict(game_options or {}))
    config = dataclasses.replace(config, **{**defaults, **given})
    if config.stages and "games" not in given:
        schedule = parse_stages(get_game(game, **config.game_options), config.stages)
        config = dataclasses.replace(config, games=sum(stage.games for stage in schedule))
    if not config.out:
        config = dataclasses.replace(config, out=f"{config.game}-{config.algo}.npz")
    return config


class Trainer:
    """Runs a :class:`TrainConfig`, from scratch or from a checkpoint."""

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
        self._in_game = False
        self._in_evaluation = False
        self._stop_requested = False
        self._stopping = False
        self._resumed = resume is not None
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
        self.retuner = self._retuner(resume)
        if self.retuner is not None:
            self.learner.searcher.set_params(self.retuner.params)
        self.average = resume.theta.copy() if resume is not None else theta.copy()
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
        self.yardsticks = self._yardsticks()
        self._kept_log_rows = self._read_kept_log_rows()

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

    def _retuner(self, resume: Weights | None) -> SearchRetuner | None:
        """The search tuner of ``--tune-search-every`` (its suite read now), if asked for."""
        config = self.config
        if not config.tune_search_every:
            return None
        assert config.tune_suite is not None
        saved = resume.metadata["training"].get("search_tuning") if resume is not None else None
        return SearchRetuner(
            self.game,
            every=config.tune_search_every,
            suite=config.tune_suite,
            generations=config.tune_generations,
            population=config.tune_population,
            node_cap=config.tune_node_cap,
            seed=config.seed,
            out=config.out,
            base_params=self.learner.searcher.params,
            saved=saved,
        )

    def _retune(self, executor: Executor | None) -> None:
        """Re-tune the search parameters if due (at a game boundary, no game in flight)."""
        done = self.progress.games_done
        if self.retuner is None or done >= self.config.games or not self.retuner.due(done):
            return
        params = self.retuner.retune(self.learner.theta, self.progress.games_done, executor)
        self.learner.searcher.set_params(params)
        self.checkpoint()

    def _yardsticks(self) -> YardstickRunner | None:
        """The measurements against fixed opponents, if asked for (opponents checked now)."""
        config = self.config
        if not config.eval_every:
            return None
        return YardstickRunner(
            self.game,
            config.game_options,
            config.eval_log_path(),
            every=config.eval_every,
            games=config.eval_games,
            opponents=config.eval_vs,
            limits=config.limits(),
            opening_plies=config.opening_plies,
            max_plies=config.max_plies,
            seed=config.seed,
            book=self.book,
            evaluation=config.evaluation,
        )

    # -- running -------------------------------------------------------------------

    def request_stop(self) -> None:
        """Stop at once if a game is being played (it is discarded), else after the bookkeeping.

        For signal handlers: an interrupt raised while the log or a checkpoint is
        being written could leave them half-done, so it waits for the next game.
        A measurement against the yardsticks is dropped at once, like a game.
        Once a stop has begun, further requests are ignored: a second Ctrl-C must
        not cut short the checkpoint the first one is writing.
        """
        if self._stopping:
            return
        if self._in_game or self._in_evaluation:
            self._stopping = True
            raise KeyboardInterrupt
        self._stop_requested = True

    def run(
        self,
        on_game: Callable[[Progress, dict], None] | None = None,
        executor: Executor | None = None,
    ) -> Progress:
        """Play the remaining games; checkpoint as configured and on Ctrl-C (then re-raise);
        measure against the yardsticks as configured, the final weights too.

        Without an executor the games are played here, one after another; with one,
        its workers play them and this process merges what they learned (see
        :mod:`gamecore.train_worker`)."""
        self._trim_log()
        self.live = self._live_publisher()
        ended = "stopped"
        try:
            self._measure()
            if executor is None:
                self._play(on_game)
            else:
                self._play_parallel(executor, on_game)
            self._measure(final=True)
            ended = "finished"
        finally:
            if self.yardsticks is not None:
                self.yardsticks.close()
            if self.live is not None:
                self.live.end(ended, self.progress.games_done)
        return self.progress

    def _live_publisher(self) -> LivePublisher | None:
        """The run's ``OUT.live``, announcing that the run has started (None if it cannot be
        written: watching is a convenience, never a reason to stop training)."""
        config = self.config
        publisher = LivePublisher(
            live_path(config.out), config.game, config.game_options, config.games
        )
        return publisher if publisher.start(self.progress.games_done) else None

    def _play(self, on_game: Callable[[Progress, dict], None] | None) -> None:
        config = self.config
        started = time.perf_counter()
        if self.progress.games_done >= config.games:
            self.checkpoint()  # zero games: the starting weights, as a file
        while self.progress.games_done < config.games:
            if (
                config.time_budget is not None
                and time.perf_counter() - started > config.time_budget
            ):
                self.checkpoint()
                break
            if self._stop_requested:
                self.checkpoint()
                raise KeyboardInterrupt
            before = self._game_boundary()
            self._in_game = True
            try:
                index = self.progress.games_done
                row = self.play_game(index, self.partner_for(index))
            except KeyboardInterrupt:
                self._rewind_and_checkpoint(before)
                raise
            finally:
                self._in_game = False
            if not np.isfinite(self.learner.theta).all():
                self._rewind_and_checkpoint(before)
                raise self._diverged(row["game"])
            self._after_game(row, on_game)
            self._retune(None)

    def _play_parallel(
        self, executor: Executor, on_game: Callable[[Progress, dict], None] | None
    ) -> None:
        """Keep every worker busy with a game; merge each finished game's Δθ into θ.

        A game whose worker dies is sent again (with θ as it is then) and the
        log's ``workers_lost`` says how often. On Ctrl-C the checkpoint holds
        the games merged so far; the games in flight are lost.
        """
        config = self.config
        started = time.perf_counter()
        if self.progress.games_done >= config.games:
            self.checkpoint()
        in_flight: dict[Future, GameTask] = {}
        lost: dict[int, int] = {}
        next_index = self.progress.games_done
        # One game at a time is published (by the worker playing it), on this machine only.
        publish = self.live is not None and isinstance(executor, LocalExecutor)

        def send(index: int) -> None:
            mask = stage_of(self.stages, index).mask if self.stages is not None else None
            watched = publish and not any(t.live for t in in_flight.values())
            task = GameTask(
                config,
                index,
                self.learner.theta.copy(),
                self.learner.rule.state(),
                mask,
                live=str(self.live.path) if watched and self.live is not None else None,
                params=self.learner.searcher.params if self.retuner is not None else None,
                partner=self.partner_for(index),
            )
            in_flight[executor.submit(play_training_game, task)] = task

        try:
            while True:
                if self._stop_requested:
                    raise KeyboardInterrupt
                over_budget = (
                    config.time_budget is not None
                    and time.perf_counter() - started > config.time_budget
                )
                # A re-tuning waits for the games in flight, then has every worker.
                played = self.progress.games_done
                retune_due = (
                    self.retuner is not None and played < config.games and self.retuner.due(played)
                )
                if retune_due and not in_flight:
                    self._retune(executor)
                    continue
                while (
                    len(in_flight) < executor.workers
                    and next_index < config.games
                    and not over_budget
                    and not retune_due
                ):
                    send(next_index)
                    next_index += 1
                if not in_flight:
                    break
                # Not marked as "in a game": an interrupt raised by the signal handler inside
                # wait() can leave its waiter's lock held, and the pool's manager thread then
                # blocks on it for ever. The stop request is seen at the top of the loop.
                done, _ = wait(in_flight, timeout=STOP_POLL_SECONDS, return_when=FIRST_COMPLETED)
                for future in done:
                    task = in_flight.pop(future)
                    try:
                        report = executor.result(future)
                    except WorkerLost:
                        lost[task.index] = lost.get(task.index, 0) + 1
                        send(task.index)
                        continue
                    self._merge(report, lost.pop(task.index, 0), on_game)
            self.checkpoint()
        except KeyboardInterrupt:
            executor.close()
            self.checkpoint()
            raise

    def _merge(
        self,
        report: GameReport,
        workers_lost: int,
        on_game: Callable[[Progress, dict], None] | None,
    ) -> None:
        """Add one finished game's Δθ and its bookkeeping, as ``_play`` does after a game."""
        merged = self.learner.theta + report.delta
        if not np.isfinite(merged).all():
            self.checkpoint()  # θ as it was before this game
            raise self._diverged(report.index + 1)
        self.learner.theta[:] = merged
        self.learner.average_symmetry()  # games merged together average as one would
        self.learner.rule.load_state(report.rule_state)
        row = report.row
        self.progress.record(
            row["outcome"], row["plies"], row["seconds"], float(row["mean_abs_delta"])
        )
        row = {**row, "game": self.progress.games_done, "workers_lost": workers_lost}
        self._after_game(row, on_game)

    def _diverged(self, game_number: int) -> TrainingDiverged:
        config = self.config
        return TrainingDiverged(
            f"the weights became infinite or NaN in game {game_number}: step "
            f"{self.learner.step:g} is too large for {config.game}; the last finite "
            f"weights are in {config.out} (resume with --resume and a smaller --step)"
        )

    def _after_game(self, row: dict, on_game: Callable[[Progress, dict], None] | None) -> None:
        """The bookkeeping after each game: sparring score, average, log, checkpoint, snapshot,
        yardsticks."""
        config = self.config
        done = self.progress.games_done
        if self.sparring is not None and row["opponent"] in self.sparring.scores:
            points = {"win": 1.0, "draw": 0.5, "loss": 0.0}[row["outcome"]]
            self.sparring.record(row["opponent"], points)
        self._update_average()
        self._append_log(row)
        if done % config.checkpoint_every == 0 or done == config.games:
            self.checkpoint()
        if config.snapshot_every and done % config.snapshot_every == 0:
            self.checkpoint(self.snapshot_path(done))
        self._measure()
        if on_game is not None:
            on_game(self.progress, row)

    def _measure(self, final: bool = False) -> None:
        """Hand the weights to the yardsticks if a measurement is due (at the end, wait for
        it); record any that finished. Ctrl-C meanwhile checkpoints this game boundary."""
        runner = self.yardsticks
        if runner is None:
            return
        done = self.progress.games_done
        self._in_evaluation = True
        try:
            if runner.due(done, self.config.games, final):
                runner.submit(done, self.current_weights(), self.progress.seconds)
            runner.poll()
            if final:
                runner.wait()
        except KeyboardInterrupt:
            self.checkpoint()
            raise
        finally:
            self._in_evaluation = False

    def current_weights(self) -> np.ndarray:
        """θ as the run writes it: the running average when averaging, else the live θ."""
        return self.average if self.config.average else self.learner.theta

    def _update_average(self) -> None:
        """θ̄ += (θ − θ̄)/k over the games so far, k capped at ``average_share`` of the run's."""
        if not self.config.average:
            return
        horizon = max(1, int(self.config.games * self.config.average_share))
        self.average += (self.learner.theta - self.average) / min(self.progress.games_done, horizon)

    def _game_boundary(self) -> GameBoundary:
        """What a checkpoint at this game boundary holds."""
        return GameBoundary(
            theta=self.learner.theta.copy(),
            rng_state=self.rng.bit_generator.state,
            progress=dataclasses.replace(self.progress),
            rule_state=self.learner.rule.state(),
            average=self.average.copy(),
        )

    def _rewind_and_checkpoint(self, boundary: GameBoundary) -> None:
        """Undo the unfinished game (back to ``boundary``) and checkpoint there."""
        self.learner.theta[:] = boundary.theta
        self.rng.bit_generator.state = boundary.rng_state
        self.progress = boundary.progress
        self.learner.rule.load_state(boundary.rule_state)
        self.average = boundary.average
        self.checkpoint()

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

    # -- files ---------------------------------------------------------------------

    def snapshot_path(self, games: int) -> Path:
        out = Path(self.config.out)
        return out.with_name(f"{out.stem}-g{games:05d}{out.suffix}")

    def checkpoint(self, path: str | Path | None = None) -> None:
        """Write θ and the run's state atomically to the output file (or ``path``)."""
        meta: dict[str, Any] = {
            "training": {
                "config": dataclasses.asdict(self.config),
                "progress": dataclasses.asdict(self.progress),
                "rng": self.rng.bit_generator.state,
                "update_rule": self.learner.rule.state(),
            },
            "algorithm": self.config.algo,
            "games": self.progress.games_done,
        }
        if self.config.average:  # what the learner continues from
            meta["training"]["live_theta"] = self.learner.theta.tolist()
        if self.retuner is not None:
            meta["training"]["search_tuning"] = self.retuner.to_dict()
        if self.sparring is not None:
            meta["training"]["sparring"] = self.sparring.state()
        weights = Weights.for_game(self.game, self.current_weights(), self.evaluation, **meta)
        weights.metadata["training"]["theta_digest"] = weights.digest()
        weights.save(path or self.config.out)

    def _append_log(self, row: dict) -> None:
        path = self.config.log_path()
        new = not path.exists()
        with path.open("a", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=LOG_FIELDS)
            if new:
                writer.writeheader()
            writer.writerow(row)

    def _trim_log(self) -> None:
        """Drop log rows of games played after the checkpoint being resumed (they are replayed),
        and the same for the measurements (a new run starts both afresh)."""
        if self.yardsticks is not None:
            self.yardsticks.trim(self.progress.games_done if self._resumed else -1)
        path = self.config.log_path()
        if not path.exists():
            return
        tmp = path.with_suffix(".csv.tmp")
        with tmp.open("w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=LOG_FIELDS)
            writer.writeheader()
            writer.writerows(self._kept_log_rows)
        tmp.replace(path)

    def _read_kept_log_rows(self) -> list[dict]:
        """The log rows a resumed run keeps: whole rows up to its checkpoint (a new run keeps
        none). Read when the trainer is made, so an unreadable log is reported before work."""
        path = self.config.log_path()
        if not self._resumed or not path.exists():
            return []
        check_input(path, "training log")
        done = self.progress.games_done
        try:
            with path.open(newline="") as f:
                return [r for r in complete_rows(csv.DictReader(f)) if int(r["game"]) <= done]
        except (OSError, UnicodeDecodeError, ValueError, KeyError, csv.Error) as exc:
            raise BadOption(
                f"training log {str(path)!r} beside the checkpoint is unreadable ({exc}); "
                "move it away to resume without it"
            ) from None


def _outcome(winner: int | None, learner_team: int | None) -> str:
    if learner_team is None:
        return "decisive" if winner is not None else "draw"
    if winner is None:
        return "draw"
    return "win" if winner == learner_team else "loss"


def resume_config(checkpoint: Weights, **overrides: Any) -> TrainConfig:
    """The configuration stored in a checkpoint, with ``overrides`` applied (e.g. more games)."""
    try:
        stored = checkpoint.metadata["training"]["config"]
    except (KeyError, TypeError):
        raise BadOption("that weights file is not a training checkpoint") from None
    # Runs checkpointed before the update rules existed used the paper's rule.
    if not isinstance(stored, dict):
        raise BadOption("that checkpoint is damaged: its configuration is not a record")
    # ... those from before twin features were tied learned every weight on its own, and
    # those from before quiet leaves moved every position itself, and networks from before
    # symmetric weights were averaged kept them apart.
    stored = {
        "update": "sgd",
        "loss": "value",
        "average": False,
        "tie_sides": False,
        "quiet_leaves": False,
        "symmetry": "none",
        "sparring": "none",
        **stored,
    }
    known = {field.name for field in dataclasses.fields(TrainConfig)}
    unknown = sorted(set(stored) - known, key=repr)
    if unknown:
        raise BadOption(f"that checkpoint is damaged: its configuration has {unknown[0]!r:.60}")
    try:
        config = TrainConfig(**stored)
    except TypeError as exc:  # a field missing: its name is an identifier, the line one line
        raise BadOption(f"that checkpoint is damaged: {exc}") from None
    _check_training_state(checkpoint)  # the configuration is checked by the Trainer
    return dataclasses.replace(config, **{k: v for k, v in overrides.items() if v is not None})


def _check_training_state(checkpoint: Weights) -> None:
    """The progress, random state and live θ a resume continues from, or one line naming the
    damage (nothing is changed: the check runs before the run opens any file)."""
    state = checkpoint.metadata["training"]
    try:
        progress = Progress(**state["progress"])
        np.random.default_rng().bit_generator.state = state["rng"]
    except (KeyError, TypeError, ValueError, OverflowError) as exc:
        raise BadOption(f"that checkpoint is damaged: {type(exc).__name__}: {exc}") from None
    digest = state.get("theta_digest")
    if digest is not None and digest != checkpoint.digest():
        raise BadOption(
            "that file's weights were changed after its checkpoint was written, so it is no "
            "run's state to resume: start a new run from them with --init"
        )
    counts = (progress.games_done, progress.wins, progress.draws, progress.losses)
    if any(not is_whole(n) or n < 0 for n in counts):
        raise BadOption(f"that checkpoint is damaged: negative or fractional counts {counts}")
    if "live_theta" in state:
        live = state["live_theta"]
        if (
            not isinstance(live, list)
            or len(live) != checkpoint.theta.size
            or not all(is_finite_number(x) for x in live)
        ):
            raise BadOption("that checkpoint is damaged: its live weights are not finite numbers")
