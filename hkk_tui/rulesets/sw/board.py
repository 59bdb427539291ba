"""Summoner Wars' Board pane: the 6×8 battlefield on the shared grid widget, the viewer's side at
the bottom, with both seats' public counters above and below it.

A card's square shows two lines: its short name, then its controller's mark and its life left
(life minus damage), with its charges (``c2``) if it has any — ``▲`` is a card of the seat at the
bottom (it faces up, away from its controller, as the cards do on the table), ``▼`` one of the
seat at the top. The selected unit's attack range (``x``) is drawn from the view: adjacent squares
for a melee unit, a straight line of up to 3 squares stopped by the first card for a ranged one
(SW Támadás.2); which targets are legal comes from the hints alone (``!``).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.core.protocol import ActionHint, Ref
from engine.sw.board import neighbours, parse, rays
from engine.sw.state import COLS, ROWS
from hkk_tui.widgets.grid import Cell, Grid

CELL_WIDTH = 5
UP, DOWN = "▲", "▼"
#: how far a ranged unit shoots (SW Támadás.2)
RANGE = 3


def bottom_seat(view: Any) -> int:
    """The seat drawn at the bottom: the viewer, or seat 0 in the omniscient view."""
    return view.viewer if view.viewer in (0, 1) else 0


def short_name(cv: Any, table: Any) -> str:
    return table.short(cv.cid, cv.name)


def life_line(cv: Any, mark: str) -> str:
    """``▲ 9`` or ``▼12c2``: the controller's mark, life left, charges."""
    left = cv.life - cv.damage
    line = f"{mark}{left:>2}"
    if cv.charges:
        line += f"c{cv.charges}"
    elif cv.under:
        line += "+u"
    return line


def attack_range(view: Any, cv: Any) -> set[int]:
    """The squares ``cv`` could attack from where it stands (drawn, not a legality check)."""
    if cv is None or cv.square < 0 or cv.attack not in ("melee", "ranged"):
        return set()
    if cv.attack == "melee":
        return set(neighbours(cv.square))
    out: set[int] = set()
    for line in rays(cv.square):
        for sq in line[:RANGE]:
            out.add(sq)
            if view.board[sq] is not None:
                break
    return out


class SwBoard(Grid):
    """The battlefield; Enter on a unit lists its actions, on a marked square the selected
    unit's (or hand card's) action there; ``i`` shows the card under the cursor."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(COLS, ROWS, cell_width=CELL_WIDTH, cell_height=2, legend=False, **kw)
        self.view: Any = None

    def show(self, view: Any, table: Any, hints: list[ActionHint]) -> None:
        first = self.view is None
        self.view = view
        me = bottom_seat(view)
        cells: dict[int, Cell] = {}
        for sq, cv in enumerate(view.board):
            if cv is None:
                continue
            mark = UP if cv.controller == me else DOWN
            refs = (Ref("card", cv.iid),) + tuple(Ref("card", u.iid) for u in cv.under)
            cells[sq] = Cell((short_name(cv, table), life_line(cv, mark)), refs,
                             owner=cv.controller)
        self.load(cells, hints, flipped=view.viewer == 1,
                  above=[self._seat_line(view, table, 1 - me, DOWN)],
                  below=[self._seat_line(view, table, me, UP)])
        if first:                           # the cursor starts on the viewer's summoner
            summoner = view.players[me].summoner
            where = next((sq for sq, cv in enumerate(view.board)
                          if cv is not None and cv.iid == summoner), None)
            if where is not None:
                self.move_to(where)
        pane = self._pane()
        if pane is not None:
            pane.border_subtitle = table.t("grid.legend")

    def _pane(self) -> Any:
        for node in self.ancestors:
            if getattr(node, "id", None) == "board-pane":
                return node
        return None

    def _seat_line(self, view: Any, table: Any, seat: int, mark: str) -> Text:
        """``»▼ AI: magic 5 hand 5 deck 24``: who is on turn (``»``), the seat's mark and name
        (cut to fit the board's width) and its public counters."""
        pv = view.players[seat]
        counters = table.t("board.seat", magic=pv.magic, hand=pv.hand_count,
                           deck=pv.deck_count, discard=pv.discard_count)
        # one column spare: a short pane (the replay's) shows a 1-column scrollbar
        room = max(3, self.board_width() - 6 - len(counters))
        line = Text("»" if view.active == seat and view.result is None else " ", style="bold")
        line.append(f"{mark} {table.player(seat)[:room]}:", style="bold")
        line.append(" " + counters)
        return line

    def path_of(self, hint: ActionHint) -> tuple[int, ...]:
        """A move's path: the squares stepped into, from the hint's ``path`` option (``b2-b3``)
        or parameter."""
        walk = hint.option_params.get("path") if hint.option_params else None
        if isinstance(walk, str) and walk:
            try:
                return tuple(parse(sq) for sq in walk.split("-"))
            except ValueError:
                return ()
        return tuple(super().path_of(hint))

    def extra_marks(self, selected: Ref | None) -> dict[str, set[int]]:
        if self.view is None or selected is None or selected.kind != "card":
            return {}
        cv = next((c for c in self.view.board if c is not None and c.iid == selected.id), None)
        return {"range": attack_range(self.view, cv)}
