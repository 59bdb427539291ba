"""Tash-Kalar's Board pane: the 9×9 board on the shared grid widget. A piece reads as its colour's
letter and its rank digit (``B2``: Tide, heroic), so the board needs no colour; an empty symbol
square (Deathmatch) or centre square (High Form) shows ``◇``.

A hand card highlighted (or chosen) is the grid's selection: every square where its outlined
square may go is lit (``+``); the *current* placement — ``n`` cycles them — shows the pattern's
pieces (``*``), the piece its summon would destroy (``!``) and its marked squares (``x``), and
its pattern is drawn under the board as it lies in that orientation. Enter on the current
placement's square summons it; Enter on another lit square makes that placement current. A
highlighted flare shows its criteria against each opponent now (the track lists every flare).
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding

from engine.core.protocol import ActionHint, Ref
from engine.tk import patterns as P
from engine.tk.board import name as square_name
from hkk_tui.rulesets.tk.words import colour_of, criteria, pieces, upgraded
from hkk_tui.widgets.grid import MARKS, Cell, Grid

CELL_WIDTH = 3
SPECIAL = "◇"
#: an effect's placement (TK Hatás.lerakás) asks for a square like a target, but it lands on an
#: empty square: lit as a place to go (``+``), never as a piece to destroy (``!``)
PLACE_RULE = "TK Hatás.lerakás"


def summon_action(hint: ActionHint) -> Any:
    """The Summon action a summon hint stands for (the hint names card, square, orientation and
    the improvised enemy piece)."""
    from engine.tk.actions import Summon

    enemy = hint.targets[0].id + 1 if hint.targets else 0
    return Summon(hint.subject.id, int(hint.option_params.get("orient", 0)), hint.dest.id,
                  enemy)


def pattern_lines(d: Any, orient: int, size: int = 9) -> list[str]:
    """The card's pattern in orientation ``orient`` as rows drawn like the board (row numbers
    grow upwards): ``1 2 3`` your piece of at least that rank, ``O`` the outlined square (``a b
    c`` when your piece must stand on it), ``m`` marked, ``.`` any."""
    os = P.orientations(d.cells, d.marked, size)
    if not os:
        return []
    o = os[orient] if 0 <= orient < len(os) else os[0]
    pts = {(c.dr, c.dc): (str(c.rank) if (c.dr, c.dc) != (0, 0) else "abc"[c.rank - 1])
           for c in o.cells if c.rank}
    for r, c in o.marked:
        pts.setdefault((r, c), "m")
    pts.setdefault((0, 0), "O")
    rows = [p[0] for p in pts]
    cols = [p[1] for p in pts]
    out = []
    for r in range(max(rows), min(rows) - 1, -1):            # drawn like the board: up is +row
        out.append(" ".join(pts.get((r, c), ".") for c in range(min(cols), max(cols) + 1)))
    return out


class TkBoard(Grid):
    BINDINGS: ClassVar = [Binding("n", "next_placement", "tk:key.next_placement")]

    def __init__(self, **kw: Any) -> None:
        super().__init__(9, 9, cell_width=CELL_WIDTH, cell_height=1, legend=False, **kw)
        self.view: Any = None
        self.table: Any = None
        self.special: set[int] = set()
        self.placement = 0
        self._placement_of: Ref | None = None
        self._asking = False
        self._return_to: Any = None

    # ------------------------------------------------------------------ content
    def show(self, view: Any, table: Any, hints: list[ActionHint]) -> None:
        first = self.view is None
        if not first and view.viewer != self.view.viewer:
            self.hovered = None              # hotseat: never the previous seat's card
        self.view, self.table = view, table
        self.special = set(view.symbols) | set(view.centre)
        cells: dict[int, Cell] = {}
        for sq, (owner, rank) in enumerate(zip(view.owner, view.rank)):
            if owner >= 0:
                cells[sq] = Cell((f"{table.piece(owner, rank):^3}",), (), owner=owner)
        self.load(cells, hints, above=[self._colours_line()], below=self._below())
        if first:
            self.move_to(40)                                   # the centre, e5
        squares = [h.dest.id for h in hints if h.subject is None and h.dest is not None
                   and h.group == "pick"]
        if squares:                          # a square is asked: the board takes the keys
            if self.cursor not in squares:   # the lit square nearest the cursor
                here = divmod(self.cursor, 9)
                self.move_to(min(squares, key=lambda q: (
                    max(abs(q // 9 - here[0]), abs(q % 9 - here[1])), q)))
            if not self.has_focus and not self._asking:
                self._return_to = self.screen.focused
                self.call_after_refresh(self.focus)
            self._asking = True
        elif hints and self._asking:         # the choice is made: focus goes back
            self._asking = False
            self.call_after_refresh(self._focus_back)
        pane = self._pane()
        if pane is not None:
            pane.border_subtitle = table.t("grid.legend")

    def _focus_back(self) -> None:
        """Back to the pane that had the focus before a square was asked (if it still
        exists)."""
        back, self._return_to = self._return_to, None
        if back is None or back in self.ancestors or not back.is_attached:
            # nothing had the keys but the board's own scroll box (where the arrows scroll
            # instead of moving the cursor): the hand, where the next action is chosen
            found = self.screen.query("#hand")
            back = found.first() if found else None
        if self.has_focus and back is not None and back is not self:
            back.focus()

    def _pane(self) -> Any:
        for node in self.ancestors:
            if getattr(node, "id", None) == "board-pane":
                return node
        return None

    def _colours_line(self) -> Text:
        """Each colour's pieces and upgraded pieces (what the flares compare): ``B 7/2``."""
        view, tb = self.view, self.table
        line = Text()
        for c, letter in enumerate(tb.letters):
            seats = [p for p, pv in enumerate(view.players) if pv.colour == c]
            on = view.active in seats and view.result is None
            line.append("»" if on else " ", style="bold")
            line.append(f"{letter} {pieces(view, c)}/{upgraded(view, c)} ",
                        style="bold" if on else "")
        return line

    def preview(self, ref: Ref | None) -> None:
        super().preview(ref)
        self._update_below()

    def load(self, *args: Any, **kw: Any) -> None:
        super().load(*args, **kw)
        if self.view is not None:
            self._update_below()

    def _update_below(self) -> None:
        def size(lines: list[Any]) -> tuple[int, int]:
            return len(lines), max((line.cell_len for line in lines), default=0)

        below = self._below()
        grown = size(below) != size(self.below)     # the pane's layout only when its size moves
        self.below = below
        self._mark()
        self.refresh(layout=grown)

    # ------------------------------------------------------------------ placements
    def placements(self) -> list[ActionHint]:
        """The selected card's summons, in the engine's order."""
        if self.selected is None or self.selected.kind != "card":
            return []
        return [h for h in self.hints if h.subject == self.selected and h.dest is not None
                and h.group.startswith("summon")]

    def current(self) -> ActionHint | None:
        hs = self.placements()
        if self._placement_of != self.selected:
            self._placement_of, self.placement = self.selected, 0
        if not hs:
            return None
        self.placement %= len(hs)
        return hs[self.placement]

    def action_next_placement(self) -> None:
        """The next legal placement of the selected card (the cursor goes to its square)."""
        hs = self.placements()
        if not hs:
            return
        self.current()
        self.placement = (self.placement + 1) % len(hs)
        self._cursor = hs[self.placement].dest.id
        self._update_below()

    def _mark(self) -> None:
        super()._mark()
        sets = self.marks.sets
        # every empty square is a place: lighting them all would hide what matters
        places = {h.dest.id for h in self.hints if h.group == "place" and h.dest is not None}
        sets["reach"] = sets.get("reach", set()) - places
        ask = self.view.ask if self.view is not None else None
        if ask is not None and (ask.kind not in ("target", "take") or ask.rule == PLACE_RULE):
            # a square to go to or place on is lit as a place to go, not a target
            sets["reach"] |= sets.get("target", set())
            sets["target"] = set()
        hint = self.current() if self.view is not None else None
        if hint is None:
            return
        sets["reach"] |= {h.dest.id for h in self.placements()}
        sets["target"] = set()
        sets["path"] = set()
        try:                                 # what the engine says this summon would do
            from engine.tk.summon import preview

            p = preview(self.view, self.table.pool, summon_action(hint))
        except Exception:  # noqa: BLE001 - a card the view does not show: lit squares only
            return
        sq = p["square"]
        used = set(p["used"]) - {sq}
        sets["path"] = used | ({p["enemy"]} if p["enemy"] is not None else set())
        if p["destroys"] is not None:
            sets["target"] = {p["destroys"]}                # destroyed by the summon
        sets["range"] = set(p["marked"]) - used - {sq}

    def _below(self) -> list[Text]:
        """Under the board: the selected card's pattern in its current placement, or a
        highlighted flare's criteria now."""
        tb, view = self.table, self.view
        if tb is None or view is None:
            return []
        if self.selected is None or self.selected.kind != "card":
            out = self._hand_card_lines()
        else:
            out = self._placement_lines()
        return out + self._task_lines()

    def _task_lines(self) -> list[Text]:
        """High Form: the face-up tasks (name, points, condition) and the next one."""
        tb, view = self.table, self.view
        if view.mode != "highform" or not view.tasks_up:
            return []
        out = [Text(tb.t("board.tasks"), style="bold")]
        for iid in view.tasks_up:
            d = tb.card_def(iid, view)
            if d is not None:
                out.append(Text(tb.t("board.task", task=getattr(d.name, tb.lang),
                                     points=d.points)))
        if view.next_task >= 0:
            d = tb.card_def(view.next_task, view)
            if d is not None:
                out.append(Text(tb.t("board.next_task", task=getattr(d.name, tb.lang)),
                                style="dim"))
        return out

    def _placement_lines(self) -> list[Text]:
        tb, view = self.table, self.view
        hint = self.current()
        hs = self.placements()
        if hint is None:
            return self._hand_card_lines()
        d = tb.card_def(hint.subject.id, view)
        orient = int(hint.option_params.get("orient", 0))
        head = Text(tb.t("board.placement", card=tb.card_name(hint.subject.id, view),
                         square=square_name(hint.dest.id), n=self.placement + 1, of=len(hs)),
                    style="bold")
        out = [head]
        out += [Text("  " + row) for row in pattern_lines(d, orient)] if d is not None else []
        out.append(Text(tb.t("board.placement_keys"), style="dim"))
        return out

    def _hand_card_lines(self) -> list[Text]:
        """A card highlighted in the hand that cannot be summoned now: its pattern as drawn on
        the card, or a flare's criteria against each opponent now."""
        tb, view = self.table, self.view
        ref = getattr(self, "hovered", None)
        if tb is None or view is None or ref is None:
            return []
        seat = view.viewer if view.viewer >= 0 else view.controller
        if ref.id not in (view.players[seat].hand or []):
            return []
        d = tb.card_def(ref.id, view)
        if d is None:
            return []
        out = [Text(tb.card_name(ref.id, view), style="bold")]
        if d.kind == "flare":
            seat = view.viewer if view.viewer >= 0 else view.active
            for p, up, low, dup, dlow in criteria(view, seat, d):
                out.append(Text(tb.t("board.criteria", player=tb.seat_tag(p, view),
                                     up="✓" if up else "✗", dup=dup, nup=d.upper_n,
                                     low="✓" if low else "✗", dlow=dlow, nlow=d.lower_n)))
            return out
        if d.kind in ("creature", "legend"):
            out += [Text("  " + row) for row in pattern_lines(d, 0)]
            # the hints are today's: a card hovered before a move may have placements now
            n = sum(1 for h in self.hints if h.subject == ref and h.dest is not None
                    and h.group.startswith("summon"))
            out.append(Text(tb.t("board.placements_now", n=n) if n else
                            tb.t("board.no_placement"), style="dim"))
        return out

    def hover(self, ref: Ref | None) -> None:
        """A hand card is highlighted (even one that cannot be summoned now)."""
        self.hovered = ref
        self.preview(ref)

    # ------------------------------------------------------------------ keys
    def action_choose(self) -> None:
        """Enter on the current placement's square summons it; on another square the selected
        card may go to, that placement becomes the current one."""
        hint = self.current()
        if hint is not None:
            if self.cursor == hint.dest.id:
                self.screen.submit(summon_action(hint))
                return
            hs = self.placements()
            here = [i for i, h in enumerate(hs) if h.dest.id == self.cursor]
            if here:
                self.placement = here[0]
                self._update_below()
                return
        super().action_choose()

    def action_info(self) -> None:
        hint = self.current()
        if hint is not None:
            from hkk_tui.widgets.messages import ShowDetail

            self.post_message(ShowDetail(hint.subject))
            return
        super().action_info()

    # ------------------------------------------------------------------ drawing
    def _cell_lines(self, square: int) -> list[Text]:
        if square not in self.cells and square in self.special \
                and self.marks.first(square, MARKS) is None:
            return [Text(SPECIAL.center(self.cell_width), style=self._style("grid--label"))]
        return super()._cell_lines(square)

    def colour_of_seat(self, seat: int) -> int:
        return colour_of(self.view, seat)
