"""Matches and tournaments between players, for measuring strength.

Every pairing plays each of K openings twice, once from each side, so
neither the opening nor the first move favours a player. The openings are
seeded random plies, or the lines of an opening book (``--book``; for chess
also EPD, PGN and polyglot books, :mod:`gamecore.play.chess_books`). Games run
on an executor's workers (:mod:`gamecore.executor`), or in turn in this
process. Each game is also written to a record file in the game's own format
(PGN for chess, each move commented with its player's evaluation and time).

A player may be a UCI chess engine (``uci:COMMAND[:Name=value,...]``,
:mod:`gamecore.interop.uci_player`); an engine that fails during a game loses it,
and the record's ``Termination`` says why.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from gamecore.errors import BadOption
from gamecore.executor import Executor, run_all
from gamecore.files import write_text_atomically
from gamecore.game import Game
from gamecore.interop.external import ExternalSpec, is_external
from gamecore.interop.uci_player import ENGINE_TIMEOUT, EngineFailure, UciSpec, is_uci
from gamecore.kernel_api import ONGOING
from gamecore.play.clock import Clocks, TimeControl, choose_on_clock
from gamecore.play.elo import MatchResult
from gamecore.play.game_length import resolve_max_plies
from gamecore.play.openings import Opening
from gamecore.play.players import Choice, RandomPlayer, SearchPlayer
from gamecore.play.records import MoveNote
from gamecore.search import Limits, SearchParams
from gamecore.search.params import resolve as resolve_search_params
from gamecore.state import State
from gamecore.weights import Weights, resolve_weights, spec_label

RANDOM = "random"


@dataclass(frozen=True)
class PlayerSpec:
    """Who plays: ``random``, a searcher with weights named as :func:`resolve_weights`
    reads them (``zeros``, ``default``, a name the game ships, a weights file), an agent
    from OpenSpiel or PettingZoo (``openspiel:mcts``, see :mod:`gamecore.interop.external`)
    or a UCI chess engine (``uci:stockfish``, see :mod:`gamecore.interop.uci_player`).

    A searcher's spec may end in ``@PARAMS``, its search parameters (a file or a name, as
    ``--search-params`` reads them): ``default@evolved.json`` plays the shipped weights with
    evolved search parameters."""

    text: str
    name: str
    weights: Weights | None
    external: ExternalSpec | None = None
    params: SearchParams | None = None
    """None: the game's default search parameters."""
    uci: UciSpec | None = None

    @classmethod
    def parse(cls, game: Game, text: str, params: str | None = None) -> PlayerSpec:
        """The player ``text`` names, searching with ``params`` unless it names its own;
        :class:`BadWeights` or :class:`BadOption` (one line) for an unknown one."""
        if text == RANDOM:
            return cls(text, RANDOM, None)
        if is_uci(text):
            engine = UciSpec.parse(game, text)
            return cls(text, engine.label, None, uci=engine)
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

    def make(
        self,
        game: Game,
        limits: Limits,
        seed: int,
        tt_megabytes: float = 16,
        engine_timeout: float = ENGINE_TIMEOUT,
        threads: int = 1,
    ):
        """The player; ``threads`` is the search threads of gamecore's own searchers (a UCI
        engine takes its ``Threads`` option instead)."""
        if self.uci is not None:
            return self.uci.make(limits, engine_timeout)
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
            threads=threads,
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
    opening: list[int] | Opening,
    max_plies: int,
    clocks: Clocks | None = None,
) -> State:
    """Play from ``opening`` with one player per team until the end (or ``max_plies``: a draw),
    on ``clocks`` if given."""
    return play_noted(game, players, opening, max_plies, clocks).state


@dataclass
class PlayedGame:
    state: State
    notes: list[MoveNote]
    """One per ply (``book`` for the opening's), and a closing one after a forfeit."""
    forfeit: tuple[int, EngineFailure] | None = None
    """The team whose engine failed, and how; that team lost."""


def play_noted(
    game: Game,
    players: dict[int, object],
    opening: list[int] | Opening,
    max_plies: int,
    clocks: Clocks | None = None,
) -> PlayedGame:
    """:func:`play_game`, noting each move's evaluation and time; an engine that fails
    (:class:`EngineFailure`) ends the game, lost by its team."""
    opening = opening if isinstance(opening, Opening) else Opening(list(opening))
    state = opening.state(game)
    notes = [MoveNote("book") for _ in opening.moves]
    for player in set(players.values()):
        player.new_game()  # type: ignore[attr-defined]
    while state.status() == ONGOING and len(state.history) < max_plies:
        team = state.team
        started = time.perf_counter()
        try:
            choice = choose_on_clock(players[team], state, clocks)
        except EngineFailure as failure:
            notes.append(MoveNote(f"{failure}"))
            return PlayedGame(state, notes, (team, failure))
        notes.append(_note(choice, time.perf_counter() - started))
        state.push_unchecked(choice.move)
    return PlayedGame(state, notes)


def _note(choice: Choice, seconds: float) -> MoveNote:
    info = choice.info
    if info is None:
        return MoveNote(seconds=seconds)
    return MoveNote(None, info.score.value, info.score.mate, info.depth, seconds)


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
    book: list[list[int]] | list[Opening] | None = None
    """Opening lines to play (each from both sides) instead of random openings."""
    time_control: TimeControl | None = None
    """Fischer clocks per seat instead of ``limits`` (whose depth, if set, still caps)."""
    engine_timeout: float = ENGINE_TIMEOUT
    """Seconds a UCI engine may take beyond its time for a move before it forfeits."""
    threads: int = 1
    """Search threads of each of gamecore's own searchers (Lazy SMP)."""


@dataclass
class MatchGame:
    """One game of a match, as a worker process or a cluster node receives it."""

    game: Game
    a: PlayerSpec
    b: PlayerSpec
    index: int
    """Game ``index`` of the match: A plays team ``index % 2``."""
    opening: Opening
    limits: Limits
    max_plies: int
    seed: int
    time_control: TimeControl | None = None
    engine_timeout: float = ENGINE_TIMEOUT
    threads: int = 1


def play_match_game(task: MatchGame) -> GameResult:
    """Play one game of a match (in any process: everything it needs is in ``task``)."""
    game, a, b, index = task.game, task.a, task.b, task.index
    first_team = index % 2
    seeds = (task.seed * 1000 + 2 * index, task.seed * 1000 + 2 * index + 1)
    pa, pb = (
        spec.make(game, task.limits, seed, engine_timeout=task.engine_timeout, threads=task.threads)
        for spec, seed in zip((a, b), seeds, strict=True)
    )
    players = {first_team: pa, 1 - first_team: pb}
    clocks = None
    if task.time_control is not None:
        clocks = Clocks(task.time_control, game.num_players, task.limits.depth)
    try:
        played = play_noted(game, players, task.opening, task.max_plies, clocks)
    finally:
        for player in (pa, pb):
            close = getattr(player, "close", None)
            if close is not None:
                close()
    state = played.state
    names = {team: (a.name if team == first_team else b.name) for team in (0, 1)}
    headers = {
        "Event": f"gamecore match {a.name} vs {b.name}",
        "Round": str(index + 1),
        game.team_names[0].capitalize(): names[0],
        game.team_names[1].capitalize(): names[1],
        "TimeControl": _time_control_text(task),
    }
    winner = state.winner_team()
    if played.forfeit is not None:
        team, failure = played.forfeit
        winner = 1 - team
        headers.update(game.ending_headers(state, winner, failure.termination))
    else:
        adjudicated = state.status() == ONGOING
        headers["Termination"] = "adjudication" if adjudicated else "normal"
    record = game.annotated_record(state, headers, played.notes)
    return GameResult(first_team, winner, len(state.history), record)


def _time_control_text(task: MatchGame) -> str:
    """PGN's TimeControl: ``10+0.1`` for a clock, ``0.1/move`` for a time per move, ``-``
    for a fixed depth."""
    if task.time_control is not None:
        return str(task.time_control)
    if task.limits.time is not None:
        return f"{task.limits.time:g}/move"
    return "-"


def check_players(
    specs: tuple[PlayerSpec, ...] | list[PlayerSpec], settings: MatchSettings
) -> None:
    """Refuse (:class:`BadOption`) a player that cannot play under these settings."""
    for spec in specs:
        if spec.external is not None:
            spec.external.check_limits(settings.limits)


def match_games(game: Game, a: PlayerSpec, b: PlayerSpec, settings: MatchSettings) -> list:
    """The :class:`MatchGame` tasks of A against B."""
    lines = settings.book or make_openings(
        game, settings.openings, settings.opening_plies, settings.seed
    )
    openings = [line if isinstance(line, Opening) else Opening(list(line)) for line in lines]
    max_plies = resolve_max_plies(game, settings.max_plies)
    check_players((a, b), settings)
    return [
        MatchGame(
            game, a, b, index, openings[(index // 2) % len(openings)],
            settings.limits, max_plies, settings.seed, settings.time_control,
            settings.engine_timeout, settings.threads,
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
    on_pair: Callable[[float], bool] | None = None,
) -> tuple[MatchResult, list[GameResult]]:
    """Play ``settings.games`` games of A against B; W/D/L is from A's side.

    With an executor its workers play the games (a game whose worker dies is
    played again); without, this process plays them in turn.

    ``on_pair(points)`` hears A's points (0 to 2) from each finished pair of games (one
    opening, colours reversed); once it returns True no new pair starts, the pairs
    already started are finished, and the games played are returned (an SPRT that
    reached a bound).
    """
    finished: dict[int, GameResult] = {}
    started: set[int] = set()
    stopping = False

    def admit(index: int) -> bool:
        if stopping and index ^ 1 not in started:
            return False
        started.add(index)
        return True

    def heard(index: int, result: GameResult, _lost: int) -> None:
        nonlocal stopping
        finished[index] = result
        if on_game is not None:
            on_game(result)
        partner = finished.get(index ^ 1)
        if on_pair is not None and partner is not None and not stopping:
            stopping = bool(on_pair(result.score_of_first + partner.score_of_first))

    results = run_all(executor, play_match_game, match_games(game, a, b, settings), heard, admit)
    played = [result for result in results if result is not None]
    return score(played), played


def write_records(path: str | Path, results: list[GameResult]) -> None:
    """All games in one file, separated by blank lines (as PGN requires)."""
    write_text_atomically(path, "\n\n".join(r.record.rstrip("\n") for r in results) + "\n")
