"""Every gamecore game in the tools people already use: UCI, PettingZoo and OpenSpiel.

:mod:`.uci` is the UCI protocol in front of the searcher, for chess GUIs and
bots (with :mod:`.uci_options`, :mod:`.uci_go`, :mod:`.uci_search` and
:mod:`.uci_info`; docs/uci.md). ``pettingzoo_env("duchess", players=4)`` is a
PettingZoo AEC environment; ``openspiel_game("checkers")`` is an OpenSpiel game
that OpenSpiel's algorithms (MCTS, AlphaZero, CFR, ...) run on. Both spell
moves as the game's actions (:mod:`gamecore.interop.actions`) and observe
positions through :meth:`~gamecore.game.Game.observe`. They need
``pip install "gamecore[envs]"``; the rest of gamecore never imports them.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from gamecore.errors import GamecoreError

EXTRA_HINT = 'pip install "gamecore[envs]"'


class MissingExtra(GamecoreError):
    """An adapter's library is not installed."""


def require(module: str, what: str) -> Any:
    """Import ``module`` or say, in one line, which extra installs it."""
    try:
        return import_module(module)
    except ImportError:
        raise MissingExtra(f"{what} needs the {module} package: {EXTRA_HINT}") from None


ILLEGAL_REWARD = -1.0
"""What an agent gets for an action its mask forbids; the game then ends for everyone
(PettingZoo's convention for its classic games)."""


def pettingzoo_env(game: str, **options: Any):
    """A PettingZoo AEC environment of the registered game ``game`` (see :mod:`.pettingzoo`),
    wrapped as PettingZoo wraps its own classic games: an illegal action ends the game with
    :data:`ILLEGAL_REWARD` for the agent that took it (0 for the others), an action out of
    range is an assertion, and calls out of order are refused."""
    require("pettingzoo", "the PettingZoo adapter")
    from pettingzoo.utils import wrappers

    from gamecore.interop.pettingzoo import GameEnv

    env = wrappers.TerminateIllegalWrapper(GameEnv.of(game, **options), ILLEGAL_REWARD)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(env))


def openspiel_game(game: str, **options: Any):
    """An OpenSpiel game (``pyspiel.Game``) of the registered ``game`` (see :mod:`.openspiel`)."""
    require("pyspiel", "the OpenSpiel adapter")
    from gamecore.interop.openspiel import spiel_game

    return spiel_game(game, **options)


__all__ = ["MissingExtra", "openspiel_game", "pettingzoo_env"]
