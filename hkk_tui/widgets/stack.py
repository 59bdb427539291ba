"""The Stack pane: the reaction line, top item first, with card, controller and targets."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from hkk_tui.describe import Namer
from hkk_tui.i18n import t
from hkk_tui.widgets.board import ShowCard


class Stack(OptionList):
    BINDINGS = [Binding("i", "info", "key.info")]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.cards: list[int] = []

    def show(self, view: Any, namer: Namer) -> None:
        L = namer.lang
        self.clear_options()
        self.cards = []
        options: list[Option] = []
        line = view.line
        for idx in range(len(line) - 1, -1, -1):
            item = line[idx]
            text = Text(f"{idx + 1}. ", style="bold")
            text.append(namer.card(item.card.iid), style="bold")
            text.append(" · " + t(f"line.{item.kind}", L))
            text.append(" · " + namer.player(item.controller))
            if item.targets:
                text.append(" → " + namer.targets(item.targets, line))
            if item.prevented:
                text.append(" " + t("line.prevented", L), style="red")
            if idx == len(line) - 1:
                text.append(" " + t("line.top", L), style="dim")
            options.append(Option(text))
            self.cards.append(item.card.iid)
        for trig in view.triggers:
            text = Text(t("line.trigger", L, card=namer.card(trig.card.iid),
                          player=namer.player(trig.controller)), style="italic")
            options.append(Option(text))
            self.cards.append(trig.card.iid)
        if not options:
            options.append(Option(Text(t("line.empty", L), style="dim"), disabled=True))
        self.add_options(options)

    def action_info(self) -> None:
        i = self.highlighted
        if i is not None and i < len(self.cards):
            self.post_message(ShowCard(self.cards[i]))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_info()
