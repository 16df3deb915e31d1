"""The lobby: every table of the server, who sits and who watches, and what they are told.

The lobby carries out checked requests (:mod:`gamecore.server.protocol`) for
one connection at a time, on the server's event loop, so no two requests
interleave: a move is checked by its table, written by the store, and only
then broadcast to everyone at the table in the order the moves were made.
A connection may act only for the seats it joined or rejoined with the
seat's token; the lobby holds that binding, never the client.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gamecore.errors import GamecoreError
from gamecore.play.clock import TimeControl
from gamecore.registry import game_names, get_game
from gamecore.server.protocol import PROTOCOL_VERSION, Refused, Request, encode
from gamecore.server.store import Store
from gamecore.server.table import FINISHED, PLAYING, WAITING, Seat, Table

log = logging.getLogger("gamecore.server")


@dataclass(frozen=True)
class ServerLimits:
    """What one server allows; every limit has an option of ``gamecore serve``."""

    max_connections: int = 500
    max_games: int = 200
    """Games waiting for players or being played (finished games do not count)."""
    max_message_bytes: int = 4096
    messages_per_second: float = 20.0
    """Each connection's sustained rate; bursts of twice as many pass."""
    max_games_per_connection: int = 4
    """Waiting games one connection may have created at once."""
    max_watched: int = 64
    """Tables one connection may watch or sit at at once."""


@dataclass(eq=False)
class Connection:
    """One client: where its messages go, the seats it holds, the tables it watches."""

    send: Callable[[str], None]
    """Queue a message for the client (never blocks; see the app's writer)."""
    name: str = "guest"
    seats: set[tuple[int, int]] = field(default_factory=set)
    """(game id, seat) pairs this connection proved with a token."""
    watching: set[int] = field(default_factory=set)
    created: set[int] = field(default_factory=set)


class Lobby:
    """Every table of one server, kept in ``store``."""

    def __init__(
        self, store: Store, limits: ServerLimits, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.store = store
        self.limits = limits
        self.now = clock
        self.tables: dict[int, Table] = {
            t.id: t for t in store.load(self._restored_table, self.now())
        }
        self.watchers: dict[int, set[Connection]] = {}
        self._flag_timers: dict[int, asyncio.TimerHandle] = {}

    def _restored_table(self, game_id: int, name: str, options: dict, clock: Any) -> Table:
        return self._new_table(game_id, name, options, clock, None)

    def _new_table(
        self, game_id: int, name: str, options: dict, clock: Any, kinds: list[str] | None
    ) -> Table:
        if name not in game_names():
            raise Refused(
                "unknown_game", f"no game {name!r} here; games: {', '.join(game_names())}"
            )
        try:
            game = get_game(name, **options)
            controls = None
            if clock is not None:
                text = clock if isinstance(clock, str) else ",".join(clock)
                controls = TimeControl.parse_per_seat(text, game.num_players, "clock")
        except GamecoreError as exc:
            raise Refused("bad_options", str(exc)) from None
        except (TypeError, ValueError) as exc:
            raise Refused("bad_options", f"{name}: {exc}") from None
        if kinds is not None and len(kinds) != game.num_players:
            raise Refused("bad_field", f"{name} has {game.num_players} seats, not {len(kinds)}")
        seats = [Seat(kind) for kind in (kinds or ["open"] * game.num_players)]
        return Table(game_id, name, dict(options), game, seats, controls)

    def start_timers(self) -> None:
        """Watch the clocks of the games restored from the store (call on the running loop)."""
        for table in self.tables.values():
            self._watch_flag(table)

    # -- requests ---------------------------------------------------------------------

    def handle(self, conn: Connection, request: Request) -> None:
        """Carry out ``request``; a refusal is answered to ``conn`` alone and changes nothing."""
        try:
            getattr(self, f"_on_{request.type}")(conn, request)
        except Refused as refusal:
            conn.send(encode("error", request.id, code=refusal.code, message=refusal.message))

    def _on_hello(self, conn: Connection, request: Request) -> None:
        conn.name = request.get("name", conn.name)
        conn.send(
            encode("welcome", request.id, protocol=PROTOCOL_VERSION, games=list(game_names()))
        )

    def _on_list(self, conn: Connection, request: Request) -> None:
        games = [t.summary() for t in self.tables.values()]
        conn.send(encode("lobby", request.id, games=games))

    def _on_create(self, conn: Connection, request: Request) -> None:
        live = sum(1 for t in self.tables.values() if t.status != FINISHED)
        if live >= self.limits.max_games:
            raise Refused("server_full", f"this server holds {self.limits.max_games} games")
        waiting = [gid for gid in conn.created if self.tables[gid].status == WAITING]
        if len(waiting) >= self.limits.max_games_per_connection:
            raise Refused("too_many_games", "finish or fill the games you created first")
        table = self._new_table(
            0,
            request.get("game"),
            request.get("options"),
            request.get("clock"),
            request.get("seats"),
        )
        table.max_plies = request.get("max_plies")
        table.id = self.store.add_game(table)
        self.tables[table.id] = table
        conn.created.add(table.id)
        conn.send(encode("created", request.id, game=table.summary()))

    def _on_join(self, conn: Connection, request: Request) -> None:
        table = self._table(request)
        self._check_room(conn, table.id)
        name = request.get("name", conn.name)
        seat, token = table.join(
            request.get("seat"), name, request.get("engine", False), self.now()
        )
        self.store.save_seats(table)
        conn.seats.add((table.id, seat))
        self._subscribe(conn, table.id)
        conn.send(
            encode(
                "joined", request.id, game_id=table.id, seat=seat, token=token, game=table.summary()
            )
        )
        self._broadcast(table, encode("seated", game=table.summary()))
        if table.status == PLAYING:
            self._started(table)
        else:
            self._send_state(table, conn)

    def _on_rejoin(self, conn: Connection, request: Request) -> None:
        table = self._table(request)
        seat = table.seat_of_token(request.get("token"))
        self._check_room(conn, table.id)
        for other in self.watchers.get(table.id, set()):  # the seat moves to this connection
            other.seats.discard((table.id, seat))
        conn.seats.add((table.id, seat))
        self._subscribe(conn, table.id)
        token = request.get("token")
        conn.send(
            encode(
                "joined", request.id, game_id=table.id, seat=seat, token=token, game=table.summary()
            )
        )
        self._send_state(table, conn)

    def _on_watch(self, conn: Connection, request: Request) -> None:
        table = self._table(request)
        self._check_room(conn, table.id)
        self._subscribe(conn, table.id)
        self._send_state(table, conn, request.id)

    def _on_unwatch(self, conn: Connection, request: Request) -> None:
        game_id = request.get("game_id")
        if not any(gid == game_id for gid, _ in conn.seats):
            conn.watching.discard(game_id)
            self.watchers.get(game_id, set()).discard(conn)
        conn.send(encode("unwatched", request.id, game_id=game_id))

    def _on_leave(self, conn: Connection, request: Request) -> None:
        table, seat = self._held_seat(conn, request)
        table.leave(seat)
        self.store.save_seats(table)
        conn.seats.discard((table.id, seat))
        conn.send(encode("left", request.id, game_id=table.id, seat=seat))
        self._broadcast(table, encode("seated", game=table.summary()))

    def _on_move(self, conn: Connection, request: Request) -> None:
        table, seat = self._held_seat(conn, request)
        now = self.now()
        if table.flag_fallen(now):
            loser = table.game.player_names[table.state.player]
            self._time_loss(table)
            raise Refused("time_out", f"{loser}'s clock ran out before the move arrived")
        mark = table.mark()
        notation = table.move(seat, request.get("move"), request.get("ply"), now)
        try:
            self.store.save_move(table, notation)
        except (sqlite3.Error, OSError) as exc:  # nothing told, nothing kept: not played
            table.take_back(mark)
            log.error("game %s: a move could not be stored: %s", table.id, exc)
            raise Refused(
                "not_stored", "the server could not store the move, so it was not played"
            ) from None
        message = encode(
            "moved",
            game_id=table.id,
            ply=table.state.ply,
            seat=seat,
            move=notation,
            clocks=table.clocks(now),
            to_move=table.state.player if table.status != FINISHED else None,
            status=table.status,
            pieces=[[p.cell, p.glyph, p.player] for p in table.state.pieces()],
            legal=table.legal_moves() if table.status == PLAYING else [],
        )
        self._broadcast(table, message)
        conn.send(encode("accepted", request.id, game_id=table.id, ply=table.state.ply))
        if table.status == FINISHED:
            self._ended(table)
        else:
            self._watch_flag(table)

    def _on_resign(self, conn: Connection, request: Request) -> None:
        table, seat = self._held_seat(conn, request)
        table.resign(seat)
        self.store.save_ending(table)
        conn.send(encode("resigned", request.id, game_id=table.id, seat=seat))
        self._ended(table)

    def _on_offer_draw(self, conn: Connection, request: Request) -> None:
        table, seat = self._held_seat(conn, request)
        drawn = table.offer_draw(seat)
        conn.send(encode("offered", request.id, game_id=table.id, seat=seat, drawn=drawn))
        if drawn:
            self.store.save_ending(table)
            self._ended(table)
        else:
            self._broadcast(table, encode("draw_offered", game_id=table.id, seat=seat))

    # -- helpers ----------------------------------------------------------------------

    def _table(self, request: Request) -> Table:
        game_id = request.get("game_id")
        if game_id not in self.tables:
            raise Refused("unknown_game_id", f"there is no game {game_id}")
        return self.tables[game_id]

    def _held_seat(self, conn: Connection, request: Request) -> tuple[Table, int]:
        table = self._table(request)
        seat = request.get("seat")
        if (table.id, seat) not in conn.seats:
            raise Refused("not_your_seat", f"you do not hold seat {seat} of game {table.id}")
        return table, seat

    def _check_room(self, conn: Connection, game_id: int) -> None:
        if game_id not in conn.watching and len(conn.watching) >= self.limits.max_watched:
            raise Refused("too_many_tables", f"watch at most {self.limits.max_watched} games")

    def _subscribe(self, conn: Connection, game_id: int) -> None:
        conn.watching.add(game_id)
        self.watchers.setdefault(game_id, set()).add(conn)

    def _send_state(self, table: Table, conn: Connection, reply_to: Any = None) -> None:
        conn.send(encode("state", reply_to, game=table.snapshot(self.now())))

    def _broadcast(self, table: Table, message: str) -> None:
        for conn in self.watchers.get(table.id, ()):
            conn.send(message)

    def _started(self, table: Table) -> None:
        for conn in self.watchers.get(table.id, ()):
            self._send_state(table, conn)
        self._watch_flag(table)

    def _ended(self, table: Table) -> None:
        timer = self._flag_timers.pop(table.id, None)
        if timer is not None:
            timer.cancel()
        self._broadcast(
            table, encode("ended", game=table.summary(), clocks=table.clocks(self.now()))
        )

    def _time_loss(self, table: Table) -> None:
        table.declare_time_loss()
        self.store.save_ending(table)
        self._ended(table)

    def _watch_flag(self, table: Table) -> None:
        """Declare the loss on time when the seat to move's clock runs out."""
        old = self._flag_timers.pop(table.id, None)
        if old is not None:
            old.cancel()
        if table.status != PLAYING or table.controls is None:
            return
        left = table.clock_of(table.state.player, self.now())
        loop = asyncio.get_running_loop()
        self._flag_timers[table.id] = loop.call_later(max(0.0, left) + 0.001, self._flag_due, table)

    def _flag_due(self, table: Table) -> None:
        self._flag_timers.pop(table.id, None)
        if table.flag_fallen(self.now()):
            self._time_loss(table)
        else:
            self._watch_flag(table)

    def disconnect(self, conn: Connection) -> None:
        """Forget a closed connection (its seats stay its players', to rejoin with the token)."""
        for game_id in conn.watching:
            self.watchers.get(game_id, set()).discard(conn)
        conn.seats.clear()
        conn.watching.clear()

    def record(self, game_id: int) -> tuple[str, str] | None:
        """(file name, text) of a game's record, or None if there is no such game."""
        table = self.tables.get(game_id)
        if table is None:
            return None
        return f"game-{game_id}{table.game.record_suffix}", table.record()

    def close(self) -> None:
        for timer in self._flag_timers.values():
            timer.cancel()
        self._flag_timers.clear()
