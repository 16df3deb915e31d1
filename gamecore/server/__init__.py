"""The game server: people and engines play any game over the network (``gamecore serve``).

- :mod:`.protocol` — the JSON messages, each checked before anything acts on it;
- :mod:`.table` — one game: the authoritative position, seats, clocks, endings;
- :mod:`.store` — the games in SQLite, each move written before it is broadcast;
- :mod:`.lobby` — every table, who sits and who watches, what each is told;
- :mod:`.app` — HTTP and WebSockets (aiohttp), limits, the browser client's files;
- :mod:`.client`, :mod:`.bot` — a client library and the engine that joins games.

docs/server.md describes the protocol for anyone writing a client.
"""
