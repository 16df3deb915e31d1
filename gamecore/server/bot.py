"""An engine that plays on a game server: it takes an engine seat and moves when it is its turn.

A bot joins the first waiting game of its game with a seat for an engine (or
the game it is given), follows the game through the server's messages, and
searches on its own turn with its weights, at its level, for the time its
clock allows. When the game ends it looks for the next one, until it has
played the games it was asked to.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, replace

import numpy as np

from gamecore.game import Game
from gamecore.play.clock import move_budget
from gamecore.play.levels import Level, choose_move
from gamecore.registry import get_game
from gamecore.search import Limits, Searcher
from gamecore.server.client import ConnectionLost, GameClient, ServerRefused
from gamecore.state import State
from gamecore.weights import resolve_weights

log = logging.getLogger("gamecore.bot")

LOOK_AGAIN_SECONDS = 0.5
"""How often a bot without a seat asks the lobby again."""
RECONNECT_SECONDS = 1.0
"""How often a bot whose server went away tries it again."""
RECONNECT_TRIES = 300
"""How many times before it gives up (some five minutes: a server being restarted)."""


@dataclass(frozen=True)
class BotSettings:
    game: str
    weights: str = "default"
    level: Level | None = None
    """Strength level (None: the full engine within the time)."""
    time_per_move: float = 1.0
    """Seconds a move may take when the game has no clock."""
    game_id: int | None = None
    """Join this game (any free seat) instead of looking for engine seats."""
    games: int | None = None
    """Games to play before stopping (None: keep playing)."""
    name: str = "gamecore bot"
    seed: int = 0


@dataclass
class Seating:
    """The seat a bot holds and the game as it follows it."""

    game_id: int
    seat: int
    token: str
    game: Game
    searcher: Searcher
    state: State
    status: str = "waiting"
    clocks: list[float] | None = None
    increments: list[float] | None = None


class Bot:
    """One engine on one connection (see :func:`run_bots` for several). Given the server's
    ``url``, it reconnects when the connection drops and takes its seat back."""

    def __init__(self, client: GameClient, settings: BotSettings, url: str | None = None) -> None:
        self.client = client
        self.settings = settings
        self.url = url
        self._engines: dict[tuple, tuple[Game, Searcher]] = {}
        self.engine_for({})  # weights that do not fit stop the bot before it takes a seat
        self.rng = np.random.default_rng(settings.seed)
        self.played = 0

    def engine_for(self, options: dict) -> tuple[Game, Searcher]:
        """The game with a table's ``options`` and a searcher with the bot's weights for it."""
        key = tuple(sorted(options.items()))
        if key not in self._engines:
            game = get_game(self.settings.game, **options)
            weights = resolve_weights(game, self.settings.weights)
            searcher = Searcher(game, weights.theta.copy(), evaluation=weights.evaluation(game))
            self._engines[key] = (game, searcher)
        return self._engines[key]

    async def run(self) -> int:
        """Play until the asked number of games is done; the number played."""
        while self.settings.games is None or self.played < self.settings.games:
            seating = await self._take_seat()
            await self._play(seating)
            self.played += 1
            if self.settings.game_id is not None:
                break
        return self.played

    async def _take_seat(self) -> Seating:
        while True:
            try:
                return await self._look_for_seat()
            except ConnectionLost:
                await self._reconnect()

    async def _look_for_seat(self) -> Seating:
        while True:
            for game_id in await self._candidates():
                try:
                    joined = await self.client.request(
                        "join", game_id=game_id, engine=True, name=self.settings.name
                    )
                except ServerRefused as refusal:
                    if self.settings.game_id is not None:
                        raise
                    log.debug("seat of game %s gone: %s", game_id, refusal)
                    continue
                game, searcher = self.engine_for(joined["game"]["options"])
                return Seating(
                    joined["game_id"],
                    joined["seat"],
                    joined["token"],
                    game,
                    searcher,
                    game.initial_state(),
                )
            await asyncio.sleep(LOOK_AGAIN_SECONDS)

    async def _candidates(self) -> list[int]:
        if self.settings.game_id is not None:
            return [self.settings.game_id]
        lobby = await self.client.request("list")
        return [
            g["game_id"]
            for g in lobby["games"]
            if g["game"] == self.settings.game
            and g["status"] == "waiting"
            and any(s["kind"] == "engine" and not s["taken"] for s in g["seats"])
        ]

    async def _play(self, seating: Seating) -> None:
        while True:
            try:
                event = await self.client.event()
            except ConnectionLost:
                await self._come_back(seating)
                continue
            if event.get("game", {}).get("game_id", event.get("game_id")) != seating.game_id:
                continue
            kind = event["type"]
            if kind == "state":
                self._follow_state(seating, event["game"])
            elif kind == "moved":
                seating.state.push_text(event["move"])
                seating.clocks, seating.status = event["clocks"], event["status"]
            elif kind == "ended":
                return
            if seating.status == "finished":
                return
            if seating.status == "playing" and seating.state.player == seating.seat:
                await self._move(seating)

    def _follow_state(self, seating: Seating, snapshot: dict) -> None:
        state = seating.game.initial_state()
        for text in snapshot["moves"]:
            state.push_text(text)
        seating.state, seating.status = state, snapshot["status"]
        seating.clocks = snapshot["clocks"]
        if snapshot["clock"]:
            seating.increments = [float(c.partition("+")[2] or 0) for c in snapshot["clock"]]

    async def _move(self, seating: Seating) -> None:
        budget = self.settings.time_per_move
        if seating.clocks is not None:
            increment = seating.increments[seating.seat] if seating.increments else 0.0
            budget = move_budget(seating.clocks[seating.seat], increment, overhead=0.05)
        state = seating.state.copy()
        move = await asyncio.to_thread(self._choose, seating.searcher, state, budget)
        try:
            await self.client.request(
                "move",
                game_id=seating.game_id,
                seat=seating.seat,
                move=state.move_text(move),
                ply=state.ply,
            )
        except ServerRefused as refusal:  # the game ended meanwhile (time, resignation)
            log.info("move refused in game %s: %s", seating.game_id, refusal)
        except ConnectionLost:
            pass  # _play reconnects; the game given back says whether the move counted

    async def _reconnect(self) -> None:
        """A new connection to the server; ConnectionLost if there is none to come back to."""
        if self.url is None:
            raise ConnectionLost("the server closed the connection")
        await self.client.close()
        for _ in range(RECONNECT_TRIES):
            await asyncio.sleep(RECONNECT_SECONDS)
            try:
                self.client = await GameClient.connect(self.url, self.settings.name)
                return
            except ConnectionLost:
                continue
        raise ConnectionLost(f"the server at {self.url} did not come back")

    async def _come_back(self, seating: Seating) -> None:
        """Reconnect and take the seat back with its token (the game's state follows)."""
        while True:
            await self._reconnect()
            try:
                await self.client.request("rejoin", game_id=seating.game_id, token=seating.token)
            except ConnectionLost:
                continue
            log.info("back at seat %s of game %s", seating.seat, seating.game_id)
            return

    def _choose(self, searcher: Searcher, state: State, budget: float) -> int:
        if self.settings.level is not None:
            return choose_move(
                searcher, state, self.settings.level, self.rng, time_limit=budget
            ).move
        return searcher.search(state, Limits(time=budget)).best_move


async def run_bots(url: str, settings: BotSettings, count: int = 1) -> int:
    """``count`` bots, each on its own connection, until each has played its games."""
    clients = [await GameClient.connect(url, settings.name) for _ in range(count)]
    bots: list[Bot] = []
    try:
        bots = [Bot(client, _numbered(settings, i, count), url) for i, client in enumerate(clients)]
        return sum(await asyncio.gather(*(bot.run() for bot in bots)))
    finally:
        for client in {*clients, *(bot.client for bot in bots)}:
            await client.close()


def _numbered(settings: BotSettings, index: int, count: int) -> BotSettings:
    if count == 1:
        return settings
    return replace(settings, name=f"{settings.name} {index + 1}", seed=settings.seed + index)
