"""A real game server on a loopback port, in a thread of the test process, and its clients."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web

from gamecore.registry import get_game
from gamecore.search import Limits, Searcher
from gamecore.server.app import make_app
from gamecore.server.client import GameClient
from gamecore.server.lobby import Lobby, ServerLimits
from gamecore.server.store import Store
from gamecore.weights import resolve_weights


@dataclass
class Running:
    url: str
    lobby: Lobby
    loop: asyncio.AbstractEventLoop

    def call(self, function, *args):
        """Run ``function(*args)`` on the server's loop and return its result (for looking
        inside the lobby without racing it)."""

        async def inside():
            return function(*args)

        return asyncio.run_coroutine_threadsafe(inside(), self.loop).result(10)


@contextlib.contextmanager
def running_server(
    database: Path, limits: ServerLimits | None = None, port: int = 0
) -> Iterator[Running]:
    """A server on 127.0.0.1 at ``port`` (0: a free one) with its games in ``database``;
    stopped after."""
    wanted_port = port
    loop = asyncio.new_event_loop()
    started = threading.Event()
    holder: dict = {}

    async def start() -> None:
        store = Store(database)
        lobby = Lobby(store, limits or ServerLimits())
        runner = web.AppRunner(make_app(lobby), access_log=None, shutdown_timeout=5)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", wanted_port, reuse_address=True)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        holder.update(runner=runner, store=store, lobby=lobby, port=port)

    def serve() -> None:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(start())
        started.set()
        loop.run_forever()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert started.wait(30), "the server did not start"
    try:
        yield Running(f"http://127.0.0.1:{holder['port']}", holder["lobby"], loop)
    finally:
        asyncio.run_coroutine_threadsafe(holder["runner"].cleanup(), loop).result(30)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(30)
        holder["store"].close()
        loop.close()


async def next_of(client: GameClient, kind: str, timeout: float = 30.0) -> dict:
    """The next event of type ``kind`` (others before it are skipped)."""
    while True:
        event = await client.event(timeout)
        if event["type"] == kind:
            return event


def warm_engine(name: str) -> None:
    """Compile the bots' search before a test's waits start: numba compiles it on its first
    use in a process, which on a fresh checkout can take longer than any of those waits."""
    game = get_game(name)
    weights = resolve_weights(game, "default")
    searcher = Searcher(game, weights.theta.copy(), evaluation=weights.evaluation(game))
    searcher.search(game.initial_state(), Limits(time=0.01))
