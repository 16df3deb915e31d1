"""The lobby of a game server in the window: its games, and buttons to create, join or watch.

:class:`LobbyScreen` keeps the server's list fresh (it asks again every few
seconds), turns clicks into requests and notices when a game the person
chose is ready to show: the server's ``state`` of a game it asked to join,
rejoin or watch. The controller (:mod:`gui.client`) then opens that game.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from gui.remote import SeatTokens, ServerLink
from gui.widgets import ACCENT, BACKGROUND, DIM, ERROR, PANEL, TEXT, draw_button, draw_text

REFRESH_SECONDS = 2.0
"""How often the lobby asks the server for its games."""
ROW_HEIGHT = 52
BUTTON_WIDTH = 92
STATUS_ORDER = {"waiting": 0, "playing": 1, "finished": 2}


@dataclass(frozen=True)
class CreateSpec:
    """A game the lobby's New buttons create: the game, its options, clock and seats."""

    game: str
    options: dict[str, str | int] = field(default_factory=dict)
    clock: str | None = None
    seats: list[str] | None = None
    """``open`` or ``engine`` per seat (None: every seat open)."""

    @property
    def label(self) -> str:
        extras = [f"{k}={v}" for k, v in self.options.items()]
        if self.clock:
            extras.append(self.clock)
        return f"New {self.game}" + (f" ({', '.join(extras)})" if extras else "")


@dataclass(frozen=True)
class GameRow:
    """One game of the list as the lobby shows it, with what the person may do."""

    game_id: int
    title: str
    seats: str
    can_join: bool
    can_rejoin: bool


def game_row(summary: dict, held_games: set[int]) -> GameRow:
    options = " ".join(f"{k}={v}" for k, v in summary["options"].items())
    clock = ",".join(sorted(set(summary["clock"]))) if summary["clock"] else "no clock"
    status = summary["status"]
    if status == "finished":
        status = f"{summary['result']} ({summary['termination']})"
    elif status == "playing":
        status = f"playing, ply {summary['ply']}"
    title = f"#{summary['game_id']}  {summary['game']} {options}  ·  {clock}  ·  {status}"
    seats = ",  ".join(
        s["name"] if s["taken"] else f"free {s['kind']} seat" for s in summary["seats"]
    )
    can_join = summary["status"] == "waiting" and any(
        s["kind"] == "open" and not s["taken"] for s in summary["seats"]
    )
    rejoin = summary["status"] != "finished" and summary["game_id"] in held_games
    return GameRow(summary["game_id"], title, seats, can_join, rejoin)


class LobbyScreen:
    """The lobby of the server behind ``link``; ``specs`` are the games its New buttons make."""

    def __init__(
        self,
        link: ServerLink,
        tokens: SeatTokens,
        specs: list[CreateSpec],
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.link = link
        self.tokens = tokens
        self.specs = specs
        self.now = now
        self.rows: list[GameRow] = []
        self.message = f"connected to {link.url}"
        self.message_is_error = False
        self.held: dict[int, dict[int, str]] = {}
        """Seats taken on this connection: game → seat → token."""
        self.entering: int | None = None
        """The game asked to join, rejoin or watch, until its state arrives."""
        self.entered: dict | None = None
        """That game's state once it has arrived (the controller opens it)."""
        self.scroll = 0
        self.mouse = (0, 0)
        self.hits: list[tuple[pygame.Rect, str, int]] = []
        self._asked = float("-inf")

    def say(self, text: str, error: bool = False) -> None:
        self.message, self.message_is_error = text, error

    def refresh(self) -> None:
        self.link.send("list")
        self._asked = self.now()

    def update(self) -> None:
        if self.now() - self._asked >= REFRESH_SECONDS:
            self.refresh()

    def take_entered(self) -> dict | None:
        entered, self.entered = self.entered, None
        return entered

    # -- what the server says -------------------------------------------------------------

    def receive(self, message: dict) -> None:
        kind = message["type"]
        if kind == "lobby":
            held_games = self.tokens.games(self.link.url) | set(self.held)
            games = sorted(
                message["games"],
                key=lambda g: (STATUS_ORDER.get(g["status"], 3), -g["game_id"]),
            )
            self.rows = [game_row(g, held_games) for g in games]
        elif kind == "created":
            game_id = message["game"]["game_id"]
            self.say(f"created game #{game_id}; taking a seat…")
            self.link.send("join", game_id=game_id, name=self.link.name)
            self.entering = game_id
        elif kind == "joined":
            game_id, seat = message["game_id"], message["seat"]
            self.held.setdefault(game_id, {})[seat] = message["token"]
            self.tokens.keep(self.link.url, game_id, seat, message["token"])
            self.entering = game_id
        elif kind == "state" and message["game"]["game_id"] == self.entering:
            self.entered, self.entering = message["game"], None
        elif kind == "error":
            self._refused(message)
        elif kind == "disconnected":
            self.say("the connection to the server dropped; trying again…", error=True)
        elif kind == "reconnected":
            self.say(f"connected to {self.link.url} again")
            self.refresh()

    def _refused(self, message: dict) -> None:
        request, sent = message.get("request"), message.get("sent", {})
        if request == "rejoin":  # a token the server no longer knows
            self.tokens.forget(self.link.url, sent.get("game_id", -1))
        if request in ("join", "rejoin", "watch", "create"):
            self.entering = None
        self.say(message["message"], error=True)

    # -- what the person does -------------------------------------------------------------

    def click(self, pos: tuple[int, int]) -> None:
        for rect, action, arg in self.hits:
            if rect.collidepoint(pos):
                self.act(action, arg)
                return

    def act(self, action: str, arg: int) -> None:
        """``create`` (arg: the index of the spec), ``join``, ``rejoin`` or ``watch`` a game."""
        if self.entering is not None:
            self.say("one moment: the server has not answered yet")
            return
        if action == "create":
            spec = self.specs[arg]
            self.link.send(
                "create", game=spec.game, options=spec.options, clock=spec.clock, seats=spec.seats
            )
            self.say(f"creating a game of {spec.game}…")
            return
        if action == "join":
            self.link.send("join", game_id=arg, name=self.link.name)
        elif action == "rejoin":
            tokens = self.held.get(arg) or self.tokens.of_game(self.link.url, arg)
            for token in tokens.values():
                self.link.send("rejoin", game_id=arg, token=token)
        else:
            self.link.send("watch", game_id=arg)
        self.entering = arg
        self.say(f"opening game #{arg}…")

    # -- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The lobby, and the click areas it drew (kept in :attr:`hits`)."""
        surface.fill(BACKGROUND)
        w, h = surface.get_size()
        hits: list[tuple[pygame.Rect, str, int]] = []
        draw_text(surface, f"gamecore — games on {self.link.url}", (16, 12), 26, ACCENT, w - 32)
        color = ERROR if self.message_is_error else TEXT
        draw_text(surface, self.message, (16, 46), 18, color, w - 32)
        x, y = 16, 76
        for index, spec in enumerate(self.specs):
            width = min(320, max(150, 12 * len(spec.label)))
            if x + width > w - 16:
                x, y = 16, y + 38
            rect = pygame.Rect(x, y, width, 30)
            draw_button(surface, rect, spec.label, True, rect.collidepoint(self.mouse))
            hits.append((rect, "create", index))
            x += width + 8
        y += 44
        if not self.rows:
            draw_text(surface, "No games yet: create one above.", (16, y), 18, DIM)
        fit = max(1, (h - y - 30) // ROW_HEIGHT)
        self.scroll = max(0, min(self.scroll, len(self.rows) - fit))
        for row in self.rows[self.scroll : self.scroll + fit]:
            box = pygame.Rect(16, y, w - 32, ROW_HEIGHT - 6)
            pygame.draw.rect(surface, PANEL, box, border_radius=6)
            buttons = [("watch", "Watch")]
            if row.can_join:
                buttons.insert(0, ("join", "Join"))
            if row.can_rejoin:
                buttons.insert(0, ("rejoin", "Rejoin"))
            text_width = box.width - len(buttons) * (BUTTON_WIDTH + 6) - 20
            draw_text(surface, row.title, (box.x + 10, box.y + 4), 18, TEXT, text_width)
            draw_text(surface, row.seats, (box.x + 10, box.y + 25), 15, DIM, text_width)
            bx = box.right - 8
            for action, label in reversed(buttons):
                bx -= BUTTON_WIDTH
                rect = pygame.Rect(bx, box.y + 8, BUTTON_WIDTH, box.height - 16)
                draw_button(surface, rect, label, True, rect.collidepoint(self.mouse))
                hits.append((rect, action, row.game_id))
                bx -= 6
            y += ROW_HEIGHT
        more = len(self.rows) - self.scroll - fit
        footer = "Join takes a free seat; Watch follows a game; in a game, N comes back here"
        if more > 0:
            footer = f"{more} more below (scroll)  ·  {footer}"
        draw_text(surface, footer, (16, h - 24), 15, DIM, w - 32)
        self.hits = hits
