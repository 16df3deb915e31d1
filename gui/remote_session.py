"""A game held by a game server, shown and played in the window.

The server owns the position and the clocks; :class:`RemoteSession` keeps a
copy that follows the server's messages, so the board, the move list, hints,
analysis and the evaluation graph work as in a game of the window's own. A
person's move is not played here: it is sent, and played when the server
broadcasts it, like everyone else's. Undo, pause, new game and the engine's
settings have no meaning in a shared game and are not offered; the lobby,
resignation and draw offers are.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from gamecore.errors import GamecoreError
from gamecore.game import Game
from gamecore.play.clock import TimeControl
from gui.remote import SeatTokens, ServerLink
from gui.seats import REMOTE, Seat
from gui.session import Session

PLAYING, FINISHED = "playing", "finished"


def seats_of(summary: dict, held: set[int], name: str) -> list[Seat]:
    """The window's seats of a server's game: the ones this window holds are people's."""
    seats = []
    for index, seat in enumerate(summary["seats"]):
        if index in held:
            seats.append(Seat("human", name=f"{name} (you)"))
        elif seat["taken"]:
            seats.append(Seat(REMOTE, name=seat["name"] or "someone"))
        else:
            seats.append(Seat(REMOTE, name=f"free {seat['kind']} seat"))
    return seats


class RemoteSession(Session):
    """The game ``snapshot`` (a server's ``state`` message) of the server behind ``link``,
    with the seats this window holds (seat → token)."""

    remote = True

    def __init__(
        self,
        game: Game,
        link: ServerLink,
        snapshot: dict,
        held: dict[int, str],
        tokens: SeatTokens | None = None,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.link = link
        self.game_id: int = snapshot["game_id"]
        self.my_seats = dict(held)
        self.tokens = tokens
        self.server_status: str = snapshot["status"]
        self.ending: str | None = None
        self.pending: int | None = None
        """The move sent and not yet broadcast (no second one meanwhile)."""
        self.wants_lobby = False
        self.resyncing = False
        """Reconnected, and the server has not given the game back yet: no move meanwhile."""
        controls = None
        if snapshot.get("clock"):
            text = ",".join(snapshot["clock"])
            controls = TimeControl.parse_per_seat(text, game.num_players, "clock")
        seats = seats_of(snapshot, set(self.my_seats), link.name)
        super().__init__(game, seats, clocks=controls, now=now)
        self.apply_snapshot(snapshot)

    # -- what the server says -------------------------------------------------------------

    def receive(self, message: dict) -> None:
        """Follow one message from the server (those of other games are ignored)."""
        kind = message["type"]
        game = message.get("game") or {}
        game_id = message.get("game_id", game.get("game_id"))
        if kind in ("disconnected", "reconnected"):
            self._connection(kind)
        elif kind == "error":
            if message.get("request") == "move":
                self.pending = None
            self.say(message["message"], error=True)
        elif game_id != self.game_id:
            return
        elif kind == "state":
            self.apply_snapshot(game)
        elif kind == "moved":
            self._moved(message)
        elif kind == "seated":
            self._seated(game)
        elif kind == "joined":
            self.my_seats[message["seat"]] = message["token"]
            self._seated(game)
        elif kind == "ended":
            self._ended(game, message.get("clocks"))
        elif kind == "draw_offered":
            who = self.seat_name(message["seat"])
            self.say(f"{who} offers a draw: press Offer draw (O) to agree")

    def apply_snapshot(self, snapshot: dict) -> None:
        """Take the server's whole game: its moves, seats, clocks and status."""
        state = self.game.initial_state()
        for text in snapshot["moves"]:
            state.push_text(text)
        self.state = state
        self.redo.clear()
        self.selected = self.chooser = None
        self.pending = None
        self.resyncing = False
        self.moved_at = None
        self._seated(snapshot)
        self._set_clocks(snapshot.get("clocks"))
        if snapshot["status"] == FINISHED:
            self._ended(snapshot, snapshot.get("clocks"))
        else:
            self.announce_turn()

    def _moved(self, message: dict) -> None:
        if message["ply"] != self.state.ply + 1:  # a message missed: take the whole game again
            self.link.send("watch", game_id=self.game_id)
            return
        seat = self.state.player
        try:
            move = self.state.parse_move(message["move"])
        except (GamecoreError, ValueError):
            self.link.send("watch", game_id=self.game_id)
            return
        text = self.move_text(move)
        self.state.push(move)
        if seat in self.my_seats:
            self.pending = None
        self.selected = self.chooser = None
        self.moved_at = self.now()
        self.server_status = message["status"]
        self._set_clocks(message.get("clocks"))
        self.say(f"{self.seat_name(seat)} played {text}")
        self.announce_turn()

    def _seated(self, summary: dict) -> None:
        self.server_status = summary["status"]
        self.seats = seats_of(summary, set(self.my_seats), self.link.name)
        if self.server_status == "waiting":
            free = sum(1 for seat in summary["seats"] if not seat["taken"])
            self.say(f"waiting for {free} more player{'s' * (free != 1)}")

    def _ended(self, summary: dict, clocks: list[float] | None) -> None:
        self.server_status = FINISHED
        self.ending = f"{summary['result']} ({summary['termination']})"
        self._set_clocks(clocks)
        self.pending = None
        self.selected = self.chooser = None
        self.say(self.result_text())
        if self.tokens is not None:
            self.tokens.forget(self.link.url, self.game_id)

    def _set_clocks(self, clocks: list[float] | None) -> None:
        if clocks is not None and self.clocks is not None:
            self.clocks = [float(c) for c in clocks]
        self._clock_last = self.now()

    def _connection(self, kind: str) -> None:
        self.resyncing = True
        if kind == "disconnected":
            self.pending = None
            self.say("the connection to the server dropped; trying again…", error=True)
            return
        for token in self.my_seats.values():  # the seats back, then the whole game again
            self.link.send("rejoin", game_id=self.game_id, token=token)
        if not self.my_seats:
            self.link.send("watch", game_id=self.game_id)
        self.say("connected again")

    # -- the session's rules for a shared game -------------------------------------------

    @property
    def over(self) -> bool:
        return self.ending is not None or self.position.terminal

    def result_text(self) -> str:
        if self.ending is not None:
            return f"Game over: {self.ending}"
        return super().result_text()

    def human_to_move(self) -> bool:
        return (
            self.server_status == PLAYING
            and self.pending is None
            and not self.resyncing
            and self.link.connected
            and super().human_to_move()
        )

    @property
    def clock_running(self) -> bool:
        return self.server_status == PLAYING and self.clocks is not None and not self.over

    def flag(self, seat: int) -> None:
        """The clock shown reached zero: the server, which keeps the time, says when the game
        is lost."""
        if self.clocks is not None:
            self.clocks[seat] = 0.0

    def play(self, move: int) -> bool:
        """Send a legal move of a seat this window holds; it is played when it comes back."""
        if not self.human_to_move() or move not in self.position.legal:
            return False
        self.pending = move
        self.selected = self.chooser = None
        self.link.send(
            "move",
            game_id=self.game_id,
            seat=self.state.player,
            move=self.state.move_text(move),
            ply=self.state.ply,
        )
        self.say(f"sent {self.move_text(move)}")
        return True

    def update(self) -> None:
        self.tick()
        self._drain_helper()
        self._schedule_helper()

    def _my_seat(self) -> int | None:
        """The seat resigning or offering a draw speaks for: the one to move if this window
        holds it, else the first one it holds."""
        if self.state.player in self.my_seats:
            return self.state.player
        return min(self.my_seats) if self.my_seats else None

    def resign(self) -> None:
        self._speak_for_seat("resign", "resign")

    def offer_draw(self) -> None:
        if self._speak_for_seat("offer_draw", "offer a draw"):
            self.say("draw offered")

    def _speak_for_seat(self, request: str, what: str) -> bool:
        """Send ``request`` for the seat :meth:`_my_seat` names; False (and why) if none."""
        seat = self._my_seat()
        if seat is None or self.server_status != PLAYING:
            self.say(f"only a player of a game in play can {what}", error=True)
            return False
        self.link.send(request, game_id=self.game_id, seat=seat)
        return True

    def to_lobby(self) -> None:
        self.wants_lobby = True

    def remote_actions(self) -> dict[str, Callable[[], None]]:
        return {"lobby": self.to_lobby, "resign": self.resign, "offer_draw": self.offer_draw}

    def remote_buttons(self) -> dict[str, bool]:
        playing = self.server_status == PLAYING and bool(self.my_seats)
        return {"resign": playing, "offer_draw": playing}

    def toggle_seat(self, seat: int) -> None:
        self.say("the server keeps the seats: take a free one from the lobby")

    def goto_ply(self, ply: int) -> None:
        self.say("a game on a server cannot be stepped back; save it (S) to look through it")
