"""Helpers for the network tests (imported by the test files): a server in the test's own event
loop, a raw client that sends and reads single messages, and real ``hkk server`` processes."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, AsyncIterator

import msgspec

from engine.core import registry
from engine.net import messages as M
from engine.net.address import Address
from engine.net.server import Server
from engine.net.wire import SERVER_FRAME_LIMIT, decode_server, encode, encode_body, read_frame

ROOT = Path(__file__).resolve().parents[2]
WAIT = 20.0          # seconds any single expected message may take on a loaded machine


def register_toy() -> None:
    """Register the test-only Toy Grid ruleset (undo with :func:`unregister_toy`)."""
    from tests import toy_ruleset

    registry.names()
    registry.register(toy_ruleset.PLUGIN)


def unregister_toy() -> None:
    registry.unregister("toy")


@contextlib.asynccontextmanager
async def running_server(tmp: Path, tcp: bool = False, **kw: Any) -> AsyncIterator[Server]:
    """A server on a socket in ``tmp`` (and on a free TCP port with ``tcp``), in this loop."""
    listen = Address(host="127.0.0.1", port=0) if tcp else None
    server = Server(tmp / "data", str(tmp / "hkk.sock"), listen, **kw)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


def tcp_address(server: Server) -> Address:
    host, port = next(a for a in server.addresses() if ":" in a).rsplit(":", 1)
    return Address(host=host, port=int(port))


class Raw:
    """A bare connection: send messages (or raw bytes), read what comes back, one by one."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.got: list[Any] = []
        self.frames: list[bytes] = []

    @classmethod
    async def open(cls, server: Server, tcp: bool = False) -> "Raw":
        if tcp:
            a = tcp_address(server)
            r, w = await asyncio.open_connection(a.host, a.port, limit=2 ** 22)
        else:
            r, w = await asyncio.open_unix_connection(server.socket_path, limit=2 ** 22)
        return cls(r, w)

    @classmethod
    async def hello(cls, server: Server, as_user: str = "", name: str = "", tcp: bool = False,
                    tokens: dict[str, str] | None = None) -> "Raw":
        c = await cls.open(server, tcp)
        c.send(M.Hello(M.PROTOCOL, name, as_user, tokens or {}))
        await c.expect(M.Welcome)
        return c

    def send(self, msg: Any) -> None:
        self.writer.write(encode(msg))

    def send_bytes(self, data: bytes) -> None:
        self.writer.write(data)

    async def read(self, timeout: float = WAIT) -> Any:
        """The next message (None when the server closed the connection)."""
        body = await asyncio.wait_for(read_frame(self.reader, SERVER_FRAME_LIMIT), timeout)
        if body is None:
            return None
        self.frames.append(body)
        msg = decode_server(body)
        self.got.append(msg)
        return msg

    async def expect(self, kind: type, timeout: float = WAIT, **match: Any) -> Any:
        """Read until a message of ``kind`` (with those field values) comes; fail on the end."""
        end = time.monotonic() + timeout
        while True:
            msg = await self.read(max(0.01, end - time.monotonic()))
            if msg is None:
                raise AssertionError(f"the server closed the connection before a "
                                     f"{kind.__name__}; got {self.got[-5:]}")
            if isinstance(msg, kind) and all(getattr(msg, k) == v for k, v in match.items()):
                return msg

    async def closed(self, timeout: float = WAIT) -> list[Any]:
        """Read until the server closes the connection; the messages read meanwhile."""
        seen = []
        while True:
            try:
                msg = await self.read(timeout)
            except (ConnectionError, asyncio.IncompleteReadError):
                return seen
            if msg is None:
                return seen
            seen.append(msg)

    def close(self) -> None:
        self.writer.close()


def act(table: str, at: int, action: Any) -> M.Act:
    return M.Act(table, at, msgspec.Raw(encode_body(action)))


def hkk_argv(*args: str) -> list[str]:
    return [sys.executable, "-m", "hkk_tui.cli", *args]


class ServerProcess:
    """A real ``hkk server`` process on ``sock`` with data in ``data``; ``kill`` is kill -9."""

    def __init__(self, sock: Path, data: Path, env: dict[str, str]) -> None:
        self.sock, self.data, self.env = sock, data, env
        self.proc: subprocess.Popen | None = None

    def start(self) -> "ServerProcess":
        self.proc = subprocess.Popen(
            hkk_argv("server", "--socket", str(self.sock), "--data", str(self.data), "--quiet"),
            cwd=ROOT, env=self.env, stderr=subprocess.PIPE, text=True)
        line = self.proc.stderr.readline()            # "hkk server: listening on ..."
        assert "listening" in line, line + self.proc.stderr.read()
        return self

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> int:
        if self.proc is None or self.proc.poll() is not None:
            return self.proc.returncode if self.proc else 0
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout=30)


def env_for(data_home: Path) -> dict[str, str]:
    return {**os.environ, "HKK_DATA_DIR": str(data_home), "PYTHONPATH": str(ROOT)}


def accepts(sock: Path) -> bool:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.connect(str(sock))
        return True
    except OSError:
        return False
    finally:
        s.close()


def frame_header(size: int) -> bytes:
    return struct.pack(">I", size)
