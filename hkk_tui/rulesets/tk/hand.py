"""Tash-Kalar's Hand pane: your creature, legend and flare cards, the ones you can use now marked
``✓``. The highlighted card is previewed on the board (its legal placements lit, or a flare's
criteria now); ``n`` cycles its placements, Enter summons the current one (a card with no
placement: its actions, e.g. discard or call), ``i`` shows the whole card."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from engine.core.protocol import ActionHint, Ref
from hkk_tui.rulesets.marked_hand import MarkedHand
from hkk_tui.widgets.messages import Picked, ShowDetail

KIND_MARK = {"creature": "", "legend": "★", "flare": "⚡"}


def card_line(d: Any, table: Any, iid: int, view: Any) -> Text:
    """``Ember Drake ★ → heroic``: name, kind mark, the new piece's rank (a flare: its N)."""
    line = Text(table.card_name(iid, view))
    if d is None:
        return line
    if KIND_MARK.get(d.kind):
        line.append(" " + KIND_MARK[d.kind])
    if d.kind in ("creature", "legend"):
        line.append(" → " + table.t(f"rank.r{d.new_rank}"), style="dim")
    elif d.kind == "flare":
        line.append(" " + table.t("hand.flare_n", up=d.upper_n, low=d.lower_n), style="dim")
    return line


class TkHand(MarkedHand):
    BINDINGS: ClassVar = [Binding("i", "info", "key.info"),
                          Binding("n", "next_placement", "tk:key.next_placement")]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.cards: list[int] = []

    def show(self, view: Any, table: Any, hints: list[ActionHint]) -> None:
        acting = {h.subject.id for h in hints if h.subject is not None
                  and h.subject.kind == "card"}
        seat = view.viewer if view.viewer >= 0 else view.controller
        keep = self.highlighted
        self.cards = list(view.players[seat].hand or [])
        marks = [iid in acting for iid in self.cards]
        lines = [card_line(table.card_def(i, view), table, i, view) for i in self.cards]
        tail: list[Option | None] = []
        if not lines:
            tail.append(Option(Text(table.t("hand.empty"), style="dim"), disabled=True))
        else:
            pv = view.players[seat]
            tail.append(Option(Text(table.t("hand.counts", deck=pv.deck_count,
                                            discard=len(pv.discard)), style="dim"),
                               disabled=True))
        self.fill(lines, marks, [f"c{i}" for i in self.cards], tail, keep)
        if self.has_focus:
            self._hover()

    def current_ref(self) -> Ref | None:
        i = self.highlighted
        if i is None or i >= len(self.cards):
            return None
        return Ref("card", self.cards[i])

    def _board(self) -> Any:
        try:
            return self.screen.query_one("#board")
        except Exception:  # noqa: BLE001 - no board (a replay's empty pane)
            return None

    def _hover(self) -> None:
        board = self._board()
        if board is not None and hasattr(board, "hover"):
            board.hover(self.current_ref())

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if self.has_focus:
            self._hover()

    def on_focus(self) -> None:
        self._hover()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter: summon the card's current placement, or list what the card can do."""
        event.stop()
        ref = self.current_ref()
        if ref is None:
            return
        board = self._board()
        hint = board.current() if board is not None and board.selected == ref else None
        if hint is not None and hasattr(self.screen, "submit"):
            from hkk_tui.rulesets.tk.board import summon_action

            self.screen.submit(summon_action(hint))
            return
        self.post_message(Picked(ref, "hand", ask=True))   # listed, never done by surprise

    def action_next_placement(self) -> None:
        board = self._board()
        if board is not None and hasattr(board, "action_next_placement"):
            board.action_next_placement()

    def action_info(self) -> None:
        ref = self.current_ref()
        if ref is not None:
            self.post_message(ShowDetail(ref))
