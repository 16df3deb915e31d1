"""The window as a client of a real game server: lobby, create, join, watch, play, rejoin.

Windows are driven headless (SDL's dummy driver) by the same clicks a person makes;
the server runs on a loopback port in a thread; engines are `gamecore bot`'s bots.
"""

from __future__ import annotations

import asyncio
import threading
import time

import pygame
import pytest

from gamecore.server.bot import BotSettings, run_bots
from gui.actions import bindings
from gui.client import ClientApp
from gui.lobby import CreateSpec
from gui.remote import SeatTokens, ServerLink
from gui.remote_session import RemoteSession
from tests.gui_support import WAIT, click, click_cell, start_pygame
from tests.serving import running_server, warm_engine


@pytest.fixture(autouse=True)
def _pygame():
    start_pygame()
    yield


def window(url: str, name: str, tmp_path, specs=None) -> ClientApp:
    tokens = SeatTokens(tmp_path / f"{name}-seats.json")
    app = ClientApp(ServerLink(url, name), specs, tokens=tokens)
    app.step([])
    return app


def until(apps: list[ClientApp], done, timeout: float = 30.0, why: str = "") -> None:
    """Run frames of every window until ``done()``."""
    deadline = time.monotonic() + timeout
    while not done():
        messages = [a.session.message if a.session else a.lobby.message for a in apps]
        assert time.monotonic() < deadline, f"{why} not after {timeout} s: {messages}"
        for app in apps:
            app.step([])
        time.sleep(0.01)


def press(app: ClientApp, action: str, game_id: int | None = None) -> None:
    """Click the lobby's button ``action`` (of game ``game_id``)."""
    until([app], lambda: _button(app, action, game_id) is not None, why=f"{action} button")
    click(app, _button(app, action, game_id).center)  # type: ignore[union-attr, arg-type]


def _button(app: ClientApp, action: str, game_id: int | None):
    app.step([])
    return next(
        (
            rect
            for rect, name, arg in app.lobby.hits
            if name == action and (game_id is None or arg == game_id)
        ),
        None,
    )


def session(app: ClientApp) -> RemoteSession:
    assert app.session is not None
    return app.session


def cell(app: ClientApp, name: str) -> int:
    return next(c.index for c in session(app).geometry.cells if c.name == name)


def play(app: ClientApp, frm: str, to: str) -> None:
    assert app.game is not None
    click_cell(app.game, cell(app, frm))
    click_cell(app.game, cell(app, to))


def bots_in_background(url: str, settings: BotSettings, count: int = 1) -> threading.Thread:
    thread = threading.Thread(
        target=lambda: asyncio.run(run_bots(url, settings, count)), daemon=True
    )
    thread.start()
    return thread


def test_a_person_in_the_window_plays_chess_against_a_bot(tmp_path):
    warm_engine("chess")
    with running_server(tmp_path / "games.sqlite") as server:
        person = window(
            server.url, "ann", tmp_path, [CreateSpec("chess", seats=["open", "engine"])]
        )
        press(person, "create")
        until([person], lambda: person.session is not None, why="the new game")
        assert session(person).my_seats.keys() == {0}
        assert "waiting for 1 more player" in session(person).message
        bot = bots_in_background(server.url, BotSettings("chess", time_per_move=0.05, games=1))
        until([person], lambda: session(person).human_to_move(), WAIT, "the bot sitting down")
        play(person, "e2", "e4")
        until([person], lambda: session(person).state.ply == 2, WAIT, "the bot's reply")
        game = session(person)
        assert game.move_texts()[0] == "e4"  # the record's notation (SAN) in the move list
        assert game.seats[1].label == "gamecore bot"
        view = person.game.view()  # type: ignore[union-attr]
        assert view.moves[0].cells[:2] == ("1.", "e4")
        shown = {b.action for b in view.buttons}
        assert {"lobby", "resign", "offer_draw"} <= shown and not shown & {"undo", "pause"}
        remote_actions = {b.action for b in bindings(remote=True)}
        assert remote_actions <= set(person.game.actions)  # type: ignore[union-attr]
        person.game.action("resign")  # type: ignore[union-attr]
        until([person], lambda: session(person).over, why="the resignation")
        assert session(person).result_text() == "Game over: black wins (resignation)"
        bot.join(30)
        person.close()


def test_two_windows_play_each_other_and_a_third_watches(tmp_path):
    with running_server(tmp_path / "games.sqlite") as server:
        white = window(server.url, "white", tmp_path, [CreateSpec("chess", clock="300+2")])
        press(white, "create")
        until([white], lambda: white.session is not None, why="the new game")
        game_id = session(white).game_id
        black = window(server.url, "black", tmp_path)
        press(black, "join", game_id)
        watcher = window(server.url, "watcher", tmp_path)
        press(watcher, "watch", game_id)
        apps = [white, black, watcher]
        until(apps, lambda: all(a.session is not None for a in apps), why="three windows open")
        until(apps, lambda: session(white).human_to_move(), why="white to move")
        assert not session(black).human_to_move() and not session(watcher).human_to_move()
        play(black, "e7", "e5")  # out of turn: the window does not even send it
        play(white, "e2", "e4")
        until(apps, lambda: session(black).human_to_move(), why="black to move")
        play(black, "e7", "e5")
        until(apps, lambda: all(session(a).state.ply == 2 for a in apps), why="both moves")
        assert [session(a).move_texts() for a in apps] == [["e4", "e5"]] * 3
        clocks = session(watcher).clocks
        assert clocks is not None and 295 < clocks[0] <= 302
        # moves the server refuses, sent past the window's own checks: black out of turn,
        # white for black's seat; each an error to its sender, and nothing changes
        session(black).link.send("move", game_id=game_id, seat=1, move="d7d5", ply=2)
        until(apps, lambda: session(black).message_is_error, why="the refusal")
        assert "it is seat 0's turn" in session(black).message
        session(white).link.send("move", game_id=game_id, seat=1, move="d7d5", ply=2)
        until(apps, lambda: session(white).message_is_error, why="the refusal")
        assert "you do not hold seat 1" in session(white).message
        assert all(session(a).state.ply == 2 for a in apps)
        # the watcher goes back to the lobby and sees the game listed as in play
        watcher.game.action("lobby")  # type: ignore[union-attr]
        until(
            [watcher],
            lambda: watcher.game is None and "playing, ply 2" in watcher.lobby.rows[0].title,
            why="the game in the lobby's list",
        )
        for app in apps:
            app.close()


def test_the_window_takes_its_seat_back_after_the_server_restarts(tmp_path):
    database = tmp_path / "games.sqlite"
    with running_server(database) as server:
        port = int(server.url.rsplit(":", 1)[1])
        white = window(server.url, "white", tmp_path, [CreateSpec("chess")])
        black = window(server.url, "black", tmp_path)
        press(white, "create")
        until([white], lambda: white.session is not None, why="the new game")
        game_id = session(white).game_id
        press(black, "join", game_id)
        until(
            [white, black],
            lambda: black.session is not None and session(white).human_to_move(),
            why="the game starting in both windows",
        )
        play(white, "e2", "e4")
        until([white, black], lambda: session(black).state.ply == 1, why="the first move")
    until([white, black], lambda: session(white).message_is_error, why="the connection lost")
    assert "connection to the server dropped" in session(white).message
    assert not white.link.connected and not session(black).human_to_move()
    with running_server(database, port=port):
        until(
            [white, black],
            lambda: white.link.connected and session(black).human_to_move(),
            why="the seats taken back",
        )
        play(black, "c7", "c5")
        until([white, black], lambda: session(white).state.ply == 2, why="a move after")
        assert session(white).move_texts() == ["e4", "c5"]
        white.close()
        black.close()


def test_a_window_started_again_rejoins_with_its_kept_token(tmp_path):
    with running_server(tmp_path / "games.sqlite") as server:
        first = window(server.url, "ann", tmp_path, [CreateSpec("chess")])
        press(first, "create")
        until([first], lambda: first.session is not None, why="the new game")
        game_id = session(first).game_id
        first.close()
        again = window(server.url, "ann", tmp_path)  # the same token file
        press(again, "rejoin", game_id)
        until([again], lambda: again.session is not None, why="the game again")
        assert session(again).my_seats.keys() == {0}
        other = window(server.url, "bob", tmp_path)
        assert not any(name == "rejoin" for _, name, _ in other.lobby.hits)
        again.close()
        other.close()


def test_lobby_draws_and_says_what_the_server_refused(tmp_path):
    with running_server(tmp_path / "games.sqlite") as server:
        app = window(server.url, "ann", tmp_path, [CreateSpec("chess", {"colour": "pink"})])
        press(app, "create")
        until([app], lambda: app.lobby.message_is_error, why="the refusal")
        assert "colour" in app.lobby.message
        app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(700, 500), w=700, h=500)])
        assert app.surface.get_size() == (700, 500)
        app.close()
