"""One client connection on the server: who it is, what it may send, how much it may lag.

Sending never waits for a client: a frame goes into the connection's transport buffer, and a
client that lets more than :attr:`Limits.out_buffer` bytes pile up (a stalled laptop, a reader
that stopped reading) is disconnected — it reconnects and gets a fresh snapshot — so a slow
client never holds up a table or another client. Incoming messages are rate-limited by a token
bucket; a flood is refused message by message and a client that keeps flooding, or keeps sending
malformed frames, is disconnected.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from engine.net import messages as M
from engine.net.wire import CLIENT_FRAME_LIMIT, encode


@dataclass(frozen=True)
class Limits:
    frame: int = CLIENT_FRAME_LIMIT      # largest frame a client may send
    rate: float = 500.0                  # messages per second, sustained (a fast bot's pace)
    burst: float = 1000.0                # messages at once
    max_refused: int = 200               # flood refusals in a row before a disconnect
    max_bad: int = 20                    # malformed frames before a disconnect
    out_buffer: int = 16 * 1024 * 1024   # unsent bytes before a slow client is dropped
    hello_timeout: float = 10.0          # seconds to say Hello
    idle_timeout: float = 90.0           # seconds without a message (clients ping every 15)
    max_connections: int = 4096
    tables_per_user: int = 20            # open tables one user may create
    max_tables: int = 5000
    chat_length: int = 300


@dataclass(eq=False)
class Conn:
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    limits: Limits
    peer: str = ""                 # the OS user on the Unix socket ("" on TCP)
    identity: str = ""             # "unix:<user>[/<as>]" or "" (TCP: tokens only)
    name: str = ""                 # the display name
    tokens: dict[str, str] = field(default_factory=dict)   # table id -> seat token
    hello: bool = False
    lobby: bool = False            # asked for the table list: gets its changes
    closed: bool = False
    why: str = ""
    bad: int = 0
    refused: int = 0
    _allowance: float = 0.0
    _last: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self._allowance = self.limits.burst

    # ------------------------------------------------------------------ out
    def send(self, frame: bytes) -> None:
        """Queue one frame (never waits); drop the client if it lags too far behind."""
        if self.closed:
            return
        try:
            self.writer.write(frame)
            if self.writer.transport.get_write_buffer_size() > self.limits.out_buffer:
                self.close("it did not read its messages fast enough (a slow connection)")
        except (OSError, RuntimeError):
            self.close("the connection broke")

    def msg(self, msg: Any) -> None:
        self.send(encode(msg))

    def error(self, code: str, message: str, table: str = "", fatal: bool = False) -> None:
        self.msg(M.Error(code, message, table, fatal))
        if fatal:
            self.close(message)

    def close(self, why: str = "") -> None:
        if self.closed:
            return
        self.closed = True
        self.why = why
        transport = self.writer.transport
        try:
            if transport.get_write_buffer_size() > self.limits.out_buffer:
                transport.abort()            # do not wait to flush to a client that lags
            else:
                self.writer.close()
        except (OSError, RuntimeError):
            transport.abort()

    # ------------------------------------------------------------------ in
    def allow(self) -> bool:
        """Token bucket: True if one more message may be handled now. ``refused`` counts the
        messages dropped since the client last let its bucket fill up halfway."""
        now = time.monotonic()
        self._allowance = min(self.limits.burst,
                              self._allowance + (now - self._last) * self.limits.rate)
        self._last = now
        if self._allowance < 1.0:
            self.refused += 1
            return False
        self._allowance -= 1.0
        if self._allowance >= self.limits.burst / 2:
            self.refused = 0                 # the client calmed down: a flood is over
        return True
