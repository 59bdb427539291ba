"""A client's copy of one table: what the server sent, decoded into the ruleset's own types.

The public header (no seed) names the ruleset; the ruleset object is made from it as for any
save (``registry.ruleset_for``: its pinned content, e.g. HKK's card pool), so the client's UI
names cards and words events exactly as in local play. Views decode into the ruleset's view type
(its ``view_type`` attribute, else the type of the view of its initial state), events and legal
actions into its own tagged unions. Nothing here can learn more than the messages hold.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core import registry
from engine.core.log import Entry, Header
from engine.net import messages as M

_DECODERS: dict[tuple[str, int], tuple[Any, Any, Any, Any]] = {}


def view_type(ruleset: Any, header: Header) -> Any:
    """The type a ruleset's views decode into."""
    declared = getattr(ruleset, "view_type", None)
    if declared is not None:
        return declared
    state = ruleset.initial_state(header)
    return type(ruleset.view(state, M.SPECTATOR))


def decoders(ruleset: Any, header: Header) -> tuple[Any, Any, Any, Any]:
    """(view, events, legal actions, log) decoders for ``ruleset`` (made once per ruleset)."""
    key = (ruleset.name, id(ruleset))
    hit = _DECODERS.get(key)
    if hit is None:
        ev = ruleset.event_type
        hit = (msgspec.msgpack.Decoder(view_type(ruleset, header)),
               msgspec.msgpack.Decoder(list[ev]),
               msgspec.msgpack.Decoder(list[ruleset.action_type]),
               msgspec.msgpack.Decoder(list[tuple[int, list[ev]]]))
        _DECODERS[key] = hit
    return hit


class TableMirror:
    """One table as this client sees it. ``entries`` are the game's entries with the events as
    this viewer may see them (no actions); ``n`` counts them."""

    def __init__(self, table: str) -> None:
        self.table = table
        self.header: Header | None = None
        self.ruleset: Any = None
        self.viewer = M.SPECTATOR
        self.entries: list[Entry] = []
        self._view: Any = None
        self._view_raw: bytes = b""
        self.decision: Any = None
        self.legal: list[Any] = []
        self.hints: list[Any] = []
        self.result: Any = None
        #: a finished game's public headlines over its turns, from the server (for the graph)
        self.headlines: list[Any] = []
        self.status = M.Status()
        self.chat: list[M.ChatLine] = []
        self._dec: tuple[Any, Any, Any, Any] | None = None

    @property
    def view(self) -> Any:
        """This viewer's view of the game (decoded when first read: a bot reads it only when it
        decides)."""
        if self._view is None and self._view_raw and self._dec is not None:
            self._view = self._dec[0].decode(self._view_raw)
        return self._view

    @property
    def n(self) -> int:
        return len(self.entries)

    @property
    def ready(self) -> bool:
        return self.header is not None

    def names(self) -> list[str]:
        if self.status.seats:
            return [s.name for s in self.status.seats]
        return [s.name for s in self.header.seats] if self.header is not None else []

    def snapshot(self, msg: M.Snapshot) -> None:
        header = msgspec.msgpack.decode(bytes(msg.header), type=Header)
        if self.header is None or header.ruleset != self.header.ruleset or \
                header.card_pool_digest != self.header.card_pool_digest:
            self.ruleset = registry.ruleset_for(header)
            self._dec = decoders(self.ruleset, header)
        self.header = header
        self.viewer = msg.viewer
        _view, _events, _legal, log = self._dec
        self.entries = [Entry(player, None, tuple(events))
                        for player, events in log.decode(bytes(msg.log))]
        self._position(msg)
        self.status = msg.status
        self.chat = list(msg.chat)

    def update(self, msg: M.Update) -> bool:
        """Add one entry; False if it does not follow the last one (ask for a snapshot)."""
        if self._dec is None or msg.n != self.n + 1:
            return False
        events = self._dec[1].decode(bytes(msg.events))
        self.entries.append(Entry(msg.player, None, tuple(events)))
        self._position(msg)
        self.status = msgspec.structs.replace(self.status, draw_offer=-1, undo_ask=-1)
        return True

    def _position(self, msg: Any) -> None:
        _view, _events, legal_dec, _log = self._dec
        self._view, self._view_raw = None, bytes(msg.view)
        self.decision = msg.decision
        self.legal = legal_dec.decode(bytes(msg.legal))
        self.hints = list(msg.hints)
        self.result = msg.result
        self.headlines = list(msg.headlines)

    def mine(self) -> bool:
        """The game waits for this client's seat (and it has its legal actions)."""
        d = self.decision
        return d is not None and d.player == self.viewer and bool(self.legal)
