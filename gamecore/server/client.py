"""A client of the game server, for bots, the window and tests: requests and live events.

:meth:`GameClient.request` sends one request and waits for the answer to it
(the server repeats the request's ``id``); everything else the server sends —
moves, seats filling, endings, states — arrives in order through
:meth:`GameClient.event`.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import aiohttp

from gamecore.errors import BadOption, GamecoreError
from gamecore.server.protocol import PROTOCOL_VERSION


class ServerRefused(GamecoreError):
    """The server refused a request: ``code`` says which way, the text in words."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"the server refused: {message}")
        self.code = code


class ConnectionLost(GamecoreError):
    """The connection to the server closed."""


def websocket_url(url: str) -> str:
    """``http://host:port`` (what ``gamecore serve`` prints) or ``ws://host:port/ws`` as the
    WebSocket address of the server; BadOption for anything else."""
    parts = urlsplit(url if "://" in url else f"http://{url}")
    scheme = {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"}.get(parts.scheme)
    if scheme is None or not parts.netloc:
        raise BadOption(
            f"--connect wants the server's address, e.g. http://HOST:PORT, not {url!r:.60}"
        )
    path = parts.path if parts.path not in ("", "/") else "/ws"
    return urlunsplit((scheme, parts.netloc, path, "", ""))


class GameClient:
    """One connection to a server (make it with :meth:`connect`)."""

    def __init__(self, session: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.session = session
        self.ws = ws
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict]] = {}
        self._events: asyncio.Queue[dict | None] = asyncio.Queue()
        self._reader = asyncio.create_task(self._read())
        self.welcome: dict = {}

    @classmethod
    async def connect(cls, url: str, name: str = "guest") -> GameClient:
        session = aiohttp.ClientSession()
        try:
            ws = await session.ws_connect(websocket_url(url), heartbeat=30)
        except (aiohttp.ClientError, OSError) as exc:
            await session.close()
            raise ConnectionLost(f"cannot reach a gamecore server at {url}: {exc}") from None
        client = cls(session, ws)
        client.welcome = await client.request("hello", protocol=PROTOCOL_VERSION, name=name)
        return client

    async def request(self, kind: str, **fields: Any) -> dict:
        """Send a request and return the server's answer; ServerRefused if it refuses."""
        if self.ws.closed:
            raise ConnectionLost("the connection to the server is closed")
        request_id = next(self._ids)
        answer: asyncio.Future[dict] = asyncio.get_running_loop().create_future()
        self._waiting[request_id] = answer
        try:
            await self.ws.send_str(json.dumps({"type": kind, "id": request_id, **fields}))
            message = await answer
        finally:
            self._waiting.pop(request_id, None)
        if message["type"] == "error":
            raise ServerRefused(message.get("code", "?"), message.get("message", ""))
        return message

    async def send_raw(self, text: str) -> None:
        """Send text as it is (for tests of what the server refuses)."""
        await self.ws.send_str(text)

    async def event(self, timeout: float | None = None) -> dict:
        """The next message that answers no request (a move, a seat, an ending, an error
        about a message without an id); ConnectionLost when the connection has closed."""
        message = await asyncio.wait_for(self._events.get(), timeout)
        if message is None:
            self._events.put_nowait(None)  # every later call sees the end too
            raise ConnectionLost("the server closed the connection")
        return message

    async def _read(self) -> None:
        try:
            async for frame in self.ws:
                if frame.type != aiohttp.WSMsgType.TEXT:
                    break
                message = json.loads(frame.data)
                waiter = self._waiting.get(message.get("reply_to"))
                if waiter is not None and not waiter.done():
                    waiter.set_result(message)
                else:
                    self._events.put_nowait(message)
        finally:
            for waiter in self._waiting.values():
                if not waiter.done():
                    waiter.set_exception(ConnectionLost("the server closed the connection"))
            self._events.put_nowait(None)

    async def close(self) -> None:
        await self.ws.close()
        await self.session.close()
        await asyncio.gather(self._reader, return_exceptions=True)
