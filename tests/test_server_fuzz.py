"""Hostile input to the server: whatever a client sends, nothing breaks and nothing moves
without the seat's token."""

from __future__ import annotations

import asyncio
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamecore.server.app import _serve_one
from gamecore.server.lobby import Connection, Lobby, ServerLimits
from gamecore.server.protocol import REQUEST_TYPES, Request
from gamecore.server.store import Store

FIELDS = [
    "type", "id", "game_id", "seat", "move", "ply", "token", "game", "options", "clock",
    "seats", "name", "engine", "protocol", "max_plies",
]  # fmt: skip
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-3, 5)
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from(["chess", "duchess", "e2e4", "e7e5", "a1a8", "300+2", "open", "engine"])
    | st.text(max_size=40)
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)
MESSAGES = st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=6), VALUES, max_size=7)
TYPED = st.builds(
    lambda kind, rest: {**rest, "type": kind}, st.sampled_from(REQUEST_TYPES), MESSAGES
)
RAW = st.one_of(
    TYPED.map(lambda m: json.dumps(m, allow_nan=True)),
    MESSAGES.map(lambda m: json.dumps(m, allow_nan=True)),
    st.text(max_size=120),
    st.binary(max_size=120),
)


def fingerprint(lobby: Lobby) -> list:
    return [
        (t.id, t.status, t.state.ply, [s.token_digest for s in t.seats], t.ending)
        for t in lobby.tables.values()
    ]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(RAW, min_size=1, max_size=25))
def test_no_message_crashes_the_server_or_moves_for_a_seat_it_does_not_hold(tmp_path_factory, raws):
    loop = asyncio.new_event_loop()
    store = Store(tmp_path_factory.mktemp("fuzz") / "games.sqlite")
    try:

        async def scenario() -> None:
            lobby = Lobby(store, ServerLimits())
            players = [Connection(lambda text: None) for _ in range(2)]
            lobby.handle(players[0], Request("create", {"game": "chess", "options": {}}))
            for seat, player in enumerate(players):
                lobby.handle(player, Request("join", {"game_id": 1, "seat": seat}))
            lobby.handle(players[0], Request("move", {"game_id": 1, "seat": 0, "move": "e2e4"}))
            assert lobby.tables[1].state.ply == 1
            replies: list[str] = []
            hostile = Connection(replies.append)
            for raw in raws:
                before = fingerprint(lobby)
                replies.clear()
                _serve_one(lobby, hostile, raw)
                assert replies, "every message is answered"
                answers = [json.loads(reply) for reply in replies]
                assert all(a.get("code") != "internal" for a in answers), answers
                if any(a["type"] == "error" for a in answers):
                    assert fingerprint(lobby) == before  # a refused message changed nothing
                assert lobby.tables[1].state.ply == 1  # the begun game moved for no one
                assert not any(game_id == 1 for game_id, _ in hostile.seats)
            lobby.close()

        loop.run_until_complete(scenario())
    finally:
        store.close()
        loop.close()
