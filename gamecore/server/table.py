"""One game on the server: the authoritative position, its seats and its clocks.

A :class:`Table` knows nothing of sockets or files: the lobby hands it checked
requests with the time they arrived, and it answers with what changed or
raises :class:`~gamecore.server.protocol.Refused`, leaving itself untouched.
Every game of gamecore has two teams (Duchess's six players form two
alliances), so a resignation concedes for the resigner's team and a draw is
agreed when a seat of each team has offered one since the last move.

Clocks run only while the game is being played (every seat taken). The seat
to move is charged from the moment the previous move was accepted; a move
that arrives after its clock ran out is refused and the game is lost on time,
which the lobby also declares on its own when the flag falls.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field

from gamecore.errors import BadMove, GamecoreError
from gamecore.game import Game
from gamecore.play.clock import TimeControl
from gamecore.server.protocol import Refused, seconds
from gamecore.state import State

WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"


def token_digest(token: str) -> str:
    """What the server keeps of a seat token: its SHA-256, never the token itself."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Seat:
    kind: str
    """``open`` (anyone) or ``engine`` (reserved for engines)."""
    name: str = ""
    token_digest: str = ""
    """Empty while the seat is free."""

    @property
    def taken(self) -> bool:
        return bool(self.token_digest)


@dataclass
class Ending:
    result: str
    """The sentence saying who won (``white wins``, ``draw``)."""
    termination: str
    """How: ``rules``, ``resignation``, ``agreement``, ``time forfeit``."""
    loser_seat: int | None = None
    """The seat that lost on time or resigned (for the record's headers)."""


@dataclass(frozen=True)
class Mark:
    """What a move changes besides the position: kept to take the move back when it
    cannot be stored."""

    remaining: tuple[float, ...]
    turn_started: float
    draw_offers: frozenset[int]
    status: str
    ending: Ending | None


@dataclass
class Table:
    id: int
    game_name: str
    options: dict[str, str | int]
    game: Game
    seats: list[Seat]
    controls: list[TimeControl] | None
    max_plies: int | None = None
    """A draw is adjudicated after this many plies (None: the game's own rules alone)."""
    state: State = field(init=False)
    remaining: list[float] = field(default_factory=list)
    turn_started: float = 0.0
    """When the seat to move began thinking (monotonic seconds; only while playing)."""
    status: str = WAITING
    ending: Ending | None = None
    draw_offers: set[int] = field(default_factory=set)
    """Teams that offered a draw since the last move."""

    def __post_init__(self) -> None:
        self.state = self.game.initial_state()
        if self.controls is not None and not self.remaining:
            self.remaining = [control.base for control in self.controls]

    # -- seats ------------------------------------------------------------------------

    def join(self, seat: int | None, name: str, engine: bool, now: float) -> tuple[int, str]:
        """Take ``seat`` (or the first free one this client may take); (seat, secret token).

        An engine given no seat takes one reserved for engines before an open one: else a
        bot would take the open seat of a game whose creator has not sat down yet, and
        leave the creator only the engine's seat, which it may not take.
        """
        if self.status != WAITING:
            raise Refused("game_started", f"game {self.id} has no free seat: it has begun")
        if seat is None:
            free = [i for i, s in enumerate(self.seats) if not s.taken and self._may_sit(s, engine)]
            if engine:
                free.sort(key=lambda i: self.seats[i].kind != "engine")
            if not free:
                raise Refused("no_free_seat", f"game {self.id} has no free seat for you")
            seat = free[0]
        if not 0 <= seat < len(self.seats):
            raise Refused("bad_seat", f"game {self.id} has seats 0 to {len(self.seats) - 1}")
        chosen = self.seats[seat]
        if chosen.taken:
            raise Refused("seat_taken", f"seat {seat} of game {self.id} is taken")
        if not self._may_sit(chosen, engine):
            raise Refused("seat_reserved", f"seat {seat} of game {self.id} is for an engine")
        token = secrets.token_urlsafe(24)
        chosen.name, chosen.token_digest = name, token_digest(token)
        if all(s.taken for s in self.seats):
            self.status = PLAYING
            self.turn_started = now
        return seat, token

    @staticmethod
    def _may_sit(seat: Seat, engine: bool) -> bool:
        return seat.kind == "open" or engine

    def seat_of_token(self, token: str) -> int:
        """The seat this token holds, or Refused."""
        digest = token_digest(token)
        for index, seat in enumerate(self.seats):
            if seat.taken and hmac.compare_digest(seat.token_digest, digest):
                return index
        raise Refused("bad_token", f"that token holds no seat of game {self.id}")

    def leave(self, seat: int) -> None:
        """Give a seat back before the game begins (once it has begun, the seat's clock
        runs whether or not anyone is there)."""
        if self.status != WAITING:
            raise Refused("game_started", "a seat cannot be left once the game has begun")
        self.seats[seat].name, self.seats[seat].token_digest = "", ""

    # -- play -------------------------------------------------------------------------

    def move(self, seat: int, text: str, expected_ply: int | None, now: float) -> str:
        """Play ``text`` for ``seat``; the move as the game writes it (its notation)."""
        self._check_turn(seat)
        if expected_ply is not None and expected_ply != self.state.ply:
            raise Refused("stale", f"the game is at ply {self.state.ply}, not {expected_ply}")
        if self.flag_fallen(now):
            loser = self.game.player_names[self.state.player]
            raise Refused("time_out", f"{loser}'s clock ran out before the move arrived")
        try:
            move = self.state.parse_move(text)
        except (BadMove, GamecoreError, ValueError) as exc:
            raise Refused(
                "illegal_move", f"{text[:40]!r} is not a legal move here: {exc}"
            ) from None
        if move not in self.state.legal_moves():
            raise Refused("illegal_move", f"{text[:40]!r} is not a legal move here")
        if self.controls is not None:
            spent = now - self.turn_started
            self.remaining[seat] += self.controls[seat].increment - spent
        notation = self.state.move_text(move)
        self.state.push(move)
        self.turn_started = now
        self.draw_offers.clear()
        if self.state.is_terminal():
            self.finish(Ending(self.game.describe_result(self.state), "rules"))
        elif self.max_plies is not None and self.state.ply >= self.max_plies:
            self.finish(Ending(f"draw (adjudicated after {self.max_plies} plies)", "move limit"))
        return notation

    def mark(self) -> Mark:
        return Mark(
            tuple(self.remaining),
            self.turn_started,
            frozenset(self.draw_offers),
            self.status,
            self.ending,
        )

    def take_back(self, mark: Mark) -> None:
        """Undo the move just played, back to ``mark`` (taken before it)."""
        self.state.pop()
        self.remaining = list(mark.remaining)
        self.turn_started = mark.turn_started
        self.draw_offers = set(mark.draw_offers)
        self.status, self.ending = mark.status, mark.ending

    def _check_turn(self, seat: int) -> None:
        if self.status == WAITING:
            raise Refused("not_started", f"game {self.id} waits for its seats to fill")
        if self.status == FINISHED:
            raise Refused("game_over", f"game {self.id} is over")
        if seat != self.state.player:
            raise Refused("not_your_turn", f"it is seat {self.state.player}'s turn, not {seat}'s")

    def resign(self, seat: int) -> None:
        if self.status != PLAYING:
            raise Refused("not_playing", f"game {self.id} is not being played")
        loser = self.game.team_of(seat)
        winner = self.game.team_names[1 - loser]
        self.finish(Ending(f"{winner} wins", "resignation", seat))

    def offer_draw(self, seat: int) -> bool:
        """Offer (or accept) a draw; True when both teams have, and the game is drawn."""
        if self.status != PLAYING:
            raise Refused("not_playing", f"game {self.id} is not being played")
        self.draw_offers.add(self.game.team_of(seat))
        if len(self.draw_offers) == 2:
            self.finish(Ending("draw", "agreement"))
            return True
        return False

    def flag_fallen(self, now: float) -> bool:
        """Whether the seat to move has run out of time (and so lost)."""
        if self.status != PLAYING or self.controls is None:
            return False
        return self.clock_of(self.state.player, now) <= 0

    def declare_time_loss(self) -> None:
        seat = self.state.player
        self.remaining[seat] = 0.0
        result = self.game.describe_time_loss(self.state, seat)
        self.finish(Ending(result, "time forfeit", seat))

    def finish(self, ending: Ending) -> None:
        self.status = FINISHED
        self.ending = ending

    # -- what clients see -------------------------------------------------------------

    def clock_of(self, seat: int, now: float) -> float:
        left = self.remaining[seat]
        if self.status == PLAYING and seat == self.state.player:
            left -= now - self.turn_started
        return left

    def clocks(self, now: float) -> list[float] | None:
        if self.controls is None:
            return None
        return [seconds(self.clock_of(seat, now)) for seat in range(len(self.seats))]

    def summary(self) -> dict:
        """The game as the lobby lists it."""
        return {
            "game_id": self.id,
            "game": self.game_name,
            "options": self.options,
            "clock": [str(c) for c in self.controls] if self.controls else None,
            "max_plies": self.max_plies,
            "seats": [
                {"kind": s.kind, "name": s.name, "taken": s.taken, "player": player}
                for s, player in zip(self.seats, self.game.player_names, strict=True)
            ],
            "status": self.status,
            "ply": self.state.ply,
            "result": self.ending.result if self.ending else None,
            "termination": self.ending.termination if self.ending else None,
        }

    def snapshot(self, now: float) -> dict:
        """Everything a client needs to draw the game as it stands."""
        start = self.state.copy()
        for _ in range(self.state.ply):
            start.pop()
        moves = []
        for move in self.state.history:
            moves.append(start.move_text(move))
            start.push_unchecked(move)
        return {
            **self.summary(),
            "position": self.state.to_text(),
            "moves": moves,
            "to_move": self.state.player if self.status != FINISHED else None,
            "clocks": self.clocks(now),
            "pieces": [[p.cell, p.glyph, p.player] for p in self.state.pieces()],
            "legal": self.legal_moves() if self.status == PLAYING else [],
        }

    def legal_moves(self) -> list[list]:
        """The legal moves as [text, from cell, to cell], for clients that click cells."""
        arrays = self.state.arrays
        return [
            [self.state.move_text(m), *self.game.move_cells(arrays, m)]
            for m in self.state.legal_moves()
        ]

    def record(self) -> str:
        """The game in its record format (PGN, PDN, the line format)."""
        headers = {"Event": f"gamecore server game {self.id}"}
        for seat, player in zip(self.seats, self.game.player_names, strict=True):
            headers[player.capitalize()] = seat.name or "?"
        if self.ending is not None and self.ending.termination == "time forfeit":
            assert self.ending.loser_seat is not None
            headers.update(self.game.time_loss_headers(self.state, self.ending.loser_seat))
        elif self.ending is not None and self.ending.termination != "rules":
            loser = self.ending.loser_seat
            winner = None if loser is None else 1 - self.game.team_of(loser)
            headers.update(self.game.ending_headers(self.state, winner, self.ending.termination))
        return self.game.game_record(self.state, headers)
