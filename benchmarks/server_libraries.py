"""Which WebSocket library for the game server: a JSON echo on loopback, measured.

Usage: python benchmarks/server_libraries.py [--messages 2000] [--clients 50]
       [--per-client 400] [--repeats 5] [--client aiohttp|websockets]

Each candidate runs an echo server in a process of its own on 127.0.0.1: it
reads a JSON request shaped like the game server's ``move`` and answers a JSON
message naming it (``json.loads`` and ``json.dumps`` per message, as the game
server does). The candidates are aiohttp (the game server's library), the
``websockets`` library, and Starlette on uvicorn (asyncio loop, uvicorn's
default WebSocket implementation); one that is not installed is skipped
(``pip install websockets starlette uvicorn`` for all three; none of them is a
dependency of gamecore). One client library (``--client``, aiohttp by
default) drives every server from this process, in ``--repeats`` rounds in
which the servers take turns; each round measures

- latency: one connection, ``--messages`` round trips one after the other
  (after 200 unmeasured ones): the median and the 99th percentile;
- throughput: ``--clients`` connections at once, each making ``--per-client``
  round trips one after the other: round trips a second over all of them.

Prints a Markdown table of the medians over the rounds and, for scale, the
median time the game server's lobby takes to handle a chess move in this
process (random legal moves: the rules check, the SQLite commit, the messages
built), without the network. With the defaults it takes about 20 seconds on
two cores; the client and the servers share them, so the figures are of the
pair, and other work on the machine shows in them.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.metadata
import importlib.util
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable

LIBRARIES = {
    "aiohttp": ("aiohttp",),
    "websockets": ("websockets",),
    "starlette+uvicorn": ("starlette", "uvicorn"),
}
WARM_UP = 200


def answer(text: str | bytes) -> str:
    """The echo server's work per message: read the request, answer naming it."""
    request = json.loads(text)
    return json.dumps({"type": "accepted", "reply_to": request.get("id"), "echo": request})


def request_text(number: int) -> str:
    return json.dumps(
        {"type": "move", "id": number, "game_id": 1, "seat": 0, "move": "e2e4", "ply": 0}
    )


# -- the servers (each in a child process: ``--serve LIBRARY --port N``) ---------------


async def serve_aiohttp(port: int, ready: Callable[[], None]) -> None:
    from aiohttp import WSMsgType, web

    async def echo(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                break
            await ws.send_str(answer(message.data))
        return ws

    app = web.Application()
    app.router.add_get("/ws", echo)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    ready()
    await asyncio.Event().wait()


async def serve_websockets(port: int, ready: Callable[[], None]) -> None:
    from websockets.asyncio.server import ServerConnection, serve

    async def echo(ws: ServerConnection) -> None:
        async for text in ws:
            await ws.send(answer(text))

    async with serve(echo, "127.0.0.1", port, compression=None):
        ready()
        await asyncio.Event().wait()


async def serve_starlette(port: int, ready: Callable[[], None]) -> None:
    import uvicorn
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    async def echo(ws: WebSocket) -> None:
        await ws.accept()
        try:
            while True:
                await ws.send_text(answer(await ws.receive_text()))
        except WebSocketDisconnect:
            pass

    app = Starlette(routes=[WebSocketRoute("/ws", echo)])
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", loop="asyncio", lifespan="off"
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    ready()
    await task


SERVERS: dict[str, Callable[[int, Callable[[], None]], Awaitable[None]]] = {
    "aiohttp": serve_aiohttp,
    "websockets": serve_websockets,
    "starlette+uvicorn": serve_starlette,
}


def run_server(library: str, port: int) -> None:
    def ready() -> None:
        print("ready", flush=True)

    asyncio.run(SERVERS[library](port, ready))


# -- the client ---------------------------------------------------------------------


class Connection:
    """One client connection: ``round_trip`` sends a request and waits for the answer."""

    async def round_trip(self, text: str) -> str:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError


async def aiohttp_connector(url: str) -> tuple[Callable[[], Awaitable[Connection]], Callable]:
    import aiohttp

    session = aiohttp.ClientSession()

    class AiohttpConnection(Connection):
        def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
            self.ws = ws

        async def round_trip(self, text: str) -> str:
            await self.ws.send_str(text)
            return await self.ws.receive_str()

        async def close(self) -> None:
            await self.ws.close()

    async def connect() -> Connection:
        return AiohttpConnection(await session.ws_connect(url))

    return connect, session.close


async def websockets_connector(url: str) -> tuple[Callable[[], Awaitable[Connection]], Callable]:
    from websockets.asyncio.client import ClientConnection, connect

    class WebsocketsConnection(Connection):
        def __init__(self, ws: ClientConnection) -> None:
            self.ws = ws

        async def round_trip(self, text: str) -> str:
            await self.ws.send(text)
            return str(await self.ws.recv())

        async def close(self) -> None:
            await self.ws.close()

    async def open_one() -> Connection:
        return WebsocketsConnection(await connect(url, compression=None))

    async def nothing() -> None:
        return None

    return open_one, nothing


CLIENTS = {"aiohttp": aiohttp_connector, "websockets": websockets_connector}


async def measure(url: str, client: str, args: argparse.Namespace) -> dict[str, float]:
    """One round against the server at ``url``: p50 and p99 of a round trip, round trips/s."""
    connect, finish = await CLIENTS[client](url)
    try:
        one = await connect()
        for number in range(WARM_UP):
            await one.round_trip(request_text(number))
        times = []
        for number in range(args.messages):
            start = time.perf_counter()
            reply = await one.round_trip(request_text(number))
            times.append(time.perf_counter() - start)
            assert json.loads(reply)["reply_to"] == number
        await one.close()
        times.sort()

        async def talk(conn: Connection) -> None:
            for number in range(args.per_client):
                await conn.round_trip(request_text(number))

        connections = [await connect() for _ in range(args.clients)]
        start = time.perf_counter()
        await asyncio.gather(*(talk(conn) for conn in connections))
        elapsed = time.perf_counter() - start
        for conn in connections:
            await conn.close()
        return {
            "p50": times[len(times) // 2],
            "p99": times[min(len(times) - 1, int(0.99 * len(times)))],
            "rate": args.clients * args.per_client / elapsed,
        }
    finally:
        await finish()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def installed(library: str) -> bool:
    return all(importlib.util.find_spec(module) is not None for module in LIBRARIES[library])


def version(library: str) -> str:
    return " + ".join(
        f"{module} {importlib.metadata.version(module)}" for module in LIBRARIES[library]
    )


def start_server(library: str) -> tuple[subprocess.Popen, str]:
    """The echo server of ``library`` in a process of its own, listening; and its address."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, __file__, "--serve", library, "--port", str(port)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    if server.stdout.readline().strip() != "ready":
        server.kill()
        raise SystemExit(f"the {library} server did not start")
    return server, f"ws://127.0.0.1:{port}/ws"


def lobby_move_cost(games: int = 20, plies: int = 80) -> float:
    """Median seconds the game server's lobby takes to handle one chess move (random legal
    moves; the rules check, the SQLite commit, the messages built), without the network."""
    import random
    import tempfile

    from gamecore.server.lobby import Connection, Lobby, ServerLimits
    from gamecore.server.protocol import Request
    from gamecore.server.store import Store

    async def play(store: Store) -> list[float]:
        lobby = Lobby(store, ServerLimits(max_games_per_connection=games))
        seats = [Connection(lambda text: None), Connection(lambda text: None)]
        rng = random.Random(1)
        times = []
        for _ in range(games):
            lobby.handle(seats[0], Request("create", {"game": "chess", "options": {}}))
            game_id = max(lobby.tables)
            for seat, conn in enumerate(seats):
                lobby.handle(conn, Request("join", {"game_id": game_id, "seat": seat}))
            table = lobby.tables[game_id]
            while table.status == "playing" and table.state.ply < plies:
                seat = table.state.player
                move = rng.choice(table.legal_moves())[0]
                request = Request("move", {"game_id": game_id, "seat": seat, "move": move})
                start = time.perf_counter()
                lobby.handle(seats[seat], request)
                times.append(time.perf_counter() - start)
        lobby.close()
        return times

    with tempfile.TemporaryDirectory() as folder:
        store = Store(os.path.join(folder, "games.sqlite"))
        try:
            return statistics.median(asyncio.run(play(store)))
        finally:
            store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--messages", type=int, default=2000, help="round trips for latency")
    parser.add_argument("--clients", type=int, default=50, help="connections for throughput")
    parser.add_argument("--per-client", type=int, default=400, help="round trips of each")
    parser.add_argument("--repeats", type=int, default=5, help="rounds (medians are shown)")
    parser.add_argument("--client", choices=sorted(CLIENTS), default="aiohttp")
    parser.add_argument("--serve", choices=sorted(SERVERS), help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        run_server(args.serve, args.port)
        return
    if not installed(args.client):
        raise SystemExit(f"the {args.client} client is not installed")
    present = [library for library in LIBRARIES if installed(library)]
    servers: dict[str, tuple[subprocess.Popen, str]] = {}
    rounds: dict[str, list[dict[str, float]]] = {library: [] for library in present}
    try:
        for library in present:
            servers[library] = start_server(library)
        for _ in range(args.repeats):  # the servers take turns, so that other work on the
            for library in present:  # machine falls on each of them alike
                rounds[library].append(asyncio.run(measure(servers[library][1], args.client, args)))
    finally:
        for server, _ in servers.values():
            server.terminate()
            server.wait(10)
    print(
        f"JSON echo on 127.0.0.1, client {version(args.client)}, Python "
        f"{platform.python_version()}, {os.cpu_count()} cores; medians of {args.repeats} rounds, "
        f"each {args.messages} round trips on one connection (latency) and {args.clients} "
        f"connections x {args.per_client} round trips (throughput)\n"
    )
    print(f"| server | p50 round trip | p99 round trip | round trips/s, {args.clients} clients |")
    print("| --- | ---: | ---: | ---: |")
    for library in LIBRARIES:
        if library not in present:
            print(f"| {library} | not installed | | |")
            continue
        p50, p99, rate = (
            statistics.median(r[key] for r in rounds[library]) for key in ("p50", "p99", "rate")
        )
        print(f"| {version(library)} | {p50 * 1e6:.0f} µs | {p99 * 1e6:.0f} µs | {rate:,.0f} |")
    print(
        f"\nFor scale, the game server's lobby handles a chess move (rules, SQLite commit, "
        f"messages) in {lobby_move_cost() * 1e6:.0f} µs (median), without the network."
    )


if __name__ == "__main__":
    main()
