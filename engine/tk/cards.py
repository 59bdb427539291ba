"""Tash-Kalar card definitions: creatures, legends, flares, High Form tasks and boards, as plain
msgspec Structs read from ``decks/tk`` (TOML) and pinned in every header (msgpack).

A creature's **pattern** is drawn in its file as rows of characters (one per square):

* ``.`` a square the pattern does not care about;
* ``1`` ``2`` ``3`` one of your pieces of at least that rank (common, heroic, legendary);
* ``O`` the outlined summoning square (anything of equal or lower rank may stand there);
* ``a`` ``b`` ``c`` the outlined summoning square that must hold your piece of at least rank
  1 / 2 / 3;
* ``m`` a marked square (only the effect text gives it a meaning).

Its **effect** is a script of steps (:class:`Step`), each one primitive of the rulebook (TK
Hatás.*) with a targeting filter: no card has Python of its own. Card texts are rendered from the
steps in both languages (:mod:`engine.tk.text`).
"""

from __future__ import annotations

import msgspec

RANKS = {"common": 1, "heroic": 2, "legendary": 3}
RANK_NAMES = {1: "common", 2: "heroic", 3: "legendary"}

#: The primitives an effect step may use (TK Hatás.*).
PRIMITIVES = ("destroy", "upgrade", "downgrade", "convert", "move", "jump", "place",
              "gain_action", "draw_extra")
#: Steps that pick target pieces and do something to each.
TARGETED = ("destroy", "upgrade", "downgrade", "convert")
OWNERS = ("enemy", "own", "any")
NEARS = ("self", "own", "marked", "any")
KINDS = ("basic", "combat")
DRAWS = ("creature", "legend", "flare")


class Text(msgspec.Struct, frozen=True):
    en: str
    hu: str


class Step(msgspec.Struct, frozen=True, omit_defaults=True, forbid_unknown_fields=True):
    """One step of an effect script.

    ``do`` is the primitive. Targeted steps (destroy, upgrade, downgrade, convert) pick pieces
    matching ``owner`` (enemy/own/any), ``min_rank``..``max_rank`` and ``near``: ``self`` within
    ``dist`` of the summoned piece (1 = adjacent), ``own`` adjacent to one of your pieces,
    ``marked`` on the card's marked squares, ``any`` anywhere. ``count`` pieces (0 = all of them,
    no choice), ``up_to`` (fewer, even 0, allowed), ``optional`` (the whole step may be skipped).
    ``move``/``jump``: ``piece`` ``self`` (the summoned piece) or ``choose`` (a piece matching the
    filter), ``kind`` basic/combat, ``times`` moves one after the other, ``reach`` a jump's range
    (0 = anywhere). ``place``: a piece of rank ``rank`` on an empty square matching ``near``.
    ``convert``: ``rank`` 0 keeps the rank. ``gain_action``: ``count`` actions. ``draw_extra``:
    one extra ``card`` (creature/legend/flare) at the end of the turn.
    """

    do: str
    owner: str = "enemy"
    min_rank: int = 1
    max_rank: int = 3
    near: str = "self"
    dist: int = 1
    count: int = 1
    up_to: bool = False
    optional: bool = False
    piece: str = "self"
    kind: str = ""
    times: int = 1
    reach: int = 0
    rank: int = 0
    card: str = ""


class Cell(msgspec.Struct, frozen=True, array_like=True):
    """A pattern square relative to the summoning square: row, column offset and the least rank
    of your piece that must stand there (0: none, e.g. the empty summoning square)."""

    dr: int
    dc: int
    rank: int


class CardDef(msgspec.Struct, frozen=True, omit_defaults=True):
    """A creature, legend, flare or task. ``kind`` creature/legend/flare/task; ``colour`` the
    deck a creature belongs to. Creatures and legends: ``cells`` (the pattern's pieces),
    ``marked`` (marked squares), ``new_rank`` (the summoned piece's rank), ``effect``. Flares:
    ``upper_n``/``lower_n`` (the criteria's N), ``upper``/``lower`` (their effects). Tasks:
    ``category``, ``advanced``, ``condition`` (a name in :mod:`engine.tk.tasks`), ``amount``,
    ``points``."""

    id: str
    kind: str
    name: Text
    colour: str = ""
    new_rank: int = 1
    cells: tuple[Cell, ...] = ()
    marked: tuple[tuple[int, int], ...] = ()
    effect: tuple[Step, ...] = ()
    upper_n: int = 0
    lower_n: int = 0
    upper: tuple[Step, ...] = ()
    lower: tuple[Step, ...] = ()
    category: str = ""
    advanced: bool = False
    condition: str = ""
    amount: int = 0
    points: int = 0
    flavor: Text | None = None


class BoardDef(msgspec.Struct, frozen=True):
    """A board side: its size, the Deathmatch symbol squares and the High Form marked centre
    (row, column pairs)."""

    id: str
    name: Text
    size: int = 9
    symbols: tuple[tuple[int, int], ...] = ()
    centre: tuple[tuple[int, int], ...] = ()


class DeckDef(msgspec.Struct, frozen=True):
    """A colour deck: its id, names, the piece colour letter, and its creature card ids."""

    id: str
    name: Text
    description: Text
    letter: str
    cards: tuple[str, ...]


def parse_pattern(rows: list[str]) -> tuple[tuple[Cell, ...], tuple[tuple[int, int], ...], str]:
    """Cells and marked squares of a drawn pattern relative to its outlined square, or a problem
    in words (third value, "" when none)."""
    grid = [r.split() if " " in r.strip() else list(r.strip()) for r in rows if r.strip()]
    origin = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch in "Oabc"]
    if len(origin) != 1:
        return (), (), ("the pattern needs exactly one outlined summoning square (O, or a/b/c "
                        f"when your piece must stand on it); it has {len(origin)}")
    r0, c0 = origin[0]
    cells: list[Cell] = []
    marked: list[tuple[int, int]] = []
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch == ".":
                continue
            if ch in "123":
                cells.append(Cell(r - r0, c - c0, int(ch)))
            elif ch in "abc":
                cells.append(Cell(0, 0, "abc".index(ch) + 1))
            elif ch == "m":
                marked.append((r - r0, c - c0))
            elif ch != "O":
                return (), (), (f"unknown pattern square {ch!r} (use . 1 2 3 O a b c m)")
    if not any(cell.rank for cell in cells):
        return (), (), "the pattern shows none of your pieces"
    return tuple(cells), tuple(marked), ""


def pattern_span(d: CardDef) -> int:
    """The larger side of the pattern's bounding box (it must fit the board)."""
    pts = [(c.dr, c.dc) for c in d.cells] + list(d.marked) + [(0, 0)]
    rows = [p[0] for p in pts]
    cols = [p[1] for p in pts]
    return max(max(rows) - min(rows), max(cols) - min(cols)) + 1
