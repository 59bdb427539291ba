"""Board geometry (summoner-wars.md §2): squares, adjacency, distance, straight lines, halves.

A square is ``row * 6 + col``; row 0 is seat 0's back row (row "1"), col 0 is column "a" as seat
0 sees it. Seat 1 sees the board turned 180°: its back row is row 7, and its layout squares are
turned (:func:`own_frame`).
"""

from __future__ import annotations

from functools import lru_cache

from engine.sw.state import COLS, ROWS, SQUARES

LETTERS = "abcdef"


def rc(sq: int) -> tuple[int, int]:
    return divmod(sq, COLS)


def name(sq: int) -> str:
    """``a1``..``f8`` (seat 0's frame)."""
    r, c = divmod(sq, COLS)
    return f"{LETTERS[c]}{r + 1}"


def parse(text: str) -> int:
    """The square called ``text`` (``c3``) in seat 0's frame, or ValueError in words."""
    t = text.strip().lower()
    if len(t) < 2 or t[0] not in LETTERS or not t[1:].isdigit() or not 1 <= int(t[1:]) <= ROWS:
        raise ValueError(f"{text!r} is not a square: write a column a-f and a row 1-8, e.g. c3")
    return (int(t[1:]) - 1) * COLS + LETTERS.index(t[0])


def own_frame(sq: int, seat: int) -> int:
    """A square given in ``seat``'s own frame (its back row is row 1) as a board square."""
    return sq if seat == 0 else SQUARES - 1 - sq


@lru_cache(maxsize=None)
def neighbours(sq: int) -> tuple[int, ...]:
    """The orthogonally adjacent squares (gl. SZOMSZÉDOS: a shared edge; diagonals are not)."""
    r, c = divmod(sq, COLS)
    return tuple(nr * COLS + nc for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                 if 0 <= nr < ROWS and 0 <= nc < COLS)


def _distance(a: int, b: int) -> int:
    ra, ca = divmod(a, COLS)
    rb, cb = divmod(b, COLS)
    return abs(ra - rb) + abs(ca - cb)


_DIST = tuple(tuple(_distance(a, b) for b in range(SQUARES)) for a in range(SQUARES))


def distance(a: int, b: int) -> int:
    """Orthogonal (Manhattan) distance (gl. X MEZŐ TÁVOLSÁGON BELÜL)."""
    return _DIST[a][b]


def adjacent(a: int, b: int) -> bool:
    return distance(a, b) == 1


@lru_cache(maxsize=None)
def rays(sq: int) -> tuple[tuple[int, ...], ...]:
    """The four straight lines leaving ``sq`` (gl. EGYENES VONAL), nearest square first."""
    r, c = divmod(sq, COLS)
    out = []
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        line = []
        nr, nc = r + dr, c + dc
        while 0 <= nr < ROWS and 0 <= nc < COLS:
            line.append(nr * COLS + nc)
            nr, nc = nr + dr, nc + dc
        out.append(tuple(line))
    return tuple(out)


def between(a: int, b: int) -> tuple[int, ...] | None:
    """The squares strictly between ``a`` and ``b`` if they share a row or column, else None."""
    for line in rays(a):
        if b in line:
            return line[:line.index(b)]
    return None


def row_of(sq: int, seat: int) -> int:
    """The row counted from ``seat``'s own edge, 0 = its back row."""
    r = sq // COLS
    return r if seat == 0 else ROWS - 1 - r


def in_back_rows(sq: int, seat: int, rows: int = 3) -> bool:
    """SW Építkezés.1: in ``seat``'s back ``rows`` rows."""
    return row_of(sq, seat) < rows


def on_own_half(sq: int, seat: int) -> bool:
    """gl. TÉRFÉL: the 4 rows nearest the player."""
    return row_of(sq, seat) < ROWS // 2
