"""The server's games on disk: SQLite, written before anything is broadcast.

Each accepted move is one committed transaction (with the seat clocks after
it) before the lobby tells anyone of it, so a server killed at any moment
restarts with every game at its last accepted move. The database runs in WAL
mode with ``synchronous=NORMAL``: a commit survives the process being killed
(the write has reached the operating system); only a power cut can lose the
last commits, which ``durable=True`` (``synchronous=FULL``) closes at the cost
of an fsync per move.

Seat tokens are never stored, only their SHA-256 (:func:`~gamecore.server.table.token_digest`).
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from gamecore.errors import GamecoreError
from gamecore.server.protocol import Refused
from gamecore.server.table import FINISHED, PLAYING, WAITING, Ending, Seat, Table

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    clock TEXT,
    max_plies INTEGER,
    status TEXT NOT NULL,
    result TEXT,
    termination TEXT,
    loser_seat INTEGER,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    token_digest TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    game_id INTEGER NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    move TEXT NOT NULL,
    clocks TEXT,
    PRIMARY KEY (game_id, ply)
);
"""


class StoreError(GamecoreError):
    """The database cannot be opened or is not a gamecore server's."""


class Store:
    """The games of one server, in the SQLite file at ``path``."""

    def __init__(self, path: str | Path, durable: bool = False) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            self.db.executescript(SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"cannot use {str(self.path)!r} as the game database: {exc}") from None

    def close(self) -> None:
        self.db.close()

    def add_game(self, table: Table) -> int:
        """Write a new game and its seats; its id."""
        clock = json.dumps([str(c) for c in table.controls]) if table.controls else None
        with self._transaction():
            cursor = self.db.execute(
                "INSERT INTO games (game, options, clock, max_plies, status, created) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    table.game_name,
                    json.dumps(table.options),
                    clock,
                    table.max_plies,
                    table.status,
                    time.time(),
                ),
            )
            game_id = int(cursor.lastrowid or 0)
            self.db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                [(game_id, i, s.kind, s.name, s.token_digest) for i, s in enumerate(table.seats)],
            )
        return game_id

    def save_seats(self, table: Table) -> None:
        """The seats and status after a join or a leave."""
        with self._transaction():
            self.db.executemany(
                "UPDATE seats SET name = ?, token_digest = ? WHERE game_id = ? AND seat = ?",
                [(s.name, s.token_digest, table.id, i) for i, s in enumerate(table.seats)],
            )
            self._save_status(table)

    def save_move(self, table: Table, text: str) -> None:
        """The move just played (the table's last), its clocks and any ending it brought."""
        with self._transaction():
            self.db.execute(
                "INSERT INTO moves VALUES (?, ?, ?, ?)",
                (table.id, table.state.ply, text, json.dumps(table.remaining or None)),
            )
            self._save_status(table)

    def save_ending(self, table: Table) -> None:
        """A game ended by resignation, agreement or the clock (with the clocks then)."""
        with self._transaction():
            self._save_status(table)
            if table.controls is not None and table.state.ply:
                self.db.execute(
                    "UPDATE moves SET clocks = ? WHERE game_id = ? AND ply = ?",
                    (json.dumps(table.remaining), table.id, table.state.ply),
                )

    def _save_status(self, table: Table) -> None:
        ending = table.ending
        self.db.execute(
            "UPDATE games SET status = ?, result = ?, termination = ?, loser_seat = ? WHERE id = ?",
            (
                table.status,
                ending.result if ending else None,
                ending.termination if ending else None,
                ending.loser_seat if ending else None,
                table.id,
            ),
        )

    def _transaction(self):
        return _Transaction(self.db)

    def load(self, make_table, now: float) -> list[Table]:
        """Every game in the database, replayed to its last accepted move.

        ``make_table(game_id, name, options, clock)`` builds the table (the lobby's
        way of checking a game and its options). A seat to move continues with the time
        its clock showed when the last move was accepted: time the server was down is
        not charged to anyone.
        """
        tables = []
        rows = self.db.execute(
            "SELECT id, game, options, clock, max_plies, status, result, termination, loser_seat "
            "FROM games ORDER BY id"
        ).fetchall()
        for game_id, name, options, clock, max_plies, status, result, termination, loser in rows:
            seats = [
                Seat(kind, seat_name, digest)
                for kind, seat_name, digest in self.db.execute(
                    "SELECT kind, name, token_digest FROM seats WHERE game_id = ? ORDER BY seat",
                    (game_id,),
                )
            ]
            moves = self.db.execute(
                "SELECT move, clocks FROM moves WHERE game_id = ? ORDER BY ply", (game_id,)
            ).fetchall()
            try:  # a game whose plugin is gone or whose moves no longer replay: one line
                table = make_table(game_id, name, json.loads(options), json.loads(clock or "null"))
                for move, _ in moves:
                    table.state.push_text(move)
            except (GamecoreError, Refused, ValueError, TypeError) as exc:
                raise StoreError(
                    f"game {game_id} ({name}) in {str(self.path)!r} cannot be restored: {exc}"
                ) from None
            table.seats = seats
            table.max_plies = max_plies
            last_clocks = json.loads(moves[-1][1]) if moves and moves[-1][1] else None
            if last_clocks is not None:
                table.remaining = [float(x) for x in last_clocks]
            table.status = status if status in (WAITING, PLAYING, FINISHED) else FINISHED
            if result is not None:
                table.ending = Ending(result, termination or "", loser)
            table.turn_started = now
            tables.append(table)
        return tables


class _Transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT`` (or ``ROLLBACK`` on an error)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind, value, trace) -> None:
        if kind is not None:
            self.db.execute("ROLLBACK")
            return
        try:
            self.db.execute("COMMIT")
        except sqlite3.Error:  # e.g. the disk full at the commit: keep nothing of it
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise
