"""The game server, driven by real clients over a loopback WebSocket."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading

import aiohttp
import pytest

from gamecore.server.bot import BotSettings, run_bots
from gamecore.server.client import GameClient, ServerRefused
from gamecore.server.lobby import ServerLimits
from tests.serving import next_of, running_server, warm_engine


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 120))


async def refused(client: GameClient, kind: str, **fields) -> str:
    with pytest.raises(ServerRefused) as caught:
        await client.request(kind, **fields)
    return caught.value.code


async def seated_pair(url: str, game: str = "chess", **create):
    """Two people at one new game: (white's client, black's client, game id, tokens)."""
    white = await GameClient.connect(url, "white player")
    black = await GameClient.connect(url, "black player")
    created = await white.request("create", game=game, **create)
    game_id = created["game"]["game_id"]
    w = await white.request("join", game_id=game_id, seat=0)
    b = await black.request("join", game_id=game_id, seat=1)
    return white, black, game_id, (w["token"], b["token"])


def test_a_person_plays_chess_against_a_bot(tmp_path):
    warm_engine("chess")

    async def scenario(url):
        person = await GameClient.connect(url, "person")
        created = await person.request("create", game="chess", seats=["open", "engine"])
        game_id = created["game"]["game_id"]
        await person.request("join", game_id=game_id)
        settings = BotSettings("chess", time_per_move=0.05, games=1)
        bot = asyncio.create_task(run_bots(url, settings))
        state = (await next_of(person, "state"))["game"]
        assert state["status"] == "waiting"
        state = (await next_of(person, "state"))["game"]  # the bot sat down
        assert state["status"] == "playing" and state["to_move"] == 0
        await person.request("move", game_id=game_id, seat=0, move="e2e4", ply=0)
        replies = []
        while len(replies) < 2:
            replies.append(await next_of(person, "moved"))
        assert replies[0]["move"] == "e2e4"  # the game's notation (UCI for chess)
        assert replies[1]["seat"] == 1 and replies[1]["to_move"] == 0
        await person.request("resign", game_id=game_id, seat=0)
        ended = await next_of(person, "ended")
        assert ended["game"]["result"] == "black wins"
        assert ended["game"]["termination"] == "resignation"
        assert await bot == 1
        async with (
            aiohttp.ClientSession() as http,
            http.get(f"{url}/api/games/{game_id}/record") as response,
        ):
            record = await response.text()
        assert '[Result "0-1"]' in record and "1. e4" in record
        assert '[White "person"]' in record and '[Black "gamecore bot"]' in record
        await person.close()

    with running_server(tmp_path / "games.sqlite") as server:
        run(scenario(server.url))


def test_six_bots_play_a_six_player_duchess_game_to_its_end(tmp_path):
    warm_engine("duchess")

    async def scenario(url):
        watcher = await GameClient.connect(url, "watcher")
        created = await watcher.request(
            "create", game="duchess", options={"players": 6}, seats=["engine"] * 6, max_plies=90
        )
        game_id = created["game"]["game_id"]
        await watcher.request("watch", game_id=game_id)
        settings = BotSettings("duchess", time_per_move=0.01, games=1)
        bots = asyncio.create_task(run_bots(url, settings, count=6))
        plies, seats = [], []
        while True:
            event = await watcher.event(60)
            if event["type"] == "moved":
                plies.append(event["ply"])
                seats.append(event["seat"])
            if event["type"] == "ended":
                break
        assert await bots == 6
        assert plies == list(range(1, len(plies) + 1))  # every move, in order
        assert set(seats) == set(range(6))
        assert event["game"]["status"] == "finished"
        names = {seat["name"] for seat in event["game"]["seats"]}
        assert len(names) == 6
        await watcher.close()

    with running_server(tmp_path / "games.sqlite") as server:
        run(scenario(server.url))


def test_an_engine_takes_the_engine_seat_before_the_creator_sits(tmp_path):
    # A bot polling the lobby can join between a person's create and join (the browser
    # client does them one after the other): it must leave the open seat to the person.
    async def scenario(url):
        person = await GameClient.connect(url, "person")
        engine = await GameClient.connect(url, "engine")
        created = await person.request("create", game="chess", seats=["open", "engine"])
        game_id = created["game"]["game_id"]
        assert (await engine.request("join", game_id=game_id, engine=True))["seat"] == 1
        assert (await person.request("join", game_id=game_id))["seat"] == 0
        state = (await next_of(person, "state"))["game"]
        assert state["status"] == "playing"
        for client in (person, engine):
            await client.close()

    with running_server(tmp_path / "games.sqlite") as server:
        run(scenario(server.url))


def test_spectators_see_every_move_in_order(tmp_path):
    async def scenario(url):
        white, black, game_id, _ = await seated_pair(url)
        spectators = [await GameClient.connect(url, f"fan {i}") for i in range(3)]
        for fan in spectators:
            await fan.request("watch", game_id=game_id)
        moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"]
        for ply, move in enumerate(moves):
            mover = white if ply % 2 == 0 else black
            await mover.request("move", game_id=game_id, seat=ply % 2, move=move, ply=ply)
        for fan in spectators:
            seen = [(await next_of(fan, "moved"))["move"] for _ in moves]
            assert seen == moves
        for client in [white, black, *spectators]:
            await client.close()

    with running_server(tmp_path / "games.sqlite") as server:
        run(scenario(server.url))


def test_a_player_takes_the_seat_back_with_the_token(tmp_path):
    async def scenario(url):
        white, black, game_id, (white_token, _) = await seated_pair(url)
        await white.request("move", game_id=game_id, seat=0, move="d2d4")
        await white.close()  # white's connection drops
        await black.request("move", game_id=game_id, seat=1, move="d7d5")
        stranger = await GameClient.connect(url, "stranger")
        assert await refused(stranger, "rejoin", game_id=game_id, token="not-the-token") == (
            "bad_token"
        )
        assert await refused(stranger, "move", game_id=game_id, seat=0, move="c2c4") == (
            "not_your_seat"
        )
        back = await GameClient.connect(url, "white again")
        joined = await back.request("rejoin", game_id=game_id, token=white_token)
        assert joined["seat"] == 0
        state = (await next_of(back, "state"))["game"]
        assert state["moves"] == ["d2d4", "d7d5"] and state["to_move"] == 0
        await back.request("move", game_id=game_id, seat=0, move="c2c4")
        seen = [(await next_of(black, "moved"))["move"] for _ in range(3)]
        assert seen == ["d2d4", "d7d5", "c2c4"]
        for client in (black, stranger, back):
            await client.close()

    with running_server(tmp_path / "games.sqlite") as server:
        run(scenario(server.url))


def test_every_kind_of_bad_request_is_refused_and_changes_nothing(tmp_path):
    async def scenario(url, lobby_ply):
        white, black, game_id, _ = await seated_pair(url)
        codes = [
            await refused(black, "move", game_id=game_id, seat=1, move="e7e5"),  # not its turn
            await refused(black, "move", game_id=game_id, seat=0, move="e2e4"),  # white's seat
            await refused(white, "move", game_id=game_id, seat=0, move="e2e5"),  # illegal
            await refused(white, "move", game_id=game_id, seat=0, move="zz"),  # not a move
            await refused(white, "move", game_id=game_id, seat=0, move="e2e4", ply=3),  # stale
            await refused(white, "move", game_id=999, seat=0, move="e2e4"),  # no such game
            await refused(white, "join", game_id=game_id, seat=1),  # begun
            await refused(white, "create", game="nonesuch"),
            await refused(white, "create", game="duchess", options={"players": 5}),
            await refused(white, "create", game="chess", clock="fast"),
            await refused(white, "create", game="chess", seats=["open"]),
            await refused(white, "create", game="chess", seats=["open", "robot"]),
            await refused(white, "leave", game_id=game_id, seat=0),  # begun
            await refused(white, "hello", protocol=99),
            await refused(white, "move", game_id=game_id, seat="0", move="e2e4"),
            await refused(white, "move", game_id=game_id, seat=0, move="x" * 500),
        ]
        assert codes == [
            "not_your_turn", "not_your_seat", "illegal_move", "illegal_move", "stale",
            "unknown_game_id", "game_started", "unknown_game", "bad_options", "bad_options",
            "bad_field", "bad_field", "game_started", "bad_protocol", "bad_field", "bad_field",
        ]  # fmt: skip
        assert lobby_ply(game_id) == 0
        for raw in ["{", "[]", '{"type": "fly"}', '{"type": "list", "id": [1]}', "NaN", "\x00"]:
            await white.send_raw(raw)
            assert (await next_of(white, "error"))["code"] in (
                "bad_json", "unknown_type", "bad_field",
            )  # fmt: skip
        await white.send_raw(json.dumps({"type": "list", "pad": "x" * 5000}))
        assert (await next_of(white, "error"))["code"] == "too_large"
        await white.request("move", game_id=game_id, seat=0, move="e2e4")  # still served
        assert lobby_ply(game_id) == 1
        await white.close()
        await black.close()

    with running_server(tmp_path / "games.sqlite") as server:

        def lobby_ply(game_id):
            return server.call(lambda: server.lobby.tables[game_id].state.ply)

        run(scenario(server.url, lobby_ply))


def test_a_flood_is_refused_then_cut_off_and_the_server_serves_others(tmp_path):
    async def scenario(url):
        flooder = await GameClient.connect(url, "flooder")
        for _ in range(200):
            await flooder.send_raw('{"type": "list"}')
        codes = []
        with pytest.raises(Exception):  # noqa: B017 - cut off: ConnectionLost, or a timeout
            while True:
                codes.append((await flooder.event(5))["type"])
        assert "error" in codes
        other = await GameClient.connect(url, "other")
        assert (await other.request("list"))["type"] == "lobby"
        await other.close()
        await flooder.close()

    with running_server(tmp_path / "games.sqlite", ServerLimits(messages_per_second=5)) as server:
        run(scenario(server.url))


def test_a_request_refused_for_its_size_or_rate_is_answered(tmp_path):
    """Refusals of messages never carried out still answer their id: a client waiting on
    the request hears why instead of waiting for ever. Size is counted in bytes."""

    async def scenario(url):
        client = await GameClient.connect(url, "client")
        wide = "é" * 300  # 300 characters, 600 bytes
        assert await refused(client, "hello", name=wide) == "too_large"
        for _ in range(10):  # the burst the rate allows, then more
            await client.send_raw('{"type": "list"}')
        assert await refused(client, "list") == "rate_limited"
        await client.close()

    limits = ServerLimits(messages_per_second=2, max_message_bytes=500)
    with running_server(tmp_path / "games.sqlite", limits) as server:
        run(scenario(server.url))


def test_the_server_refuses_connections_and_games_beyond_its_limits(tmp_path):
    async def scenario(url):
        first = await GameClient.connect(url, "first")
        second = await GameClient.connect(url, "second")
        with pytest.raises(Exception, match="cannot reach"):
            await GameClient.connect(url, "third")
        await first.request("create", game="chess")
        assert await refused(second, "create", game="chess") == "server_full"
        await first.close()
        await second.close()

    limits = ServerLimits(max_connections=2, max_games=1)
    with running_server(tmp_path / "games.sqlite", limits) as server:
        run(scenario(server.url))


def test_the_clock_falls_and_the_game_is_lost_on_time(tmp_path):
    async def scenario(url):
        white, black, game_id, _ = await seated_pair(url, clock="0.4+0")
        ended = await next_of(black, "ended", timeout=10)
        assert ended["game"]["termination"] == "time forfeit"
        assert ended["game"]["result"] == "black wins on time"
        assert ended["clocks"][0] == 0.0
        assert await refused(white, "move", game_id=game_id, seat=0, move="e2e4") == "game_over"
        await white.close()
        await black.close()

    with running_server(tmp_path / "games.sqlite") as server:
        run(scenario(server.url))


def test_a_player_who_vanishes_loses_only_on_the_clock(tmp_path):
    """A connection that drops mid-game forfeits nothing by itself: the game waits on its
    clock, and only when that runs out is the game lost on time."""

    async def scenario(url):
        white, black, game_id, _ = await seated_pair(url, clock="1.5+0")
        await white.request("move", game_id=game_id, seat=0, move="e2e4", ply=0)
        await black.close()  # gone without a word, black to move
        await asyncio.sleep(0.5)
        listed = (await white.request("list"))["games"][0]
        assert listed["status"] == "playing" and listed["ply"] == 1
        ended = await next_of(white, "ended", timeout=10)
        assert ended["game"]["termination"] == "time forfeit"
        assert ended["game"]["result"] == "white wins on time"
        assert ended["clocks"][1] == 0.0 and ended["clocks"][0] > 1.0
        await white.close()

    with running_server(tmp_path / "games.sqlite") as server:
        run(scenario(server.url))


def test_a_move_the_database_cannot_store_is_not_played(tmp_path):
    """A move whose commit fails (a full disk) is taken back: refused, nobody told, the
    game where it was; the same move is accepted once the database takes it."""

    async def scenario(url, store):
        white, black, game_id, _ = await seated_pair(url, clock="300+2")
        save_move = store.save_move

        def full_disk(table, text):
            raise sqlite3.OperationalError("database or disk is full")

        store.save_move = full_disk
        assert await refused(white, "move", game_id=game_id, seat=0, move="e2e4") == "not_stored"
        listed = (await black.request("list"))["games"][0]
        assert listed["ply"] == 0 and listed["status"] == "playing"
        store.save_move = save_move
        await white.request("move", game_id=game_id, seat=0, move="e2e4", ply=0)
        moved = await next_of(black, "moved")
        assert (moved["ply"], moved["move"], moved["to_move"]) == (1, "e2e4", 1)
        await white.close()
        await black.close()

    with running_server(tmp_path / "games.sqlite") as server:
        run(scenario(server.url, server.lobby.store))


def test_a_draw_is_agreed_when_both_teams_offer_one(tmp_path):
    async def scenario(url):
        white, black, game_id, _ = await seated_pair(url)
        offer = await white.request("offer_draw", game_id=game_id, seat=0)
        assert offer["drawn"] is False
        assert (await next_of(black, "draw_offered"))["seat"] == 0
        accept = await black.request("offer_draw", game_id=game_id, seat=1)
        assert accept["drawn"] is True
        ended = await next_of(white, "ended")
        assert (ended["game"]["result"], ended["game"]["termination"]) == ("draw", "agreement")
        await white.close()
        await black.close()

    with running_server(tmp_path / "games.sqlite") as server:
        run(scenario(server.url))


def test_a_bot_takes_its_seat_back_after_the_server_restarts(tmp_path):
    warm_engine("chess")
    database = tmp_path / "games.sqlite"
    played: list[int] = []

    def bot_thread(url: str) -> threading.Thread:
        settings = BotSettings("chess", time_per_move=0.05, games=1)
        thread = threading.Thread(
            target=lambda: played.append(asyncio.run(run_bots(url, settings))), daemon=True
        )
        thread.start()
        return thread

    async def before(url):
        person = await GameClient.connect(url, "person")
        created = await person.request("create", game="chess", seats=["open", "engine"])
        game_id = created["game"]["game_id"]
        token = (await person.request("join", game_id=game_id))["token"]
        bot = bot_thread(url)
        while (await next_of(person, "state"))["game"]["status"] != "playing":
            pass
        await person.request("move", game_id=game_id, seat=0, move="e2e4", ply=0)
        while (await next_of(person, "moved"))["ply"] < 2:
            pass
        await person.close()
        return game_id, token, bot

    async def after(url, game_id, token):
        person = await GameClient.connect(url, "person again")
        await person.request("rejoin", game_id=game_id, token=token)
        state = (await next_of(person, "state"))["game"]
        assert state["ply"] == 2 and state["to_move"] == 0
        await person.request("move", game_id=game_id, seat=0, move="d2d4", ply=2)
        reply = await next_of(person, "moved")
        while reply["ply"] < 4:
            reply = await next_of(person, "moved")
        assert reply["seat"] == 1  # the bot, back at its seat, answered
        await person.request("resign", game_id=game_id, seat=0)
        await person.close()

    with running_server(database) as server:
        port = int(server.url.rsplit(":", 1)[1])
        game_id, token, bot = run(before(server.url))
    with running_server(database, port=port) as server:
        run(after(server.url, game_id, token))
        bot.join(30)
    assert played == [1]


def test_a_restarted_server_has_every_game_at_its_last_move(tmp_path):
    database = tmp_path / "games.sqlite"

    async def before(url):
        white, black, game_id, tokens = await seated_pair(url, clock="300+2")
        for ply, move in enumerate(["e2e4", "c7c5", "g1f3"]):
            mover = white if ply % 2 == 0 else black
            await mover.request("move", game_id=game_id, seat=ply % 2, move=move)
        await white.close()
        await black.close()
        return game_id, tokens

    async def after(url, game_id, tokens):
        black = await GameClient.connect(url, "black again")
        await black.request("rejoin", game_id=game_id, token=tokens[1])
        state = (await next_of(black, "state"))["game"]
        assert state["moves"] == ["e2e4", "c7c5", "g1f3"] and state["status"] == "playing"
        assert 300 < state["clocks"][0] <= 306 and 300 < state["clocks"][1] <= 306
        await black.request("move", game_id=game_id, seat=1, move="d7d6")
        await black.close()

    with running_server(database) as server:
        game_id, tokens = run(before(server.url))
    with running_server(database) as server:
        run(after(server.url, game_id, tokens))


def test_the_http_side_serves_the_client_the_lobby_and_refuses_nonsense(tmp_path):
    async def scenario(url):
        async with aiohttp.ClientSession() as http:

            async def get(path):
                async with http.get(url + path) as response:
                    return response.status, await response.text()

            assert (await get("/"))[0] == 200 and "client.js" in (await get("/"))[1]
            assert (await get("/client.js"))[0] == 200
            assert json.loads((await get("/api/games"))[1]) == {"games": []}
            assert (await get("/api/games/1/record"))[0] == 404
            assert (await get("/api/games/abc/record"))[0] == 404
            assert (await get("/api/geometry/nonesuch"))[0] == 404
            assert (await get("/api/geometry/duchess?players=5"))[0] == 400
            status, body = await get("/api/geometry/duchess?players=4")
            assert status == 200 and len(json.loads(body)["player_names"]) == 4
            status, body = await get("/api/art/chess/K/0.svg")
            assert status == 200 and body.startswith("<svg")
            assert (await get("/api/art/chess/K/7.svg"))[0] == 404
            assert (await get("/api/art/chess/" + "K" * 40 + "/0.svg"))[0] == 404

    with running_server(tmp_path / "games.sqlite") as server:
        run(scenario(server.url))
