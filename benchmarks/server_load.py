"""The game server under load and under kill -9, over loopback.

Usage: python benchmarks/server_load.py [--chess 25] [--duchess 25] [--watchers 1]
           [--seconds 60] [--kills 20] [--think 0.2,1.0] [--out ~/gamecore-runs/server-load]

Starts ``gamecore serve`` as a process with its database in ``--out``, then
fills it from this process: ``--chess`` two-player chess games and
``--duchess`` six-player Duchess games, every seat a client of its own that
moves at random among the legal moves the server sends, after a think of
``--think`` seconds (0.2 to 1.0 by default), and ``--watchers``
spectators per game. A game that ends is followed by a new one at the same
table.

1. Load: for ``--seconds``, every ``moved`` broadcast each client receives is
   timed from the moment its move was sent (one clock: clients and timer are
   this process); the server's CPU and memory are read from /proc.
2. Faults: ``--kills`` times, after 1 to 4 s of play, the server is killed with
   SIGKILL and started again on the same database; every client reconnects
   and takes its seat back with its token. Each time a client is given a game
   back, every move the server had accepted from anyone at that table must be
   there; a missing or different one counts as lost.
3. At the end every game is read back from a fresh connection and compared
   with every move ever accepted, and SQLite checks the database.

Prints a Markdown table and writes it, with the raw counts, to ``--out``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from gamecore.server.client import ConnectionLost, GameClient, ServerRefused

THINK = "0.2,1.0"
"""Seconds a random mover waits before its move: the least and the most."""
CLOCK = "1800+5"
MAX_PLIES = {"chess": 400, "duchess": 600}
"""Long games end adjudicated, and the table starts another."""
RECONNECT_EVERY = 0.2


@dataclass
class Tally:
    """Everything counted, for the table."""

    latencies: list[float] = field(default_factory=list)
    timing: bool = False
    sent_at: dict[tuple[int, int], float] = field(default_factory=dict)
    accepted: dict[int, dict[int, str]] = field(default_factory=dict)
    """game → ply → the move the server accepted to reach that ply."""
    moves: int = 0
    lost: int = 0
    checks: int = 0
    """Games given back after a restart and compared with every accepted move."""
    reconnects: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    games_started: int = 0
    games_ended: int = 0
    abandoned: int = 0
    """Games left because an answer to create or join was cut off by a kill."""

    def refuse(self, code: str) -> None:
        self.refused[code] = self.refused.get(code, 0) + 1

    def compare(self, game_id: int, moves: list[str]) -> None:
        """A game as the server gives it back, against every move it accepted there."""
        self.checks += 1
        for ply, text in self.accepted.get(game_id, {}).items():
            if ply > len(moves) or moves[ply - 1] != text:
                self.lost += 1
                print(f"LOST: game {game_id} ply {ply} {text}", file=sys.stderr)

    def accepted_count(self) -> int:
        return sum(len(plies) for plies in self.accepted.values())


class Server:
    """``gamecore serve`` in a process of its own, to be killed and started again."""

    def __init__(self, database: Path, port: int) -> None:
        self.database, self.port = database, port
        self.process: subprocess.Popen | None = None
        self.peak_rss_kb = 0

    def start(self) -> float:
        """Start it; the seconds until it listened."""
        began = time.perf_counter()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gamecore", "serve", "--port", str(self.port),
             "--db", str(self.database), "--max-connections", "2000"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )  # fmt: skip
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line.startswith("gamecore serve:"):
            raise SystemExit(f"the server did not start: {line!r}")
        return time.perf_counter() - began

    def cpu_seconds(self) -> float:
        assert self.process is not None
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_kb(self) -> tuple[int, int]:
        """(resident now, peak resident) in KiB."""
        assert self.process is not None
        status = Path(f"/proc/{self.process.pid}/status").read_text().splitlines()
        values = {line.split(":")[0]: line.split()[1] for line in status if "Vm" in line}
        return int(values["VmRSS"]), int(values["VmHWM"])

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(30)


class Player:
    """One client at one seat: moves at random on its turn, comes back after a restart."""

    def __init__(
        self, url: str, name: str, tally: Tally, rng: random.Random, stop: asyncio.Event
    ) -> None:
        self.url, self.name, self.tally, self.rng, self.stop = url, name, tally, rng, stop
        self.think = (0.2, 1.0)
        self.client: GameClient | None = None
        self.game_id: int | None = None
        self.seat: int | None = None
        self.token: str | None = None

    async def connect(self) -> GameClient:
        while True:
            if self.stop.is_set():  # the run is over: no coming back
                raise asyncio.CancelledError
            try:
                self.client = await GameClient.connect(self.url, self.name)
                return self.client
            except ConnectionLost:
                await asyncio.sleep(RECONNECT_EVERY)

    async def ask(self, kind: str, **fields) -> dict:
        """A request, made again on a new connection if the server went away meanwhile."""
        while True:
            client = self.client or await self.connect()
            try:
                return await client.request(kind, **fields)
            except ConnectionLost:
                await self.comeback()

    async def comeback(self) -> None:
        """Reconnect; take the seat back with its token (or watch again)."""
        if self.client is not None:
            await self.client.close()
        self.client = None
        await self.connect()
        self.tally.reconnects += 1
        if self.game_id is None:
            return
        assert self.client is not None
        try:
            if self.token is not None:
                await self.client.request("rejoin", game_id=self.game_id, token=self.token)
            else:
                await self.client.request("watch", game_id=self.game_id)
        except ConnectionLost:
            await self.comeback()

    async def follow(self) -> None:
        """Follow the game until it ends: time broadcasts, move on this seat's turn."""
        legal: list = []
        to_move, ply = None, 0
        while True:
            client = self.client or await self.connect()
            try:
                event = await client.event()
            except ConnectionLost:
                await self.comeback()
                continue
            game = event.get("game") or {}
            if event.get("game_id", game.get("game_id")) != self.game_id:
                continue
            kind = event["type"]
            if kind == "state":
                if self.tally.reconnects:
                    self.tally.compare(self.game_id, game["moves"])
                if game["status"] == "finished":
                    return
                legal, to_move, ply = game["legal"], game["to_move"], game["ply"]
            elif kind == "moved":
                sent = self.tally.sent_at.get((self.game_id, event["ply"]))
                if sent is not None and self.tally.timing:
                    self.tally.latencies.append(time.perf_counter() - sent)
                legal, to_move, ply = event["legal"], event["to_move"], event["ply"]
            elif kind == "ended":
                return
            else:
                continue
            if self.seat is not None and to_move == self.seat and legal:
                await self.move(self.rng.choice(legal)[0], ply)

    async def move(self, text: str, ply: int) -> None:
        await asyncio.sleep(self.rng.uniform(*self.think))
        assert self.client is not None and self.game_id is not None
        self.tally.sent_at[(self.game_id, ply + 1)] = time.perf_counter()
        try:
            answer = await self.client.request(
                "move", game_id=self.game_id, seat=self.seat, move=text, ply=ply
            )
        except ServerRefused as refusal:
            self.tally.refuse(refusal.code)
            return
        except ConnectionLost:
            return  # follow() reconnects; the game given back says whether it was accepted
        self.tally.accepted.setdefault(self.game_id, {})[answer["ply"]] = text
        self.tally.moves += 1


async def table(game: str, options: dict, players: list[Player], watchers: list[Player],
                tally: Tally, stop: asyncio.Event) -> None:  # fmt: skip
    """Games one after another at one table of ``players`` (one per seat) and ``watchers``."""
    host = players[0]
    while not stop.is_set():
        try:
            created = await host.ask(
                "create", game=game, options=options, clock=CLOCK, max_plies=MAX_PLIES[game]
            )
            game_id = created["game"]["game_id"]
            for seat, player in enumerate(players):
                player.game_id, player.seat = game_id, seat
                joined = await player.ask("join", game_id=game_id, seat=seat)
                player.token = joined["token"]
            for watcher in watchers:
                watcher.game_id, watcher.seat, watcher.token = game_id, None, None
                await watcher.ask("watch", game_id=game_id)
        except ServerRefused as refusal:  # a join repeated after a kill: the seat is taken
            tally.refuse(refusal.code)
            tally.abandoned += 1
            continue
        tally.games_started += 1
        await asyncio.gather(*(p.follow() for p in players + watchers))
        tally.games_ended += 1


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def run(args: argparse.Namespace) -> dict:
    out = Path(args.out).expanduser()
    out.mkdir(parents=True, exist_ok=True)
    database = out / "server-load.sqlite"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{database}{suffix}").unlink(missing_ok=True)
    server = Server(database, free_port())
    url = f"http://127.0.0.1:{server.port}"
    startup = [server.start()]
    tally, rng, stop = Tally(), random.Random(args.seed), asyncio.Event()
    tables = [("chess", {}, 2)] * args.chess + [("duchess", {"players": 6}, 6)] * args.duchess
    clients: list[Player] = []
    tasks = []
    for index, (game, options, seats) in enumerate(tables):
        players = [Player(url, f"t{index}s{s}", tally, rng, stop) for s in range(seats)]
        watchers = [Player(url, f"t{index}w{w}", tally, rng, stop) for w in range(args.watchers)]
        for client in players + watchers:
            client.think = args.think
            await client.connect()
        clients += players + watchers
        tasks.append(asyncio.create_task(table(game, options, players, watchers, tally, stop)))
    while tally.games_started < len(tables):
        await asyncio.sleep(0.1)
    print(f"{len(clients)} clients at {len(tables)} games; load for {args.seconds} s", flush=True)

    # 1. load
    await asyncio.sleep(2.0)  # every table past its first moves
    tally.timing = True
    cpu0, wall0, moves0 = server.cpu_seconds(), time.perf_counter(), tally.moves
    own0 = resource.getrusage(resource.RUSAGE_SELF)
    rss = []
    while time.perf_counter() - wall0 < args.seconds:
        await asyncio.sleep(1.0)
        rss.append(server.rss_kb())
    wall = time.perf_counter() - wall0
    cpu = server.cpu_seconds() - cpu0
    own1 = resource.getrusage(resource.RUSAGE_SELF)
    tally.timing = False
    load = {
        "clients": len(clients),
        "games": len(tables),
        "seconds": round(wall, 1),
        "moves": tally.moves - moves0,
        "moves_per_second": round((tally.moves - moves0) / wall, 1),
        "broadcasts_timed": len(tally.latencies),
        "p50_ms": round(1000 * percentile(tally.latencies, 0.50), 2),
        "p99_ms": round(1000 * percentile(tally.latencies, 0.99), 2),
        "max_ms": round(1000 * max(tally.latencies), 2),
        "server_cpu_percent": round(100 * cpu / wall, 1),
        "server_rss_mib": round(max(r[0] for r in rss) / 1024, 1),
        "server_peak_rss_mib": round(max(r[1] for r in rss) / 1024, 1),
        "driver_cpu_percent": round(
            100 * (own1.ru_utime + own1.ru_stime - own0.ru_utime - own0.ru_stime) / wall, 1
        ),
    }
    print(json.dumps(load), flush=True)

    # 2. kill -9, restart, again and again
    accepted_before = tally.accepted_count()
    for kill in range(args.kills):
        await asyncio.sleep(rng.uniform(1.0, 4.0))
        server.kill()
        await asyncio.sleep(rng.uniform(0.0, 0.5))
        startup.append(server.start())
        print(f"kill {kill + 1}: restarted in {startup[-1]:.2f} s; lost so far {tally.lost}",
              flush=True)  # fmt: skip
    await asyncio.sleep(5.0)  # the last restart's clients back at their seats

    # 3. everything accepted is there
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for client in clients:
        if client.client is not None:
            await client.client.close()
    reader = await GameClient.connect(url, "checker")
    games = (await reader.request("list"))["games"]
    for summary in games:  # within the server's rate and its tables per connection
        snapshot = await reader.request("watch", game_id=summary["game_id"])
        tally.compare(summary["game_id"], snapshot["game"]["moves"])
        await reader.request("unwatch", game_id=summary["game_id"])
        await asyncio.sleep(0.12)
    await reader.close()
    server.stop()
    integrity = sqlite3.connect(database).execute("PRAGMA integrity_check").fetchone()[0]
    faults = {
        "kills": args.kills,
        "restart_median_s": round(statistics.median(startup[1:]), 2) if args.kills else None,
        "moves_accepted": tally.accepted_count(),
        "accepted_during_kills": tally.accepted_count() - accepted_before,
        "games_checked_after_restarts": tally.checks,
        "moves_lost": tally.lost,
        "reconnects": tally.reconnects,
        "games_in_database": len(games),
        "games_started": tally.games_started,
        "games_ended": tally.games_ended,
        "abandoned_by_a_kill": tally.abandoned,
        "refused": tally.refused,
        "sqlite_integrity": integrity,
    }
    print(json.dumps(faults), flush=True)
    return {"load": load, "faults": faults}


def table_text(result: dict, command: str) -> str:
    load, faults = result["load"], result["faults"]
    rows = [
        ("connected clients / games in play", f"{load['clients']} / {load['games']}"),
        ("moves accepted in the timed window", f"{load['moves']} in {load['seconds']} s "
         f"({load['moves_per_second']}/s)"),
        ("broadcasts timed (move sent → `moved` received)", load["broadcasts_timed"]),
        ("p50 / p99 / max latency", f"{load['p50_ms']} / {load['p99_ms']} / {load['max_ms']} ms"),
        ("server CPU (of one core)", f"{load['server_cpu_percent']}%"),
        ("server memory (resident, peak)", f"{load['server_rss_mib']} MiB, "
         f"{load['server_peak_rss_mib']} MiB"),
        ("load driver CPU (this process)", f"{load['driver_cpu_percent']}%"),
        ("kill -9 and restart", f"{faults['kills']} times, restart median "
         f"{faults['restart_median_s']} s"),
        ("moves accepted (all), during the kills", f"{faults['moves_accepted']}, "
         f"{faults['accepted_during_kills']}"),
        ("games compared with every accepted move", faults["games_checked_after_restarts"]),
        ("**moves lost**", f"**{faults['moves_lost']}**"),
        ("SQLite integrity check", faults["sqlite_integrity"]),
    ]  # fmt: skip
    lines = [f"`{command}`", "", "| measure | value |", "| --- | --- |"]
    lines += [f"| {name} | {value} |" for name, value in rows]
    return "\n".join(lines) + "\n"


def _span(text: str) -> tuple[float, float]:
    least, _, most = text.partition(",")
    return float(least), float(most or least)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chess", type=int, default=25, help="chess games (2 clients each)")
    parser.add_argument("--duchess", type=int, default=25, help="6-player Duchess games")
    parser.add_argument("--watchers", type=int, default=1, help="spectators per game")
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the timed load")
    parser.add_argument("--kills", type=int, default=20, help="kill -9 and restarts")
    parser.add_argument("--think", type=_span, default=THINK, help="MIN,MAX seconds a move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="~/gamecore-runs/server-load")
    args = parser.parse_args()
    result = asyncio.run(run(args))
    command = "python benchmarks/server_load.py " + " ".join(sys.argv[1:])
    text = table_text(result, command.strip())
    print(text)
    out = Path(args.out).expanduser()
    (out / "result.json").write_text(json.dumps(result, indent=1))
    (out / "result.md").write_text(text)
    failed = result["faults"]["moves_lost"] or result["faults"]["sqlite_integrity"] != "ok"
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
