"""A client's connection to an hkk server: it says hello, keeps the seat tokens it is given,
pings, and when the connection drops (a killed SSH session, a closed laptop, a restarted server)
connects again by itself with growing pauses, then goes back to the tables it was at.

Messages from the server go to ``on_message``; changes of the connection (``connecting``,
``connected``, ``waiting`` with the seconds until the next try, ``failed`` with the reason) go to
``on_state``. Both are plain callables run on the client's event loop (the TUI's, or a bot's).
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import ssl
from pathlib import Path
from typing import Any, Callable

from engine.net import messages as M
from engine.net.address import Address, TLSError, client_data_dir, client_tls
from engine.net.wire import (
    SERVER_FRAME_LIMIT,
    BadMessage,
    FrameTooLarge,
    decode_server,
    encode,
    read_frame,
)

log = logging.getLogger("hkk.client")

#: pauses between reconnection attempts grow from the first to the last (seconds)
BACKOFF = (0.2, 10.0)
PING_EVERY = 15.0
#: a server silent for this long (it answers pings) is taken as gone
SILENCE = 45.0
#: attempts before a server never reached is an error (with ``first_try``)
FIRST_TRIES = 4


class Fatal(Exception):
    """The server refused this client for good (another protocol version, a bad hello)."""


class TokenStore:
    """Seat tokens this user was given, per server and table, kept in a file (so a restarted
    client — or laptop — comes back to its seats) or only in memory (``path`` None)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._all: dict[str, dict[str, str]] = {}
        if path is not None and path.exists():
            try:
                data = json.loads(path.read_text())
                if isinstance(data, dict):
                    self._all = {str(k): dict(v) for k, v in data.items() if isinstance(v, dict)}
            except (OSError, ValueError):
                self._all = {}

    @classmethod
    def default(cls) -> "TokenStore":
        return cls(client_data_dir() / "tokens.json")

    def tokens(self, server: str) -> dict[str, str]:
        return dict(self._all.get(server, {}))

    def keep(self, server: str, table: str, token: str) -> str:
        """Keep a seat's token; the reason it could not be written to the file ("" when kept).
        It is kept in memory either way, so this run of the client can still come back."""
        self._all.setdefault(server, {})[table] = token
        return self._save()

    def forget(self, server: str, table: str) -> None:
        if self._all.get(server, {}).pop(table, None) is not None:
            self._save()

    def _save(self) -> str:
        if self.path is None:
            return ""
        from engine.core.store import replace_file

        try:
            replace_file(self.path, json.dumps(self._all, indent=1).encode())
        except OSError as exc:               # said to the player by the client (token_not_kept)
            return f"{self.path}: {exc.strerror or exc}"
        return ""


class Client:
    def __init__(self, address: Address, name: str = "", as_user: str = "",
                 tokens: TokenStore | None = None,
                 on_message: Callable[[Any], None] | None = None,
                 on_state: Callable[[str, dict], None] | None = None,
                 reconnect: bool = True, first_try: bool = False) -> None:
        self.address = address
        self.name = name
        self.as_user = as_user
        self.store = tokens or TokenStore()
        self.on_message = on_message or (lambda msg: None)
        self.on_state = on_state or (lambda state, info: None)
        self.reconnect = reconnect
        #: a server never reached in the first few tries is an error (``hkk bot``)
        self.first_try = first_try
        self._ever = False
        self.welcome: M.Welcome | None = None
        self.state = "connecting"
        #: tables to go back to after a reconnect: table id -> "seat" or "watch"
        self.at: dict[str, str] = {}
        self._writer: asyncio.StreamWriter | None = None
        self._closing = False
        self._key = str(address) if address.unix else f"{address.host}:{address.port}"

    # ------------------------------------------------------------------ sending
    @property
    def connected(self) -> bool:
        return self.state == "connected" and self._writer is not None

    def send(self, msg: Any) -> bool:
        """Send ``msg`` now; False if there is no connection at the moment."""
        if not self.connected:
            return False
        try:
            self._writer.write(encode(msg))
        except (OSError, RuntimeError):
            return False
        return True

    def join(self, table: str, seat: int = -1, code: str = "",
             create: M.CreateTable | None = None) -> bool:
        if table:
            self.at[table] = "seat"
        return self.send(M.Join(table, seat, code, create))

    def watch(self, table: str, code: str = "") -> bool:
        self.at[table] = "watch"
        return self.send(M.Watch(table, code))

    def leave(self, table: str) -> bool:
        self.at.pop(table, None)
        return self.send(M.Leave(table))

    # ------------------------------------------------------------------ the loop
    def _set(self, state: str, **info: Any) -> None:
        self.state = state
        self.on_state(state, info)

    async def run(self) -> None:
        """Connect and read until :meth:`close`; reconnect after a drop (unless ``reconnect``
        is off: then the drop is raised). A :class:`Fatal` refusal ends the loop."""
        delay = BACKOFF[0]
        failed = 0
        while not self._closing:
            self._set("connecting")
            try:
                await self._session()
                delay = BACKOFF[0]
            except Fatal as exc:
                self._set("failed", reason=str(exc))
                raise
            except (OSError, ConnectionError, asyncio.IncompleteReadError,
                    asyncio.TimeoutError, FrameTooLarge) as exc:
                if self._closing:
                    break
                failed += 1
                if self.first_try and not self._ever and failed >= FIRST_TRIES:
                    raise Fatal(f"cannot connect to {self.address} ({exc}); is `hkk server` "
                                "running there?") from None
                if not self.reconnect:
                    self._set("failed", reason=str(exc) or type(exc).__name__)
                    raise
                if self.welcome is not None:
                    delay = BACKOFF[0]           # it was up: the first retry comes quickly
                self.welcome = None
            finally:
                self._close_writer()
            if self._closing:
                break
            wait = delay * (0.75 + random.random() / 2)
            self._set("waiting", retry=round(wait, 1))
            await asyncio.sleep(wait)
            delay = min(delay * 2, BACKOFF[1])
        self._set("closed")

    async def _open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        a = self.address
        if a.unix:
            return await asyncio.open_unix_connection(a.path, limit=2 ** 20)
        if not a.tls:
            return await asyncio.open_connection(a.host, a.port, limit=2 ** 20)
        try:
            ctx = client_tls(a)
        except TLSError as exc:
            raise Fatal(str(exc)) from None
        try:
            return await asyncio.open_connection(a.host, a.port, limit=2 ** 20, ssl=ctx,
                                                 server_hostname=a.host)
        except ssl.SSLCertVerificationError as exc:      # no retry makes a certificate good
            raise Fatal(f"the certificate of {a} cannot be trusted ({exc.verify_message}); "
                        "give the authority that signed it with --tls-ca FILE.") from None
        except ssl.SSLError as exc:
            raise Fatal(f"no TLS connection to {a} ({exc.reason or exc}); is it an hkk server "
                        "with --tls-cert?") from None

    async def _session(self) -> None:
        reader, writer = await asyncio.wait_for(self._open(), 10)
        self._writer = writer
        writer.write(encode(M.Hello(M.PROTOCOL, self.name, self.as_user,
                                    self.store.tokens(self._key), "hkk")))
        pinger = asyncio.get_running_loop().create_task(self._ping())
        try:
            while True:
                body = await asyncio.wait_for(read_frame(reader, SERVER_FRAME_LIMIT), SILENCE)
                if body is None:
                    raise ConnectionResetError("the server closed the connection")
                try:
                    msg = decode_server(body)
                except BadMessage as exc:        # skipped (the stream is still in step)
                    self.on_state("bad_message", {"reason": str(exc)})
                    continue
                if isinstance(msg, M.Error) and msg.fatal and \
                        msg.code in ("version", "hello_first", "busy"):
                    raise Fatal(msg.message)
                if isinstance(msg, M.Welcome):
                    self.welcome = msg
                    self._ever = True
                    self._set("connected", user=msg.user, server=msg.server)
                    for table, how in list(self.at.items()):    # back where we were
                        if how == "watch":
                            self.send(M.Watch(table))
                        elif table in msg.seated:
                            self.send(M.Join(table))
                elif isinstance(msg, M.Seated):
                    failed = self.store.keep(self._key, msg.table, msg.token)
                    if failed:
                        self.on_state("token_not_kept", {"reason": failed})
                    self.at[msg.table] = "seat"
                try:
                    self.on_message(msg)
                except Exception as exc:  # noqa: BLE001 - one bad message is not the link's end
                    log.exception("handling %s failed", type(msg).__name__)
                    self.on_state("bad_message", {"reason": f"{type(exc).__name__}: {exc}"})
        finally:
            pinger.cancel()

    async def _ping(self) -> None:
        n = 0
        while True:
            await asyncio.sleep(PING_EVERY)
            n += 1
            self.send(M.Ping(n))

    def _close_writer(self) -> None:
        writer, self._writer = self._writer, None
        if writer is not None:
            try:
                writer.close()
            except (OSError, RuntimeError):
                pass

    def close(self) -> None:
        """Stop for good (the loop ends; no reconnection)."""
        self._closing = True
        self._close_writer()
