"""The grid board: a square board with a cursor, shared by the grid games (Summoner Wars 6×8,
Tash-Kalar 9×9, the test-only Toy Grid 4×4).

The widget knows squares, not rules. A ruleset's board subclasses :class:`Grid` and, in its
``show(view, table, hints)``, gives :meth:`Grid.load` one :class:`Cell` per occupied square (the
lines the square shows and the :class:`~engine.core.protocol.Ref` of what stands there) with the
current action hints. Everything else comes from the hints:

* a piece that is the *subject* of a hint can act (drawn bold); the piece under the cursor that
  can act is the *selection* (it stays selected while the cursor walks over empty squares, or is
  set from outside with :meth:`Grid.preview`, e.g. a card highlighted in the hand);
* the selection's hints mark where it can go (``reach``: their ``dest``) and what it can hit
  (``target``: their ``targets``); the hint whose destination is under the cursor draws its path
  (``params["path"]``: the squares walked, in order); a subclass adds marks of its own (the
  attack range) with :meth:`Grid.extra_marks`;
* a pending choice of a square or a card (hints without a subject, or naming their subject as
  target) marks those squares too;
* what another seat's move just pointed at (its attack's target, the unit it moved…), given
  with :meth:`Grid.aim` while the playback shows that move, is *aimed*; a card no longer on the
  board is aimed where it last stood;
* Enter on the selected piece (or any piece that can act) posts :class:`Picked` for it — the
  screen lists its actions (even a single one); Enter on a square the selection can reach or
  hit posts ``Picked`` of that square (or piece) *within* the selection — the screen offers only
  the selection's actions that land there; Enter on any other destination offers the actions
  that land there.

Every mark is drawn twice: in colour (the ``grid--*`` component classes) and as text, so the
board reads the same with NO_COLOR or on a monochrome terminal (side marks go in the one-character
gap between two squares; where two squares' marks meet, the cursor's wins, then the selection's,
then the aimed, path, target and reach marks, then the actors', in that order): the cursor is
``[ ]``, what the opponent's move points at ``» «`` (an empty square ``◎``),
the selection ``< >``, a target ``! !``, an empty reachable square ``+``, the path ``*``, the
attack range ``x`` (on empty squares; a card in range that can be hit is a target), a piece that
can act now ``• •``, an empty square ``·``. A legend line under the board says so.

Square ``n`` is at column ``n % cols``, row ``n // cols``; row 0 is seat 0's edge, drawn at the
bottom, unless the board is *flipped* (seat 1 watching: rotated 180° so its edge is at the
bottom). The arrows move the cursor on the screen as drawn.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Size
from textual.widget import Widget

from engine.core.protocol import ActionHint, Ref
from hkk_tui.widgets.messages import Picked, ShowDetail


@dataclass(frozen=True)
class Cell:
    """What one square shows: its text lines (cropped or padded to the cell's size), what stands
    there (top first; hints may name any of them) and the seat that controls it (-1: nobody),
    which picks its colour — the text must say the owner too (colour is a bonus)."""

    lines: tuple[str | Text, ...] = ()
    refs: tuple[Ref, ...] = ()
    owner: int = -1


@dataclass(frozen=True)
class Mark:
    """How a highlight set is drawn: a glyph for an empty square, a pair of side marks for an
    occupied one, and a component class for colour."""

    glyph: str
    sides: tuple[str, str]
    style: str


#: the marks in priority order (the first that applies to a square wins its glyph and sides)
MARKS: dict[str, Mark] = {
    "aimed": Mark("◎", ("»", "«"), "grid--aimed"),
    "path": Mark("*", ("*", "*"), "grid--path"),
    "target": Mark("!", ("!", "!"), "grid--target"),
    "reach": Mark("+", ("+", "+"), "grid--reach"),
    "range": Mark("x", (" ", " "), "grid--range"),   # on a card: colour only (``!`` says more)
}
EMPTY_GLYPH = "·"
CURSOR_SIDES = ("[", "]")
SELECTED_SIDES = ("<", ">")
#: a piece that can act now (move, attack, use an ability): readable without colour too
ACTOR_SIDES = ("•", "•")


def column_names(cols: int) -> list[str]:
    """``a``, ``b``, … (then ``aa``… past ``z``)."""
    names = []
    for c in range(cols):
        name, n = "", c
        while True:
            name = chr(ord("a") + n % 26) + name
            n = n // 26 - 1
            if n < 0:
                break
        names.append(name)
    return names


@dataclass
class Marks:
    """The highlight sets of the current selection and cursor (square numbers)."""

    sets: dict[str, set[int]] = field(default_factory=dict)

    def first(self, square: int, order: Iterable[str]) -> str | None:
        for name in order:
            if square in self.sets.get(name, ()):
                return name
        return None


class Grid(Widget, can_focus=True):
    """A ``cols`` × ``rows`` board of cells ``cell_width`` characters wide and ``cell_height``
    lines high, with a cursor, a selection and highlight marks (see the module's docstring)."""

    BINDINGS: ClassVar = [
        Binding("up,k", "step(0,1)", "key.grid_move", show=False),
        Binding("down,j", "step(0,-1)", "key.grid_move", show=False),
        Binding("left,h", "step(-1,0)", "key.grid_move", show=False),
        Binding("right,l", "step(1,0)", "key.grid_move", show=False),
        Binding("enter", "choose", "key.choose", show=False),
        Binding("i", "info", "key.info"),
    ]
    COMPONENT_CLASSES: ClassVar = {
        "grid--label", "grid--empty", "grid--cursor", "grid--selected", "grid--actor",
        "grid--aimed",
        "grid--path", "grid--target", "grid--reach", "grid--range", "grid--legend",
        "grid--seat-0", "grid--seat-1", "grid--seat-2", "grid--seat-3",
    }
    DEFAULT_CSS = """
    Grid { height: auto; width: auto; padding: 0; text-wrap: nowrap; text-overflow: clip; }
    Grid > .grid--label { color: $text-muted; }
    Grid > .grid--empty { color: $text-muted; }
    Grid > .grid--legend { color: $text-muted; }
    Grid > .grid--cursor { text-style: bold; }
    Grid:focus > .grid--cursor { text-style: bold reverse; }
    Grid > .grid--selected { text-style: bold underline; }
    Grid > .grid--actor { text-style: bold; }
    Grid > .grid--aimed { color: $accent; text-style: bold underline; }
    Grid > .grid--path { color: $warning; text-style: bold; }
    Grid > .grid--target { color: $error; text-style: bold; }
    Grid > .grid--reach { color: $success; text-style: bold; }
    Grid > .grid--range { color: $warning-darken-2; }
    Grid > .grid--seat-0 { color: $primary-lighten-2; }
    Grid > .grid--seat-1 { color: $error-lighten-1; }
    Grid > .grid--seat-2 { color: $success-lighten-1; }
    Grid > .grid--seat-3 { color: $warning-lighten-1; }
    """

    def __init__(self, cols: int, rows: int, cell_width: int = 5, cell_height: int = 1,
                 *, legend: bool = True, **kw: Any) -> None:
        super().__init__(**kw)
        self.cols, self.rows = cols, rows
        self.cell_width, self.cell_height = cell_width, cell_height
        self.legend = legend
        self.col_names = column_names(cols)
        self.row_names = [str(r + 1) for r in range(rows)]
        self.cells: dict[int, Cell] = {}
        self.hints: list[ActionHint] = []
        self.flipped = False
        self._cursor = 0
        self.selected: Ref | None = None
        self.legend_text = ""
        self.above: list[Text] = []
        self.below: list[Text] = []
        self.marks = Marks()
        #: what the opponent's move on show points at (see :meth:`aim`)
        self.aimed: tuple[Ref, ...] = ()
        #: where each card was last seen on the board (a card that left is aimed there)
        self.seen: dict[Ref, int] = {}

    @property
    def cursor(self) -> int:
        """The square under the cursor (setting it moves the cursor there)."""
        return self._cursor

    @cursor.setter
    def cursor(self, square: int) -> None:
        self.move_to(square)

    # ------------------------------------------------------------------ the squares
    @property
    def squares(self) -> int:
        return self.cols * self.rows

    def square_name(self, square: int) -> str:
        """``c4``: the column's letter and the row's number."""
        row, col = divmod(square, self.cols)
        return f"{self.col_names[col]}{self.row_names[row]}"

    def refs_at(self, square: int) -> tuple[Ref, ...]:
        """What stands on the square (top first), then the square itself."""
        cell = self.cells.get(square)
        return (cell.refs if cell is not None else ()) + (Ref("square", square),)

    def occupied(self, square: int) -> bool:
        return square in self.cells

    def square_of(self, ref: Ref | None) -> int | None:
        """Where ``ref`` is on the board (a square ref is its own square), else None."""
        if ref is None:
            return None
        if ref.kind == "square":
            return ref.id if 0 <= ref.id < self.squares else None
        for square, cell in self.cells.items():
            if ref in cell.refs:
                return square
        return None

    # ------------------------------------------------------------------ new content
    def load(self, cells: Mapping[int, Cell], hints: Sequence[ActionHint], *,
             flipped: bool = False, legend: str = "", above: Sequence[str | Text] = (),
             below: Sequence[str | Text] = ()) -> None:
        """Show ``cells`` (square → Cell; absent squares are empty) with the current
        ``hints``; ``flipped`` turns the board 180° (seat 1 at the bottom); ``above`` and
        ``below`` are lines drawn over and under the board (the seats' counters), ``legend``
        the last line."""
        self.cells = dict(cells)
        self.seen.update({ref: sq for sq, cell in self.cells.items() for ref in cell.refs})
        self.hints = list(hints)
        self.flipped = flipped
        self.legend_text = legend
        self.above = [x if isinstance(x, Text) else Text(x) for x in above]
        self.below = [x if isinstance(x, Text) else Text(x) for x in below]
        if self.selected is not None and not self._acts(self.selected):
            self.selected = None
        self._follow_cursor(keep=True)
        self.refresh(layout=True)

    def preview(self, ref: Ref | None) -> None:
        """Select ``ref`` from outside (a card highlighted in the hand): its destinations and
        targets are marked."""
        self.selected = ref if ref is not None and self._acts(ref) else None
        if self.selected is None:
            self._follow_cursor(keep=False)
        self._mark()
        self.refresh()

    def aim(self, refs: Sequence[Ref]) -> None:
        """Mark what another seat's move points at (``refs``: cards, squares) until the next
        call (an empty one clears the marks)."""
        refs = tuple(refs)
        if refs != self.aimed:
            self.aimed = refs
            self._mark()
            self.refresh()

    def aimed_squares(self) -> set[int]:
        """The squares of :attr:`aimed`: where each stands, or where a card that left the
        board last stood."""
        out = set()
        for ref in self.aimed:
            square = self.square_of(ref)
            if square is None:
                square = self.seen.get(ref)
            if square is not None:
                out.add(square)
        return out

    def _acts(self, ref: Ref) -> bool:
        return any(h.subject == ref for h in self.hints)

    def actors(self) -> set[int]:
        """Occupied squares whose piece (or the square itself) can act now."""
        return {square for square in self.cells
                if any(self._acts(r) for r in self.refs_at(square))}

    def _follow_cursor(self, keep: bool) -> None:
        """The piece under the cursor that can act becomes the selection; over anything else
        the selection stays (``keep``) or is dropped."""
        here = [r for r in self.refs_at(self._cursor) if self._acts(r)] \
            if self.occupied(self._cursor) else []
        if here:
            self.selected = here[0]
        elif not keep:
            self.selected = None
        self._mark()

    # ------------------------------------------------------------------ marks
    def selection_hints(self) -> list[ActionHint]:
        return [h for h in self.hints if self.selected is not None and h.subject == self.selected]

    def landing(self, hint: ActionHint) -> set[int]:
        """The squares a hint lands on or aims at (its destination and targets)."""
        out = set()
        for ref in ((hint.dest,) if hint.dest is not None else ()) + hint.targets:
            square = self.square_of(ref)
            if square is not None:
                out.add(square)
        return out

    def path_of(self, hint: ActionHint) -> Sequence[int]:
        """The squares a move walks, in order (default: the hint's ``params["path"]``)."""
        path = hint.params.get("path") if hint.params else None
        return tuple(int(p) for p in path) if isinstance(path, (list, tuple)) else ()

    def extra_marks(self, selected: Ref | None) -> dict[str, set[int]]:
        """Marks a ruleset adds for the selection (e.g. ``range``: its attack range)."""
        return {}

    def _mark(self) -> None:
        sets: dict[str, set[int]] = {name: set() for name in MARKS}
        for name, squares in self.extra_marks(self.selected).items():
            sets.setdefault(name, set()).update(squares)
        sets["aimed"] = self.aimed_squares()
        for hint in self.hints:                     # a pending choice of a square or a card
            if hint.subject is None or hint.subject in hint.targets:
                for square in self.landing(hint):
                    sets["target" if hint.targets else "reach"].add(square)
        home = self.square_of(self.selected)        # no path drawn while on the piece itself
        for hint in self.selection_hints():
            if hint.dest is not None:
                square = self.square_of(hint.dest)
                if square is not None:
                    sets["reach"].add(square)
            for ref in hint.targets:
                square = self.square_of(ref)
                if square is not None:
                    sets["target"].add(square)
            if self._cursor in self.landing(hint) and self._cursor != home:
                sets["path"].update(self.path_of(hint))
        self.marks = Marks(sets)

    # ------------------------------------------------------------------ keys
    def _screen_pos(self, square: int) -> tuple[int, int]:
        """(x, y) on screen: x from the left, y from the top."""
        row, col = divmod(square, self.cols)
        if self.flipped:
            return self.cols - 1 - col, row
        return col, self.rows - 1 - row

    def _square_at(self, x: int, y: int) -> int:
        if self.flipped:
            return y * self.cols + (self.cols - 1 - x)
        return (self.rows - 1 - y) * self.cols + x

    def action_step(self, dx: int, dy: int) -> None:
        """Move the cursor one square on the screen (up is up as drawn); it stops at the
        edge."""
        x, y = self._screen_pos(self.cursor)
        x = min(max(x + dx, 0), self.cols - 1)
        y = min(max(y - dy, 0), self.rows - 1)
        self.move_to(self._square_at(x, y))

    def move_to(self, square: int) -> None:
        self._cursor = square % self.squares
        self._follow_cursor(keep=True)
        self.refresh()

    def choice(self) -> tuple[Ref, Ref | None] | None:
        """What Enter picks here: (ref, within) — see the module's docstring."""
        refs = self.refs_at(self._cursor)
        occupants = refs[:-1]
        sel = self.selected
        if sel is not None and sel in refs and self.occupied(self._cursor):
            return sel, None
        if sel is not None:
            for hint in self.selection_hints():
                for ref in refs:
                    if hint.dest == ref or ref in hint.targets:
                        return ref, sel
        if self.occupied(self._cursor):
            for ref in refs:
                if self._acts(ref):
                    return ref, None
        for ref in refs:
            if any(h.dest == ref for h in self.hints):
                return ref, None
        if occupants:
            return occupants[0], None
        return None

    def action_choose(self) -> None:
        picked = self.choice()
        if picked is not None:
            ref, within = picked
            # a piece that acts: list its actions, even one (an ability is never used by
            # surprise); a square within the selection, or a card a choice asks for, at once
            ask = within is None and any(h.subject == ref and ref not in h.targets
                                         for h in self.hints)
            self.post_message(Picked(ref, "board", within=within, ask=ask))

    def action_info(self) -> None:
        refs = self.refs_at(self._cursor)
        if len(refs) > 1:
            self.post_message(ShowDetail(refs[0]))

    # ------------------------------------------------------------------ drawing
    def get_content_width(self, container: Size, viewport: Size) -> int:
        lines = self.above + self.below + [Text(self.legend_text if self.legend else "")]
        return max([self.board_width()]
                   + [line.cell_len for line in lines])

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return (len(self.above) + 1 + self.rows * self.cell_height + len(self.below)
                + (1 if self.legend else 0))

    def board_width(self) -> int:
        """Row numbers, then each square with one gap character between neighbours."""
        return self._label_width() + self.cols * (self.cell_width + 1) + 1

    def _label_width(self) -> int:
        return max(len(n) for n in self.row_names) + 1

    def _style(self, name: str) -> Style:
        return self.get_component_rich_style(name, partial=True)

    def _cell_lines(self, square: int) -> list[Text]:
        """The cell's text lines, cropped or padded to the cell's size (an empty square shows
        its mark's glyph, or ``·``)."""
        w, h = self.cell_width, self.cell_height
        cell = self.cells.get(square)
        if cell is None or not cell.lines and not cell.refs:
            mark = self.marks.first(square, MARKS)
            glyph = MARKS[mark].glyph if mark else EMPTY_GLYPH
            style = self._style(MARKS[mark].style if mark else "grid--empty")
            lines = [Text(glyph.center(w), style=style)]
        else:
            lines = []
            for line in cell.lines[:h]:
                text = line.copy() if isinstance(line, Text) else Text(line)
                text.truncate(w, overflow="crop", pad=True)
                if 0 <= cell.owner <= 3:
                    text.stylize(self._style(f"grid--seat-{cell.owner}"))
                lines.append(text)
            if any(self._acts(r) for r in self.refs_at(square)):
                for text in lines:
                    text.stylize(self._style("grid--actor"))
            if square in self.marks.sets.get("aimed", ()):
                for text in lines:
                    text.stylize(self._style("grid--aimed"))
        while len(lines) < h:
            lines.append(Text(" " * w))
        return lines

    def _sides(self, square: int) -> tuple[int, tuple[str, str], Style | None]:
        """The side marks of a square: (priority, (left, right), style); lower priority wins a
        gap two squares share."""
        if square == self._cursor:
            return 0, CURSOR_SIDES, self._style("grid--cursor")
        occupied = self.occupied(square)
        if occupied and self.selected is not None and self.selected in self.refs_at(square):
            return 1, SELECTED_SIDES, self._style("grid--selected")
        mark = self.marks.first(square, MARKS)
        if occupied and mark is not None and MARKS[mark].sides != (" ", " "):
            return 2 + list(MARKS).index(mark), MARKS[mark].sides, self._style(MARKS[mark].style)
        if occupied and any(self._acts(r) for r in self.refs_at(square)):
            return 2 + len(MARKS), ACTOR_SIDES, self._style("grid--actor")
        return 99, (" ", " "), None

    def _gap(self, left: int | None, right: int | None) -> tuple[str, Style | None]:
        """The character between two squares of a row (None: the board's edge): the side mark
        of the one whose mark matters more."""
        best: tuple[int, str, Style | None] = (99, " ", None)
        if left is not None:
            rank, sides, style = self._sides(left)
            best = min(best, (rank, sides[1], style), key=lambda b: b[0])
        if right is not None:
            rank, sides, style = self._sides(right)
            best = min(best, (rank, sides[0], style), key=lambda b: b[0])
        return best[1], best[2]

    def render(self) -> Text:
        """Column letters, then the rows top down: the row's number, then the squares with one
        gap character between neighbours (the cursor's ``[ ]`` and the marks' sides go there)."""
        out = Text(no_wrap=True, overflow="crop")
        lw, w = self._label_width(), self.cell_width
        label = self._style("grid--label")
        for line in self.above:
            out.append_text(line)
            out.append("\n")
        head = Text(" " * lw)
        for x in range(self.cols):
            col = self._square_at(x, 0) % self.cols
            head.append(" " + self.col_names[col].center(w), style=label)
        out.append_text(head)
        for y in range(self.rows):
            row = self._square_at(0, y) // self.cols
            squares = [self._square_at(x, y) for x in range(self.cols)]
            drawn = [self._cell_lines(sq) for sq in squares]
            gaps = [self._gap(squares[g - 1] if g > 0 else None,
                              squares[g] if g < self.cols else None)
                    for g in range(self.cols + 1)]
            for k in range(self.cell_height):
                out.append("\n")
                name = self.row_names[row] if k == 0 else ""
                out.append(name.rjust(lw - 1) + " ", style=label)
                for x, square in enumerate(squares):
                    char, style = gaps[x]
                    out.append(char, style=style or "")
                    text = drawn[x][k].copy()
                    if square == self._cursor:
                        text.stylize(self._style("grid--cursor"))
                    out.append_text(text)
                char, style = gaps[self.cols]
                out.append(char, style=style or "")
        for line in self.below:
            out.append("\n")
            out.append_text(line)
        if self.legend:
            out.append("\n")
            out.append(self.legend_text, style=self._style("grid--legend"))
        return out
