"""Matches and tournaments between players, for measuring strength.

Every pairing plays each of K openings twice, once from each side, so
neither the opening nor the first move favours a player. The openings are
seeded random plies, or the lines of an opening book (``--book``). Games
run in parallel threads: the compiled search releases the GIL, so two
games use two cores. Each game is also written to a record file in
the game's own format (PGN for chess).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from gamecore.elo import MatchResult
from gamecore.errors import BadOption
from gamecore.game import Game
from gamecore.kernel_api import ONGOING
from gamecore.players import RandomPlayer, SearchPlayer
from gamecore.search import Limits
from gamecore.state import State
from gamecore.weights import Weights, resolve_weights, spec_label

RANDOM = "random"


@dataclass(frozen=True)
class PlayerSpec:
    """Who plays: ``random``, or a searcher with weights named as :func:`resolve_weights`
    reads them (``zeros``, ``default``, a name the game ships, a weights file)."""

    text: str
    name: str
    weights: Weights | None

    @classmethod
    def parse(cls, game: Game, text: str) -> PlayerSpec:
        """The player ``text`` names; :class:`BadWeights` (one line) for an unknown one."""
        if text == RANDOM:
            return cls(text, RANDOM, None)
        return cls(text, spec_label(text), resolve_weights(game, text, others=(RANDOM,)))

    def make(self, game: Game, limits: Limits, seed: int, tt_megabytes: float = 16):
        if self.weights is None:
            return RandomPlayer(np.random.default_rng(seed), name=self.name)
        return SearchPlayer(game, self.weights, limits, name=self.name, tt_megabytes=tt_megabytes)


def make_openings(game: Game, count: int, plies: int, seed: int) -> list[list[int]]:
    """``count`` distinct openings of ``plies`` random legal plies (fewer if the game has fewer)."""
    rng = np.random.default_rng(seed)
    openings: list[list[int]] = []
    seen: set[int] = set()
    for _ in range(count * 50):
        if len(openings) == count:
            break
        state = game.initial_state()
        for _ in range(plies):
            moves = state.legal_moves()
            if not moves or state.status() != ONGOING:
                break
            state.push_unchecked(moves[int(rng.integers(len(moves)))])
        if state.status() == ONGOING and state.hash not in seen:
            seen.add(state.hash)
            openings.append(list(state.history))
    if not openings:
        raise BadOption(f"no {game.name} opening of {plies} plies leaves the game going")
    return openings


@dataclass
class GameResult:
    first_team: int
    """The team the first player (A) played."""
    winner: int | None
    plies: int
    record: str

    @property
    def score_of_first(self) -> float:
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == self.first_team else 0.0


def play_game(game: Game, players: dict[int, object], opening: list[int], max_plies: int) -> State:
    """Play from ``opening`` with one player per team until the end (or ``max_plies``: a draw)."""
    state = game.initial_state()
    for move in opening:
        state.push_unchecked(move)
    for player in set(players.values()):
        player.new_game()  # type: ignore[attr-defined]
    while state.status() == ONGOING and len(state.history) < max_plies:
        choice = players[state.team].choose(state)  # type: ignore[attr-defined]
        state.push_unchecked(choice.move)
    return state


@dataclass
class MatchSettings:
    games: int = 20
    limits: Limits = field(default_factory=lambda: Limits(time=0.1))
    openings: int = 10
    opening_plies: int = 4
    max_plies: int = 400
    jobs: int = 2
    seed: int = 0
    book: list[list[int]] | None = None
    """Opening lines to play (each from both sides) instead of random openings."""


def run_match(
    game: Game,
    a: PlayerSpec,
    b: PlayerSpec,
    settings: MatchSettings,
    on_game: Callable[[GameResult], None] | None = None,
) -> tuple[MatchResult, list[GameResult]]:
    """Play ``settings.games`` games of A against B; W/D/L is from A's side."""
    openings = settings.book or make_openings(
        game, settings.openings, settings.opening_plies, settings.seed
    )
    lock = threading.Lock()
    a.make(game, settings.limits, 0)  # compile or load the search once, before the threads

    def one(index: int) -> GameResult:
        opening = openings[(index // 2) % len(openings)]
        first_team = index % 2
        pa = a.make(game, settings.limits, seed=settings.seed * 1000 + 2 * index)
        pb = b.make(game, settings.limits, seed=settings.seed * 1000 + 2 * index + 1)
        players = {first_team: pa, 1 - first_team: pb}
        state = play_game(game, players, opening, settings.max_plies)
        winner = state.winner_team()
        names = {team: (a.name if team == first_team else b.name) for team in (0, 1)}
        headers = {
            "Event": f"gamecore match {a.name} vs {b.name}",
            "Round": str(index + 1),
            game.team_names[0].capitalize(): names[0],
            game.team_names[1].capitalize(): names[1],
        }
        result = GameResult(
            first_team, winner, len(state.history), game.game_record(state, headers)
        )
        if on_game is not None:
            with lock:
                on_game(result)
        return result

    with ThreadPoolExecutor(max_workers=max(1, settings.jobs)) as pool:
        results = list(pool.map(one, range(settings.games)))
    wins = sum(r.score_of_first == 1.0 for r in results)
    losses = sum(r.score_of_first == 0.0 for r in results)
    return MatchResult(wins, len(results) - wins - losses, losses), results


def write_records(path: str | Path, results: list[GameResult]) -> None:
    """All games in one file, separated by blank lines (as PGN requires)."""
    Path(path).write_text("\n\n".join(r.record.rstrip("\n") for r in results) + "\n")
