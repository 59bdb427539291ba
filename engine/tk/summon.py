"""Summoning (TK Idézés): which placements of a hand card are legal, and doing one.

A legal summon is (card, distinct orientation, square of the outlined square[, the one enemy
piece of BATTLE's improvised summon]). The pattern is found by shift-and-mask
(:mod:`engine.tk.patterns`); the outlined square must not hold a piece of higher rank than the
new one (TK Idézés.cél), and a token of the needed kind must be free — or, under shortage, your
piece of that kind stands on the outlined square, or it is empty and one of your pieces the
pattern does not use may be taken (TK Idézés.hiány, TK R.9).
"""

from __future__ import annotations

from typing import Any

from engine.tk import board as B
from engine.tk import events as E
from engine.tk import patterns as P
from engine.tk.actions import Summon
from engine.tk.state import Ask, Effect, State


def _kind_ok(rank: int, new_rank: int) -> bool:
    """Is a piece of ``rank`` a token of the kind a new piece of ``new_rank`` needs?"""
    return (rank == 3) == (new_rank == 3)


def shortage_takes(s: State, me: int, new_rank: int, used: list[int], square: int) -> list[int]:
    """Under shortage with the outlined square empty: your pieces of the needed kind the pattern
    does not use (TK Idézés.hiány)."""
    return [q for q in range(len(s.owner)) if s.owner[q] == me and q != square and
            q not in used and _kind_ok(s.rank[q], new_rank)]


def feasible(s: State, me: int, new_rank: int, square: int, used: list[int],
             free: int | None = None) -> bool:
    if (B.free_tokens(s, me, new_rank) if free is None else free) > 0:
        return True
    if s.owner[square] == me and _kind_ok(s.rank[square], new_rank):
        return True
    return s.owner[square] < 0 and bool(shortage_takes(s, me, new_rank, used, square))


def summons(s: State, pool: dict, seat: int, hand: list[int] | None = None) -> list[Summon]:
    """Every legal summon of ``seat``'s hand cards (TK Idézés, TK Csata.rögtönzött)."""
    me = B.colour_of(s, seat)
    ge = B.bitboards(s, me)
    out: list[Summon] = []
    enemy_ge: dict[int, tuple] = {}
    if s.mode == "battle":
        for c in range(B.colours(s)):
            if c != me and not s.improvised[seat][c]:
                enemy_ge[c] = B.bitboards(s, c)
    above_cache: dict[int, int] = {}
    free = {1: B.free_tokens(s, me, 1), 3: B.free_tokens(s, me, 3)}
    mine = {k: [q for q in range(len(s.owner))
                if s.owner[q] == me and (s.rank[q] == 3) == (k == 3)]
            for k in (1, 3) if free[k] <= 0}

    def ok(nr: int, o: Any, sq: int) -> bool:
        """A token of the new piece's kind is free, or shortage allows it (TK Idézés.hiány)."""
        k = 3 if nr == 3 else 1
        if free[k] > 0:
            return True
        if s.owner[sq] == me and _kind_ok(s.rank[sq], nr):
            return True
        if s.owner[sq] >= 0:
            return False
        used = set(P.used_squares(o, sq))
        return any(q not in used for q in mine[k])

    for iid in hand if hand is not None else s.players[seat].hand:
        d = pool[s.cards[iid].cid]
        if d.kind not in ("creature", "legend"):
            continue
        nr = d.new_rank
        if nr not in above_cache:
            above_cache[nr] = B.above(s, nr)
        blocked = above_cache[nr]
        for o in P.orientations(d.cells, d.marked, s.size):
            acc = P.match_anchors(o, ge) & ~blocked
            normal = acc
            while acc:
                low = acc & -acc
                sq = low.bit_length() - 1
                acc ^= low
                if ok(nr, o, sq):
                    out.append(Summon(iid, o.index, sq))
            for c, ege in enemy_ge.items():
                for sq, di in P.match_improvised(o, ge, ege):
                    if (normal >> sq) & 1 or (blocked >> sq) & 1:
                        continue
                    if ok(nr, o, sq):
                        out.append(Summon(iid, o.index, sq, sq + di + 1))
    return out


def check(s: State, pool: dict, seat: int, a: Summon) -> str:
    """Why ``a`` is not a legal summon ("" when it is): the rule's words."""
    if a.card >= len(s.cards) or a.card not in s.players[seat].hand:
        return "TK Idézés.kéz"
    d = pool[s.cards[a.card].cid]
    if d.kind not in ("creature", "legend"):
        return "TK Idézés.kéz"
    if a in summons(s, pool, seat, [a.card]):
        return ""
    orients = P.orientations(d.cells, d.marked, s.size)
    if a.orient >= len(orients) or a.square >= len(s.owner):
        return "TK Idézés.szimmetria"
    o = orients[a.orient]
    me = B.colour_of(s, seat)
    if a.enemy:
        esq = a.enemy - 1
        if s.mode != "battle" or esq >= len(s.owner) or s.owner[esq] < 0 or \
                s.owner[esq] == me or s.improvised[seat][s.owner[esq]]:
            return "TK Csata.rögtönzött"
        return "TK Idézés.rang"
    if not (P.match_anchors(o, B.bitboards(s, me)) >> a.square) & 1:
        return "TK Idézés.rang"
    if s.rank[a.square] > d.new_rank:
        return "TK Idézés.cél"
    return "TK Idézés.hiány"


def perform(ctx: Any, seat: int, a: Summon) -> None:
    """Summon: the card to the table, the new piece on the outlined square, the legend's point,
    then its effect (TK Idézés, TK Idézés.hatás)."""
    s: State = ctx.s
    d = ctx.pool[s.cards[a.card].cid]
    me = B.colour_of(s, seat)
    o = P.orientations(d.cells, d.marked, s.size)[a.orient]
    used = P.used_squares(o, a.square)
    marked = tuple(P.marked_squares(o, a.square, s.size))
    ctx.emit(E.Moved(a.card, seat, "table", "TK Idézés.legenda" if d.kind == "legend"
                     else "TK Idézés"))
    if a.enemy:
        ctx.emit(E.ImprovisedUsed(seat, s.owner[a.enemy - 1]))
    nr = d.new_rank
    sq = a.square
    effect = Effect(a.card, seat, ("effect",), ref=sq, marked=marked)
    if B.free_tokens(s, me, nr) > 0:
        if s.owner[sq] >= 0:
            B.remove(ctx, sq, seat, "TK Idézés.cél")
        ctx.emit(E.Placed(sq, me, nr, "TK Idézés"))
    elif s.owner[sq] == me and _kind_ok(s.rank[sq], nr):
        if s.rank[sq] != nr:
            ctx.emit(E.Ranked(sq, nr, "TK Idézés.hiány"))
    else:
        takes = shortage_takes(s, me, nr, used, sq)
        if len(takes) > 1:
            ctx.emit(E.EffectSet(effect))
            ctx.emit(E.Asked(Ask("take", seat, tuple(takes), False, "TK Idézés.hiány"),
                             "TK Idézés.hiány"))
            return
        take_piece(ctx, seat, takes[0], sq, nr)
    after_piece(ctx, seat, effect)


def take_piece(ctx: Any, seat: int, take: int, sq: int, nr: int) -> None:
    """Shortage: take one of your pieces the pattern does not use and place it as the new piece
    (TK Idézés.hiány)."""
    s: State = ctx.s
    ctx.emit(E.Removed(take, -1, False, False, "TK Idézés.hiány"))
    ctx.emit(E.Placed(sq, B.colour_of(s, seat), nr, "TK Idézés.hiány"))


def after_piece(ctx: Any, seat: int, effect: Effect) -> None:
    """The new piece stands: the legend's point (DUEL now; BATTLE asks the colour first, TK
    R.26), then the effect."""
    s: State = ctx.s
    d = ctx.pool[s.cards[effect.card].cid]
    ctx.emit(E.EffectSet(effect))
    if d.kind == "legend" and s.mode == "duel":
        ctx.emit(E.Scored(B.colour_of(s, seat), 0, 1, "TK Párbaj.legenda"))
    elif d.kind == "legend" and s.mode == "battle":
        me = B.colour_of(s, seat)
        opts = tuple(c for c in range(B.colours(s)) if c != me)
        ctx.emit(E.Asked(Ask("legend_colour", seat, opts, False, "TK Csata.legenda"),
                         "TK Csata.legenda"))


def preview(view: Any, pool: dict, a: Summon) -> dict[str, Any]:
    """What a legal summon would do on the board, for a front end that lights it up: the
    pattern's squares (``used``), its marked squares, the outlined square, the enemy piece of an
    improvised summon, and the square whose piece would be destroyed by the landing (or None).
    Works on a view (``owner``/``rank``/``cards``/``size``) or a state."""
    cards = getattr(view, "cards", None)
    cid = cards[a.card] if isinstance(cards, dict) else cards[a.card].cid
    d = pool[cid]
    o = P.orientations(d.cells, d.marked, view.size)[a.orient]
    sq = a.square
    return {"used": P.used_squares(o, sq), "marked": P.marked_squares(o, sq, view.size),
            "square": sq, "enemy": a.enemy - 1 if a.enemy else None,
            "destroys": sq if view.owner[sq] >= 0 and view.rank[sq] <= d.new_rank else None,
            "new_rank": d.new_rank}
