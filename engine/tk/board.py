"""Board arithmetic: squares, distances, bitboards of pieces and each colour's free tokens
(TK Elemek.készlet, ruling TK R.3: supply less pieces on the board, score markers and pieces set
aside this turn)."""

from __future__ import annotations

from typing import Any

from engine.tk import events as E
from engine.tk.state import State

COLS = "abcdefghi"


def name(sq: int, size: int = 9) -> str:
    """A square's name: column letter a.. and row number from 1 (``a1`` top left)."""
    r, c = divmod(sq, size)
    return f"{COLS[c]}{r + 1}"


def dist(a: int, b: int, size: int = 9) -> int:
    """King-move (Chebyshev) distance (TK Hatás.mozgás: 8 neighbours)."""
    ra, ca = divmod(a, size)
    rb, cb = divmod(b, size)
    return max(abs(ra - rb), abs(ca - cb))


_NEIGH: dict[int, list[list[int]]] = {}


def neighbours(sq: int, size: int = 9) -> list[int]:
    table = _NEIGH.get(size)
    if table is None:
        table = []
        for s in range(size * size):
            r, c = divmod(s, size)
            table.append([(r + dr) * size + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                          if (dr or dc) and 0 <= r + dr < size and 0 <= c + dc < size])
        _NEIGH[size] = table
    return table[sq]


def colours(s: State) -> int:
    return 2 if s.team else len(s.players)


def colour_of(s: State, seat: int) -> int:
    return s.players[seat].colour


def seats_of(s: State, colour: int) -> list[int]:
    return [p for p, pl in enumerate(s.players) if pl.colour == colour]


def markers(s: State, colour: int) -> int:
    """Common/heroic tokens a colour has on score tracks (TK R.3, R.16)."""
    if s.mode == "duel":
        return 1
    if s.mode == "battle":
        return len(s.players) - 1
    return 0


def free_tokens(s: State, colour: int, rank: int) -> int:
    """Tokens of the kind a piece of ``rank`` needs (common/heroic or legendary) still free."""
    legendary = rank == 3
    total = s.options["legendary_supply"] if legendary else s.options["supply"] - \
        markers(s, colour)
    used = sum(1 for sq, o in enumerate(s.owner) if o == colour and
               (s.rank[sq] == 3) == legendary)
    used += sum(1 for a in s.aside if a[0] == colour and (a[1] == 3) == legendary)
    return total - used


def bitboards(s: State, colour: int) -> tuple[int, int, int, int]:
    """``ge[r]``: the bitboard of ``colour``'s pieces of rank ≥ r (ge[0] unused: all squares)."""
    g1 = g2 = g3 = 0
    owner, rank = s.owner, s.rank
    for sq in range(len(owner)):
        if owner[sq] == colour:
            r = rank[sq]
            bit = 1 << sq
            g1 |= bit
            if r >= 2:
                g2 |= bit
                if r == 3:
                    g3 |= bit
    return (-1, g1, g2, g3)


def above(s: State, rank: int) -> int:
    """Bitboard of every piece (any colour) of rank above ``rank``."""
    out = 0
    for sq, r in enumerate(s.rank):
        if r > rank:
            out |= 1 << sq
    return out


def upgraded(s: State, colour: int) -> int:
    return sum(1 for sq, o in enumerate(s.owner) if o == colour and s.rank[sq] >= 2)


def pieces(s: State, colour: int) -> int:
    return sum(1 for o in s.owner if o == colour)


def legendary(s: State, colour: int) -> int:
    return sum(1 for sq, o in enumerate(s.owner) if o == colour and s.rank[sq] == 3)


def remove(ctx: Any, sq: int, by: int, rule: str, destroyed: bool = True) -> None:
    """Take the piece on ``sq`` off the board. A destroyed enemy piece in Deathmatch waits beside
    the board for this turn's scoring (TK Hatás.pusztítás.számlálás, TK R.7)."""
    s = ctx.s
    mine = by >= 0 and s.owner[sq] == colour_of(s, by)
    aside = destroyed and by >= 0 and not mine and s.mode in ("duel", "battle")
    ctx.emit(E.Removed(sq, by, destroyed, aside, rule))
