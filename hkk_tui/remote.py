"""A game at a server's table, with the interface of the local
:class:`~hkk_tui.screens.session.GameSession`, so the same game screen plays it.

Everything comes from the server's messages, kept in a
:class:`~engine.net.mirror.TableMirror`: the seat's view, its redacted events, the pending
decision, and — when the game waits for this seat — the legal actions and their hints as the
server sent them. Moves are sent, not made: :meth:`RemoteSession.submit` returns at once and the
server's answer (the new entry, or its refusal) arrives as a message; meanwhile the seat has no
decision (``in_flight``), so nothing is sent twice.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from engine.core.game import Decision, IllegalAction
from engine.core.log import Header
from engine.core.registry import for_header
from engine.core.store import SaveError
from engine.net import messages as M
from engine.net.mirror import TableMirror
from engine.net.wire import encode_body
from hkk_tui.i18n import tr
from hkk_tui.rulesets import get_ui
from hkk_tui.screens.session import book_for

NS = "net"


class NotSent(SaveError):
    """The move could not be sent (no connection, the game is closed); nothing changed. (A
    SaveError, so the game screen tells it like a move that could not be saved.)"""


class RemoteSession:
    def __init__(self, client: Any, table: str, lang: str = "hu") -> None:
        self.client = client
        self.table_id = table
        self.lang = lang
        self.mirror = TableMirror(table)
        self.problem = ""
        self.bots: dict[int, Any] = {}
        self.shown = -1
        self.closed = False
        #: a move was sent and its answer has not come yet
        self.in_flight = False
        #: chat lines with the number of entries there were when each was said
        self.chat: list[tuple[int, M.ChatLine]] = []
        self.log_data: bytes = b""
        self._table: tuple[Any, Any] | None = None

    # ------------------------------------------------------------------ facts
    @property
    def game(self) -> TableMirror:
        """The entries (as this seat sees them) and the public header, as ``game`` of a local
        session offers them."""
        return self.mirror

    @property
    def ready(self) -> bool:
        return self.mirror.ready

    @property
    def ruleset(self) -> Any:
        return self.mirror.ruleset

    @property
    def header(self) -> Header:
        return self.mirror.header

    @property
    def plugin(self) -> Any:
        return for_header(self.header)

    @property
    def ui(self) -> Any:
        return get_ui(self.header.ruleset)

    @property
    def path(self) -> Path | None:
        return None

    @property
    def seats(self) -> int:
        return len(self.header.seats)

    @property
    def humans(self) -> list[int]:
        return [i for i in range(self.seats) if not self.is_bot(i)]

    @property
    def hotseat(self) -> bool:
        return False

    def is_bot(self, player: int) -> bool:
        return 0 <= player < self.seats and self.header.seats[player].kind.startswith("ai")

    def viewer(self) -> int:
        return self.mirror.viewer

    def view(self, viewer: int | None = None) -> Any:
        return self.mirror.view

    def pending(self) -> Decision | None:
        return self.mirror.decision

    def my_decision(self) -> Decision | None:
        if self.closed or self.in_flight or not self.mirror.mine():
            return None
        return self.mirror.decision

    def legal(self) -> list[Any]:
        return list(self.mirror.legal) if self.my_decision() is not None else []

    def hints(self, view: Any = None) -> list[Any]:
        return list(self.mirror.hints) if self.my_decision() is not None else []

    def result(self) -> Any:
        return self.mirror.result

    def names(self) -> list[str]:
        return self.mirror.names()

    def away(self, seat: int) -> bool:
        """The person at ``seat`` has no connection to the table right now."""
        seats = self.mirror.status.seats
        return 0 <= seat < len(seats) and not seats[seat].connected and not self.is_bot(seat)

    def table(self) -> Any:
        key = (self.lang, tuple(self.names()), id(self.ruleset))
        if self._table is None or self._table[0] != key:
            self._table = (key, self.ui.table(self.header, self.ruleset, self.names(),
                                              self.lang))
        return self._table[1]

    # ------------------------------------------------------------------ acting
    def _send(self, msg: Any) -> None:
        if self.closed or not self.client.send(msg):
            raise NotSent(tr(NS, "game.not_sent", self.lang))

    def submit(self, action: Any) -> list[Any]:
        """Send ``action`` for this seat; the server's answer comes as a message."""
        self._send(M.Act(self.table_id, self.mirror.n, msgspec.Raw(encode_body(action))))
        self.in_flight = True
        self._sent = (self.mirror.n, action)
        return []

    def concede(self) -> list[Any]:
        self._send(M.Concede(self.table_id))
        self.in_flight = True
        return []

    def draw_offer(self) -> Any:
        """The ruleset's own draw offer for this seat (``draw_offer_action``, optional in the
        protocol: the opponent answers it by the rules), or None — then :meth:`offer_draw`
        offers a draw at the table (every person must agree)."""
        make = getattr(self.ruleset, "draw_offer_action", None)
        if make is None or self.viewer() < 0 or self.result() is not None:
            return None
        return make(self.viewer())

    def offer_draw(self) -> list[Any]:
        """Offer a draw: by the rules if the ruleset has draws, else at the table."""
        action = self.draw_offer()
        if action is not None:
            return self.submit(action)
        self._send(M.Draw(self.table_id, True))
        return []

    def submit_bot(self, player: int, action: Any) -> list[Any]:
        raise NotSent(tr(NS, "game.not_sent", self.lang))   # the server moves its AI seats

    def bot_inputs(self) -> None:
        return None

    def ask(self, msg: Any) -> None:
        """Send a request about the table (undo, draw, chat, the log)."""
        self._send(msg)

    def close(self) -> None:
        """Leave the table's screen: the seat is kept (the others see this player away)."""
        if not self.closed:
            self.closed = True
            self.client.leave(self.table_id)

    # ------------------------------------------------------------------ the server's news
    def apply(self, msg: Any) -> str:
        """Take in one message about this table; returns what it was (``snapshot``, ``update``,
        ``resync`` when an update did not follow on, ``status``, ``refused``, ``said``, ...)."""
        m = self.mirror
        if isinstance(msg, M.Snapshot):
            m.snapshot(msg)
            self.in_flight = False
            self.chat = [(m.n, line) for line in msg.chat]
            return "snapshot"
        if isinstance(msg, M.Update):
            if not m.update(msg):
                self.client.join(self.table_id)          # out of step: a fresh snapshot
                return "resync"
            sent = getattr(self, "_sent", None)
            if sent is not None and msg.player == m.viewer and sent[0] == m.n - 1:
                # our own move: the log says what we decided (a pass too), as in local play
                m.entries[-1] = msgspec.structs.replace(m.entries[-1], action=sent[1])
                self._sent = None
            if msg.player == m.viewer or m.mine():
                self.in_flight = False
            return "update"
        if isinstance(msg, M.StatusChanged):
            m.status = msg.status
            return "status"
        if isinstance(msg, M.Refused):
            self.in_flight = False
            return "refused"
        if isinstance(msg, M.Said):
            self.chat.append((m.n, msg.line))
            return "said"
        if isinstance(msg, M.Log):
            self.log_data = msg.data
            return "log"
        if isinstance(msg, M.Error):
            self.in_flight = False
            return "error"
        return "notice"

    @staticmethod
    def refusal(msg: M.Refused) -> IllegalAction:
        return IllegalAction(msg.rule, msg.message, msg.key, **msg.params)

    # ------------------------------------------------------------------ the log
    def chat_text(self, line: M.ChatLine) -> str:
        return tr(NS, "game.chat_line", self.lang, who=line.who, text=line.text)

    def log_lines(self, start: int = 0, viewer: int | None = None) -> list[Any]:
        """Log lines of the entries from ``start`` (with the chat lines said among them, for a
        whole log), as :meth:`GameSession.log_lines` makes them."""
        table, who = self.table(), self.viewer()
        self._book = book_for(getattr(self, "_book", None), table, self.ruleset, who, start)
        each = self._book.read_each(self.mirror.entries, start)
        out: list[Any] = []
        chat = [c for c in self.chat if c[0] >= start] if start == 0 else []
        for i in range(start, len(self.mirror.entries)):
            while chat and chat[0][0] <= i:
                out.append((self.chat_text(chat.pop(0)[1]), ""))
            out += each[i - start]
        out += [(self.chat_text(line), "") for _n, line in chat]
        return out

    def save_as(self, name: str) -> Path:
        """Keep the finished game's full log (fetched from the server) among the saves."""
        import tempfile

        from engine.core import store

        if not self.log_data:
            raise SaveError(tr(NS, "game.log_after_end", self.lang))
        safe = "".join(ch for ch in name if ch.isalnum() or ch in "-_ ").strip() or "game"
        with tempfile.TemporaryDirectory() as tmp:
            src = Path(tmp) / f"{safe}{store.SUFFIX}"
            src.write_bytes(self.log_data)
            return store.import_file(src, None, store.saves_dir())
