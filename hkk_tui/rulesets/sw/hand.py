"""Summoner Wars' Hand pane: your cards with cost, kind and numbers; the ones you can do something
with now are marked ``✓`` (a hint names them as subject: summon, build, play, discard for magic).
The engine offers one copy of identical cards (the choice is the same); every copy is marked and
picking any copy picks the one offered. The card highlighted while the hand has the focus is
selected on the board, which marks where it can go; it stays selected when the board takes the
focus, so Enter on a marked square summons or builds it there."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from engine.core.protocol import ActionHint, Ref
from hkk_tui.rulesets.marked_hand import MarkedHand
from hkk_tui.widgets.messages import Hovered, Picked, ShowDetail


def card_line(cv: Any, table: Any, playable: bool) -> Text:
    """``Frost Mage 1 magic · R 1/4``: name, cost, then kind and numbers (dim); the hand puts
    the marks (``✓`` playable, ``▶`` cursor) before it."""
    line = Text()
    line.append(table.card_name(cv.cid, cv.name), style="bold" if playable else "")
    line.append(" " + table.t("hand.cost", n=cv.cost))
    line.append(" · " + table.stats(cv), style="dim")
    return line


class SwHand(MarkedHand):
    BINDINGS: ClassVar = [Binding("i", "info", "key.info")]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.cards: list[Any] = []
        self.offered: dict[str, int] = {}        # card id -> the copy the hints name

    def show(self, view: Any, table: Any, hints: list[ActionHint]) -> None:
        acting = {h.subject.id for h in hints if h.subject is not None
                  and h.subject.kind == "card"}
        me = view.me()
        keep = self.highlighted
        self.cards = list(me.hand or [])
        self.offered = {}
        for cv in self.cards:
            if cv.iid in acting:
                self.offered.setdefault(cv.cid, cv.iid)
        marks = [cv.cid in self.offered for cv in self.cards]
        lines = [card_line(cv, table, ok) for cv, ok in zip(self.cards, marks)]
        tail: list[Option | None] = []
        if not lines:
            tail.append(Option(Text(table.t("hand.empty"), style="dim"), disabled=True))
        elif any(marks):
            tail.append(Option(Text(table.t("handmark.legend"), style="dim"), disabled=True))
        self.fill(lines, marks, [f"c{cv.iid}" for cv in self.cards], tail, keep)

    def current(self) -> Any:
        i = self.highlighted
        if i is None or i >= len(self.cards):
            return None
        return self.cards[i]

    def current_ref(self) -> Ref | None:
        """The highlighted card, as the copy the engine offers if it offers one."""
        cv = self.current()
        if cv is None:
            return None
        return Ref("card", self.offered.get(cv.cid, cv.iid))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if self.has_focus:                  # a refresh moving the highlight previews nothing
            self.post_message(Hovered(self.current_ref()))

    def on_focus(self) -> None:
        # (``has_focus`` is set after this handler runs: the focus is ours; MarkedHand's
        # handler runs too and puts the cursor mark)
        self.post_message(Hovered(self.current_ref()))


    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        ref = self.current_ref()
        if ref is not None:
            self.post_message(Picked(ref, "hand"))

    def action_info(self) -> None:
        cv = self.current()
        if cv is not None:
            self.post_message(ShowDetail(Ref("card", cv.iid)))
