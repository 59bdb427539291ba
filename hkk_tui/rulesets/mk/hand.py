"""M.A.G.U.S.' Hand pane: your cards by name with their MP cost and type in short (``Ember Keep
4MP tower``); the ones you can do something with now are marked ``✓``; Enter lists what the
card can do, ``i`` shows its detail. Only the viewer's own hand is in its view (MK 1.04)."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from engine.core.protocol import ActionHint, Ref
from hkk_tui.rulesets.marked_hand import MarkedHand
from hkk_tui.widgets.messages import Picked, ShowDetail


def card_line(d: Any, table: Any, iid: int, playable: bool) -> Text:
    line = Text()
    line.append(table.card_name(iid), style="bold" if playable else "")
    if d is not None:
        line.append(" " + table.cost(d).replace(" MP", "MP"))
        line.append(" " + table.t(f"type_short.{d.type}"), style="dim")
    return line


class MkHand(MarkedHand):
    BINDINGS: ClassVar = [Binding("i", "info", "key.info")]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.cards: list[int] = []

    def show(self, view: Any, table: Any, hints: list[ActionHint]) -> None:
        table.learn(view)
        acting = {h.subject.id for h in hints if h.subject is not None
                  and h.subject.kind == "card"}
        keep = self.highlighted
        self.cards = list(view.hand)
        marks = [iid in acting for iid in self.cards]
        lines = [card_line(table.card_def(iid), table, iid, ok)
                 for iid, ok in zip(self.cards, marks)]
        tail: list[Option | None] = []
        if not lines:
            tail.append(Option(Text(table.t("hand.empty"), style="dim"), disabled=True))
        elif any(marks):
            tail.append(Option(Text(table.t("handmark.legend"), style="dim"), disabled=True))
        self.fill(lines, marks, [f"c{iid}" for iid in self.cards], tail, keep)

    def current_ref(self) -> Ref | None:
        i = self.highlighted
        if i is None or i >= len(self.cards):
            return None
        return Ref("card", self.cards[i])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        ref = self.current_ref()
        if ref is not None:
            self.post_message(Picked(ref, "hand"))

    def action_info(self) -> None:
        ref = self.current_ref()
        if ref is not None:
            self.post_message(ShowDetail(ref))
