"""The server's HTTP and WebSocket face, on aiohttp.

aiohttp gives one well-kept library for all the server needs: WebSockets for
the game protocol, plain HTTP for the browser client, the lobby as JSON and
record downloads, and the same library's client for bots and the window
(docs/server.md says why it was chosen over the alternatives). Each connection
reads its messages one at a time into the lobby and has a bounded outbox
written by a task of its own, so a client that stops reading is dropped
instead of holding the server's memory.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web

from gamecore.errors import GamecoreError
from gamecore.files import user_data_dir
from gamecore.registry import game_names
from gamecore.server.lobby import Connection, Lobby, ServerLimits
from gamecore.server.protocol import Refused, encode, parse, request_id
from gamecore.server.store import Store
from gamecore.server.views import art_svg, geometry_of

log = logging.getLogger("gamecore.server")

OUTBOX = 1024
"""Messages waiting for one client before it is dropped as too slow."""
FLOOD_STRIKES = 50
"""Refusals for going over the rate, after which a connection is closed."""
HARD_SIZE_FACTOR = 16
"""A message this many times over the size limit is not read at all: the socket closes."""

LOBBY: web.AppKey[Lobby] = web.AppKey("lobby", Lobby)
LIMITS: web.AppKey[ServerLimits] = web.AppKey("limits", ServerLimits)
COUNTS: web.AppKey[dict[str, int]] = web.AppKey("counts", dict)
SOCKETS: web.AppKey[set[web.WebSocketResponse]] = web.AppKey("sockets", set)


@dataclass
class TokenBucket:
    """A connection's allowance of messages: ``rate`` a second, bursts of ``2 × rate``."""

    rate: float
    tokens: float = 0.0
    last: float = 0.0

    def __post_init__(self) -> None:
        self.tokens = 2 * self.rate
        self.last = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(2 * self.rate, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def make_app(lobby: Lobby) -> web.Application:
    """The server's application around ``lobby``."""
    app = web.Application(client_max_size=64 * 1024)
    app[LOBBY] = lobby
    app[LIMITS] = lobby.limits
    app[COUNTS] = {"connections": 0}
    app[SOCKETS] = set()
    web_files = resources.files("gamecore.server") / "web"
    index = (web_files / "index.html").read_text(encoding="utf-8")
    script = (web_files / "client.js").read_text(encoding="utf-8")

    async def page(request: web.Request) -> web.Response:
        return web.Response(text=index, content_type="text/html")

    async def client_script(request: web.Request) -> web.Response:
        return web.Response(text=script, content_type="text/javascript")

    app.router.add_get("/", page)
    app.router.add_get("/client.js", client_script)
    app.router.add_get("/ws", websocket)
    app.router.add_get("/api/games", games)
    app.router.add_get("/api/games/{game_id}/record", record)
    app.router.add_get("/api/geometry/{game}", geometry)
    app.router.add_get("/api/art/{game}/{glyph}/{player}.svg", art)

    async def start(app: web.Application) -> None:
        app[LOBBY].start_timers()

    async def going_away(app: web.Application) -> None:
        open_sockets = app[SOCKETS]
        for ws in list(open_sockets):
            await ws.close(code=WSCloseCode.GOING_AWAY, message=b"the server is stopping")

    async def stop(app: web.Application) -> None:
        app[LOBBY].close()

    app.on_startup.append(start)
    app.on_shutdown.append(going_away)
    app.on_cleanup.append(stop)
    return app


async def websocket(request: web.Request) -> web.StreamResponse:
    lobby, limits, counts = request.app[LOBBY], request.app[LIMITS], request.app[COUNTS]
    if counts["connections"] >= limits.max_connections:
        return web.Response(status=503, text="the server has all the connections it takes\n")
    ws = web.WebSocketResponse(
        max_msg_size=HARD_SIZE_FACTOR * limits.max_message_bytes, heartbeat=30
    )
    await ws.prepare(request)
    counts["connections"] += 1
    request.app[SOCKETS].add(ws)
    outbox: asyncio.Queue[str | None] = asyncio.Queue(maxsize=OUTBOX)

    def send(text: str) -> None:
        try:
            outbox.put_nowait(text)
        except asyncio.QueueFull:  # it stopped reading: drop it, keep the server's memory
            outbox.get_nowait()
            outbox.put_nowait(None)

    conn = Connection(send)
    writer = asyncio.create_task(_write(ws, outbox))
    bucket = TokenBucket(limits.messages_per_second)
    strikes = 0
    try:
        async for message in ws:
            if message.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                break
            if _too_large(message.data, limits.max_message_bytes):
                text = f"messages are at most {limits.max_message_bytes} bytes"
                send(_error("too_large", text, message.data))
                continue
            if not bucket.take():
                strikes += 1
                text = f"at most {limits.messages_per_second:g} messages a second"
                send(_error("rate_limited", text, message.data))
                if strikes >= FLOOD_STRIKES:
                    break
                continue
            _serve_one(lobby, conn, message.data)
    finally:
        lobby.disconnect(conn)
        counts["connections"] -= 1
        request.app[SOCKETS].discard(ws)
        outbox.put_nowait(None) if not outbox.full() else None
        await asyncio.wait([writer], timeout=1.0)
        writer.cancel()
        await ws.close()
    return ws


def _serve_one(lobby: Lobby, conn: Connection, data: str | bytes) -> None:
    try:
        request = parse(data)
    except Refused as refusal:
        conn.send(encode("error", refusal.reply_to, code=refusal.code, message=refusal.message))
        return
    try:
        lobby.handle(conn, request)
    except Exception:  # a bug of ours: logged here, never shown to the client
        log.exception("request %s failed", request.type)
        conn.send(
            encode(
                "error", request.id, code="internal", message="the server failed on that request"
            )
        )


def _too_large(data: str | bytes, limit: int) -> bool:
    """Over ``limit`` bytes (a text frame's characters take one to four bytes each)."""
    if len(data) > limit:
        return True
    if isinstance(data, bytes) or len(data) * 4 <= limit:
        return False
    return len(data.encode("utf-8", errors="replace")) > limit


def _error(code: str, message: str, refused: str | bytes) -> str:
    """The refusal of a message not carried out, answering its ``id`` if it has a readable
    one (its size is bounded by the WebSocket's own limit), so a client waiting on that
    request hears why."""
    return encode("error", request_id(refused), code=code, message=message)


async def _write(ws: web.WebSocketResponse, outbox: asyncio.Queue[str | None]) -> None:
    while True:
        text = await outbox.get()
        if text is None or ws.closed:
            await ws.close()
            return
        try:
            await ws.send_str(text)
        except (ConnectionError, RuntimeError):
            return


async def games(request: web.Request) -> web.Response:
    lobby = request.app[LOBBY]
    return web.json_response({"games": [t.summary() for t in lobby.tables.values()]})


async def record(request: web.Request) -> web.Response:
    text = request.match_info["game_id"]
    found = lobby_record(request.app[LOBBY], text)
    if found is None:
        return web.Response(status=404, text=f"there is no game {text[:20]}\n")
    filename, body = found
    return web.Response(
        text=body,
        content_type="text/plain",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


def lobby_record(lobby: Lobby, text: str) -> tuple[str, str] | None:
    if not text.isdigit() or len(text) > 15:
        return None
    return lobby.record(int(text))


async def geometry(request: web.Request) -> web.Response:
    name = request.match_info["game"]
    options: dict[str, Any] = dict(request.query)
    if name not in game_names():
        return web.Response(status=404, text=f"there is no game {name[:40]!r}\n")
    try:
        return web.json_response(geometry_of(name, options))
    except Refused as refusal:
        return web.Response(status=400, text=refusal.message + "\n")


async def art(request: web.Request) -> web.Response:
    name, glyph, player = (request.match_info[k] for k in ("game", "glyph", "player"))
    svg = art_svg(name, glyph, player, dict(request.query))
    if svg is None:
        return web.Response(status=404, text="no such piece\n")
    return web.Response(
        text=svg, content_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"}
    )


def default_database() -> Path:
    """Where ``gamecore serve`` keeps its games unless told (the user's data folder)."""
    return user_data_dir() / "server.sqlite"


def serve(
    host: str,
    port: int,
    database: Path,
    limits: ServerLimits,
    durable: bool = False,
    announce: Callable[[str], None] = print,
) -> None:
    """Run a server until Ctrl-C or SIGTERM (the games stay in ``database``)."""
    store = Store(database, durable=durable)
    try:
        asyncio.run(_serve(make_app(Lobby(store, limits)), host, port, database, announce))
    finally:
        store.close()


async def _serve(
    app: web.Application, host: str, port: int, database: Path, announce: Callable[[str], None]
) -> None:
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=5)
    await runner.setup()
    try:
        try:
            await web.TCPSite(runner, host, port).start()
        except OSError as exc:  # the port is taken, or the address is not this machine's
            raise CannotListen(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
        address = f"http://{host}:{port}"
        lobby = app[LOBBY]
        in_play = sum(1 for t in lobby.tables.values() if t.status != "finished")
        announce(
            f"gamecore serve: {address} (browser client; `gamecore gui --connect {address}`, "
            f"`gamecore bot --connect {address} GAME`); games in {database}"
            + (f", {in_play} in progress" if in_play else "")
        )
        stop = asyncio.Event()
        for signal_number in (signal.SIGINT, signal.SIGTERM):
            asyncio.get_running_loop().add_signal_handler(signal_number, stop.set)
        await stop.wait()
        announce("gamecore serve: stopped; every game is kept")
    finally:
        await runner.cleanup()


class CannotListen(GamecoreError):
    """The server's address cannot be used."""
