"""The game server's protocol: JSON messages over a WebSocket, read and checked here.

Every message is one JSON object with a ``type``; a client may add an ``id``
(a short text or number) that the server repeats as ``reply_to`` in its answer.
:func:`parse` turns a client's raw text into a :class:`Request` or raises
:class:`Refused` with a code and a one-line reason; nothing a client sends gets
further than that unchecked. docs/server.md describes every message.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from gamecore.bounds import MAX_PLIES

PROTOCOL_VERSION = 1

MAX_TEXT = 64
"""Longest name, move text, option value or request id a client may send."""
MAX_OPTIONS = 8
MAX_SEATS = 16


class Refused(Exception):
    """A request the server will not carry out: ``code`` for programs, the text for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.reply_to: str | int | None = None
        """The id of the request refused, when it had a readable one."""


@dataclass(frozen=True)
class Request:
    """One checked client message: its type, its fields and the id to answer to."""

    type: str
    fields: dict[str, Any]
    id: str | int | None = None

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)


def _text(value: Any, name: str, limit: int = MAX_TEXT) -> str:
    if not isinstance(value, str) or not value or len(value) > limit or not value.isprintable():
        raise Refused("bad_field", f"{name} must be printable text of 1 to {limit} characters")
    return value


def _whole(value: Any, name: str, least: int, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise Refused("bad_field", f"{name} must be a whole number from {least} to {most}")
    return value


def _game_id(fields: dict[str, Any]) -> int:
    return _whole(fields.get("game_id"), "game_id", 1, 2**53)


def _options(value: Any) -> dict[str, str | int]:
    if value is None:
        return {}
    if not isinstance(value, dict) or len(value) > MAX_OPTIONS:
        raise Refused("bad_field", f"options must be an object of at most {MAX_OPTIONS} entries")
    options: dict[str, str | int] = {}
    for key, item in value.items():
        _text(key, "an option's name")
        if isinstance(item, bool) or not isinstance(item, (str, int)):
            raise Refused("bad_field", f"option {key!r} must be text or a whole number")
        options[key] = _text(item, f"option {key!r}") if isinstance(item, str) else item
    return options


def _clock(value: Any) -> str | list[str] | None:
    if value is None:
        return None
    if isinstance(value, str):
        return _text(value, "clock")
    if isinstance(value, list) and 0 < len(value) <= MAX_SEATS:
        return [_text(item, "clock") for item in value]
    raise Refused("bad_field", "clock must be BASE+INC in seconds, or a list of them per seat")


SEAT_KINDS = ("open", "engine")
"""Who may take a seat: anyone, or an engine (a client joining with ``engine: true``)."""


def _seat_kinds(value: Any) -> list[str] | None:
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or not 0 < len(value) <= MAX_SEATS
        or any(kind not in SEAT_KINDS for kind in value)
    ):
        raise Refused("bad_field", f"seats must be a list of {' or '.join(SEAT_KINDS)}")
    return list(value)


def _check_hello(f: dict[str, Any]) -> None:
    if f.get("protocol", PROTOCOL_VERSION) != PROTOCOL_VERSION:
        raise Refused("bad_protocol", f"this server speaks protocol {PROTOCOL_VERSION}")
    if "name" in f:
        _text(f["name"], "name")


def _check_create(f: dict[str, Any]) -> None:
    _text(f.get("game"), "game")
    f["options"] = _options(f.get("options"))
    f["clock"] = _clock(f.get("clock"))
    f["seats"] = _seat_kinds(f.get("seats"))
    if f.get("max_plies") is not None:
        _whole(f["max_plies"], "max_plies", 1, MAX_PLIES)


def _check_join(f: dict[str, Any]) -> None:
    _game_id(f)
    if f.get("seat") is not None:
        _whole(f["seat"], "seat", 0, MAX_SEATS - 1)
    if "name" in f:
        _text(f["name"], "name")
    if not isinstance(f.get("engine", False), bool):
        raise Refused("bad_field", "engine must be true or false")


def _check_rejoin(f: dict[str, Any]) -> None:
    _game_id(f)
    _text(f.get("token"), "token")


def _check_seat_action(f: dict[str, Any]) -> None:
    _game_id(f)
    _whole(f.get("seat"), "seat", 0, MAX_SEATS - 1)


def _check_move(f: dict[str, Any]) -> None:
    _check_seat_action(f)
    _text(f.get("move"), "move")
    if f.get("ply") is not None:
        _whole(f["ply"], "ply", 0, 2**31)


_CHECKS = {
    "hello": _check_hello,
    "list": lambda f: None,
    "create": _check_create,
    "join": _check_join,
    "rejoin": _check_rejoin,
    "watch": _game_id,
    "unwatch": _game_id,
    "leave": _check_seat_action,
    "move": _check_move,
    "resign": _check_seat_action,
    "offer_draw": _check_seat_action,
}
"""Every request type a client may send, with the check of its fields."""
REQUEST_TYPES = tuple(_CHECKS)


def parse(raw: str | bytes) -> Request:
    """The request in ``raw``, checked; :class:`Refused` naming the first problem."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise Refused("bad_json", "messages are UTF-8 JSON text") from None
    try:
        message = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise Refused("bad_json", "a message is one JSON object") from None
    if not isinstance(message, dict):
        raise Refused("bad_json", "a message is one JSON object")
    reply_id = message.pop("id", None)
    if reply_id is not None and not _readable_id(reply_id):
        raise Refused("bad_field", f"id must be a number or a text of at most {MAX_TEXT}")
    try:
        kind = message.pop("type", None)
        if not isinstance(kind, str) or kind not in _CHECKS:
            raise Refused("unknown_type", f"type must be one of {', '.join(REQUEST_TYPES)}")
        _CHECKS[kind](message)
    except Refused as refusal:
        refusal.reply_to = reply_id
        raise
    return Request(kind, message, reply_id)


def request_id(raw: str | bytes) -> str | int | None:
    """The ``id`` of a message that will not be carried out (too large, too many), if it
    has a readable one, so that the refusal answers it."""
    try:
        message = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        return None
    found = message.get("id") if isinstance(message, dict) else None
    return found if _readable_id(found) else None


def _readable_id(value: Any) -> bool:
    return (isinstance(value, str) and len(value) <= MAX_TEXT) or (
        isinstance(value, int) and not isinstance(value, bool)
    )


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


def encode(kind: str, reply_to: str | int | None = None, **fields: Any) -> str:
    """A server message as JSON text (``reply_to`` only when answering a request)."""
    message: dict[str, Any] = {"type": kind, **fields}
    if reply_to is not None:
        message["reply_to"] = reply_to
    return json.dumps(message, separators=(",", ":"), allow_nan=False)


def seconds(value: float) -> float:
    """A clock reading for the wire: milliseconds' precision, never negative."""
    return max(0.0, math.floor(value * 1000) / 1000)
