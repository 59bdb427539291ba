"""HKK's Board pane: both sides' life, VP, components, guard post, reserve, permanents, counts;
each card's keywords in short form, ``✓`` on what can act now, and in combat the engine's preview
of the strike (engine.hkk.preview) under the combat line.

While another seat's move is played back, what it points at (:meth:`Board.aim`: an attack's or a
spell's target, a damaged or removed creature, a player whose life it takes) is marked ``◎``
(also without colour); cards it took off the table are named on a line of their own, with where
they went."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.widget import Widget

from engine.core.protocol import Ref
from engine.hkk.state import GUARD_POST_SIZE, TABLE_ZONES
from hkk_tui.rulesets.hkk.cards import card_label
from hkk_tui.rulesets.hkk.places import strike_preview
from hkk_tui.rulesets.marked_hand import PLAYABLE
from hkk_tui.rulesets.hkk.words import t
from hkk_tui.widgets.messages import Picked, ShowDetail

#: what another seat's move points at (readable without colour)
AIMED = "◎"


class Board(Widget, can_focus=True):
    """Renders a :class:`View`; a cursor walks over the cards on the table."""

    BINDINGS = [
        Binding("down,right,j,l", "move(1)", "key.next", show=False),
        Binding("up,left,k,h", "move(-1)", "key.prev", show=False),
        Binding("enter", "choose", "key.choose", show=False),
        Binding("i", "info", "key.info"),
    ]

    DEFAULT_CSS = "Board { height: auto; }"

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.view: Any = None
        self.pool: dict = {}
        self.lang = "hu"
        self.names: list[str] = ["", ""]
        self.items: list[int] = []
        self.cursor = 0
        self.extra: dict[int, Any] = {}
        self.acting: set[int] = set()
        #: what the opponent's move on show points at (see :meth:`aim`)
        self.aimed: frozenset[Ref] = frozenset()
        self.card_name: Any = str

    def show(self, view: Any, table: Any, hints: list[Any] = ()) -> None:
        """Show ``view`` with the names and card data of ``table`` (an HkkTable)."""
        self.view, self.pool, self.lang, self.names = view, table.pool, table.lang, table.names
        self.card_name = table.card
        # card views of attached cards (a permanent lists only their iids)
        self.extra = {cv.iid: cv for pv in view.players for cv in pv.attached}
        # what can act now (move, attack, use an ability...): marked ``✓`` on its line
        self.acting = {h.subject.id for h in hints if h.role == "act"
                       and h.subject is not None and h.subject.kind == "card"}
        self.refresh(layout=True)

    def aim(self, refs: Any) -> None:
        """Mark what another seat's move points at (cards, players) until the next call (an
        empty one clears the marks)."""
        aimed = frozenset(refs)
        if aimed != self.aimed:
            self.aimed = aimed
            self.refresh(layout=True)
            if aimed:
                self.call_after_refresh(self._reveal_aimed)

    def _reveal_aimed(self) -> None:
        """Scroll the board's pane to the first marked line (at 80×24 the board scrolls: the
        mark must be in sight)."""
        width, scroll = self.content_size.width, self.parent
        if not self.aimed or width <= 0 or not isinstance(scroll, Widget):
            return
        lines = self.render().wrap(self.app.console, width)
        row = next((y for y, line in enumerate(lines) if AIMED in line.plain), None)
        if row is None:
            return
        row += self.virtual_region.y + self.styles.padding.top
        height = scroll.scrollable_content_region.height
        if row < scroll.scroll_y:
            scroll.scroll_to(y=row, animate=False, immediate=True)
        elif row >= scroll.scroll_y + height:
            scroll.scroll_to(y=row - height + 1, animate=False, immediate=True)

    def on_resize(self, event: events.Resize) -> None:
        # a scrollbar that comes or goes re-wraps the lines: the mark may move out of sight
        if self.aimed:
            self.call_after_refresh(self._reveal_aimed)

    def current(self) -> int | None:
        if not self.items:
            return None
        self.cursor %= len(self.items)
        return self.items[self.cursor]

    def action_move(self, step: int) -> None:
        if self.items:
            self.cursor = (self.cursor + step) % len(self.items)
            self.refresh()

    def action_choose(self) -> None:
        iid = self.current()
        if iid is not None:
            self.post_message(Picked(Ref("card", iid), "board"))

    def action_info(self) -> None:
        iid = self.current()
        if iid is not None:
            self.post_message(ShowDetail(Ref("card", iid)))

    # ------------------------------------------------------------------ rendering
    def _card(self, out: Text, cv: Any) -> None:
        self.items.append(cv.iid)
        here = self.has_focus and len(self.items) - 1 == self.cursor % max(1, len(self.items))
        label = card_label(cv, self.pool, self.lang)
        if here:
            out.append("▶", style="bold")
            label.stylize("reverse")
        if cv.iid in self.acting:
            out.append(PLAYABLE, style="bold green")
        if Ref("card", cv.iid) in self.aimed:
            out.append(AIMED, style="bold magenta")
            label.stylize("underline")
        out.append_text(label)

    def _cards(self, out: Text, cards: list[Any], by_iid: dict[int, Any],
               slots: int = 0) -> None:
        if not cards and not slots:
            out.append(t("board.none", self.lang), style="dim")
        for n, cv in enumerate(cards):
            if n:
                out.append(" · ")
            self._card(out, cv)
            atts = [by_iid[a] for a in cv.attachments if a in by_iid]
            if atts:
                out.append(" [")
                for k, a in enumerate(atts):
                    if k:
                        out.append(", ")
                    self._card(out, a)
                out.append("]")
        for n in range(len(cards), slots):
            out.append((" · " if n else "") + t("board.empty_slot", self.lang), style="dim")

    def _side(self, out: Text, p: int) -> None:
        v = self.view
        pv = v.players[p]
        L = self.lang
        by_iid = dict(self.extra)
        for q in v.players:
            for cv in q.reserve + q.guard + q.perm:
                by_iid[cv.iid] = cv
        name = self.names[p] if p < len(self.names) else str(p + 1)
        head = Text()
        if Ref("player", p) in self.aimed:
            head.append(AIMED, style="bold magenta")
        head.append(name, style="bold underline" if Ref("player", p) in self.aimed else "bold")
        if v.viewer == p:
            head.append(" " + t("board.you", L))
        if v.active == p:
            head.append(" " + t("board.on_turn", L), style="bold reverse")
        head.append("  " + t("board.stats", L, life=pv.life, max_life=pv.max_life, vp=pv.vp,
                                    mc=pv.mc, hand=pv.hand_count, deck=pv.deck_count,
                                    grave=len(pv.graveyard), void=len(pv.void)))
        out.append_text(head)
        out.append("\n " + t("board.guard", L, n=len(pv.guard), max=GUARD_POST_SIZE) + " ",
                   style="bold")
        self._cards(out, pv.guard, by_iid, GUARD_POST_SIZE)
        out.append("\n " + t("board.reserve", L) + " ", style="bold")
        self._cards(out, pv.reserve, by_iid)
        out.append("\n " + t("board.perm", L) + " ", style="bold")
        perm = [c for c in pv.perm if c.host < 0]
        self._cards(out, perm, by_iid)

    def render(self) -> Text:
        self.items = []
        v = self.view
        if v is None:
            return Text("")
        L = self.lang
        me = v.viewer if v.viewer in (0, 1) else 0
        out = Text()
        self._side(out, 1 - me)
        out.append("\n")
        mid = Text("─ ", style="dim")
        mid.append(t("board.turn_line", L, turn=v.turn, player=self.names[v.active],
                     phase=t(f"phase.{v.phase}", L)), style="bold")
        if v.combat is not None and v.combat.attacks:
            parts = []
            for a in v.combat.attacks:
                tgt = self.names[a.target.i] if a.target.k == "p" else self._card_name(a.target.i)
                extra = v.combat.announced.get(a.attacker)
                parts.append(f"{self._card_name(a.attacker)}→{tgt}" + (f" +{extra}" if extra else ""))
            mid.append("  " + t("board.combat", L) + " " + "; ".join(parts))
        out.append_text(mid)
        gone = self._gone()
        if gone:
            out.append("\n  " + AIMED + t("aimed.left", L) + " ", style="bold")
            out.append(gone)
        strike = next((f for f in getattr(v, "forecast", ()) or () if f.attacker < 0), None)
        if strike is not None:                 # the engine's own strike, tried on a copy
            out.append("\n  " + t("preview.strike", L) + " ", style="bold")
            out.append(strike_preview(strike, self._target_name, L))
        out.append("\n")
        self._side(out, me)
        if self.items:
            self.cursor %= len(self.items)
        return out

    def _gone(self) -> str:
        """The aimed cards no longer on the table, each with where it went (a graveyard, the
        Void, else a hand)."""
        v = self.view
        where: dict[int, str] = {}
        for pv in v.players:
            for zone in ("reserve", "guard", "perm", "graveyard", "void"):
                for cv in getattr(pv, zone):
                    where[cv.iid] = zone
        for iid in self.extra:
            where[iid] = "attached"
        for item in getattr(v, "line", ()):     # on the reaction line: not taken off the table
            where[item.card.iid] = "line"
        parts = []
        for ref in sorted(self.aimed, key=lambda r: r.id):
            zone = where.get(ref.id, "hand")
            if ref.kind == "card" and zone not in TABLE_ZONES and zone != "line":
                parts.append(f"{self.card_name(ref.id)} {t(f'zone_to.{zone}', self.lang)}")
        return "; ".join(parts)

    def _target_name(self, tg: Any) -> str:
        return self.names[tg.i] if tg.k == "p" else self._card_name(tg.i)

    def _card_name(self, iid: int) -> str:
        cv = (self.view.find(iid) if self.view else None) or self.extra.get(iid)
        if cv is None:
            return "?"
        d = self.pool.get(cv.cid)
        return d.name.get(self.lang) if d else cv.cid
