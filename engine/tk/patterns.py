"""Pattern matching on bitboards (TK Idézés.2-3, issue 17 point 2).

A board of ``size`` × ``size`` squares is a Python int per set of pieces, square ``r * size + c``
at bit ``r * size + c``. Each card's pattern is transformed **once** under the 8 symmetries of
the square (4 rotations, each mirrored); transforms that give the same squares, ranks and marked
squares are merged, so a symmetric pattern yields one placement where it matches, not eight.
For each distinct orientation the offsets of its pieces are kept with the squares where the
outlined square may stand so that every pattern square is on the board (``anchors``). All
anchors are then tested at once: for each pattern piece the bitboard of your pieces of at least
its rank is shifted by the piece's offset and and-ed in (shift-and-mask). BATTLE's improvised
summon (TK Csata.rögtönzött) repeats the test once per pattern piece with that one piece taken
from an enemy colour's bitboard instead.

:func:`reference_matches` is the plain square-by-square matcher the property test compares
against.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.tk.cards import CardDef, Cell


def _transforms() -> list:
    out = []
    for mirror in (False, True):
        for rot in range(4):
            def f(r: int, c: int, rot: int = rot, mirror: bool = mirror) -> tuple[int, int]:
                if mirror:
                    c = -c
                for _ in range(rot):
                    r, c = c, -r
                return r, c
            out.append(f)
    return out


TRANSFORMS = _transforms()


@dataclass(frozen=True)
class Orientation:
    """One distinct orientation of a pattern on a board of ``size``: its cells (row, column
    offsets from the outlined square, least rank), marked squares, bit offsets, and the bitboard
    of squares where the outlined square may stand."""

    index: int
    cells: tuple[Cell, ...]
    marked: tuple[tuple[int, int], ...]
    offsets: tuple[tuple[int, int], ...]      # (bit offset, rank) of each pattern piece
    anchors: int


@lru_cache(maxsize=4096)
def orientations(cells: tuple[Cell, ...], marked: tuple[tuple[int, int], ...],
                 size: int = 9) -> tuple[Orientation, ...]:
    """The distinct orientations of a pattern (duplicates under symmetry merged), in a stable
    order (the first transform that gives each)."""
    seen: set = set()
    out: list[Orientation] = []
    for f in TRANSFORMS:
        tc = tuple(sorted((Cell(*f(c.dr, c.dc), c.rank) for c in cells),
                          key=lambda x: (x.dr, x.dc)))
        tm = tuple(sorted(f(r, c) for r, c in marked))
        key = (tc, tm)
        if key in seen:
            continue
        seen.add(key)
        pts = [(c.dr, c.dc) for c in tc] + list(tm) + [(0, 0)]
        rmin, rmax = min(p[0] for p in pts), max(p[0] for p in pts)
        cmin, cmax = min(p[1] for p in pts), max(p[1] for p in pts)
        anchors = 0
        for r in range(-rmin, size - rmax):
            for c in range(-cmin, size - cmax):
                anchors |= 1 << (r * size + c)
        offsets = tuple((c.dr * size + c.dc, c.rank) for c in tc if c.rank)
        out.append(Orientation(len(out), tc, tm, offsets, anchors))
    return tuple(out)


def card_orientations(d: CardDef, size: int = 9) -> tuple[Orientation, ...]:
    return orientations(d.cells, d.marked, size)


def _shift(bits: int, d: int) -> int:
    return bits >> d if d >= 0 else bits << -d


def match_anchors(o: Orientation, ge: tuple[int, int, int, int]) -> int:
    """Every square where the outlined square of ``o`` may stand with the pattern's pieces all on
    your pieces; ``ge[r]`` is the bitboard of your pieces of rank ≥ r."""
    acc = o.anchors
    for d, r in o.offsets:
        acc &= _shift(ge[r], d)
        if not acc:
            return 0
    return acc


def match_improvised(o: Orientation, ge: tuple[int, int, int, int],
                     enemy_ge: tuple[int, int, int, int]) -> list[tuple[int, int]]:
    """Placements that need exactly one enemy piece (from ``enemy_ge``, one colour) in place of
    one of yours: (anchor square, bit offset of the substituted pattern piece) pairs. The
    and-ed masks of the other pieces come from prefix and suffix products (linear in the
    pattern's size)."""
    offs = o.offsets
    k = len(offs)
    if not k:
        return []
    masks = [_shift(ge[r], d) for d, r in offs]
    prefix = [o.anchors]
    for m in masks[:-1]:
        prefix.append(prefix[-1] & m)
    out = []
    suffix = -1
    for i in range(k - 1, -1, -1):
        di, ri = offs[i]
        acc = prefix[i] & suffix & _shift(enemy_ge[ri], di)
        suffix &= masks[i]
        while acc:
            low = acc & -acc
            out.append((low.bit_length() - 1, di))
            acc ^= low
    return out


def squares(bits: int) -> list[int]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def used_squares(o: Orientation, anchor: int, size: int = 9) -> list[int]:
    """The board squares of the pattern's pieces for ``o`` at ``anchor``."""
    return [anchor + d for d, _ in o.offsets]


def marked_squares(o: Orientation, anchor: int, size: int = 9) -> list[int]:
    r0, c0 = divmod(anchor, size)
    return [(r0 + r) * size + (c0 + c) for r, c in o.marked]


def reference_matches(cells: tuple[Cell, ...], owner: list[int], rank: list[int], me: int,
                      size: int = 9) -> set[tuple[frozenset, int]]:
    """The plain matcher: every (pattern squares with ranks, outlined square) where the pattern
    under one of the 8 symmetries stands on ``me``'s pieces of at least the shown rank, tried
    square by square."""
    out = set()
    for f in TRANSFORMS:
        tc = [(*f(c.dr, c.dc), c.rank) for c in cells]
        for r0 in range(size):
            for c0 in range(size):
                ok = True
                for dr, dc, rk in tc:
                    r, c = r0 + dr, c0 + dc
                    if not (0 <= r < size and 0 <= c < size):
                        ok = False
                        break
                    if rk and not (owner[r * size + c] == me and rank[r * size + c] >= rk):
                        ok = False
                        break
                if ok:
                    out.add((frozenset(((r0 + dr) * size + c0 + dc, rk) for dr, dc, rk in tc),
                             r0 * size + c0))
    return out
