"""A training run's configuration: every setting, the game's recipe applied, checked.

:class:`TrainConfig` is the one description of each setting of ``gamecore train``
(its fields' metadata make the command-line options; see
:mod:`gamecore.training.options`), and :func:`configure` the one place a game's
recipe meets the settings given, for Python and the command line alike.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamecore.errors import BadOption
from gamecore.evaluations import LINEAR, NETWORKS
from gamecore.learners import LEARNERS
from gamecore.learners.base import BASE_RULES, SQUASHES, SYMMETRIES
from gamecore.learners.updates import (
    DEFAULT_LOSS,
    DEFAULT_UPDATE,
    LOSSES,
    UPDATE_RULES,
)
from gamecore.play.clock import TimeControl
from gamecore.play.match import MatchSettings
from gamecore.registry import get_game
from gamecore.search import Limits
from gamecore.training.options import NOT_AN_OPTION, cli
from gamecore.training.stages import parse_stages
from gamecore.training.validation import OUTCOME_AT_CUT as OUTCOME_AT_CUT  # re-exported
from gamecore.training.validation import check_config
from gamecore.training.yardsticks import (
    DEFAULT_GAMES,
    DEFAULT_OPPONENTS,
    eval_log_path,
)


@dataclass
class TrainConfig:
    """Everything a run depends on; stored in every checkpoint.

    Each field is an option of ``gamecore train`` (its ``metadata=cli(...)`` says how it is
    presented, and the order of the fields is the order of ``--help``) or says it is none
    (:data:`~gamecore.training.options.NOT_AN_OPTION`)."""

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
    in a share of its games while it does not beat them (:mod:`~gamecore.training.sparring`);
    ``none``: plain self-play."""
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
    per move (see :mod:`gamecore.play.clock`)."""
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
    """Staged learning schedule (:mod:`~gamecore.training.stages`): ``material:200,all:400``."""
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
    ``mating=0.25``; see :func:`~gamecore.training.stages.parse_group_steps`); None: one step
    for all."""
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
    """The learner's search parameters (a file or a name, see :mod:`gamecore.search.params`);
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
    (:mod:`gamecore.training.retuning`); 0: never."""
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
        check_config(self)

    def limits(self) -> Limits:
        """Each move's limits (under a time control, what a move gets on a full clock: the
        yardsticks' measurements use that)."""
        if self.time_control and self.time_per_move is None:
            typical = TimeControl.parse(self.time_control).typical_move_time()
            return Limits(depth=self.depth, time=typical)
        return Limits(depth=self.depth, time=self.time_per_move)

    def match_settings(self, games: int, book: list[list[int]] | None = None) -> MatchSettings:
        """A match measuring this run's weights: ``games`` games at the training limits, from
        the run's opening plies (or ``book``), each opening from both sides."""
        return MatchSettings(
            games=games,
            limits=self.limits(),
            openings=max(1, games // 2),
            opening_plies=self.opening_plies,
            max_plies=self.max_plies,
            seed=self.seed,
            book=book,
        )

    def log_path(self) -> Path:
        return Path(self.out).with_suffix(".csv")

    def eval_log_path(self) -> Path:
        return eval_log_path(self.out)


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
    if given.get("sparring", "none") != "none" and opponent != "self":
        raise BadOption(f"--sparring: partners meet a learner in self-play, not --vs {opponent}")
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
