"""``hkk server``: one asyncio process that owns its games (issue 13).

It listens on a Unix socket (the player is the OS user, from ``SO_PEERCRED``) and optionally on
TCP (a name and a secret token per seat), in TLS when it is given a certificate (``tls``). It is the only writer of its tables' saves, in its own
data directory (:mod:`engine.net.records`), and runs the AI seats itself. Each table's work —
rules, save, views — runs under that table's lock in a worker thread, so one table's fsync or a
long AI move never holds up another table, and a client never waits for another client
(:mod:`engine.net.conn`). Requests are handled in :mod:`engine.net.lobby` (tables and seats) and
:mod:`engine.net.play` (the game); this module owns the connections and the server's life.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import os
import ssl
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable

from engine.core import store
from engine.net import messages as M
from engine.net.address import (
    Address,
    open_socket_to_group,
    peer_user,
    prepare_socket_dir,
)
from engine.net.conn import Conn, Limits
from engine.net.records import DirLock, read_records, tables_dir
from engine.net.tables import Table, TableError
from engine.net.wire import BadMessage, FrameTooLarge, decode_client, encode, read_frame

log = logging.getLogger("hkk.server")

#: connections waiting to be accepted (a restarted server is met by every client at once)
BACKLOG = 1024

#: how long a finished table stays listed (and its log can be fetched from memory), seconds
KEEP_FINISHED = 3600.0


def _raise_file_limit() -> None:
    """Each table holds its save and its lock open, each client a socket: use the hard limit."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft < hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ImportError, ValueError, OSError):
        pass


def rss_kb() -> int:
    """This process's resident memory in KiB (Linux; 0 elsewhere)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


class Server:
    def __init__(self, data: Path, socket_path: str = "", listen: Address | None = None,
                 limits: Limits | None = None, workers: int = 4,
                 tls: ssl.SSLContext | None = None) -> None:
        self.data = Path(data)
        self.socket_path = socket_path
        self.listen = listen
        self.tls = tls
        self.limits = limits or Limits()
        self.tables: dict[str, Table] = {}
        self.conns: set[Conn] = set()
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="table")
        #: threads that wait for the search seats' processes (engine.net.search_seat), so a
        #: search's think time never holds up the table work of other tables
        self.search_pool = ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 1),
                                              thread_name_prefix="search")
        self.delays: collections.deque[float] = collections.deque(maxlen=50_000)
        self.actions = 0
        self._servers: list[asyncio.AbstractServer] = []
        self._lobby_push: asyncio.TimerHandle | None = None
        self._ai: dict[str, asyncio.Task] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task] = set()
        self._handlers: set[asyncio.Task] = set()
        self._dirlock: DirLock | None = None
        self._stopped = asyncio.Event()
        from engine.net.lobby import Lobby
        from engine.net.play import Play

        self.lobby = Lobby(self)
        self.play = Play(self)
        self.handlers: dict[type, Callable[[Conn, Any], Any]] = {
            **self.lobby.handlers(), **self.play.handlers()}

    # ------------------------------------------------------------------ life
    async def start(self) -> None:
        self._dirlock = DirLock(self.data)
        _raise_file_limit()
        self.resume_tables()
        if self.socket_path:
            prepare_socket_dir(self.socket_path)
            srv = await asyncio.start_unix_server(self._handle, path=self.socket_path,
                                                  backlog=BACKLOG)
            open_socket_to_group(self.socket_path)
            self._servers.append(srv)
        if self.listen is not None:
            srv = await asyncio.start_server(self._handle, self.listen.host, self.listen.port,
                                             backlog=BACKLOG, ssl=self.tls,
                                             ssl_handshake_timeout=self.limits.hello_timeout
                                             if self.tls else None)
            self._servers.append(srv)
        for table in self.tables.values():
            if table.state == "playing":
                self.play.after_entry(table)
        log.debug("listening on %s", ", ".join(self.addresses()))

    def addresses(self) -> list[str]:
        out = []
        for srv in self._servers:
            for sock in srv.sockets:
                name = sock.getsockname()
                if isinstance(name, str):
                    out.append(name)
                    continue
                host = f"[{name[0]}]" if ":" in name[0] else name[0]
                out.append(("tls://" if self.tls else "") + f"{host}:{name[1]}")
        return out

    async def serve(self) -> None:
        """Run until :meth:`stop`."""
        await self._stopped.wait()

    async def stop(self) -> None:
        for srv in self._servers:
            srv.close()
        for conn in list(self.conns):
            conn.close("the server is stopping")
        if self._handlers:                  # each connection's loop sees its end and returns
            await asyncio.wait(list(self._handlers), timeout=5)
        for task in list(self._ai.values()) + list(self._tasks):
            task.cancel()
        for handle in self._timers.values():
            handle.cancel()
        for table in self.tables.values():
            if table.lock is not None:
                async with table.lock:
                    table.close()
        self.pool.shutdown(wait=True)
        self.search_pool.shutdown(wait=True)
        if self.socket_path and os.path.exists(self.socket_path):
            os.unlink(self.socket_path)
        if self._dirlock is not None:
            self._dirlock.release()
        self._stopped.set()

    def resume_tables(self) -> None:
        """Every table of the data directory: open ones as they were, games in play continued
        from their saves (recovered if a crash cut one short), recently finished ones for their
        players to look at."""
        records, problems = read_records(self.data)
        for problem in problems:
            log.warning("%s", problem)
        for rec in records:
            try:
                table = self.add_table(Table(rec, self.data))
            except Exception as exc:  # noqa: BLE001 - an unknown ruleset, a broken record
                log.warning("table %s cannot be opened (%s); it was skipped", rec.id, exc)
                continue
            if not rec.save:
                if table.ready():           # every seat was taken when the server died
                    try:
                        table.start()
                    except Exception as exc:  # noqa: BLE001 - told, the table stays open
                        log.warning("table %s cannot start (%s)", rec.id, exc)
                continue
            save = tables_dir(self.data) / rec.save
            try:
                if rec.over:
                    self._load_finished(table, save)
                else:
                    note = table.resume()
                    if note:
                        log.warning("table %s: %s", rec.id, note)
            except Exception as exc:  # noqa: BLE001 - one damaged table never stops the rest
                log.warning("table %s cannot be resumed (%s); it was skipped", rec.id, exc)
                self.tables.pop(rec.id, None)

    def _load_finished(self, table: Table, save: Path) -> None:
        import msgspec

        from engine.core.protocol import Result

        if time.time() - save.stat().st_mtime > KEEP_FINISHED:
            self.tables.pop(table.id, None)
            return
        meta = store.summarize(save).meta or {}
        if meta.get("result"):
            table.final = msgspec.convert(meta["result"], Result)
        table.ended_at = save.stat().st_mtime

    def add_table(self, table: Table) -> Table:
        table.lock = asyncio.Lock()
        self.tables[table.id] = table
        return table

    def spawn(self, coro: Any) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in a worker thread (table work: rules, save, views)."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    async def run_search(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in a thread of its own pool: a search seat's move (a second or more of
        waiting for its process), so the worker threads stay free for the other tables."""
        return await asyncio.get_running_loop().run_in_executor(self.search_pool, fn, *args)

    # ------------------------------------------------------------------ connections
    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Conn(reader, writer, self.limits, peer=peer_user(writer.get_extra_info("socket")))
        me = asyncio.current_task()
        if me is not None:
            self._handlers.add(me)
            me.add_done_callback(self._handlers.discard)
        if len(self.conns) >= self.limits.max_connections:
            conn.error("busy", "The server has as many players as it can take; try again "
                       "later.", fatal=True)
            return
        self.conns.add(conn)
        limits = self.limits
        try:
            timeout = limits.hello_timeout
            while not conn.closed:
                body = await asyncio.wait_for(read_frame(reader, limits.frame), timeout)
                if body is None:
                    break
                await self._message(conn, body)
                timeout = limits.idle_timeout
        except FrameTooLarge as exc:
            conn.error("too_large", f"The server refused {exc}; the connection is closed.",
                       fatal=True)
        except asyncio.TimeoutError:
            what = "said hello" if not conn.hello else "sent anything"
            conn.error("timeout", f"The client has not {what} in time; the connection is "
                       "closed.", fatal=True)
        except (ConnectionError, OSError, asyncio.IncompleteReadError):
            pass
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - one connection's failure is never the server's
            log.exception("connection failed")
        finally:
            self.drop(conn)

    async def _message(self, conn: Conn, body: bytes) -> None:
        if not conn.allow():
            if conn.refused > self.limits.max_refused:
                conn.error("flood", "Too many messages: the connection is closed.", fatal=True)
            elif conn.refused == 1:
                conn.error("flood", "Too many messages at once: this one was dropped; slow "
                           "down.")
            return
        try:
            msg = decode_client(body)
        except BadMessage as exc:
            conn.bad += 1
            fatal = conn.bad > self.limits.max_bad
            conn.error("bad_message", f"The server cannot read that message: {exc}." +
                       (" Too many such messages: the connection is closed." if fatal else ""),
                       fatal=fatal)
            return
        if not conn.hello and not isinstance(msg, M.Hello):
            conn.error("hello_first", "Say hello first (a client of this protocol opens with "
                       "a Hello message).", fatal=True)
            return
        table = getattr(msg, "table", "") if isinstance(getattr(msg, "table", ""), str) else ""
        try:
            await self.handlers[type(msg)](conn, msg)
        except TableError as exc:
            conn.error(exc.code, str(exc), table)
        except Exception:  # noqa: BLE001 - the request fails, the server and table go on
            log.exception("request %s failed", type(msg).__name__)
            conn.error("internal", "The server could not do that (an internal error); nothing "
                       "was changed.", table)

    def drop(self, conn: Conn) -> None:
        """A connection ended: its seats show as away (they are kept for it to come back)."""
        conn.close(conn.why or "the connection ended")
        self.conns.discard(conn)
        changed = False
        for table in self.tables.values():
            viewer = table.subs.pop(conn, None)
            if viewer is None:
                continue
            changed = True
            if viewer >= 0 and viewer not in table.connected() and table.state == "playing":
                self.broadcast(table, M.Notice(table.id, "away", {
                    "seat": viewer, "name": table.rec.seats[viewer].name}))
            self.broadcast(table, M.StatusChanged(table.id, table.status()))
        if changed:
            self.lobby_changed()

    # ------------------------------------------------------------------ sending
    def broadcast(self, table: Table, msg: Any, viewers: set[int] | None = None) -> None:
        """One message to everybody at ``table`` (or only to ``viewers``)."""
        frame = encode(msg)
        for conn, viewer in list(table.subs.items()):
            if viewers is None or viewer in viewers:
                conn.send(frame)

    def fanout(self, table: Table, frames: dict[int, bytes]) -> None:
        """Each connection at ``table`` gets the frame built for its viewer."""
        for conn, viewer in list(table.subs.items()):
            frame = frames.get(viewer)
            if frame is not None:
                conn.send(frame)

    def lobby_changed(self) -> None:
        """The table list changed: push it to the clients in the lobby (at most 5 times a
        second)."""
        if self._lobby_push is None:
            loop = asyncio.get_running_loop()
            self._lobby_push = loop.call_later(0.2, self._push_lobby)

    def _push_lobby(self) -> None:
        self._lobby_push = None
        for conn in list(self.conns):
            if conn.lobby and not conn.closed:
                conn.msg(M.Tables(self.lobby.listing(conn)))

    def stats(self) -> M.Stats:
        delays = sorted(self.delays)

        def pct(p: float) -> float:
            return round(delays[min(len(delays) - 1, int(p * len(delays)))] * 1000, 2) \
                if delays else 0.0

        playing = sum(1 for t in self.tables.values() if t.state == "playing")
        return M.Stats(len(self.tables), playing, len(self.conns), rss_kb(), self.actions,
                       pct(0.5), pct(0.95))


async def serve(data: Path, socket_path: str = "", listen: Address | None = None,
                ready: Callable[[Server], None] | None = None, **kw: Any) -> None:
    """Run a server until it is cancelled or stopped (SIGTERM/SIGINT in ``hkk server``)."""
    server = Server(data, socket_path, listen, **kw)
    await server.start()
    if ready is not None:
        ready(server)
    try:
        await server.serve()
    finally:
        if not server._stopped.is_set():
            await server.stop()
