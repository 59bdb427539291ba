"""A front end for Toy Grid (tests/toy_ruleset.py), living in the test tree: it proves that the
generic shell plays a second ruleset with nothing but a UI plugin — a 4×4 board on the shared
grid widget (hkk_tui/widgets/grid.py), a hand of tokens from the view, and a catalog
(``toy_i18n``); events, menus and the track come from the base table's defaults."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from engine.core.protocol import ActionHint, Ref
from hkk_tui.rulesets.base import BaseUI, Table
from hkk_tui.widgets.grid import Cell, Grid
from hkk_tui.widgets.messages import Hovered, Picked

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


class ToyBoard(Grid):
    """The 4×4 grid (the shared grid widget), seat 0's home row at the bottom (seat 1's when it
    watches): a piece shows its owner (A/B) and value; the seats' points under the board."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(SIZE, SIZE, cell_width=3, **kw)

    def show(self, view: Any, table: Any, hints: list[ActionHint]) -> None:
        cells = {sq: Cell((f"{'AB'[owner]}{value}",), owner=owner)
                 for sq, (owner, value) in view.board.items()}
        points = "  ".join(f"{'AB'[seat]} {name}: {view.points[seat]}"
                           for seat, name in enumerate(table.names))
        self.load(cells, hints, flipped=view.viewer == 1, legend=table.t("grid.legend"),
                  below=[points])


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

    def _hover(self) -> None:
        """The token highlighted while the hand has the focus is selected on the grid (which
        marks where it can go) and stays selected when the grid takes the focus."""
        tokens = getattr(self, "tokens", [])
        i = self.highlighted
        ok = i is not None and i < len(tokens)
        self.post_message(Hovered(Ref("card", tokens[i]) if ok else None))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if self.has_focus:
            self._hover()

    def on_focus(self) -> None:
        self._hover()                       # (``has_focus`` is set after this handler)



class ToyUI(BaseUI):
    name = "toy"
    catalog_dir = Path(__file__).resolve().parent / "toy_i18n"
    table_class = ToyTable

    def board_widget(self, **kw: Any) -> Any:
        return ToyBoard(**kw)

    def hand_widget(self, **kw: Any) -> Any:
        return ToyHand(**kw)
