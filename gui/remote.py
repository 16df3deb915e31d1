"""The window's connection to a game server, and the seat tokens it keeps between runs.

pygame wants one thread that draws and never waits; the server's client
(:class:`~gamecore.server.client.GameClient`) is asyncio. :class:`ServerLink`
runs the client on an event loop in a thread of its own: the window calls
:meth:`ServerLink.send` (it returns at once) and, once per frame,
:meth:`ServerLink.poll` for everything that arrived — answers to its requests
and the server's events, in one list. When the connection drops (the server
restarting), the link keeps trying to reconnect and says so with
``disconnected`` and ``reconnected`` messages, so the window can rejoin its
seats with their tokens.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import threading
from pathlib import Path
from typing import Any

from gamecore.files import user_data_dir, write_text_atomically
from gamecore.server.client import ConnectionLost, GameClient, ServerRefused

CONNECT_SECONDS = 10.0
"""How long the window waits for the server when it starts."""
RECONNECT_SECONDS = 1.0
"""How often a dropped link tries the server again."""


class ServerLink:
    """One connection to ``url``, driven from the window's thread."""

    def __init__(self, url: str, name: str) -> None:
        self.url = url
        self.name = name
        self.connected = False
        self._inbox: queue.SimpleQueue[dict] = queue.SimpleQueue()
        self._client: GameClient | None = None
        self._closing = False
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, name="gamecore-server-link", daemon=True
        )
        self._thread.start()
        try:
            self.welcome = self._call(self._connect(), CONNECT_SECONDS)
        except BaseException:
            self.close()
            raise
        self.connected = True
        asyncio.run_coroutine_threadsafe(self._follow(), self._loop)

    def _call(self, coroutine: Any, timeout: float) -> Any:
        future = asyncio.run_coroutine_threadsafe(coroutine, self._loop)
        try:
            return future.result(timeout)
        except TimeoutError:
            future.cancel()
            raise ConnectionLost(f"no answer from {self.url} in {timeout:g} s") from None

    async def _connect(self) -> dict:
        self._client = await GameClient.connect(self.url, self.name)
        return self._client.welcome

    async def _follow(self) -> None:
        """Pass the server's events on; reconnect when the connection drops."""
        while not self._closing:
            client = self._client
            assert client is not None
            try:
                while True:
                    self._inbox.put(await client.event())
            except ConnectionLost:
                pass
            if self._closing:
                return
            self.connected = False
            self._inbox.put({"type": "disconnected"})
            await client.close()
            while not self._closing:
                await asyncio.sleep(RECONNECT_SECONDS)
                try:
                    await self._connect()
                except ConnectionLost:
                    continue
                self.connected = True
                self._inbox.put({"type": "reconnected"})
                break

    def send(self, kind: str, **fields: Any) -> None:
        """Send a request; its answer (or an ``error``) comes later through :meth:`poll`,
        with ``request`` naming what it answers."""

        async def exchange() -> None:
            try:
                if self._client is None or not self.connected:
                    raise ConnectionLost("not connected to the server")
                answer = await self._client.request(kind, **fields)
            except ServerRefused as refusal:
                answer = {"type": "error", "code": refusal.code, "message": str(refusal)}
            except ConnectionLost as lost:
                answer = {"type": "error", "code": "disconnected", "message": str(lost)}
            self._inbox.put({**answer, "request": kind, "sent": fields})

        if not self._closing:
            asyncio.run_coroutine_threadsafe(exchange(), self._loop)

    def poll(self) -> list[dict]:
        """Every message that has arrived since the last call, in order."""
        messages = []
        while True:
            try:
                messages.append(self._inbox.get_nowait())
            except queue.Empty:
                return messages

    def close(self) -> None:
        """Close the connection and stop the link's thread."""
        if self._closing:
            return
        self._closing = True

        async def shut() -> None:
            if self._client is not None:
                await self._client.close()
            for task in asyncio.all_tasks():
                if task is not asyncio.current_task():
                    task.cancel()

        with contextlib.suppress(ConnectionLost, OSError):
            self._call(shut(), 5.0)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5.0)


class SeatTokens:
    """The seat tokens this user's windows were given, per server, kept in a small JSON file
    so that a window started again (or after the server restarted) takes its seats back."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else user_data_dir() / "seats.json"
        self._tokens: dict[str, dict[str, dict[str, str]]] = self._read()

    def _read(self) -> dict:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}  # none yet, or unreadable: the seats can still be joined afresh
        if not isinstance(data, dict):
            return {}
        return {
            url: {
                str(game): {str(seat): str(token) for seat, token in seats.items()}
                for game, seats in games.items()
                if isinstance(seats, dict)
            }
            for url, games in data.items()
            if isinstance(games, dict)
        }

    def of_game(self, url: str, game_id: int) -> dict[int, str]:
        """Seat → token of the seats held at game ``game_id`` of ``url``."""
        seats = self._tokens.get(url, {}).get(str(game_id), {})
        return {int(seat): token for seat, token in seats.items() if seat.isdigit()}

    def games(self, url: str) -> set[int]:
        return {int(game) for game in self._tokens.get(url, {}) if game.isdigit()}

    def keep(self, url: str, game_id: int, seat: int, token: str) -> None:
        self._tokens.setdefault(url, {}).setdefault(str(game_id), {})[str(seat)] = token
        self._save()

    def forget(self, url: str, game_id: int, seat: int | None = None) -> None:
        games = self._tokens.get(url, {})
        if seat is None:
            games.pop(str(game_id), None)
        else:
            games.get(str(game_id), {}).pop(str(seat), None)
        self._save()

    def _save(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_text_atomically(self.path, json.dumps(self._tokens, indent=1))
        except OSError:
            pass  # the seats are held for this run all the same; only a restart forgets them
