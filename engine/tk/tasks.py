"""High Form tasks (TK Előkészület.Haladó, TK Haladó.feladat): their conditions as named,
data-driven predicates over the board, the task board's set-up and replacement rules, claims and
the High Form score (task points + 1 per own legendary piece, TK Haladó.legenda)."""

from __future__ import annotations

from typing import Any, Callable

from engine.core import rng
from engine.tk import board as B
from engine.tk import events as E
from engine.tk.state import State


def _own(s: State, c: int) -> list[int]:
    return [q for q, o in enumerate(s.owner) if o == c]


def _line(s: State, c: int, n: int) -> bool:
    size = s.size
    for q in _own(s, c):
        r0, c0 = divmod(q, size)
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            k = 1
            while k < n:
                r, cc = r0 + dr * k, c0 + dc * k
                if not (0 <= r < size and 0 <= cc < size) or s.owner[r * size + cc] != c:
                    break
                k += 1
            if k >= n:
                return True
    return False


def _block(s: State, c: int, n: int) -> bool:
    size = s.size
    return any(r + 1 < size and col + 1 < size and all(
        s.owner[(r + dr) * size + col + dc] == c for dr in (0, 1) for dc in (0, 1))
        for r in range(size) for col in range(size) if s.owner[r * size + col] == c)


def _edge(s: State, c: int) -> int:
    size = s.size
    return sum(1 for q in _own(s, c) if q // size in (0, size - 1) or q % size in (0, size - 1))


#: condition name -> predicate(state, colour, amount)
CONDITIONS: dict[str, Callable[[State, int, int], bool]] = {
    "legendary_pieces": lambda s, c, n: B.legendary(s, c) >= n,
    "upgraded_pieces": lambda s, c, n: B.upgraded(s, c) >= n,
    "heroic_pieces": lambda s, c, n: sum(1 for q in _own(s, c) if s.rank[q] == 2) >= n,
    "centre_pieces": lambda s, c, n: sum(1 for q in s.centre if s.owner[q] == c) >= n,
    "edge_pieces": lambda s, c, n: _edge(s, c) >= n,
    "line": _line,
    "block": _block,
    "pieces": lambda s, c, n: B.pieces(s, c) >= n,
}

CONDITION_TEXT = {
    "legendary_pieces": ("Have at least {n} legendary pieces on the board.",
                         "Legyen legalább {n} legendás jelződ a táblán."),
    "upgraded_pieces": ("Have at least {n} upgraded pieces on the board.",
                        "Legyen legalább {n} felfejlesztett jelződ a táblán."),
    "heroic_pieces": ("Have at least {n} heroic pieces on the board.",
                      "Legyen legalább {n} hősi jelződ a táblán."),
    "centre_pieces": ("Have at least {n} pieces on the marked centre.",
                      "Legyen legalább {n} jelződ a jelölt középen."),
    "edge_pieces": ("Have at least {n} pieces on the edge of the board.",
                    "Legyen legalább {n} jelződ a tábla szélén."),
    "line": ("Have {n} of your pieces in one straight line (rows, columns, diagonals).",
             "Legyen {n} jelződ egy egyenes vonalban (sor, oszlop, átló)."),
    "block": ("Have four of your pieces in a 2×2 square.",
              "Legyen négy jelződ egy 2×2-es négyzetben."),
    "pieces": ("Have at least {n} pieces on the board.",
               "Legyen legalább {n} jelződ a táblán."),
}


def hf_score(s: State, colour: int) -> int:
    """Task points plus 1 per own legendary piece on the board (TK Haladó.legenda)."""
    return s.scores[colour][0] + B.legendary(s, colour)


def _category(ctx: Any, iid: int) -> str:
    return ctx.pool[ctx.s.cards[iid].cid].category


def _reveal_next(ctx: Any) -> None:
    """Reveal the next task; while 3 of the 4 face-up tasks share a category it goes under the
    deck and another is revealed (TK Előkészület.Haladó.3a4)."""
    s: State = ctx.s
    for _ in range(len(s.task_deck) + 1):
        if not s.task_deck:
            return
        top = s.task_deck[0]
        ctx.emit(E.Moved(top, -1, "next_task", "TK Előkészület.Haladó"))
        cats = [_category(ctx, i) for i in s.tasks_up]
        if cats.count(_category(ctx, top)) < 2 or not s.task_deck:
            return                             # no 3 of the 4 share this one's category
        ctx.emit(E.Moved(top, -1, "tasks_bottom", "TK Előkészület.Haladó.3a4"))


def setup_tasks(ctx: Any) -> None:
    """Three non-advanced tasks, the third not of the first two's shared category, then the
    next task (TK Előkészület.Haladó)."""
    s: State = ctx.s
    aside: list[int] = []
    for _ in range(len(s.task_deck)):
        if len(s.tasks_up) == 3 or not s.task_deck:
            break
        top = s.task_deck[0]
        d = ctx.pool[s.cards[top].cid]
        cats = [_category(ctx, i) for i in s.tasks_up]
        if d.advanced or (len(cats) == 2 and cats[0] == cats[1] == d.category):
            ctx.emit(E.Moved(top, -1, "tasks_bottom", "TK Előkészület.Haladó"))
            aside.append(top)
            continue
        ctx.emit(E.Moved(top, -1, "task_up", "TK Előkészület.Haladó"))
    if aside:                                  # the set-aside tasks are shuffled back in
        order, new = rng.shuffled(s.rng, s.task_deck)
        ctx.emit(E.Shuffled("tasks", -1, tuple(order), new, "TK Előkészület.Haladó"))
    _reveal_next(ctx)


def claimable(ctx: Any, seat: int) -> list[int]:
    """Indices of the face-up tasks ``seat``'s colour meets now."""
    s: State = ctx.s
    c = B.colour_of(s, seat)
    out = []
    for k, iid in enumerate(s.tasks_up):
        d = ctx.pool[s.cards[iid].cid]
        pred = CONDITIONS.get(d.condition)
        if pred is not None and pred(s, c, d.amount):
            out.append(k)
    return out


def claim(ctx: Any, seat: int, index: int) -> None:
    """Claim a task: its points, the next task takes its place, a new next task (TK
    Haladó.feladat)."""
    s: State = ctx.s
    iid = s.tasks_up[index]
    c = B.colour_of(s, seat)
    ctx.emit(E.Moved(iid, c, "claimed", "TK Haladó.feladat"))
    ctx.emit(E.Scored(c, 0, ctx.pool[s.cards[iid].cid].points, "TK Haladó.feladat"))
    if s.next_task >= 0:
        ctx.emit(E.Moved(s.next_task, -1, "task_up", "TK Haladó.feladat"))
    _reveal_next(ctx)
