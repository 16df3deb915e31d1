"""Matches and tournaments between players, for measuring strength.

Every pairing plays each of K openings twice, once from each side, so
neither the opening nor the first move favours a player. The openings are
seeded random plies, or the lines of an opening book (``--book``). Games run
on an executor's workers (:mod:`gamecore.executor`), or in turn in this
process. Each game is also written to a record file in
the game's own format (PGN for chess).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from gamecore.errors import BadOption
from gamecore.executor import Executor, run_all
from gamecore.files import write_text_atomically
from gamecore.game import Game
from gamecore.interop.external import ExternalSpec, is_external
from gamecore.kernel_api import ONGOING
from gamecore.play.clock import Clocks, TimeControl, choose_on_clock
from gamecore.play.elo import MatchResult
from gamecore.play.game_length import resolve_max_plies
from gamecore.play.players import RandomPlayer, SearchPlayer
from gamecore.search import Limits, SearchParams
from gamecore.search.params import resolve as resolve_search_params
from gamecore.state import State
from gamecore.weights import Weights, resolve_weights, spec_label

RANDOM = "random"


@dataclass(frozen=True)
class PlayerSpec:
    """Who plays: ``random``, a searcher with weights named as :func:`resolve_weights`
    reads them (``zeros``, ``default``, a name the game ships, a weights file), or an agent
    from OpenSpiel or PettingZoo (``openspiel:mcts``, see :mod:`gamecore.interop.external`).

    A searcher's spec may end in ``@PARAMS``, its search parameters (a file or a name, as
    ``--search-params`` reads them): ``default@evolved.json`` plays the shipped weights with
    evolved search parameters."""

    text: str
    name: str
    weights: Weights | None
    external: ExternalSpec | None = None
    params: SearchParams | None = None
    """None: the game's default search parameters."""

    @classmethod
    def parse(cls, game: Game, text: str, params: str | None = None) -> PlayerSpec:
        """The player ``text`` names, searching with ``params`` unless it names its own;
        :class:`BadWeights` or :class:`BadOption` (one line) for an unknown one."""
        if text == RANDOM:
            return cls(text, RANDOM, None)
        if is_external(text):
            external = ExternalSpec.parse(text)
            return cls(text, external.label, None, external)
        weights_text, name_suffix = text, ""
        if "@" in text and not Path(text).exists():
            weights_text, _, params = text.rpartition("@")
            name_suffix = f"@{Path(params).stem}"
        weights = resolve_weights(game, weights_text, others=(RANDOM,))
        search = resolve_search_params(game, params)
        return cls(text, spec_label(weights_text) + name_suffix, weights, params=search)

    def make(self, game: Game, limits: Limits, seed: int, tt_megabytes: float = 16):
        if self.external is not None:
            return self.external.make(game, limits, seed)
        if self.weights is None:
            return RandomPlayer(np.random.default_rng(seed), name=self.name)
        return SearchPlayer(
            game,
            self.weights,
            limits,
            name=self.name,
            params=self.params,
            tt_megabytes=tt_megabytes,
        )


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


def play_game(
    game: Game,
    players: dict[int, object],
    opening: list[int],
    max_plies: int,
    clocks: Clocks | None = None,
) -> State:
    """Play from ``opening`` with one player per team until the end (or ``max_plies``: a draw),
    on ``clocks`` if given."""
    state = game.initial_state()
    for move in opening:
        state.push_unchecked(move)
    for player in set(players.values()):
        player.new_game()  # type: ignore[attr-defined]
    while state.status() == ONGOING and len(state.history) < max_plies:
        choice = choose_on_clock(players[state.team], state, clocks)
        state.push_unchecked(choice.move)
    return state


@dataclass
class MatchSettings:
    games: int = 20
    limits: Limits = field(default_factory=lambda: Limits(time=0.1))
    openings: int = 10
    opening_plies: int = 4
    max_plies: int | None = None
    """Adjudicate a draw after this many plies (None: the game's default,
    :func:`gamecore.play.game_length.default_max_plies`)."""
    seed: int = 0
    book: list[list[int]] | None = None
    """Opening lines to play (each from both sides) instead of random openings."""
    time_control: TimeControl | None = None
    """Fischer clocks per seat instead of ``limits`` (whose depth, if set, still caps)."""


@dataclass
class MatchGame:
    """One game of a match, as a worker process or a cluster node receives it."""

    game: Game
    a: PlayerSpec
    b: PlayerSpec
    index: int
    """Game ``index`` of the match: A plays team ``index % 2``."""
    opening: list[int]
    limits: Limits
    max_plies: int
    seed: int
    time_control: TimeControl | None = None


def play_match_game(task: MatchGame) -> GameResult:
    """Play one game of a match (in any process: everything it needs is in ``task``)."""
    game, a, b, index = task.game, task.a, task.b, task.index
    first_team = index % 2
    pa = a.make(game, task.limits, seed=task.seed * 1000 + 2 * index)
    pb = b.make(game, task.limits, seed=task.seed * 1000 + 2 * index + 1)
    players = {first_team: pa, 1 - first_team: pb}
    clocks = None
    if task.time_control is not None:
        clocks = Clocks(task.time_control, game.num_players, task.limits.depth)
    state = play_game(game, players, task.opening, task.max_plies, clocks)
    names = {team: (a.name if team == first_team else b.name) for team in (0, 1)}
    headers = {
        "Event": f"gamecore match {a.name} vs {b.name}",
        "Round": str(index + 1),
        game.team_names[0].capitalize(): names[0],
        game.team_names[1].capitalize(): names[1],
    }
    return GameResult(
        first_team, state.winner_team(), len(state.history), game.game_record(state, headers)
    )


def check_players(
    specs: tuple[PlayerSpec, ...] | list[PlayerSpec], settings: MatchSettings
) -> None:
    """Refuse (:class:`BadOption`) a player that cannot play under these settings."""
    for spec in specs:
        if spec.external is not None:
            spec.external.check_limits(settings.limits)


def match_games(game: Game, a: PlayerSpec, b: PlayerSpec, settings: MatchSettings) -> list:
    """The :class:`MatchGame` tasks of A against B."""
    openings = settings.book or make_openings(
        game, settings.openings, settings.opening_plies, settings.seed
    )
    max_plies = resolve_max_plies(game, settings.max_plies)
    check_players((a, b), settings)
    return [
        MatchGame(
            game, a, b, index, openings[(index // 2) % len(openings)],
            settings.limits, max_plies, settings.seed, settings.time_control,
        )
        for index in range(settings.games)
    ]  # fmt: skip


def score(results: list[GameResult]) -> MatchResult:
    """W/D/L from the first player's side."""
    wins = sum(r.score_of_first == 1.0 for r in results)
    losses = sum(r.score_of_first == 0.0 for r in results)
    return MatchResult(wins, len(results) - wins - losses, losses)


def run_match(
    game: Game,
    a: PlayerSpec,
    b: PlayerSpec,
    settings: MatchSettings,
    on_game: Callable[[GameResult], None] | None = None,
    executor: Executor | None = None,
) -> tuple[MatchResult, list[GameResult]]:
    """Play ``settings.games`` games of A against B; W/D/L is from A's side.

    With an executor its workers play the games (a game whose worker dies is
    played again); without, this process plays them in turn.
    """
    results = run_all(
        executor,
        play_match_game,
        match_games(game, a, b, settings),
        lambda _i, result, _lost: on_game and on_game(result),
    )
    return score(results), results


def write_records(path: str | Path, results: list[GameResult]) -> None:
    """All games in one file, separated by blank lines (as PGN requires)."""
    write_text_atomically(path, "\n\n".join(r.record.rstrip("\n") for r in results) + "\n")
