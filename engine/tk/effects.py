"""Resolving effect scripts (TK Hatás.*): one step at a time, asking the resolving player for
each choice. A step that cannot be done fully is done as far as it can (TK Hatás.1); optional
steps and "up to" counts may be stopped with Skip (TK Hatás.választható)."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.tk import board as B
from engine.tk import events as E
from engine.tk.cards import TARGETED, Step
from engine.tk.state import Ask, Effect, State

RULE_OF = {"destroy": "TK Hatás.pusztítás", "upgrade": "TK Hatás.felfejlesztés",
           "downgrade": "TK Hatás.lefokozás", "convert": "TK Hatás.átalakítás",
           "move": "TK Hatás.mozgás", "jump": "TK Hatás.ugrás", "place": "TK Hatás.lerakás",
           "gain_action": "TK Hatás.akció", "draw_extra": "TK Hatás.extra"}


def script(pool: dict, s: State, e: Effect) -> tuple[Step, ...]:
    d = pool[s.cards[e.card].cid]
    return getattr(d, e.parts[0]) if e.parts else ()


def _near_ok(s: State, e: Effect, st: Step, sq: int, me: int) -> bool:
    near = st.near
    if near == "any" or (near == "self" and e.ref < 0):
        return True
    if near == "self":
        return sq != e.ref and B.dist(sq, e.ref, s.size) <= st.dist
    if near == "marked":
        return sq in e.marked
    if near == "own":
        return any(s.owner[n] == me for n in B.neighbours(sq, s.size))
    return False


def _owner_ok(s: State, st: Step, sq: int, me: int) -> bool:
    o = s.owner[sq]
    if o < 0:
        return False
    if st.owner == "enemy":
        return o != me
    if st.owner == "own":
        return o == me
    return True


def targets(s: State, e: Effect, st: Step) -> list[int]:
    """The squares a targeted step (or a piece choice of a move/jump) may pick now."""
    me = B.colour_of(s, e.player)
    out = []
    for sq in range(len(s.owner)):
        if sq in e.done or not _owner_ok(s, st, sq, me):
            continue
        r = s.rank[sq]
        if not st.min_rank <= r <= st.max_rank or not _near_ok(s, e, st, sq, me):
            continue
        if st.do == "upgrade" and (r == 3 or (r == 2 and B.free_tokens(s, s.owner[sq], 3) <= 0)):
            continue                                   # TK Hatás.felfejlesztés, TK R.17
        if st.do == "downgrade" and (r == 1 or (r == 3 and B.free_tokens(s, s.owner[sq], 2) <= 0)):
            continue                                   # TK Hatás.lefokozás, TK R.17
        if st.do == "convert":
            if s.owner[sq] == me or B.free_tokens(s, me, st.rank or r) <= 0:
                continue                               # TK Hatás.átalakítás, TK R.20
        if st.do in ("move", "jump") and not destinations(s, st, sq):
            continue
        out.append(sq)
    return out


def destinations(s: State, st: Step, src: int) -> list[int]:
    """Where the piece on ``src`` may move or jump: adjacent (move) or within ``reach`` (jump,
    0 = anywhere), onto an empty square or an enemy piece of lower rank (basic) or equal or lower
    rank (combat) (TK Hatás.alapmozgás, TK Hatás.harcimozgás, TK R.24)."""
    rk, col = s.rank[src], s.owner[src]
    if st.do == "move":
        cands = B.neighbours(src, s.size)
    else:
        cands = [q for q in range(len(s.owner)) if q != src and
                 (st.reach == 0 or B.dist(q, src, s.size) <= st.reach)]
    combat = st.kind == "combat"
    out = []
    for q in cands:
        o = s.owner[q]
        if o < 0 or (o != col and (s.rank[q] < rk or (combat and s.rank[q] == rk))):
            out.append(q)
    return out


def _places(s: State, e: Effect, st: Step) -> list[int]:
    me = B.colour_of(s, e.player)
    return [sq for sq in range(len(s.owner)) if s.owner[sq] < 0 and sq not in e.done
            and (st.near != "self" or e.ref < 0 or B.dist(sq, e.ref, s.size) <= st.dist)
            and (st.near != "marked" or sq in e.marked)
            and (st.near != "own" or any(s.owner[n] == me for n in B.neighbours(sq, s.size)))]


def _set(ctx: Any, e: Effect | None) -> None:
    ctx.emit(E.EffectSet(e))


def _next_step(e: Effect) -> Effect:
    return msgspec.structs.replace(e, step=e.step + 1, left=-1, mover=-1, moves=0, done=())


def advance(ctx: Any) -> None:
    """Run the effect on top until it needs a choice (an Ask) or ends (the card is discarded)."""
    s: State = ctx.s
    pool = ctx.pool
    for _ in range(1000):
        e = s.effect
        if e is None or s.ask is not None:
            return
        steps = script(pool, s, e)
        if e.step >= len(steps):
            if len(e.parts) > 1:
                _set(ctx, msgspec.structs.replace(e, parts=e.parts[1:], step=0, left=-1,
                                                  mover=-1, moves=0, done=()))
                continue
            _finish(ctx, e)
            return
        st = steps[e.step]
        rule = RULE_OF.get(st.do, "TK Hatás.1")
        me = B.colour_of(s, e.player)
        if st.do == "gain_action":
            ctx.emit(E.ActionsLeft(s.actions + max(1, st.count), rule))
            _set(ctx, _next_step(e))
        elif st.do == "draw_extra":
            ctx.emit(E.ExtraDraw(e.player, st.card))
            _set(ctx, _next_step(e))
        elif st.do in TARGETED or st.do == "place":
            left = e.left if e.left >= 0 else st.count
            opts = _places(s, e, st) if st.do == "place" else targets(s, e, st)
            if st.do == "place" and B.free_tokens(s, me, st.rank or 1) <= 0:
                opts = []                              # TK Hatás.lerakás: nothing is placed
            if st.count == 0 and st.do != "place":     # all of them, no choice
                for sq in opts:
                    do_target(ctx, e, st, sq)
                _set(ctx, _next_step(s.effect))
                continue
            if left <= 0 or not opts:
                _set(ctx, _next_step(e))
                continue
            if e.left != left:
                _set(ctx, msgspec.structs.replace(e, left=left))
            _ask(ctx, "target", e.player, opts, st.optional or st.up_to, rule)
            return
        elif st.do in ("move", "jump"):
            moves = e.moves if e.left >= 0 else st.times
            if e.left < 0:
                mover = e.ref if st.piece == "self" else -1
                e = msgspec.structs.replace(e, left=1, moves=moves, mover=mover)
                _set(ctx, e)
            if moves <= 0:
                _set(ctx, _next_step(e))
                continue
            if e.mover < 0:
                opts = targets(s, e, st)
                if not opts:
                    _set(ctx, _next_step(e))
                    continue
                _ask(ctx, "piece", e.player, opts, st.optional or st.up_to, rule)
                return
            if s.owner[e.mover] < 0:
                _set(ctx, _next_step(e))
                continue
            dests = destinations(s, st, e.mover)
            if not dests:
                _set(ctx, _next_step(e))
                continue
            _ask(ctx, "dest", e.player, dests, st.optional or st.up_to or e.moves < st.times,
                 rule)
            return
        else:
            _set(ctx, _next_step(e))


def _ask(ctx: Any, kind: str, player: int, options: list[int], optional: bool, rule: str) -> None:
    s = ctx.s
    if s.team and s.handed and player == s.active:
        player = s.controller                          # TK Csapat.átadás: the teammate finishes
    ctx.emit(E.Asked(Ask(kind, player, tuple(options), optional, rule), rule))


def do_target(ctx: Any, e: Effect, st: Step, sq: int) -> None:
    """Do a targeted step (or an effect placement) to ``sq``."""
    s: State = ctx.s
    rule = RULE_OF[st.do]
    me = B.colour_of(s, e.player)
    if st.do == "destroy":
        B.remove(ctx, sq, e.player, rule)
    elif st.do == "upgrade":
        ctx.emit(E.Ranked(sq, s.rank[sq] + 1, rule))
    elif st.do == "downgrade":
        ctx.emit(E.Ranked(sq, s.rank[sq] - 1, rule))
    elif st.do == "convert":
        rank = st.rank or s.rank[sq]
        B.remove(ctx, sq, e.player, rule)
        ctx.emit(E.Placed(sq, me, rank, rule))
    elif st.do == "place":
        ctx.emit(E.Placed(sq, me, st.rank or 1, rule))
    cur = s.effect
    if cur is not None:
        _set(ctx, msgspec.structs.replace(cur, done=cur.done + (sq,)))


def answer(ctx: Any, value: int | None) -> None:
    """The resolving player's answer to the effect's ask (None: Skip)."""
    s: State = ctx.s
    ask, e = s.ask, s.effect
    assert ask is not None and e is not None
    st = script(ctx.pool, s, e)[e.step]
    ctx.emit(E.Asked(None, ask.rule))
    if value is None:
        _set(ctx, _next_step(e))
    elif ask.kind == "target":
        do_target(ctx, e, st, value)
        e = s.effect
        _set(ctx, msgspec.structs.replace(e, left=e.left - 1))
    elif ask.kind == "piece":
        _set(ctx, msgspec.structs.replace(e, mover=value))
    elif ask.kind == "dest":
        rule = RULE_OF[st.do]
        if s.owner[value] >= 0:
            B.remove(ctx, value, e.player, rule)
        ctx.emit(E.Stepped(e.mover, value, rule))
        ref = value if e.mover == e.ref else e.ref
        _set(ctx, msgspec.structs.replace(e, mover=value, ref=ref, moves=e.moves - 1))
    advance(ctx)


def _finish(ctx: Any, e: Effect) -> None:
    """The effect is over: the card goes to its discard pile (TK Idézés.hatás)."""
    s: State = ctx.s
    d = ctx.pool[s.cards[e.card].cid]
    to = {"creature": "discard", "legend": "legend_discard", "flare": "flare_discard"}[d.kind]
    ctx.emit(E.Moved(e.card, e.player, to, "TK Idézés.hatás" if d.kind != "flare"
                     else "TK Felvillanás"))
    _set(ctx, None)
