"""A front end for Toy Grid (tests/toy_ruleset.py), living in the test tree: it proves that the
generic shell plays a second ruleset with nothing but a UI plugin — a 4×4 board widget with a
cursor, a hand of tokens from the view, and a catalog (``toy_i18n``); events, menus and the
track come from the base table's defaults."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from engine.core.protocol import ActionHint, Ref
from hkk_tui.rulesets.base import BaseUI, Table
from hkk_tui.widgets.messages import Picked

SIZE = 4


class ToyTable(Table):
    def name(self, ref: Ref | None, view: Any = None) -> str:
        if ref is not None and ref.kind == "square":
            r, c = divmod(ref.id, SIZE)
            return f"{'abcd'[c]}{r + 1}"
        return super().name(ref, view)

    def label(self, hint: ActionHint, view: Any) -> str:
        if hint.label == "toy.move" and hint.subject is not None:
            return self.t("toy.move", square=self.name(hint.subject, view))
        return super().label(hint, view)


class ToyBoard(Widget, can_focus=True):
    """The 4×4 grid, seat 0's home row at the bottom: a piece shows its owner (A/B) and value;
    arrows move the cursor, Enter picks the square under it."""

    BINDINGS = [Binding("up", "move(4)", show=False), Binding("down", "move(-4)", show=False),
                Binding("left", "move(-1)", show=False), Binding("right", "move(1)", show=False),
                Binding("enter", "choose", "key.choose", show=False)]
    DEFAULT_CSS = "ToyBoard { height: auto; padding: 0 1; }"

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.view: Any = None
        self.table: Any = None
        self.cursor = 0
        self.marked: set[int] = set()

    def show(self, view: Any, table: Any, hints: list[ActionHint]) -> None:
        self.view, self.table = view, table
        self.marked = {h.subject.id for h in hints if h.subject is not None
                       and h.subject.kind == "square"}
        self.refresh(layout=True)

    def action_move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % (SIZE * SIZE)
        self.refresh()

    def action_choose(self) -> None:
        self.post_message(Picked(Ref("square", self.cursor), "board"))

    def render(self) -> Text:
        out = Text()
        if self.view is None:
            return out
        for r in range(SIZE - 1, -1, -1):
            out.append(f"{r + 1} ")
            for c in range(SIZE):
                sq = r * SIZE + c
                piece = self.view.board.get(sq)
                cell = f"{'AB'[piece[0]]}{piece[1]}" if piece else " " + \
                    self.table.t("grid.empty")
                style = "reverse" if sq == self.cursor and self.has_focus else \
                    ("bold" if sq in self.marked else "")
                out.append(f"[{cell}]", style=style)
            out.append("\n")
        out.append("   a   b   c   d\n")
        for seat, name in enumerate(self.table.names):
            out.append(f"{'AB'[seat]} {name}: {self.view.points[seat]} ")
        return out


class ToyHand(OptionList):
    """The viewer's tokens (values) from the view; the other hands as counts."""

    def show(self, view: Any, table: Any, hints: list[ActionHint]) -> None:
        self.clear_options()
        self.tokens: list[int] = []
        seat = view.viewer
        if 0 <= seat < len(view.hand_ids) and view.hand_ids[seat] is not None:
            ids = view.hand_ids[seat]
            values = {}
            for h in hints:
                if h.label == "toy.place" and h.subject is not None:
                    values[h.subject.id] = h.params["token"]
            for token in ids:
                self.tokens.append(token)
                mark = "*" if token in values else " "
                self.add_option(Option(f"{mark} token #{token}"))
        if not self.tokens:
            self.add_option(Option(Text(table.t("hand.empty"), style="dim"), disabled=True))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index < len(getattr(self, "tokens", [])):
            self.post_message(Picked(Ref("card", self.tokens[event.option_index]), "hand"))


class ToyUI(BaseUI):
    name = "toy"
    catalog_dir = Path(__file__).resolve().parent / "toy_i18n"
    table_class = ToyTable

    def board_widget(self, **kw: Any) -> Any:
        return ToyBoard(**kw)

    def hand_widget(self, **kw: Any) -> Any:
        return ToyHand(**kw)
