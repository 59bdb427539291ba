"""The web server behind ``hkk web``: aiohttp, with textual-serve's protocol and terminal page.

Each browser tab gets a session: one app process (``python -m hkk_tui.web_session`` with the
arguments ``hkk web`` fixed at its start — nothing from the browser), run directly (no shell)
in a process group of its own with a private, temporary ``HKK_DATA_DIR`` (its settings and
saves, removed when the session ends), so no session can see another's games. The browser's
keys reach the process as textual-serve's packets; the process's screen goes back the same way.

A watchdog looks at every session each :attr:`Limits.check_every` seconds and ends it — with a
line on its page saying why, never touching the server or another session — when it has had no
key for :attr:`Limits.idle_timeout` seconds, holds more than :attr:`Limits.max_memory_mb` of
memory, or has used :attr:`Limits.max_cpu` seconds of processor time. Ending a session asks the
app to quit, and after :data:`GRACE` seconds kills its whole process group, then reaps it: no
process outlives its session. At :attr:`Limits.max_sessions` sessions the page says that the
server is full instead of starting another.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import os
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService

from hkk_tui.web_page import duration, game_page, refusal_page, say, terminal_script

log = logging.getLogger("hkk.web")

#: seconds an app is given to quit before its process group is killed
GRACE = 3.0
#: the most a browser may send in one websocket message (keys, a paste)
MAX_MESSAGE = 64 * 1024
_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


@dataclass
class Limits:
    max_sessions: int = 32
    idle_timeout: float = 1800.0       # seconds without a key
    max_memory_mb: int = 1024          # resident memory of a session's app process
    max_cpu: float = 3600.0            # processor seconds of a session's app process
    check_every: float = 1.0


@dataclass
class Session:
    number: int
    data_dir: Path
    service: SessionProcess
    ws: web.WebSocketResponse
    started: float = field(default_factory=time.monotonic)
    last_input: float = field(default_factory=time.monotonic)
    keys: int = 0
    ending: str = ""


def usage(pid: int) -> tuple[float, int]:
    """(processor seconds, resident KiB) of process ``pid`` from /proc; (0, 0) if unknown."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        fields = stat[stat.rindex(")") + 2:].split()
        cpu = (int(fields[11]) + int(fields[12])) / _TICK          # utime + stime
        rss = 0
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
        return cpu, rss
    except (OSError, ValueError, IndexError):
        return 0.0, 0


class SessionProcess(AppService):
    """textual-serve's app service, with the app run without a shell, in its own process group
    and folder, and stopped for sure (quit, then the group killed, then reaped)."""

    def __init__(self, argv: list[str], env: dict[str, str], cwd: Path, **kw: Any) -> None:
        super().__init__(" ".join(argv), **kw)
        self.argv = argv
        self.extra_env = env
        self.cwd = cwd

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        env = self._build_environment(width=width, height=height)
        env.update(self.extra_env)
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=env, cwd=str(self.cwd),
            start_new_session=True)
        self._stdin = process.stdin
        return process

    @property
    def pid(self) -> int:
        return self._process.pid if self._process is not None else 0

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.returncode is None

    def kill(self) -> None:
        """Kill the app and anything it started (its process group)."""
        if self._process is None:
            return
        try:
            os.killpg(self._process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    async def stop(self) -> None:
        if self._process is None:
            return
        if self.alive:
            await self.send_meta({"type": "quit"})
        try:
            await asyncio.wait_for(self._process.wait(), GRACE)
        except TimeoutError:
            log.warning("session app %d did not quit in %.0f s; killed", self.pid, GRACE)
        self.kill()                       # its group: nothing it started outlives it
        await self._process.wait()
        if self._task is not None:
            await self._task
            self._task = None


class WebServer:
    """The aiohttp application of ``hkk web`` and its sessions."""

    def __init__(self, app_argv: list[str], limits: Limits | None = None, lang: str = "hu",
                 public_url: str = "") -> None:
        import textual_serve

        self.app_argv = list(app_argv)
        self.limits = limits or Limits()
        self.lang = lang
        self.public_url = public_url.rstrip("/")
        self.static_dir = Path(textual_serve.__file__).parent / "static"
        self.sessions: dict[int, Session] = {}
        self._numbers = itertools.count(1)
        self._closing = False
        self.root = Path(tempfile.mkdtemp(prefix="hkk-web-"))

    def application(self) -> web.Application:
        app = web.Application(client_max_size=MAX_MESSAGE)
        app.add_routes([
            web.get("/", self.index),
            web.get("/ws", self.websocket),
            web.get("/hkk/textual.js", self.script),
            web.static("/static", self.static_dir),
        ])
        return app

    # ------------------------------------------------------------------ pages
    def full(self) -> bool:
        return len(self.sessions) >= self.limits.max_sessions

    async def index(self, request: web.Request) -> web.Response:
        if self.full():
            return web.Response(text=refusal_page(self.lang, self.limits.max_sessions,
                                                  self.limits.idle_timeout),
                                status=503, content_type="text/html",
                                headers={"Retry-After": "60", "Cache-Control": "no-store"})
        try:
            font = int(request.query.get("fontsize", "16"))
        except ValueError:
            font = 16
        return web.Response(text=game_page(self.lang, self.public_url, font),
                            content_type="text/html", headers={"Cache-Control": "no-store"})

    async def script(self, request: web.Request) -> web.Response:
        body, _exposed = terminal_script(str(self.static_dir))
        return web.Response(body=body, content_type="application/javascript")

    # ------------------------------------------------------------------ sessions
    async def websocket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        await ws.prepare(request)
        if self.full() or self._closing:
            await self._tell_and_close(ws, say(self.lang, "full",
                                               sessions=self.limits.max_sessions))
            return ws
        width = _clamp(request.query.get("width"), 80, 20, 500)
        height = _clamp(request.query.get("height"), 24, 8, 200)
        number = next(self._numbers)
        data_dir = self.root / f"session-{number}"
        data_dir.mkdir(mode=0o700)
        service = SessionProcess(
            self.app_argv, {"HKK_DATA_DIR": str(data_dir), "HKK_WEB_SESSION": str(number)},
            data_dir, write_bytes=ws.send_bytes, write_str=ws.send_str, close=ws.close,
            download_manager=_NoDownloads())
        session = Session(number, data_dir, service, ws)
        self.sessions[number] = session
        watchdog: asyncio.Task | None = None
        try:
            await service.start(width, height)
            log.info("session %d started: app pid %d (%d of %d sessions)", number,
                     service.pid, len(self.sessions), self.limits.max_sessions)
            watchdog = asyncio.get_running_loop().create_task(self._watch(session, ws))
            await self._read(ws, session)
        except (ConnectionError, OSError) as exc:
            log.warning("session %d: %s", number, exc)
        finally:
            if watchdog is not None:
                watchdog.cancel()
            await service.stop()
            if not ws.closed:
                await ws.close()
            shutil.rmtree(data_dir, ignore_errors=True)
            self.sessions.pop(number, None)
            log.info("session %d ended (%s) after %.0f s: app pid %d is gone", number,
                     session.ending or "closed by the browser",
                     time.monotonic() - session.started, service.pid)
        return ws

    async def _read(self, ws: web.WebSocketResponse, session: Session) -> None:
        """The browser's packets: keys (stdin), the page's size, pings, focus. Anything else,
        or anything malformed, is ignored."""
        service = session.service
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                packet = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(packet, list) or not packet:
                continue
            kind = packet[0]
            arg = packet[1] if len(packet) > 1 else None
            if kind == "stdin" and isinstance(arg, str):
                session.last_input = time.monotonic()
                session.keys += 1
                await service.send_bytes(arg.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(arg, dict):
                await service.set_terminal_size(_clamp(arg.get("width"), 80, 20, 500),
                                                _clamp(arg.get("height"), 24, 8, 200))
            elif kind == "ping" and isinstance(arg, str):
                await ws.send_json(["pong", arg[:32]])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()

    async def _watch(self, session: Session, ws: web.WebSocketResponse) -> None:
        """End the session when it is idle, over a limit, or its app has ended."""
        limits, service = self.limits, session.service
        while True:
            await asyncio.sleep(limits.check_every)
            if not service.alive:
                await self._end(session, ws, say(self.lang, "app_ended"), "the app ended")
                return
            cpu, rss_kb = usage(service.pid)
            if rss_kb > limits.max_memory_mb * 1024:
                service.kill()
                await self._end(session, ws, say(self.lang, "memory", mb=limits.max_memory_mb),
                                f"memory {rss_kb // 1024} MB over {limits.max_memory_mb} MB")
                return
            if cpu > limits.max_cpu:
                service.kill()
                await self._end(session, ws, say(self.lang, "cpu", seconds=f"{limits.max_cpu:g}"),
                                f"processor time {cpu:.0f} s over {limits.max_cpu:g} s")
                return
            if time.monotonic() - session.last_input > limits.idle_timeout:
                await self._end(session, ws, say(self.lang, "idle", duration=duration(
                                    self.lang, limits.idle_timeout)),
                                f"idle for {limits.idle_timeout:g} s")
                return

    async def _end(self, session: Session, ws: web.WebSocketResponse, text: str,
                   why: str) -> None:
        session.ending = why
        try:
            await ws.send_bytes(("\r\n\x1b[0m " + text + "\r\n").encode())
        except (ConnectionError, RuntimeError):
            pass
        await self._tell_and_close(ws, text)

    @staticmethod
    async def _tell_and_close(ws: web.WebSocketResponse, text: str) -> None:
        """Say why on the page (a packet the page shows; the close reason, cut to the 123
        bytes a websocket allows, for any other client), then close."""
        try:
            await ws.send_str(json.dumps(["hkk_ended", text], ensure_ascii=False))
        except (ConnectionError, RuntimeError):
            pass
        reason = text.encode()[:120].decode("utf-8", "ignore").encode()
        await ws.close(code=4000, message=reason)

    async def close(self) -> None:
        """End every session (the server is stopping): each page is told why, each app quits
        or is killed, then the sessions' folder is removed."""
        self._closing = True
        sessions = list(self.sessions.values())
        for session in sessions:
            await self._end(session, session.ws, say(self.lang, "stopping"),
                            "the server is stopping")
        end = time.monotonic() + GRACE + 2
        while self.sessions and time.monotonic() < end:
            await asyncio.sleep(0.05)         # each session's handler stops its app
        for session in list(self.sessions.values()):
            session.service.kill()
        shutil.rmtree(self.root, ignore_errors=True)


class _NoDownloads:
    """hkk delivers no files to the browser: a download an app might start is refused."""

    async def cancel_app_downloads(self, app_service_id: str) -> None:
        return None

    async def create_download(self, **kw: Any) -> None:
        raise KeyError("downloads are not offered")


def _clamp(value: Any, default: int, low: int, high: int) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return default
    return max(low, min(number, high))


def app_argv(server: str = "", tls_ca: str = "", lang: str = "", max_cpu: float = 0) -> list[str]:
    """The one command a session runs: this Python, hkk's session module, and only the
    arguments ``hkk web`` was started with."""
    argv = [sys.executable, "-m", "hkk_tui.web_session"]
    if server:
        argv += ["--server", server]
    if tls_ca:
        argv += ["--tls-ca", tls_ca]
    if lang:
        argv += ["--lang", lang]
    if max_cpu:
        argv += ["--max-cpu", f"{max_cpu:g}"]
    return argv
