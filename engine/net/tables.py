"""One table of the server: its seats, its game, and what each seat and spectator is sent.

Everything a client receives about a game is built here, from the protocol alone: the seat's
``ruleset.view(state, seat)``, its ``ruleset.redact(event, seat)`` events, and — for the seat the
game waits for — its legal actions and their hints. Spectators get the view and events of
:data:`~engine.net.messages.SPECTATOR`, a viewer that is no seat. The header a client gets has no
seed and no digest (:func:`public_header`): the seed decides every shuffle, and the digest seals
it, so either would let a client work out every hidden card.

The methods are synchronous and touch only this table; the server runs them one at a time per
table (under the table's lock, in a worker thread: the save's fsync must not stall other tables).
"""

from __future__ import annotations

import collections
import datetime as _dt
import time
from pathlib import Path
from typing import Any

import msgspec

from engine.ai.bots import make_bot
from engine.core import registry
from engine.core.game import Game, IllegalAction, UndoRefused, check_header
from engine.core.headlines import turn_headlines
from engine.core.log import Header, Seat
from engine.core.protocol import Result
from engine.core.search import ask
from engine.net import clock as chess_clock
from engine.net import messages as M
from engine.net.clock import Clock
from engine.net.records import TableRecord, new_seed, tables_dir, write_record
from engine.net.search_seat import ServerSearch, search_seat_problem
from engine.net.wire import encode, encode_body

CHAT_KEPT = 50


class TableError(Exception):
    """A request the table refuses outside the rules (not your seat, not started, ...)."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


def public_header(header: Header) -> Header:
    """The header a client may see: no seed (it decides every shuffle) and no digest (it seals
    the seed, so it could be searched for it)."""
    return msgspec.structs.replace(header, seed=0, digest="")


class _ClockedWriter:
    """The game's save writer, with the clocks added to the meta of each record (so a restarted
    server gives each person the time they had)."""

    def __init__(self, writer: Any, table: "Table") -> None:
        self._w = writer
        self._table = table

    def _meta(self, meta: dict | None) -> dict | None:
        clock = self._table.clock
        if clock is None:
            return meta
        return {**(meta or {}), "clocks": clock.left(time.monotonic())}

    def append(self, entry: Any, meta: dict | None = None) -> None:
        self._w.append(entry, self._meta(meta))

    def rewind(self, to: int, meta: dict | None = None) -> None:
        self._w.rewind(to, self._meta(meta))

    def set_meta(self, meta: dict) -> None:
        self._w.set_meta(meta)

    @property
    def path(self) -> Path:
        return self._w.path

    def close(self) -> None:
        self._w.close()


class Table:
    def __init__(self, rec: TableRecord, data: Path) -> None:
        self.rec = rec
        self.data = data
        self.plugin = registry.get(rec.ruleset)
        self.game: Game | None = None
        self.bots: dict[int, Any] = {}
        self.clock = Clock(rec.clock, len(rec.seats)) if rec.clock else None
        self.draw_offer = -1
        self.draw_yes: set[int] = set()
        self.undo_ask = -1
        self.chat: collections.deque[M.ChatLine] = collections.deque(maxlen=CHAT_KEPT)
        self.ended_at = 0.0
        #: the result of a finished game not held in memory (a restarted server)
        self.final: Result | None = None
        #: connection -> viewer (a seat, or SPECTATOR); kept by the server's event loop
        self.subs: dict[Any, int] = {}
        self.lock: Any = None                 # the server's asyncio.Lock for this table
        #: the finished game's headlines over its turns, by the record's length (see headlines)
        self._headlines: tuple[int, list[M.HeadlinePoint]] | None = None

    # ------------------------------------------------------------------ facts
    @property
    def id(self) -> str:
        return self.rec.id

    @property
    def seats(self) -> int:
        return len(self.rec.seats)

    def is_ai(self, seat: int) -> bool:
        return self.rec.seats[seat].kind.startswith("ai")

    def humans(self) -> list[int]:
        return [i for i in range(self.seats) if not self.is_ai(i)]

    def result(self) -> Result | None:
        if self.rec.draw:
            return Result((), "agreed_draw", "")
        if self.game is None:
            return self.final
        return self.game.ruleset.result(self.game.state)

    @property
    def state(self) -> str:
        if self.rec.over or self.result() is not None:
            return "over"
        return "playing" if self.game is not None else "waiting"

    def free_seat(self) -> int:
        return next((i for i in self.humans() if not self.rec.seats[i].name), -1)

    def seat_of(self, identity: str, token_hash: str) -> int:
        """The seat this identity (or the holder of this token) sits at, or -1."""
        for i, s in enumerate(self.rec.seats):
            if s.name and ((identity and s.owner == identity) or
                           (token_hash and s.token_hash == token_hash)):
                return i
        return -1

    def connected(self) -> set[int]:
        return {v for v in self.subs.values() if v >= 0}

    # ------------------------------------------------------------------ lobby
    def status(self) -> M.Status:
        now = time.monotonic()
        up = self.connected()
        seats = [M.SeatInfo(s.name, s.deck, s.kind, i in up or self.is_ai(i))
                 for i, s in enumerate(self.rec.seats)]
        clocks = self.clock.left(now) if self.clock else []
        return M.Status(seats, [round(c, 1) for c in clocks],
                        self.clock.running if self.clock else -1, self.draw_offer,
                        self.undo_ask, sum(1 for v in self.subs.values() if v < 0))

    def info(self, mine: int = -1) -> M.TableInfo:
        """The lobby line (``mine``: the receiver's seat, which also lets it see the code)."""
        up = self.connected()
        seats = [M.SeatInfo(s.name, s.deck, s.kind, i in up or self.is_ai(i), i == mine)
                 for i, s in enumerate(self.rec.seats)]
        turn = 0
        if self.game is not None:
            turn = int(self.game.ruleset.summary(self.game.state).get("turn", 0) or 0)
        return M.TableInfo(self.id, self.rec.ruleset, self.rec.title, seats, self.state,
                           sum(1 for v in self.subs.values() if v < 0), self.rec.private,
                           self.rec.code if mine >= 0 else "", dict(self.rec.options),
                           self.rec.clock, turn, self.result())

    def sit(self, seat: int, identity: str, name: str, token_hash: str) -> None:
        s = self.rec.seats[seat]
        s.name, s.owner, s.token_hash = name, identity, token_hash
        write_record(self.data, self.rec)

    def unsit(self, seat: int) -> None:
        s = self.rec.seats[seat]
        s.name, s.owner, s.token_hash = "", "", ""
        write_record(self.data, self.rec)

    def ready(self) -> bool:
        return self.game is None and not self.rec.over and self.free_seat() < 0

    # ------------------------------------------------------------------ the game
    def start(self) -> None:
        """Every seat is taken: deal. The save is the table's own file, written by the server."""
        from engine.core.sessions import start_saved

        seats = tuple(Seat(s.name, s.deck, s.kind) for s in self.rec.seats)
        header = self.plugin.new_header(tuple(s.deck for s in self.rec.seats), new_seed(),
                                        seats=seats, options=dict(self.rec.options),
                                        title=self.rec.title)
        path = tables_dir(self.data) / f"{self.id}.hkk"
        game = start_saved(header, path)
        self.rec.save = path.name
        write_record(self.data, self.rec)
        self._attach(game)

    def resume(self) -> str:
        """Continue the game from its save (recovered and re-checked like any save); returns
        the recovery note ("" if the save was whole)."""
        from engine.core.sessions import resume

        game, loaded = resume(tables_dir(self.data) / self.rec.save)
        left = (loaded.meta or {}).get("clocks")
        if self.clock is not None and isinstance(left, list):
            self.clock = Clock(self.rec.clock, self.seats, [float(x) for x in left])
        self._attach(game)
        return loaded.problem

    def _attach(self, game: Game) -> None:
        self.game = game
        game.writer = _ClockedWriter(game.writer, self)
        for i, s in enumerate(self.rec.seats):
            if s.kind.startswith("ai"):
                bot = s.kind.split(":", 1)[1] if ":" in s.kind else self.plugin.default_bot
                seed = new_seed()
                self.bots[i] = make_bot(bot, game.ruleset, seed)
                if getattr(self.bots[i], "needs_samples", False):
                    self.bots[i] = ServerSearch(bot, seed)
        self._after_entry()

    def _after_entry(self) -> None:
        """Start the clock of the seat the game now waits for; close the save at the end."""
        now = time.monotonic()
        self.draw_offer, self.draw_yes, self.undo_ask = -1, set(), -1
        d = self.game.pending() if self.game is not None else None
        if self.clock is not None:
            over = self.result() is not None
            self.clock.switch(d.player if d is not None and not over and
                              not self.is_ai(d.player) else -1, now)
        if self.result() is not None:
            self.finish()

    def _end_searches(self) -> None:
        for bot in self.bots.values():
            if isinstance(bot, ServerSearch):
                bot.close()

    def finish(self) -> None:
        self._end_searches()
        if not self.rec.over:
            self.rec.over = True
            self.ended_at = time.time()
            write_record(self.data, self.rec)
        if self.game is not None and self.game.writer is not None:
            self.game.writer.close()
            self.game.writer = None

    def close(self) -> None:
        self._end_searches()
        if self.game is not None and self.game.writer is not None:
            self.game.writer.close()
            self.game.writer = None

    def _playing(self) -> Game:
        if self.game is None:
            raise TableError("not_started", "The game at this table has not started: it waits "
                             "for every seat to be taken.")
        if self.result() is not None:
            raise TableError("over", "The game at this table is over.")
        return self.game

    def act(self, seat: int, at: int, raw: bytes) -> list[Any]:
        """``seat``'s action (msgpack of the ruleset's action type), checked by the rules."""
        game = self._playing()
        if at != len(game.entries):
            raise TableError("stale", "The game has moved on since your screen was drawn; it "
                             "is brought up to date, choose again.")
        try:
            action = msgspec.msgpack.decode(raw, type=game.ruleset.action_type)
        except msgspec.MsgspecError as exc:
            raise IllegalAction("", f"That is not a valid action ({exc}); choose one of the "
                                "actions the game offers.", "malformed", error=str(exc)) from None
        events = game.submit(seat, action)
        self._after_entry()
        return events

    def concede(self, seat: int) -> list[Any]:
        game = self._playing()
        events = game.submit(seat, game.ruleset.concede_action(seat))
        self._after_entry()
        return events

    def searching(self) -> bool:
        """The game waits for a search seat (its move runs in the server's search threads)."""
        d = self.game.pending() if self.game is not None else None
        return d is not None and isinstance(self.bots.get(d.player), ServerSearch)

    def ai_turn(self) -> tuple[int, list[Any]] | None:
        """If the game waits for an AI seat: its bot chooses from its own view, and the action
        is submitted like anybody's. Returns (seat, events) or None."""
        game = self.game
        if game is None or self.result() is not None:
            return None
        d = game.pending()
        if d is None or d.player not in self.bots:
            return None
        bot = self.bots[d.player]
        legal = game.legal_actions(d.player)
        if isinstance(bot, ServerSearch):
            save = tables_dir(self.data) / self.rec.save if self.rec.save else None
            action = bot.think(game, d.player, legal, save)
        else:
            action = ask(bot, game.ruleset, game.state, d.player, legal,
                         decision=len(game.entries))
        events = game.submit(d.player, action)
        self._after_entry()
        return d.player, events

    def time_up(self, now: float) -> tuple[int, list[Any]] | None:
        """If the running clock has run out, that seat loses on time (it concedes for them);
        returns (seat, events), or None."""
        if self.clock is None or self.game is None or self.result() is not None:
            return None
        seat = self.clock.flagged(now)
        if seat < 0:
            return None
        return seat, self.concede(seat)

    # ------------------------------------------------------------------ undo and draws
    def _other_humans(self, seat: int) -> list[int]:
        return [i for i in self.humans() if i != seat]

    def ask_undo(self, seat: int) -> bool:
        """``seat`` asks to take back its last decision. The engine's policy decides how far
        (UndoRefused says why not); against a person they must agree first. Returns True if
        the undo was done now, False if the others were asked."""
        game = self._playing()
        game.undo_target(seat)                       # UndoRefused: the policy says no
        if self._other_humans(seat):
            if self.undo_ask >= 0:
                raise TableError("pending", "An undo request is already waiting for an answer.")
            self.undo_ask = seat
            return False
        self._undo(seat)
        return True

    def answer_undo(self, seat: int, accept: bool) -> int:
        """Another person answers the undo request; returns the asking seat (-1: none)."""
        asker = self.undo_ask
        if asker < 0 or asker == seat:
            raise TableError("no_request", "There is no undo request of the other player to "
                             "answer.")
        self.undo_ask = -1
        if accept:
            self._undo(asker)
        return asker

    def _undo(self, seat: int) -> None:
        game = self._playing()
        game.undo(seat)
        self._after_entry()

    def redo(self, seat: int) -> list[tuple[int, list[Any]]]:
        """Redo ``seat``'s own undone decisions (and the AI's in between) — back to a position
        everybody has seen; returns the entries redone as (player, events)."""
        game = self._playing()
        if not game.redo_stack or game.redo_stack[-1].player != seat:
            raise UndoRefused("There is nothing of yours to redo.", "no_redo")
        out = []
        while game.can_redo():
            entry = game.redo()
            out.append((entry.player, list(entry.events)))
            d = game.pending()
            if d is None or d.player not in self.bots:
                break
        self._after_entry()
        return out

    def draw(self, seat: int, accept: bool) -> str:
        """Offer, accept or decline a draw. Returns ``offered``, ``declined`` or ``agreed``.
        Every person must agree; bots do not take draws."""
        self._playing()
        if self.bots:
            raise TableError("no_draw", "The AI plays on: a draw needs every player's consent, "
                             "and bots do not agree to draws.")
        if not accept:
            if self.draw_offer < 0:
                raise TableError("no_offer", "There is no draw offer to decline.")
            self.draw_offer, self.draw_yes = -1, set()
            return "declined"
        if self.draw_offer < 0:
            self.draw_offer, self.draw_yes = seat, {seat}
            return "offered"
        self.draw_yes.add(seat)
        if set(self.humans()) <= self.draw_yes:
            self.rec.draw = True
            game = self.game
            if game is not None and game.writer is not None:
                summary = dict(game.ruleset.summary(game.state))
                summary["result"] = msgspec.to_builtins(self.result())
                game.writer.set_meta(summary)
            self._after_entry()
            return "agreed"
        return "offered"

    def say(self, who: str, text: str) -> M.ChatLine:
        line = M.ChatLine(who, text, time.time())
        self.chat.append(line)
        return line

    # ------------------------------------------------------------------ messages
    def _parts(self, viewer: int) -> dict[str, Any]:
        """The view, decision, and (for the deciding seat) legal actions and hints of
        ``viewer``."""
        game = self.game
        assert game is not None
        ruleset = game.ruleset
        view = ruleset.view(game.state, viewer)
        result = self.result()
        d = game.pending() if result is None else None
        parts: dict[str, Any] = {"view": msgspec.Raw(encode_body(view)), "decision": d,
                                 "result": result}
        if result is not None:
            parts["headlines"] = self.headlines()
        if d is not None and d.player == viewer and viewer not in self.bots:
            legal = game.legal_actions(viewer)
            parts["legal"] = msgspec.Raw(encode_body(legal))
            parts["hints"] = ruleset.hints(view, legal)
        return parts

    def headlines(self) -> list[M.HeadlinePoint]:
        """The finished game's public headline counters over its turns (computed once per
        record length: the same for every viewer, nothing hidden in it)."""
        game = self.game
        assert game is not None
        cached = self._headlines
        if cached is None or cached[0] != len(game.entries):
            try:
                points = turn_headlines(game.ruleset, game.header, game.entries)
            except Exception:  # noqa: BLE001 - a result goes out without its graph
                points = []
            cached = self._headlines = (len(game.entries), points)
        return cached[1]

    def snapshot(self, viewer: int) -> bytes:
        """Everything ``viewer`` may know of the game in play, as one frame."""
        game = self.game
        assert game is not None
        redact = game.ruleset.redact
        log = [(e.player, [redact(ev, viewer) for ev in e.events]) for e in game.entries]
        return encode(M.Snapshot(
            self.id, viewer, msgspec.Raw(encode_body(public_header(game.header))),
            len(game.entries), msgspec.Raw(encode_body(log)), status=self.status(),
            chat=list(self.chat), **self._parts(viewer)))

    def updates(self, player: int, events: list[Any], viewers: set[int]) -> dict[int, bytes]:
        """The frame telling each of ``viewers`` about the entry just recorded (``player``'s
        ``events``), each with only what that viewer may know."""
        game = self.game
        assert game is not None
        redact = game.ruleset.redact
        n = len(game.entries)
        out = {}
        for viewer in viewers:
            out[viewer] = encode(M.Update(
                self.id, n, player, msgspec.Raw(encode_body([redact(ev, viewer)
                                                             for ev in events])),
                **self._parts(viewer)))
        return out

    def full_log(self) -> bytes:
        """The finished game's save file (players only, after the end: checked by the
        server)."""
        if not self.rec.save:
            raise TableError("not_started", "This table never started a game.")
        return (tables_dir(self.data) / self.rec.save).read_bytes()


def check_new_table(req: M.CreateTable) -> tuple[Any, TableRecord]:
    """The plugin and the record of a table as ``req`` asks, or TableError saying what is
    wrong. Decks are the ruleset's own ids (never a file of the server's), options its own."""
    from engine.ai.bots import bot_names

    try:
        plugin = registry.get(req.ruleset)
    except registry.UnknownRuleset as exc:
        raise TableError("ruleset", str(exc)) from None
    low, high = plugin.seats
    kinds = list(req.seats) or ["human"] * low
    if not low <= len(kinds) <= high:
        raise TableError("seats", f"{plugin.title['en']} is played by {low}" +
                         (f" to {high}" if high != low else "") + " players.")
    bots = bot_names(plugin.name)
    for kind in kinds:
        if kind != "human" and not (kind.startswith("ai:") and (
                kind[3:] in bots or search_seat_problem(plugin.name, kind[3:]) == "")):
            if kind.startswith("ai:search"):
                raise TableError("seats", search_seat_problem(plugin.name, kind[3:]))
            raise TableError("seats", f"A seat is 'human' or 'ai:<bot>' with a bot of "
                             f"{plugin.name} ({', '.join(bots)}); {kind!r} is neither.")
    ids = [d.id for d in plugin.decks()]
    decks = list(req.decks) or [ids[i % len(ids)] for i in range(len(kinds))]
    if len(decks) != len(kinds) or any(d not in ids for d in decks):
        raise TableError("decks", f"Give one deck per seat, each one of: {', '.join(ids)}.")
    unknown = [k for k in req.options if k not in plugin.options]
    if unknown:
        raise TableError("options", f"{plugin.name} has no option {unknown[0]!r}; its "
                         f"options: {', '.join(plugin.options) or 'none'}.")
    if req.clock and not chess_clock.MIN_CLOCK <= req.clock <= chess_clock.MAX_CLOCK:
        raise TableError("clock", f"A clock gives each player between {chess_clock.MIN_CLOCK} "
                         f"seconds and {chess_clock.MAX_CLOCK // 3600} hours (0: no clock).")
    if len(req.title) > 60:
        raise TableError("title", "A table's title is at most 60 characters.")
    seats = tuple(Seat(f"P{i + 1}", d, k) for i, (d, k) in enumerate(zip(decks, kinds)))
    try:                                              # can a game be set up like this?
        header = plugin.new_header(tuple(decks), 1, seats=seats, options=dict(req.options))
        problem = check_header(plugin.ruleset_for(header), header)
    except Exception as exc:  # noqa: BLE001 - told to the client in words
        raise TableError("setup", f"No game can be set up like this: {exc}") from None
    if problem:
        raise TableError("setup", f"No game can be set up like this: {problem}.")
    from engine.net.records import SeatRecord

    rec = TableRecord(req.table, plugin.name, [SeatRecord(k, d) for d, k in zip(decks, kinds)],
                      dict(req.options), req.title, req.private, "", req.clock,
                      _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"))
    for i, k in enumerate(kinds):                     # a bot's seat is taken by the bot
        if k != "human":
            rec.seats[i].name = f"AI ({k[3:]})"
    return plugin, rec
