"""The server's lobby: hello, the table list, creating tables, taking and leaving seats,
spectating (issue 13, part 2).

A player is recognised at a seat by who they are — on the Unix socket the OS user (with an
optional name within it, ``--as``), which the kernel vouches for — or by the seat's secret token
(TCP, and any client that kept it). Only a hash of each token is stored. The newest connection of
a seat is the one at it: a dropped SSH session's half-dead connection is pushed out by the new
one.
"""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING, Any

from engine.core import registry
from engine.net import messages as M
from engine.net.conn import Conn
from engine.net.records import (
    TABLE_ID,
    new_code,
    new_table_id,
    new_token,
    record_path,
    token_hash,
    write_record,
)
from engine.net.tables import Table, TableError, check_new_table

if TYPE_CHECKING:
    from engine.net.server import Server

MAX_TOKENS = 64
MAX_LISTED = 200


def clean_name(text: str, limit: int = 24) -> str:
    """A display name: printable characters only (square brackets become round ones, so a name
    never reads as markup in anybody's terminal), trimmed."""
    text = text.replace("[", "(").replace("]", ")")
    return "".join(ch for ch in text if ch.isprintable()).strip()[:limit]


def rulesets_info() -> list[M.RulesetInfo]:
    out = []
    for plugin in registry.plugins():
        try:
            decks = plugin.decks()
        except Exception:  # noqa: BLE001 - a ruleset with broken content is not offered
            continue
        from engine.ai.bots import bot_names

        out.append(M.RulesetInfo(
            plugin.name, dict(plugin.title), tuple(plugin.seats), [d.id for d in decks],
            {d.id: dict(d.name) for d in decks}, bot_names(plugin.name), plugin.default_bot,
            dict(plugin.options)))
    return out


class Lobby:
    def __init__(self, server: "Server") -> None:
        self.server = server

    def handlers(self) -> dict[type, Any]:
        return {M.Hello: self.hello, M.ListTables: self.list_tables,
                M.CreateTable: self.create, M.Join: self.join, M.Watch: self.watch,
                M.Leave: self.leave, M.Ping: self.ping, M.GetStats: self.get_stats}

    # ------------------------------------------------------------------ who
    def seat_of(self, conn: Conn, table: Table) -> int:
        token = conn.tokens.get(table.id, "")
        return table.seat_of(conn.identity, token_hash(token) if token else "")

    async def hello(self, conn: Conn, msg: M.Hello) -> None:
        if conn.hello:
            raise TableError("hello_again", "This connection has already said hello.")
        if msg.protocol != M.PROTOCOL:
            from importlib.metadata import PackageNotFoundError, version

            try:
                mine = version("hkk")
            except PackageNotFoundError:
                mine = "this checkout"
            conn.error("version", f"This server speaks hkk protocol {M.PROTOCOL} and your "
                       f"client protocol {msg.protocol}: install the hkk the server runs "
                       f"({mine}) and connect again.", fatal=True)
            return
        if conn.peer:                        # the kernel says who it is
            alias = clean_name(msg.as_user)
            conn.identity = f"unix:{conn.peer}" + (f"/{alias}" if alias else "")
            conn.name = alias or conn.peer
        else:
            conn.name = clean_name(msg.name) or "guest"
        conn.tokens = {str(k)[:64]: str(v)[:64] for k, v in list(msg.tokens.items())[:MAX_TOKENS]}
        conn.hello = True
        seated = {}
        for table in self.server.tables.values():
            seat = self.seat_of(conn, table)
            if seat >= 0:
                seated[table.id] = seat
        conn.msg(M.Welcome(M.PROTOCOL, os.uname().nodename, conn.name, rulesets_info(),
                           seated))

    async def ping(self, conn: Conn, msg: M.Ping) -> None:
        conn.msg(M.Pong(msg.n))

    async def get_stats(self, conn: Conn, msg: M.GetStats) -> None:
        conn.msg(self.server.stats())

    # ------------------------------------------------------------------ the list
    def listing(self, conn: Conn) -> list[M.TableInfo]:
        """What ``conn`` sees in the lobby: public tables and its own (private ones only to
        their players), its own first, then open, in play and recently finished ones."""
        now = time.time()
        rows = []
        for table in self.server.tables.values():
            mine = self.seat_of(conn, table)
            if table.rec.private and mine < 0:
                continue
            state = table.state
            if state == "over" and mine < 0 and now - table.ended_at > 600:
                continue
            order = (mine < 0, ("waiting", "playing", "over").index(state), table.rec.created)
            rows.append((order, table.info(mine)))
        rows.sort(key=lambda r: r[0])
        return [info for _, info in rows[:MAX_LISTED]]

    async def list_tables(self, conn: Conn, msg: M.ListTables) -> None:
        conn.lobby = True
        conn.msg(M.Tables(self.listing(conn)))

    def find(self, table_id: str, code: str) -> Table | None:
        if table_id:
            return self.server.tables.get(table_id)
        if code:
            code = code.strip().upper()
            return next((t for t in self.server.tables.values()
                         if t.rec.private and t.rec.code == code), None)
        return None

    # ------------------------------------------------------------------ creating
    async def create(self, conn: Conn, msg: M.CreateTable) -> Table:
        server = self.server
        limits = server.limits
        creator = conn.identity or f"name:{conn.name}"
        open_tables = sum(1 for t in server.tables.values()
                          if t.rec.creator == creator and t.state != "over")
        if open_tables >= limits.tables_per_user:
            raise TableError("too_many", f"You have {open_tables} open tables; finish or leave "
                             "some before opening another.")
        if len(server.tables) >= limits.max_tables:
            raise TableError("busy", "The server has as many tables as it can hold; try later.")
        if msg.table and not TABLE_ID.match(msg.table):
            raise TableError("table_id", "A table's name is 1 to 40 letters, digits, - or _, "
                             "starting with a letter or digit.")
        plugin, rec = await server.run(check_new_table, msg)
        if msg.table in server.tables:
            raise TableError("exists", f"There is already a table called {msg.table!r}.")
        rec.id = msg.table or new_table_id(set(server.tables))
        rec.creator = creator
        rec.title = clean_name(msg.title, 60)
        if rec.private:
            rec.code = new_code()
        table = server.add_table(Table(rec, server.data))     # no await since the check
        async with table.lock:
            await server.run(write_record, server.data, rec)
            if table.ready():                    # only bots: they start at once (to watch)
                await server.run(table.start)
        server.lobby_changed()
        if table.game is not None:
            server.play.after_entry(table)
        if msg.sit and table.free_seat() >= 0:
            await self.join(conn, M.Join(table.id, code=rec.code))
        elif not msg.sit:
            conn.msg(M.Tables([table.info(-1)], full=False))
        return table

    # ------------------------------------------------------------------ seats
    async def join(self, conn: Conn, msg: M.Join) -> None:
        server = self.server
        table = self.find(msg.table, msg.code)
        if table is None and msg.create is not None and msg.table:
            create = msg.create
            import msgspec

            try:
                await self.create(conn, msgspec.structs.replace(create, table=msg.table,
                                                                 sit=False))
            except TableError as exc:
                if exc.code != "exists":          # another client made it first: sit there
                    raise
            table = server.tables[msg.table]
        if table is None:
            raise TableError("no_table", "There is no such table (it may have ended); choose "
                             "one from the list, or check the code.")
        started = False
        async with table.lock:
            seat = self.seat_of(conn, table)
            if seat < 0:
                if table.rec.private and msg.code.strip().upper() != table.rec.code:
                    raise TableError("code", "This table is private: give its join code.")
                if table.state != "waiting":
                    raise TableError("full", "Every seat at this table is taken; you can watch "
                                     "the game instead.")
                seat = msg.seat if msg.seat >= 0 else table.free_seat()
                if not 0 <= seat < table.seats or table.is_ai(seat) or \
                        table.rec.seats[seat].name:
                    raise TableError("seat_taken", "That seat is not free; choose a free one.")
                token, hashed = new_token()
                await server.run(table.sit, seat, conn.identity, conn.name, hashed)
                conn.tokens[table.id] = token
            else:
                token = conn.tokens.get(table.id, "")
                if not token or token_hash(token) != table.rec.seats[seat].token_hash:
                    token, hashed = new_token()          # back by who you are: a new token
                    s = table.rec.seats[seat]
                    await server.run(table.sit, seat, s.owner, s.name, hashed)
                    conn.tokens[table.id] = token
            for other, viewer in list(table.subs.items()):
                if viewer == seat and other is not conn:     # the newest connection sits
                    del table.subs[other]
                    other.error("elsewhere", "You are at this table from another connection "
                                "now; this one has left it.", table.id)
            was_here = seat in table.connected()
            table.subs[conn] = seat
            conn.msg(M.Seated(table.id, seat, token, table.info(seat)))
            if table.ready():
                await server.run(table.start)
                started = True
            if started:
                await server.play.send_snapshots(table)
            elif table.game is not None:
                conn.send(await server.run(table.snapshot, seat))
                if not was_here and table.state == "playing":
                    server.broadcast(table, M.Notice(table.id, "back", {
                        "seat": seat, "name": table.rec.seats[seat].name}))
            server.broadcast(table, M.StatusChanged(table.id, table.status()))
        server.lobby_changed()
        if started:
            server.play.after_entry(table)

    async def watch(self, conn: Conn, msg: M.Watch) -> None:
        server = self.server
        table = self.find(msg.table, msg.code)
        if table is None:
            raise TableError("no_table", "There is no such table (it may have ended).")
        if table.rec.private and msg.code.strip().upper() != table.rec.code and \
                self.seat_of(conn, table) < 0:
            raise TableError("code", "This table is private: give its join code to watch.")
        async with table.lock:
            table.subs[conn] = M.SPECTATOR
            if table.game is not None:
                conn.send(await server.run(table.snapshot, M.SPECTATOR))
            else:
                conn.msg(M.Tables([table.info(-1)], full=False))
            server.broadcast(table, M.StatusChanged(table.id, table.status()))
        server.lobby_changed()

    async def leave(self, conn: Conn, msg: M.Leave) -> None:
        server = self.server
        table = server.tables.get(msg.table)
        if table is None or conn not in table.subs:
            raise TableError("not_here", "You are not at that table.")
        async with table.lock:
            viewer = table.subs.pop(conn)
            if viewer >= 0 and table.state == "waiting":
                await server.run(table.unsit, viewer)
                conn.tokens.pop(table.id, None)
                if not any(s.name for i, s in enumerate(table.rec.seats)
                           if not table.is_ai(i)):
                    await self.remove(table)
                    server.lobby_changed()
                    return
            if viewer >= 0:
                server.broadcast(table, M.Notice(table.id, "left", {
                    "seat": viewer, "name": table.rec.seats[viewer].name}))
            server.broadcast(table, M.StatusChanged(table.id, table.status()))
        server.lobby_changed()

    async def remove(self, table: Table) -> None:
        """Forget a table nobody sits at any more (it never started: no save to keep)."""
        self.server.tables.pop(table.id, None)
        for conn in list(table.subs):
            conn.error("gone", "The table was closed: nobody sits at it any more.", table.id)
        table.subs.clear()
        table.close()
        path = record_path(self.server.data, table.id)
        await self.server.run(lambda: path.unlink(missing_ok=True))
