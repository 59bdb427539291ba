"""Network play: an authoritative game server with a lobby, and its clients (issue 13).

* :mod:`engine.net.messages` — the wire protocol: typed msgspec messages, its version.
* :mod:`engine.net.wire` — length-prefixed frames over asyncio streams, size limits.
* :mod:`engine.net.address` — where a server listens (a Unix socket or HOST:PORT), peer users.
* :mod:`engine.net.tables` — one table: seats, its game, and what each seat is sent (views and
  redacted events only).
* :mod:`engine.net.records` — the server's data directory: table records beside the saves.
* :mod:`engine.net.server` — the asyncio server: connections, the lobby, AI seats, clocks.
* :mod:`engine.net.client` — a client connection that reconnects by itself.
* :mod:`engine.net.mirror` — a client's copy of one table, decoded into the ruleset's own types.
* :mod:`engine.net.bot` — the headless bot client (``hkk bot``, and ``hkk loadtest``'s players).

Nothing here imports a ruleset: tables work from the registry and the protocol (views, redacted
events, action hints), so every registered ruleset plays over the network.
"""
