"""The server's side of a game in play (issue 13, part 3): actions, concessions, draw offers,
undo with the opponent's consent, chat, the AI seats, the chess clock, and the finished game's
log for its players.

An action comes from the seat the connection sits at — never from a seat named in the message —
and is checked by the rules (``Game.submit``: strict typing, then the rules); a refusal goes back
to its sender only, with the rule and the reason. Every accepted entry is written to the save
before anybody is told, then each connection gets the frame built for its viewer.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any, Callable

from engine.core.game import IllegalAction, UndoRefused
from engine.core.store import SaveError
from engine.net import messages as M
from engine.net.conn import Conn
from engine.net.tables import Table, TableError

if TYPE_CHECKING:
    from engine.net.server import Server

log = logging.getLogger("hkk.server")


def _plain(params: dict[str, Any]) -> dict[str, Any]:
    return {str(k): v if isinstance(v, (bool, int, float, str)) else str(v)
            for k, v in params.items()}


def _entry(table: Table, do: Callable[[], Any], player: int,
           viewers: set[int]) -> dict[int, bytes]:
    """Run one move of ``player`` (in the worker thread) and build each viewer's frame."""
    events = do()
    return table.updates(player, events, viewers)


def _ai_step(table: Table, viewers: set[int]) -> dict[int, bytes] | None:
    moved = table.ai_turn()
    if moved is None:
        return None
    return table.updates(moved[0], moved[1], viewers)


def _time_step(table: Table, viewers: set[int]) -> tuple[int, dict[int, bytes]] | None:
    flagged = table.time_up(time.monotonic())
    if flagged is None:
        return None
    seat, events = flagged
    return seat, table.updates(seat, events, viewers)


class Play:
    def __init__(self, server: "Server") -> None:
        self.server = server

    def handlers(self) -> dict[type, Any]:
        return {M.Act: self.act, M.Concede: self.concede, M.Draw: self.draw,
                M.Undo: self.undo, M.UndoAnswer: self.undo_answer, M.Redo: self.redo,
                M.Say: self.say, M.GetLog: self.get_log}

    def seat_at(self, conn: Conn, table_id: str) -> tuple[Table, int]:
        """The table and the seat this connection sits at there (TableError if it does not)."""
        table = self.server.tables.get(table_id)
        viewer = table.subs.get(conn) if table is not None else None
        if table is None or viewer is None:
            raise TableError("not_here", "You are not at that table; take a seat first.")
        if viewer < 0:
            raise TableError("watching", "You are watching this table; only its players act.")
        return table, viewer

    # ------------------------------------------------------------------ moves
    async def _move(self, conn: Conn, table: Table, seat: int, do: Callable[[], Any],
                    started: float) -> None:
        server = self.server
        async with table.lock:
            viewers = set(table.subs.values())
            try:
                frames = await server.run(_entry, table, do, seat, viewers)
            except IllegalAction as exc:
                conn.msg(M.Refused(table.id, exc.rule, exc.key, exc.message, _plain(exc.params)))
                return
            except TableError as exc:
                if exc.code != "stale":
                    raise
                conn.error(exc.code, str(exc), table.id)     # then the position as it is
                conn.send(await server.run(table.snapshot, seat))
                return
            except SaveError as exc:         # not made, not saved: the table is as it was
                conn.error("save_failed", f"Your move was not made: {exc}", table.id)
                return
            server.fanout(table, frames)
            server.delays.append(time.perf_counter() - started)
            server.actions += 1
        self.after_entry(table)

    async def act(self, conn: Conn, msg: M.Act) -> None:
        started = time.perf_counter()
        table, seat = self.seat_at(conn, msg.table)
        raw = bytes(msg.action)
        await self._move(conn, table, seat, lambda: table.act(seat, msg.at, raw), started)

    async def concede(self, conn: Conn, msg: M.Concede) -> None:
        table, seat = self.seat_at(conn, msg.table)
        await self._move(conn, table, seat, lambda: table.concede(seat), time.perf_counter())

    def after_entry(self, table: Table, ai: bool = True) -> None:
        """After any change to a game: the clock's news, the lobby at the end, the AI's turn,
        the clock's alarm."""
        server = self.server
        if table.clock is not None:
            server.broadcast(table, M.StatusChanged(table.id, table.status()))
        if table.result() is not None:
            handle = server._timers.pop(table.id, None)
            if handle is not None:
                handle.cancel()
            server.lobby_changed()
            return
        if ai and table.game is not None and table.id not in server._ai:
            d = table.game.pending()
            if d is not None and d.player in table.bots:
                server._ai[table.id] = server.spawn(self._ai_loop(table))
        self._arm_clock(table)

    async def _ai_loop(self, table: Table) -> None:
        """The AI seats move (one entry at a time, so other tables go on in between)."""
        server = self.server
        try:
            while True:
                async with table.lock:
                    viewers = set(table.subs.values())
                    run = server.run_search if table.searching() else server.run
                    frames = await run(_ai_step, table, viewers)
                    if frames is None:
                        return
                    server.fanout(table, frames)
                self.after_entry(table, ai=False)
                await asyncio.sleep(0)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - a failing bot stops, the table is told
            log.exception("the AI of table %s failed", table.id)
            server.broadcast(table, M.Error("ai_failed", f"The AI could not move ({exc}); the "
                                            "game waits. Concede or offer a draw.", table.id))
        finally:
            server._ai.pop(table.id, None)

    def _arm_clock(self, table: Table) -> None:
        server = self.server
        handle = server._timers.pop(table.id, None)
        if handle is not None:
            handle.cancel()
        clock = table.clock
        if clock is None or clock.running < 0 or table.result() is not None:
            return
        left = clock.left(time.monotonic())[clock.running]
        loop = asyncio.get_running_loop()
        server._timers[table.id] = loop.call_later(
            left + 0.05, lambda: server.spawn(self._clock_alarm(table)))

    async def _clock_alarm(self, table: Table) -> None:
        server = self.server
        async with table.lock:
            out = await server.run(_time_step, table, set(table.subs.values()))
            if out is None:
                self._arm_clock(table)
                return
            seat, frames = out
            server.broadcast(table, M.Notice(table.id, "time_up", {
                "seat": seat, "name": table.rec.seats[seat].name}))
            server.fanout(table, frames)
        self.after_entry(table)

    async def send_snapshots(self, table: Table) -> None:
        """Everybody at the table gets a fresh snapshot (after an undo, a redo, a draw, the
        start). The caller holds the table's lock."""
        viewers = set(table.subs.values())
        frames = await self.server.run(lambda: {v: table.snapshot(v) for v in viewers})
        self.server.fanout(table, frames)

    # ------------------------------------------------------------------ undo and draws
    def _notice(self, table: Table, key: str, seat: int) -> None:
        self.server.broadcast(table, M.Notice(table.id, key, {
            "seat": seat, "name": table.rec.seats[seat].name}))

    async def undo(self, conn: Conn, msg: M.Undo) -> None:
        table, seat = self.seat_at(conn, msg.table)
        async with table.lock:
            try:
                done = await self.server.run(table.ask_undo, seat)
            except UndoRefused as exc:
                conn.error(f"undo_{exc.key}", str(exc), table.id)
                return
            if done:
                await self.send_snapshots(table)
                self._notice(table, "undo_done", seat)
            else:
                self._notice(table, "undo_asked", seat)
            self.server.broadcast(table, M.StatusChanged(table.id, table.status()))
        self.after_entry(table)

    async def undo_answer(self, conn: Conn, msg: M.UndoAnswer) -> None:
        table, seat = self.seat_at(conn, msg.table)
        async with table.lock:
            try:
                asker = await self.server.run(table.answer_undo, seat, msg.accept)
            except UndoRefused as exc:
                conn.error(f"undo_{exc.key}", str(exc), table.id)
                return
            if msg.accept:
                await self.send_snapshots(table)
            self._notice(table, "undo_done" if msg.accept else "undo_declined", asker)
            self.server.broadcast(table, M.StatusChanged(table.id, table.status()))
        self.after_entry(table)

    async def redo(self, conn: Conn, msg: M.Redo) -> None:
        table, seat = self.seat_at(conn, msg.table)
        async with table.lock:
            try:
                await self.server.run(table.redo, seat)
            except UndoRefused as exc:
                conn.error(f"undo_{exc.key}", str(exc), table.id)
                return
            await self.send_snapshots(table)
        self.after_entry(table)

    async def draw(self, conn: Conn, msg: M.Draw) -> None:
        table, seat = self.seat_at(conn, msg.table)
        async with table.lock:
            outcome = await self.server.run(table.draw, seat, msg.accept)
            self._notice(table, f"draw_{outcome}", seat)
            if outcome == "agreed":
                await self.send_snapshots(table)
            self.server.broadcast(table, M.StatusChanged(table.id, table.status()))
        self.after_entry(table)

    # ------------------------------------------------------------------ chat and the log
    async def say(self, conn: Conn, msg: M.Say) -> None:
        table = self.server.tables.get(msg.table)
        viewer = table.subs.get(conn) if table is not None else None
        if table is None or viewer is None:
            raise TableError("not_here", "You are not at that table.")
        text = "".join(ch for ch in msg.text if ch.isprintable()).strip()
        if not text:
            return
        text = text[:self.server.limits.chat_length]
        who = conn.name if viewer >= 0 else f"{conn.name} (watching)"
        self.server.broadcast(table, M.Said(table.id, table.say(who, text)))

    async def get_log(self, conn: Conn, msg: M.GetLog) -> None:
        table = self.server.tables.get(msg.table)
        if table is None:
            raise TableError("no_table", "There is no such table.")
        if self.server.lobby.seat_of(conn, table) < 0:
            raise TableError("players_only", "A game's full log is offered to its players "
                             "only.")
        if table.state != "over":
            raise TableError("not_over", "The full log (with every hidden card) is offered "
                             "once the game is over.")
        data = await self.server.run(table.full_log)
        conn.msg(M.Log(table.id, data))
