"""Write a copy of a weights file with one feature group scaled or taken from other weights.

    python benchmarks/weights_surgery.py GAME WEIGHTS OUT [--mean-with SPEC]
                                         [--take GROUP=SPEC] [--scale GROUP=K]

Every option repeats. ``--mean-with`` first replaces θ by the mean of WEIGHTS and
every SPEC given (an ensemble of runs, as one linear evaluation); then every
``--take`` is applied, then every ``--scale``.
GROUP is one of the game's feature groups (``Game.feature_groups``, e.g.
Duchess's ``material``, ``mating``, ``psq``), several joined by ``+``, or
``all``; SPEC is anything ``--weights`` accepts (``default``, a shipped name,
a file); K is a finite number. The result is a plain weights file for
matches. It answers questions like "would the learned weights win if material
counted twenty times as much?" (docs/results.md).
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from gamecore.errors import GamecoreError
from gamecore.registry import get_game
from gamecore.training.stages import group_mask
from gamecore.weights import Weights, resolve_weights


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("weights")
    parser.add_argument("out")
    parser.add_argument("--mean-with", action="append", default=[], metavar="SPEC")
    parser.add_argument("--scale", action="append", default=[], metavar="GROUP=K")
    parser.add_argument("--take", action="append", default=[], metavar="GROUP=SPEC")
    args = parser.parse_args()
    try:
        edit(args)
    except (GamecoreError, ValueError) as exc:
        print(f"weights_surgery: {exc}", file=sys.stderr)
        return 2
    return 0


def edit(args: argparse.Namespace) -> None:
    game = get_game(args.game)
    theta = resolve_weights(game, args.weights).theta.copy()
    if args.mean_with:
        others = [resolve_weights(game, spec).theta for spec in args.mean_with]
        theta = np.mean([theta, *others], axis=0)
    for item in args.take:
        name, _, spec = item.partition("=")
        part = group_mask(game, name) > 0
        theta[part] = resolve_weights(game, spec).theta[part]
    for item in args.scale:
        name, _, factor = item.partition("=")
        k = float(factor)  # ValueError names a factor that is no number
        if not np.isfinite(k):
            raise ValueError(f"the factor of {name!r} must be a finite number, not {factor!r}")
        theta[group_mask(game, name) > 0] *= k
    try:
        Weights.for_game(game, theta).save(args.out)
    except OSError as exc:
        raise ValueError(f"cannot write {args.out}: {exc.strerror or exc}") from None


if __name__ == "__main__":
    sys.exit(main())
