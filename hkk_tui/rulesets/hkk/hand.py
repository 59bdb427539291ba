"""HKK's Hand pane: your cards with cost and type, playable ones marked; the opponent's as a
count."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from engine.core.protocol import Ref
from engine.hkk.cardtext import type_line
from hkk_tui.rulesets.hkk.words import t
from hkk_tui.widgets.messages import Picked, ShowDetail


class Hand(OptionList):
    BINDINGS = [Binding("i", "info", "key.info")]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.cards: list[Any] = []

    def show(self, view: Any, table: Any, hints: list[Any] = ()) -> None:
        """Cards with a "play" hint among the legal actions are marked playable (by card id,
        so every copy of a playable card is marked)."""
        pool, lang = table.pool, table.lang
        playable = {table.cids[h.subject.id] for h in hints
                    if h.label == "act.play" and h.subject is not None}
        me = view.me()
        keep = self.highlighted
        self.clear_options()
        self.cards = list(me.hand)
        options: list[Option | None] = []
        for cv in self.cards:
            d = pool.get(cv.cid)
            name = d.name.get(lang) if d else cv.cid
            mark = "*" if cv.cid in playable else " "
            line = Text()
            line.append(mark + " ", style="bold green" if mark == "*" else "")
            line.append(name, style="bold" if mark == "*" else "")
            cost = f" {cv.cost}{t('mark.vp', lang)}"
            if d is not None and d.cost_mc:
                cost += f"+{d.cost_mc}{t('mark.mc', lang)}"
            line.append(cost)
            if d is not None:
                kind = type_line(d, lang).split(" — ")[0]
                line.append(f" · {kind}", style="dim")
                if d.is_creature:
                    line.append(f" {d.damage}/{d.hp}", style="dim")
            options.append(Option(line, id=f"c{cv.iid}"))
        if not options:
            options.append(Option(Text(t("hand.empty", lang), style="dim"), disabled=True))
        opp = view.players[1 - view.viewer] if view.viewer in (0, 1) else None
        if opp is not None:
            options.append(None)
            options.append(Option(Text(t("hand.opponent", lang, n=opp.hand_count), style="dim"),
                                  disabled=True))
        self.add_options(options)
        if self.cards:
            self.highlighted = min(keep or 0, len(self.cards) - 1)

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
