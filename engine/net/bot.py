"""``hkk bot``: a headless client that takes the first free seat of a table (creating the table,
with its ruleset's default decks and options, if it does not exist), plays to the end with one of
the ruleset's bots, and exits 0. Like a person, the bot sees only its seat's view and the legal
actions the server sends; it reconnects by itself if the connection or the server goes away.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable

import msgspec

from engine.ai.bots import make_bot
from engine.core.search import BotContext
from engine.net import messages as M
from engine.net.address import Address
from engine.net.client import Client, Fatal, TokenStore
from engine.net.mirror import TableMirror
from engine.net.wire import encode_body

#: errors after which a bot cannot play this table
_GIVE_UP = {"full", "code", "seat_taken", "ruleset", "seats", "decks", "options", "setup",
            "too_many", "busy", "table_id", "players_only"}


#: why a client bot cannot search, and what to do instead (engine.net.search_seat)
SEARCH_AT_SERVER = ("The search bot needs samples of the hidden cards, which a server never "
                    "sends (they would tell a client more than its view); it plays at the "
                    "server instead: create the table with a seat 'ai:search' (or "
                    "'ai:search:0.5', 'ai:search:400sims') and choose another bot here.")


class BotFailed(Exception):
    pass


@dataclass
class Probe:
    """Timing hooks for the load test: when each entry was sent (by table and entry number)
    and how long until another seat's client had it."""

    sent: dict[tuple[str, int], float] = field(default_factory=dict)
    delays: list[float] = field(default_factory=list)

    def acted(self, table: str, n: int) -> None:
        self.sent[(table, n)] = time.perf_counter()

    def received(self, table: str, n: int) -> None:
        t0 = self.sent.pop((table, n), None)
        if t0 is not None:
            self.delays.append(time.perf_counter() - t0)


class BotPlayer:
    def __init__(self, client: Client, table: str, bot: str, ruleset: str, seed: int,
                 probe: Probe | None = None, say: Callable[[str], None] | None = None,
                 think: float = 0.0) -> None:
        self.client = client
        self.table = table
        self.bot_name = bot
        self.ruleset_name = ruleset
        self.seed = seed
        self.probe = probe
        self.say = say or (lambda text: None)
        self.mirror = TableMirror(table)
        self.bot: Any = None
        self.done = asyncio.Event()
        self.failure = ""
        self.refusals = 0
        self.think = think
        self._sent_at = -1
        self._rng = random.Random(seed)

    def on_message(self, msg: Any) -> None:
        if isinstance(msg, M.Welcome):
            if self.table in msg.seated:
                if self.client.at.get(self.table) != "seat":   # else the client went back
                    self.client.join(self.table)
            else:
                self.client.join(self.table, create=M.CreateTable(self.ruleset_name))
        elif isinstance(msg, M.Seated) and msg.table == self.table:
            self.say(f"seated at {msg.table}, seat {msg.seat + 1}")
        elif isinstance(msg, M.Snapshot) and msg.table == self.table:
            self.mirror.snapshot(msg)
            self._sent_at = -1
            self.step()
        elif isinstance(msg, M.Update) and msg.table == self.table:
            if self.probe is not None and msg.player != self.mirror.viewer:
                self.probe.received(self.table, msg.n)
            if not self.mirror.update(msg):
                self.client.join(self.table)         # out of step: a fresh snapshot
                return
            self.step()
        elif isinstance(msg, M.Refused) and msg.table == self.table:
            self.refusals += 1
            self._sent_at = -1
            if self.refusals > 3:
                self.fail(f"the server refused the bot's actions: {msg.message} ({msg.rule})")
        elif isinstance(msg, M.Error) and msg.table in ("", self.table):
            if msg.code in _GIVE_UP or (msg.code == "no_table" and msg.table == self.table):
                self.fail(msg.message)

    def fail(self, why: str) -> None:
        self.failure = why
        self.done.set()

    def step(self) -> None:
        """Answer the decision if it is the bot's (once per position; after ``think`` seconds,
        more or less, like a person, if it is set)."""
        m = self.mirror
        if m.result is not None:
            self.done.set()
            return
        if not m.mine() or self._sent_at == m.n:
            return
        if self.think > 0:
            self._sent_at = m.n
            delay = self.think * (0.5 + self._rng.random())
            asyncio.get_running_loop().call_later(delay, self._act, m.n)
            return
        self._act(m.n)

    def _act(self, n: int) -> None:
        m = self.mirror
        if m.n != n or not m.mine() or m.result is not None:
            return
        if self.bot is None:
            try:
                self.bot = make_bot(self.bot_name, m.ruleset, self.seed)
            except ValueError as exc:           # a table of another game than asked for
                self.fail(str(exc))
                return
        if getattr(self.bot, "needs_samples", False):   # the server searches (search_seat)
            self.fail(SEARCH_AT_SERVER)
            return
        view = m.view if getattr(self.bot, "needs_view", True) else None
        action = self.bot.choose(BotContext(m.viewer, view, m.legal, m.n))
        if self.probe is not None:
            self.probe.acted(self.table, m.n + 1)
        if self.client.send(M.Act(self.table, m.n, msgspec.Raw(encode_body(action)))):
            self._sent_at = m.n
        else:
            self._sent_at = -1                       # not connected: again after the snapshot


async def play(address: Address, table: str, bot: str, ruleset: str = "hkk", name: str = "",
               as_user: str = "", seed: int = 0, tokens: TokenStore | None = None,
               probe: Probe | None = None, say: Callable[[str], None] | None = None,
               timeout: float | None = None, think: float = 0.0) -> Any:
    """Play one seat of ``table`` to the end; returns the game's Result (BotFailed if the bot
    cannot play: the table is full, the ruleset refused, the server refused us)."""
    client = Client(address, name=name or f"bot-{bot}", as_user=as_user, tokens=tokens,
                    first_try=True)
    player = BotPlayer(client, table, bot, ruleset, seed, probe, say, think)
    client.on_message = player.on_message
    runner = asyncio.get_running_loop().create_task(client.run())

    async def finished() -> None:
        done = asyncio.get_running_loop().create_task(player.done.wait())
        await asyncio.wait({runner, done}, return_when=asyncio.FIRST_COMPLETED)
        done.cancel()

    try:
        await asyncio.wait_for(finished(), timeout)
        if runner.done() and not player.done.is_set():
            exc = runner.exception()
            raise BotFailed(str(exc) if exc else "the connection ended")
    except Fatal as exc:
        raise BotFailed(str(exc)) from None
    finally:
        client.close()
        runner.cancel()
        try:
            await runner
        except (asyncio.CancelledError, Exception):  # noqa: BLE001 - closing
            pass
    if player.failure:
        raise BotFailed(player.failure)
    return player.mirror.result
