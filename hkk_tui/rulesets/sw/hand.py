"""Summoner Wars' Hand pane: your cards with cost, kind and numbers; the ones you can do something
with now are marked ``*`` (a hint names them as subject: summon, build, play, discard for magic).
While the hand has the focus, the board marks where the highlighted card can go."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from engine.core.protocol import ActionHint, Ref
from hkk_tui.widgets.messages import Hovered, Picked, ShowDetail


def card_line(cv: Any, table: Any, playable: bool) -> Text:
    """``* Frost Mage  1 magic · R 1/4``: mark, name, cost, then kind and numbers (dim)."""
    line = Text()
    line.append("* " if playable else "  ", style="bold green" if playable else "")
    line.append(table.card_name(cv.cid, cv.name), style="bold" if playable else "")
    line.append(" " + table.t("hand.cost", n=cv.cost))
    line.append(" · " + table.stats(cv), style="dim")
    return line


class SwHand(OptionList):
    BINDINGS = [Binding("i", "info", "key.info")]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.cards: list[Any] = []

    def show(self, view: Any, table: Any, hints: list[ActionHint]) -> None:
        acting = {h.subject.id for h in hints if h.subject is not None
                  and h.subject.kind == "card"}
        me = view.me()
        keep = self.highlighted
        self.clear_options()
        self.cards = list(me.hand or [])
        options: list[Option | None] = []
        for cv in self.cards:
            options.append(Option(card_line(cv, table, cv.iid in acting), id=f"c{cv.iid}"))
        if not options:
            options.append(Option(Text(table.t("hand.empty"), style="dim"), disabled=True))
        self.add_options(options)
        if self.cards:
            self.highlighted = min(keep or 0, len(self.cards) - 1)

    def current(self) -> Any:
        i = self.highlighted
        if i is None or i >= len(self.cards):
            return None
        return self.cards[i]

    def _hover(self) -> None:
        cv = self.current() if self.has_focus else None
        self.post_message(Hovered(Ref("card", cv.iid) if cv is not None else None))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._hover()

    def on_focus(self) -> None:
        self._hover()

    def on_blur(self) -> None:
        self.post_message(Hovered(None))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        cv = self.current()
        if cv is not None:
            self.post_message(Picked(Ref("card", cv.iid), "hand"))

    def action_info(self) -> None:
        cv = self.current()
        if cv is not None:
            self.post_message(ShowDetail(Ref("card", cv.iid)))
