"""The wire protocol between an hkk server and its clients: one tagged msgspec Struct per
message, sent as msgpack in length-prefixed frames (:mod:`engine.net.wire`).

A client opens with :class:`Hello` carrying :data:`PROTOCOL`; a server of another version answers
with a fatal :class:`Error` (code ``version``) naming both versions, then closes. What a ruleset
owns — views, redacted events, legal actions, a header — travels as ``msgspec.Raw`` (msgpack the
server encoded once per recipient); the client decodes it with the ruleset's own types
(:mod:`engine.net.mirror`). Nothing else in a message depends on the ruleset.
"""

from __future__ import annotations

from typing import Any, Union

import msgspec

from engine.core.game import Decision
from engine.core.headlines import HeadlinePoint
from engine.core.protocol import ActionHint, Result

#: Version of this protocol. Bump it on any incompatible change to a message below.
PROTOCOL = 1

#: The viewer of a spectator's view and events: no seat, so only public information.
SPECTATOR = -2

#: msgpack of an empty list (no legal actions: the receiver is not the one deciding)
NO_ACTIONS = msgspec.Raw(b"\x90")


class Msg(msgspec.Struct, frozen=True, tag_field="t", omit_defaults=True):
    """Base of every message (the tag field ``t`` names its type)."""


# ============================================================================ client -> server
class Hello(Msg, tag="hello"):
    """First message of a connection. ``name``: the display name (TCP; on the Unix socket the OS
    user is the name). ``as_user``: on the Unix socket, a name within the OS user (a shared
    ``ForceCommand`` account: ``hkk connect --as alice``). ``tokens``: table id -> the seat
    token this client was given, to be recognised at those seats again."""

    protocol: int
    name: str = ""
    as_user: str = ""
    tokens: dict[str, str] = {}
    client: str = ""


class ListTables(Msg, tag="list"):
    """The open tables; the connection then receives :class:`Tables` whenever they change."""


class CreateTable(Msg, tag="create"):
    """A new table. ``seats``: ``human`` or ``ai:<bot>`` per seat (default: two people);
    ``decks``: one per seat (default: the ruleset's first decks); ``clock``: seconds on each
    person's chess clock (0: no clock); ``private``: not listed, joined with its code;
    ``table``: the id wanted (default: one is made up); ``sit``: take the first free seat."""

    ruleset: str
    decks: list[str] = []
    seats: list[str] = []
    options: dict[str, Any] = {}
    private: bool = False
    title: str = ""
    clock: int = 0
    table: str = ""
    sit: bool = True


class Join(Msg, tag="join"):
    """Take a seat (``seat`` -1: the first free one), or come back to one's own. A private table
    needs its ``code`` (``table`` may then be empty). With ``create``, a table of that id that
    does not exist is created first (``hkk bot --table T``)."""

    table: str = ""
    seat: int = -1
    code: str = ""
    create: CreateTable | None = None


class Watch(Msg, tag="watch"):
    """Spectate a table: its public view and events only."""

    table: str = ""
    code: str = ""


class Leave(Msg, tag="leave"):
    """Leave a table: a seat at a table still waiting for players is freed; at a game in play
    the seat is kept (come back with :class:`Join`), the others see that its player is away."""

    table: str


class Act(Msg, tag="act"):
    """An action of one's seat. ``at``: the number of entries the client has seen (an action
    sent against an older position is refused as ``stale``); ``action``: the ruleset's action
    as msgpack."""

    table: str
    at: int
    action: msgspec.Raw


class Concede(Msg, tag="concede"):
    table: str


class Draw(Msg, tag="draw"):
    """Offer a draw (``accept`` True), accept the other side's offer (True) or decline (False)."""

    table: str
    accept: bool = True


class Undo(Msg, tag="undo"):
    """Ask to take back one's last decision (against a person: they must agree)."""

    table: str


class UndoAnswer(Msg, tag="undo_answer"):
    table: str
    accept: bool


class Redo(Msg, tag="redo"):
    table: str


class Say(Msg, tag="say"):
    """A chat line to everybody at the table (players and spectators)."""

    table: str
    text: str


class GetLog(Msg, tag="get_log"):
    """The finished game's full save (header, seed and every event): players only, after the
    end."""

    table: str


class Ping(Msg, tag="ping"):
    n: int = 0


class GetStats(Msg, tag="get_stats"):
    """Server figures (tables, connections, delays, memory) for ``hkk loadtest``."""


ClientMsg = Union[Hello, ListTables, CreateTable, Join, Watch, Leave, Act, Concede, Draw, Undo,
                  UndoAnswer, Redo, Say, GetLog, Ping, GetStats]


# ============================================================================ shared parts
class RulesetInfo(msgspec.Struct, frozen=True, omit_defaults=True):
    """What the create-table form offers for one ruleset."""

    name: str
    title: dict[str, str]
    seats: tuple[int, int]
    decks: list[str]
    deck_names: dict[str, dict[str, str]]
    bots: list[str]
    default_bot: str
    options: dict[str, Any] = {}


class SeatInfo(msgspec.Struct, frozen=True, omit_defaults=True):
    """One seat as everybody may see it: who sits (empty: free), with which deck, a person or a
    bot, connected or away, and whether it is the receiving client's own."""

    name: str = ""
    deck: str = ""
    kind: str = "human"
    connected: bool = False
    mine: bool = False


class TableInfo(msgspec.Struct, frozen=True, omit_defaults=True):
    """One line of the lobby. ``state``: ``waiting`` (for players), ``playing``, ``over``."""

    id: str
    ruleset: str
    title: str
    seats: list[SeatInfo]
    state: str
    spectators: int = 0
    private: bool = False
    code: str = ""              # only to the table's own players
    options: dict[str, Any] = {}
    clock: int = 0
    turn: int = 0
    result: Result | None = None


class Status(msgspec.Struct, frozen=True, omit_defaults=True):
    """The table around the game: seats (connected or away), the clocks (seconds left per seat,
    the seat whose clock runs), a pending draw offer or undo request (the seat that made it)."""

    seats: list[SeatInfo] = []
    clocks: list[float] = []
    running: int = -1
    draw_offer: int = -1
    undo_ask: int = -1
    spectators: int = 0


class ChatLine(msgspec.Struct, frozen=True):
    who: str
    text: str
    at: float = 0.0


# ============================================================================ server -> client
class Welcome(Msg, tag="welcome"):
    """The handshake's answer: the user as the server knows it, the rulesets it plays, and the
    tables this user sits at (table id -> seat)."""

    protocol: int
    server: str
    user: str
    rulesets: list[RulesetInfo] = []
    seated: dict[str, int] = {}


class Error(Msg, tag="error"):
    """A request was refused (``code``: a short key; ``message``: a sentence saying what to do).
    ``fatal``: the server closes the connection after it."""

    code: str
    message: str
    table: str = ""
    fatal: bool = False


class Tables(Msg, tag="tables"):
    """The lobby's list (``full``), or news of single tables to merge into it."""

    tables: list[TableInfo]
    full: bool = True


class Seated(Msg, tag="seated"):
    """You sit at ``seat`` of ``table``; ``token`` brings you back to it from another
    connection (keep it: :class:`Hello` ``tokens``)."""

    table: str
    seat: int
    token: str
    info: TableInfo


class Snapshot(Msg, tag="snapshot"):
    """Everything a seat (or a spectator, ``viewer`` = :data:`SPECTATOR`) may know of a game in
    play: the public header (no seed), every entry's events as that viewer may see them, the
    view, the pending decision, and for the deciding seat its legal actions and hints."""

    table: str
    viewer: int
    header: msgspec.Raw
    n: int
    log: msgspec.Raw            # [(player, [event, ...]), ...] redacted for the viewer
    view: msgspec.Raw
    decision: Decision | None = None
    legal: msgspec.Raw = NO_ACTIONS
    hints: list[ActionHint] = []
    result: Result | None = None
    status: Status = Status()
    chat: list[ChatLine] = []
    #: with a result: every seat's public headline counters at the start, each turn's end and
    #: the end (engine.core.headlines), for the result's graph. Optional both ways: an older
    #: client ignores it, an older server sends none (the client shows no graph).
    headlines: list[HeadlinePoint] = []


class Update(Msg, tag="update"):
    """One more entry: who acted and its events as the receiver may see them, then the new view
    and decision (with legal actions and hints for the deciding seat)."""

    table: str
    n: int
    player: int
    events: msgspec.Raw
    view: msgspec.Raw
    decision: Decision | None = None
    legal: msgspec.Raw = NO_ACTIONS
    hints: list[ActionHint] = []
    result: Result | None = None
    #: with a result: the game's public headlines over the turns (as in :class:`Snapshot`)
    headlines: list[HeadlinePoint] = []


class Refused(Msg, tag="refused"):
    """The rules refused your action: the rule, the catalog key and params, the sentence."""

    table: str
    rule: str
    key: str
    message: str
    params: dict[str, Any] = {}


class StatusChanged(Msg, tag="status"):
    table: str
    status: Status


class Notice(Msg, tag="notice"):
    """Something at the table to tell the players: ``undo_asked``, ``undo_declined``,
    ``undo_done``, ``draw_offered``, ``draw_declined``, ``draw_agreed``, ``time_up``, ``left``,
    ``away``, ``back``, ``over``; ``params`` name the seat (``seat``) and its ``name``."""

    table: str
    key: str
    params: dict[str, Any] = {}


class Said(Msg, tag="said"):
    table: str
    line: ChatLine


class Log(Msg, tag="log"):
    """A finished game's save as one portable file (the bytes of ``hkk export``)."""

    table: str
    data: bytes


class Pong(Msg, tag="pong"):
    n: int = 0


class Stats(Msg, tag="stats"):
    tables: int
    playing: int
    connections: int
    rss_kb: int
    actions: int
    delay_p50_ms: float
    delay_p95_ms: float


ServerMsg = Union[Welcome, Error, Tables, Seated, Snapshot, Update, Refused, StatusChanged,
                  Notice, Said, Log, Pong, Stats]
