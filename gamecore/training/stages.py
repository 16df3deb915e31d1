"""Staged learning: which feature groups each stretch of a training run may update.

Real & Blair (2016) trained Duchess with TreeStrap faster by learning
material first, then attack and defence terms, then piece-square tables. A
schedule is written ``GROUPS:GAMES`` per stage, stages separated by commas,
groups within a stage joined by ``+``; ``all`` names every feature:

    material:200,material+mating:200,all:400

Game ``i`` (0-based) of a run belongs to the first stage whose cumulative
game count exceeds ``i``; games past the last stage stay in the last stage.
Features outside a stage's groups keep their values during that stage.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gamecore.bounds import is_digits
from gamecore.errors import BadOption
from gamecore.game import Game


@dataclass(frozen=True)
class Stage:
    groups: tuple[str, ...]
    games: int
    mask: np.ndarray
    """1.0 on the features this stage trains, 0.0 elsewhere."""


def parse_stages(game: Game, text: str) -> list[Stage]:
    """The schedule ``text`` for ``game``; a malformed one is a one-line error."""
    stages: list[Stage] = []
    for part in text.split(","):
        names, sep, games = part.strip().partition(":")
        games = games.strip()  # before int(): str.strip() knows more spaces than int() does
        if not sep or not names or not is_digits(games) or int(games) < 1:
            raise BadOption(f"stage {part.strip()!r} is not GROUP[+GROUP...]:GAMES (GAMES >= 1)")
        mask = group_mask(game, names)
        stages.append(Stage(tuple(n.strip() for n in names.split("+")), int(games), mask))
    return stages


def group_mask(game: Game, names: str) -> np.ndarray:
    """1.0 on the features of ``names`` (the game's feature groups joined by ``+``, or
    ``all``), 0.0 elsewhere; an unknown group is a one-line error naming the known ones."""
    groups = game.feature_groups()
    mask = np.zeros(game.feature_set.count)
    for name in names.split("+"):
        name = name.strip()
        if name == "all":
            mask[:] = 1.0
        elif name in groups:
            mask[groups[name]] = 1.0
        else:
            known = " ".join(["all", *groups])
            raise BadOption(f"{game.name} has no feature group {name!r} (known: {known})")
    return mask


MAX_GROUP_STEP = 100.0
"""The largest multiple of the step ``--group-steps`` gives a group."""


def parse_group_steps(game: Game, text: str) -> np.ndarray:
    """Per-feature multiples of the update step from ``text``, ``GROUP=K`` joined by commas
    (e.g. ``mating=0.25``): the features of each named group move K times as far, the rest
    as far as before. Holds back a group the search alone makes too large while the others
    find their scale (Duchess's mating terms, docs/results.md)."""
    factors = np.ones(game.feature_set.count)
    for part in text.split(","):
        name, sep, number = part.strip().partition("=")
        try:
            factor = float(number)
        except ValueError:
            factor = float("nan")
        if not sep or not name.strip() or not 0 <= factor <= MAX_GROUP_STEP:
            raise BadOption(
                f"group step {part.strip()!r} is not GROUP=K (K from 0 to {MAX_GROUP_STEP:g})"
            )
        factors[group_mask(game, name) > 0] = factor
    return factors


def unreached_stages(stages: list[Stage], games_played: int) -> list[Stage]:
    """The stages a run of ``games_played`` games never trained in: a time budget (or a
    ``--games`` below the schedule's sum) that ends the run early leaves their groups as
    they started, which the user should hear about."""
    if games_played <= 0:
        return list(stages)
    return stages[_stage_index(stages, games_played - 1) + 1 :]


def stage_of(stages: list[Stage], game_index: int) -> Stage:
    """The stage that game ``game_index`` (0-based) of the run trains in."""
    return stages[_stage_index(stages, game_index)]


def _stage_index(stages: list[Stage], game_index: int) -> int:
    """Where game ``game_index`` falls in the schedule; games past its end stay in the last."""
    end = 0
    for number, stage in enumerate(stages):
        end += stage.games
        if game_index < end:
            return number
    return len(stages) - 1
