"""``gamecore serve`` and ``gamecore bot`` as processes: kill -9 and restart, bad arguments."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gamecore.server.client import GameClient
from gamecore.server.store import Store
from tests.cli import run_cli
from tests.serving import next_of

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(database: Path, port: int) -> subprocess.Popen:
    process = subprocess.Popen(
        [sys.executable, "-m", "gamecore", "serve", "--port", str(port), "--db", str(database)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert process.stdout is not None
    line = process.stdout.readline()  # printed once the server listens
    assert line.startswith("gamecore serve: http://127.0.0.1:"), process.stderr.read()
    return process


def test_a_server_killed_at_any_moment_keeps_every_accepted_move(tmp_path):
    """The server is killed with SIGKILL in the middle of a game, right after a move was
    accepted; after a restart every accepted move is there and the game goes on."""
    database, port = tmp_path / "games.sqlite", free_port()
    url = f"http://127.0.0.1:{port}"
    opening = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3", "f8c5", "c2c3", "d7d6"]

    async def play_until_killed(process) -> tuple[int, list[str], tuple[str, str]]:
        players = [await GameClient.connect(url, name) for name in ("white", "black")]
        created = await players[0].request("create", game="chess", clock="600+5")
        game_id = created["game"]["game_id"]
        tokens = [
            (await p.request("join", game_id=game_id, seat=i))["token"]
            for i, p in enumerate(players)
        ]
        accepted = []
        for ply, move in enumerate(opening):
            if ply == 6:
                os.kill(process.pid, signal.SIGKILL)
            try:
                await players[ply % 2].request("move", game_id=game_id, seat=ply % 2, move=move)
            except Exception:
                break
            accepted.append(move)
        for player in players:
            await player.close()
        return game_id, accepted, (tokens[0], tokens[1])

    async def after_restart(game_id, tokens) -> dict:
        client = await GameClient.connect(url, "white again")
        await client.request("rejoin", game_id=game_id, token=tokens[0])
        state = (await next_of(client, "state"))["game"]
        await client.close()
        return state

    for _ in range(2):  # killed twice: the second time with a game restored from the first
        process = start_server(database, port)
        try:
            game_id, accepted, tokens = asyncio.run(play_until_killed(process))
        finally:
            process.kill()
            process.wait(10)
        assert len(accepted) == 6
        process = start_server(database, port)
        try:
            state = asyncio.run(after_restart(game_id, tokens))
        finally:
            process.terminate()
            process.wait(10)
        assert state["moves"] == accepted
        assert state["status"] == "playing" and state["to_move"] == 0


def test_serve_and_bot_refuse_bad_arguments_in_one_line(tmp_path):
    folder_db = run_cli("serve", "--db", str(tmp_path))
    assert folder_db.returncode == 2 and "is a folder" in folder_db.stderr
    corrupt = tmp_path / "not-a-database.sqlite"
    corrupt.write_bytes(b"this is not SQLite" * 100)
    bad = run_cli("serve", "--db", str(corrupt), "--port", str(free_port()))
    assert bad.returncode == 2 and "game database" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1
    assert run_cli("serve", "--port", "70000").returncode == 2
    assert run_cli("serve", "--rate", "nan").returncode == 2
    unreachable = run_cli("bot", "chess", "--connect", f"http://127.0.0.1:{free_port()}")
    assert unreachable.returncode == 2 and "cannot reach" in unreachable.stderr
    assert len(unreachable.stderr.strip().splitlines()) == 1
    malformed = run_cli("bot", "chess", "--connect", "ftp://somewhere")
    assert malformed.returncode == 2 and "--connect" in malformed.stderr
    unknown = run_cli("bot", "nonesuch", "--connect", "http://127.0.0.1:1")
    assert unknown.returncode == 2 and "nonesuch" in unknown.stderr


def test_serve_refuses_a_port_in_use(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_cli("serve", "--port", str(port), "--db", str(tmp_path / "g.sqlite"))
    assert result.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_serve_stops_cleanly_on_ctrl_c_and_sigterm(tmp_path, stop):
    process = start_server(tmp_path / "games.sqlite", free_port())
    time.sleep(0.2)
    process.send_signal(stop)
    out, err = process.communicate(timeout=20)
    assert process.returncode == 0, err
    assert "stopped; every game is kept" in out and "Traceback" not in err


def test_serve_refuses_in_one_line_a_game_it_cannot_restore(tmp_path):
    """A game of a plugin no longer installed, or whose moves no longer replay, stops the
    server with one line naming the game (not a traceback); the database is left as it is."""
    for game, move in [("nonesuch", None), ("chess", "e2e5")]:
        database = tmp_path / f"{game}.sqlite"
        store = Store(database)
        store.db.execute(
            "INSERT INTO games (game, options, status, created) VALUES (?, '{}', 'playing', 0)",
            (game,),
        )
        if move is not None:
            store.db.execute("INSERT INTO moves VALUES (1, 1, ?, NULL)", (move,))
        store.close()
        result = run_cli("serve", "--db", str(database), "--port", str(free_port()))
        assert result.returncode == 2, result.stderr
        assert f"game 1 ({game})" in result.stderr and "cannot be restored" in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1
