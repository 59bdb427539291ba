"""HKK's Hand pane: your cards with their full cost and type, one line each, playable ones marked
``✓`` (text, so it reads without colour); the opponent's as a count."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from engine.core.protocol import Ref
from engine.hkk.cardtext import type_line
from hkk_tui.rulesets.hkk.words import t
from hkk_tui.rulesets.marked_hand import MarkedHand
from hkk_tui.widgets.messages import Picked, ShowDetail


class Hand(MarkedHand):
    BINDINGS = [Binding("i", "info", "key.info")]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.cards: list[Any] = []

    def show(self, view: Any, table: Any, hints: list[Any] = ()) -> None:
        """Cards with a "play" hint among the legal actions are marked playable (by card id,
        so every copy of a playable card is marked), each on one line: mark, name, full cost
        (VP and monster components), kind and numbers."""
        pool, lang = table.pool, table.lang
        playable = {table.cids[h.subject.id] for h in hints
                    if h.label == "act.play" and h.subject is not None}
        me = view.me()
        keep = self.highlighted
        self.cards = list(me.hand)
        lines, marks = [], []
        for cv in self.cards:
            d = pool.get(cv.cid)
            name = d.name.get(lang) if d else cv.cid
            ok = cv.cid in playable
            line = Text()
            line.append(name, style="bold" if ok else "")
            cost = f" {cv.cost}{t('mark.vp', lang)}"
            if cv.cost_mc:
                cost += f"+{cv.cost_mc}{t('mark.mc', lang)}"
            line.append(cost)
            if d is not None:                   # numbers first: the kind is cut first
                if d.is_creature:
                    line.append(f" {d.damage}/{d.hp}")
                kind = type_line(d, lang).split(" — ")[0]
                line.append(f" · {kind}", style="dim")
            lines.append(line)
            marks.append(ok)
        tail: list[Option | None] = []
        if not lines:
            tail.append(Option(Text(t("hand.empty", lang), style="dim"), disabled=True))
        elif any(marks):
            tail.append(Option(Text(t("handmark.legend", lang), style="dim"), disabled=True))
        opp = view.players[1 - view.viewer] if view.viewer in (0, 1) else None
        if opp is not None:
            tail.append(None)
            tail.append(Option(Text(t("hand.opponent", lang, n=opp.hand_count), style="dim"),
                               disabled=True))
        self.fill(lines, marks, [f"c{cv.iid}" for cv in self.cards], tail, keep)

    def current(self) -> Any:
        i = self.highlighted
        if i is None or i >= len(self.cards):
            return None
        return self.cards[i]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        cv = self.current()
        if cv is not None:
            self.post_message(Picked(Ref("card", cv.iid), "hand"))

    def action_info(self) -> None:
        cv = self.current()
        if cv is not None:
            self.post_message(ShowDetail(Ref("card", cv.iid)))
