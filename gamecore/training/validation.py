"""Checking a training configuration: every value in its range, every text a text.

The command line reads its options against the same ranges
(:mod:`gamecore.bounds`); these checks catch damaged checkpoints and programs
that build a :class:`~gamecore.training.config.TrainConfig` themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, get_type_hints

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
from gamecore.errors import BadOption
from gamecore.learners.base import BASE_RULES, SQUASHES, SYMMETRIES
from gamecore.play.clock import TimeControl

if TYPE_CHECKING:
    from gamecore.training.config import TrainConfig

OUTCOME_AT_CUT = ("skip", "draw")
"""What the outcome update may make of a game cut at the ply limit (TrainConfig.outcome_at_cut)."""


def check_config(config: TrainConfig) -> None:
    """:class:`BadOption` if a value is impossible (see :mod:`gamecore.bounds`): the
    command line is read against the same ranges, so this catches damaged checkpoints
    and programs that build a configuration themselves."""
    _check_types(config)
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
        value = getattr(config, name)
        if name == "depth" and value is None:
            continue
        if not is_whole(value) or not least <= value <= most:
            raise BadOption(f"{name} must be a whole number from {least} to {most}, not {value!r}")
    positive = {"time_per_move": MAX_SECONDS, "time_budget": MAX_SECONDS, "step": MAX_STEP}
    for name, ceiling in positive.items():
        number = getattr(config, name)
        if number is not None and not (is_finite_number(number) and 0 < number <= ceiling):
            raise BadOption(f"{name} must be a number above 0 up to {ceiling:g}, not {number!r}")
    for name in ("average_share", "outcome_discount"):
        number = getattr(config, name)
        if not (is_finite_number(number) and 0 < number <= 1):
            raise BadOption(f"{name} must be a number above 0 up to 1, not {number!r}")
    for name, ceiling in {"lam": 1.0, "outcome_step": MAX_STEP, "decay": 0.5}.items():
        number = getattr(config, name)
        if not (is_finite_number(number) and 0 <= number <= ceiling):
            raise BadOption(f"{name} must be a number from 0 to {ceiling:g}, not {number!r}")
    if config.depth is None and config.time_per_move is None and not config.time_control:
        raise BadOption("give a search depth, a time per move or a time control")
    if config.time_control:
        TimeControl.parse(config.time_control)  # BadOption naming the malformed clock
    if config.tune_search_every and not config.tune_suite:
        raise BadOption("--tune-search-every needs --tune-suite FILE")
    if config.symmetry not in SYMMETRIES:
        raise BadOption(
            f"symmetry must be one of {', '.join(SYMMETRIES)}, not {config.symmetry!r:.60}"
        )
    if config.squash not in SQUASHES:
        raise BadOption(f"squash must be one of {', '.join(SQUASHES)}, not {config.squash!r:.60}")
    if config.base_rule not in BASE_RULES:
        raise BadOption(
            f"base rule must be one of {', '.join(BASE_RULES)}, not {config.base_rule!r:.60}"
        )
    if config.base_rule != "chain" and config.algo != "td0":
        raise BadOption("--base-rule local is a rule of TD(0): use it with --algo td0")
    if config.loser_learns and config.algo != "td0":
        raise BadOption("--loser-learns is a rule of TD(0): use it with --algo td0")
    if config.loser_learns and "self" in config.vs.split(","):
        raise BadOption(
            "--loser-learns needs an opponent (--vs): in self-play the learner is the "
            "loser of every decisive game"
        )


def _check_types(config: TrainConfig) -> None:
    """Text where a field is declared text, a flag where a flag (a checkpoint's JSON can
    hold anything: a list for the opponent, a number for the clock)."""
    for name in _fields_declared(config, str):
        if not isinstance(getattr(config, name), str):
            raise BadOption(f"{name} must be text, not {getattr(config, name)!r:.60}")
    for name in _fields_declared(config, str | None):
        value = getattr(config, name)
        if value is not None and not isinstance(value, str):
            raise BadOption(f"{name} must be text or absent, not {value!r:.60}")
    if config.outcome_at_cut not in OUTCOME_AT_CUT:
        choices = " or ".join(OUTCOME_AT_CUT)
        raise BadOption(f"outcome_at_cut must be {choices}, not {config.outcome_at_cut!r:.60}")
    for name in _fields_declared(config, bool):
        if not isinstance(getattr(config, name), bool):
            raise BadOption(f"{name} must be true or false, not {getattr(config, name)!r:.60}")
    options = config.game_options
    if not isinstance(options, dict) or not all(
        isinstance(key, str) and isinstance(value, (str, int, float))
        for key, value in options.items()
    ):
        raise BadOption(f"game_options must map names to values, not {options!r:.60}")


def _fields_declared(config: TrainConfig, kind: object) -> list[str]:
    """The fields of :class:`TrainConfig` declared of type ``kind`` (e.g. ``str | None``)."""
    return [name for name, hint in get_type_hints(type(config)).items() if hint == kind]
