"""``gamecore gui --connect URL``: the window as a client of a game server.

:class:`ClientApp` shows the server's lobby (:class:`~gui.lobby.LobbyScreen`)
until the person opens a game, then the same window as a game of its own
(:class:`~gui.app.App`) on a :class:`~gui.remote_session.RemoteSession`,
until the person goes back to the lobby. Everything the server sends passes
through here once per frame, to whichever screen is showing.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from gamecore.errors import GamecoreError
from gamecore.registry import get_game
from gui.app import App
from gui.lobby import CreateSpec, LobbyScreen
from gui.remote import SeatTokens, ServerLink
from gui.remote_session import RemoteSession


class ClientApp:
    """The lobby and the games of the server behind ``link``, in one window (or off-screen)."""

    def __init__(
        self,
        link: ServerLink,
        specs: list[CreateSpec] | None = None,
        *,
        size: tuple[int, int] = (1180, 800),
        window: bool = False,
        animate: bool = False,
        tokens: SeatTokens | None = None,
    ) -> None:
        self.link = link
        self.tokens = tokens if tokens is not None else SeatTokens()
        self.window = window
        self.animate = animate
        games = self.link.welcome.get("games", [])
        self.lobby = LobbyScreen(self.link, self.tokens, specs or [CreateSpec(g) for g in games])
        self.game: App | None = None
        self.running = True
        self.surface = self._make_surface(size)
        self.lobby.refresh()

    def _make_surface(self, size: tuple[int, int]) -> pygame.Surface:
        size = (max(480, int(size[0])), max(360, int(size[1])))
        if self.window:
            return pygame.display.set_mode(size, pygame.RESIZABLE)
        return pygame.Surface(size)

    @property
    def session(self) -> RemoteSession | None:
        return self.game.session if self.game is not None else None  # type: ignore[return-value]

    def step(self, events: list[pygame.event.Event]) -> None:
        """Pass the server's messages on, handle ``events`` and draw one frame."""
        for message in self.link.poll():
            if self.game is not None:
                self.session.receive(message)  # type: ignore[union-attr]
                continue
            self.lobby.receive(message)
            entered = self.lobby.take_entered()
            if entered is not None:
                self._open(entered)
        if self.game is not None:
            self._game_step(events)
        else:
            self._lobby_step(events)

    def _game_step(self, events: list[pygame.event.Event]) -> None:
        assert self.game is not None
        self.game.step(events)
        self.surface = self.game.surface
        if not self.game.running:
            self.running = False
        elif self.session is not None and self.session.wants_lobby:
            self._back_to_lobby()

    def _lobby_step(self, events: list[pygame.event.Event]) -> None:
        lobby = self.lobby
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
            elif event.type == pygame.VIDEORESIZE:
                self.surface = self._make_surface(event.size)
            elif event.type == pygame.MOUSEMOTION:
                lobby.mouse = event.pos
            elif event.type == pygame.MOUSEWHEEL:
                lobby.scroll = max(0, lobby.scroll - event.y)
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                lobby.mouse = event.pos
                lobby.click(event.pos)
        lobby.update()
        lobby.draw(self.surface)

    def _open(self, snapshot: dict) -> None:
        """Show the game of ``snapshot`` (the server's state of it)."""
        try:
            game = get_game(snapshot["game"], **snapshot["options"])
        except GamecoreError as exc:
            self.lobby.say(f"cannot show game #{snapshot['game_id']} here: {exc}", error=True)
            return
        held = self.lobby.held.get(snapshot["game_id"], {})
        session = RemoteSession(game, self.link, snapshot, held, self.tokens)
        self.game = App(
            game,
            size=self.surface.get_size(),
            window=self.window,
            animate=self.animate,
            session=session,
        )
        self.surface = self.game.surface
        if self.window:
            pygame.display.set_caption(f"gamecore — {game.name} #{snapshot['game_id']}")

    def _back_to_lobby(self) -> None:
        assert self.game is not None and self.session is not None
        session = self.session
        session.close()
        if not session.my_seats:
            self.link.send("unwatch", game_id=session.game_id)
        self.game = None
        self.lobby.say("back in the lobby")
        self.lobby.refresh()
        if self.window:
            pygame.display.set_caption(f"gamecore — {self.link.url}")

    def screenshot(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.surface, str(path))
        return path

    def close(self) -> None:
        if self.game is not None:
            self.game.close()
        self.link.close()
        self.running = False
