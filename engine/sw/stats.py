"""Current values of cards on the battlefield: strength, life, keywords, classes, filters
(summoner-wars.md §14.5: static modifiers are recomputed continuously, so nothing here is
stored — an aura that leaves play stops at once).
"""

from __future__ import annotations

from typing import Iterable

from engine.sw import board as B
from engine.sw.cards import Ability, CardDef, Filter
from engine.sw.state import ACTIVE, BOARD, EMPTY, Card, State


class PoolIndex:
    """Per-pool lookups computed once: each card's own abilities, those it gives from under a
    card, keywords, class words, static modifiers and auras."""

    def __init__(self, pool: dict[str, CardDef]):
        self.own = {cid: tuple((i, ab) for i, ab in enumerate(d.abilities) if not ab.under)
                    for cid, d in pool.items()}
        self.under = {cid: tuple((i, ab) for i, ab in enumerate(d.abilities) if ab.under)
                      for cid, d in pool.items()}
        self.keywords = {cid: frozenset(ab.keyword for _, ab in self.own[cid] if ab.keyword)
                         for cid in pool}
        self.under_keywords = {cid: frozenset(ab.keyword for _, ab in self.under[cid]
                                              if ab.keyword) for cid in pool}
        self.classes = {cid: d.classes() for cid, d in pool.items()}
        self.whens = {cid: frozenset(ab.when for _, ab in self.own[cid] if ab.when)
                      for cid in pool}
        self.auras = {cid: tuple(ab for ab in d.abilities if ab.modifier is not None
                                 and ab.modifier.applies_to is not None)
                      for cid, d in pool.items()}
        self.mods = {cid: tuple(ab.modifier for _, ab in self.own[cid]
                                if ab.modifier is not None and ab.modifier.applies_to is None)
                     for cid in pool}
        self.under_mods = {cid: tuple(ab.modifier for _, ab in self.under[cid]
                                      if ab.modifier is not None
                                      and ab.modifier.applies_to is None) for cid in pool}


_INDEX: dict[int, tuple[dict, PoolIndex]] = {}


def _folded() -> tuple[dict[type, object], type]:
    from engine.sw import events as E

    # (the stack's depth after the event, the event) -> the lowest depth it touched
    return {E.TaskPushed: lambda d, ev: d - 1, E.TaskPopped: lambda d, ev: d,
            E.TaskReplaced: lambda d, ev: d - 1,
            E.TaskRaised: lambda d, ev: d - 1 - ev.depth}, E.GameEnded


_FOLDED, _ENDED = _folded()


def pool_index(pool: dict[str, CardDef]) -> PoolIndex:
    hit = _INDEX.get(id(pool))
    if hit is None or hit[0] is not pool:
        hit = (pool, PoolIndex(pool))
        _INDEX[id(pool)] = hit
    return hit[1]


class Ctx:
    """The state, the card pool and the events emitted so far in this call. Rules code never
    assigns to the state; it calls :meth:`emit`, which applies the event through the reducer."""

    __slots__ = ("s", "pool", "out", "apply", "queue", "ix", "_auras", "_start", "_low")

    def __init__(self, state: State, pool: dict[str, CardDef], apply=None):
        self.s = state
        self.pool = pool
        self.out: list[object] = []
        self.apply = apply
        #: triggered abilities waiting to be put on the task stack (:func:`triggers.flush`)
        self.queue: list = []
        self.ix = pool_index(pool)
        self._auras: list | None = None
        #: the task stack is not logged task by task but folded into one ``Advanced`` at the
        #: entry's end (:meth:`entry_events`): its depth when the entry began, and the lowest
        #: depth the entry touched
        self._start = self._low = len(state.tasks)

    def emit(self, event: object) -> None:
        self.apply(self.s, event)
        self._auras = None
        kind = type(event)
        if kind in _FOLDED:
            depth = len(self.s.tasks)
            self._low = min(self._low, _FOLDED[kind](depth, event))
            return
        if kind is _ENDED:                   # replayed, it empties the stack by itself
            self._start = self._low = 0
        self.out.append(event)

    def entry_events(self) -> list[object]:
        """The events of this entry: those logged, then the task stack's change folded into one
        ``Advanced`` (none when the entry left it as it was)."""
        from engine.sw.events import Advanced

        tasks = self.s.tasks
        low = self._low
        if low != self._start or low != len(tasks):
            self.out.append(Advanced(low, tuple(tasks[low:])))
            self._start = self._low = len(tasks)
        return self.out

    # -- lookups -----------------------------------------------------------------------
    def card(self, iid: int) -> Card:
        return self.s.cards[iid]

    def d(self, iid: int) -> CardDef:
        return self.pool[self.s.cards[iid].cid]

    def opt(self, key: str) -> object:
        from engine.sw.rulings import DEFAULT_OPTIONS

        return self.s.options.get(key, DEFAULT_OPTIONS[key])

    def on_board(self) -> Iterable[int]:
        """Top cards on the battlefield, in square order."""
        return (i for i in self.s.board if i != EMPTY)


# ---------------------------------------------------------------------------- abilities in force
def abilities(ctx: Ctx, iid: int) -> list[tuple[int, int, Ability]]:
    """(card, index, ability) of every ability working for ``iid``: its own (while on the
    battlefield) and those of cards lying under it that work for their host (gl. ALATT)."""
    card = ctx.s.cards[iid]
    out = [(iid, i, ab) for i, ab in ctx.ix.own[card.cid]]
    for u in card.under:
        out += [(u, i, ab) for i, ab in ctx.ix.under[ctx.s.cards[u].cid]]
    return out


def has_keyword(ctx: Ctx, iid: int, keyword: str) -> bool:
    card = ctx.s.cards[iid]
    if keyword in ctx.ix.keywords[card.cid]:
        return True
    return any(keyword in ctx.ix.under_keywords[ctx.s.cards[u].cid] for u in card.under)


def keyword_ability(ctx: Ctx, iid: int, keyword: str) -> Ability | None:
    for _, _, ab in abilities(ctx, iid):
        if ab.keyword == keyword:
            return ab
    return None


def classes(ctx: Ctx, iid: int) -> frozenset[str]:
    return ctx.ix.classes[ctx.s.cards[iid].cid]


def is_unit(ctx: Ctx, iid: int) -> bool:
    return ctx.d(iid).is_unit


def is_structure(ctx: Ctx, iid: int) -> bool:
    return ctx.d(iid).is_structure


def is_gate(ctx: Ctx, iid: int) -> bool:
    return "gate" in ctx.ix.classes[ctx.s.cards[iid].cid]


# ---------------------------------------------------------------------------- filters
def matches(ctx: Ctx, f: Filter | None, target: int, source: int, controller: int,
            slots: dict[str, int] | None = None, at: int = EMPTY) -> bool:
    """Does the battlefield card ``target`` match ``f`` as seen from ``source`` (controlled by
    ``controller``)? ``slots`` gives the squares/cards a filter's ``of`` may name; ``at`` is the
    square of a card that has just left the battlefield (a destroyed unit)."""
    if f is None:
        return True
    s = ctx.s
    t = s.cards[target]
    tsq = at if at != EMPTY else t.square
    if f.other and target == source:
        return False
    if f.side == "friendly" and t.controller != controller:
        return False
    if f.side == "enemy" and t.controller == controller:
        return False
    d = ctx.pool[t.cid]
    if f.cls or f.not_cls:
        cls = ctx.ix.classes[t.cid]
        if any(c not in cls for c in f.cls) or any(c in cls for c in f.not_cls):
            return False
    if f.name:
        names = (d.name.hu.lower(), d.name.en.lower())
        if not any(w.lower() in n for w in f.name for n in names):
            return False
    if f.max_cost >= 0 and (not (d.is_unit or d.is_structure) or d.kind == "summoner"
                            or d.cost > f.max_cost):
        return False
    if f.damaged is not None and (t.damage > 0) != f.damaged:
        return False
    if f.within:
        origin = origin_square(ctx, f.of, source, controller, slots)
        if origin == EMPTY or tsq == EMPTY or B.distance(origin, tsq) > f.within:
            return False
        if origin == tsq:
            return False
    if f.adjacent_to is not None:
        if tsq == EMPTY:
            return False
        if not any(
            (n := s.board[sq]) != EMPTY and n != target
            and matches(ctx, f.adjacent_to, n, source, controller, slots)
            for sq in B.neighbours(tsq)
        ):
            return False
    return True


def origin_square(ctx: Ctx, of: str, source: int, controller: int,
                  slots: dict[str, int] | None) -> int:
    if of == "self":
        return ctx.s.cards[source].square
    if of == "summoner":
        summ = ctx.s.players[controller].summoner
        return ctx.s.cards[summ].square if ctx.s.cards[summ].zone == BOARD else EMPTY
    if slots and of in slots:
        v = slots[of]
        return v if of.startswith("sq") else ctx.s.cards[v].square
    return EMPTY


def count(ctx: Ctx, f: Filter, source: int, controller: int,
          slots: dict[str, int] | None = None) -> int:
    return sum(1 for i in ctx.on_board() if matches(ctx, f, i, source, controller, slots))


# ---------------------------------------------------------------------------- modifiers
def _auras(ctx: Ctx) -> list[tuple[int, Ability]]:
    """Every aura in force: modifiers with ``applies_to`` of battlefield cards (and of cards
    under them) and of active events; cached until the next event."""
    if ctx._auras is not None:
        return ctx._auras
    out = []
    ix = ctx.ix
    cards = ctx.s.cards
    for i in ctx.on_board():
        c = cards[i]
        for ab in ix.auras[c.cid]:
            if not ab.under:
                out.append((i, ab))
        for u in c.under:
            out += [(i, ab) for ab in ix.auras[cards[u].cid] if ab.under]
    for p in ctx.s.players:
        for e in p.active:
            out += [(e, ab) for ab in ix.auras[cards[e].cid]]
    ctx._auras = out
    return out


def _amount(ctx: Ctx, mod, holder: int, controller: int) -> int:
    card = ctx.s.cards[holder]
    if mod.per is not None:
        n = count(ctx, mod.per, holder, controller) * mod.amount
    elif mod.per_self == "charges":
        n = card.charges * mod.amount
    elif mod.per_self == "damage":
        n = card.damage * mod.amount
    else:
        n = mod.amount
    if mod.cap:
        n = max(-mod.cap, min(mod.cap, n))
    return n


def _modified(ctx: Ctx, iid: int, stat: str) -> int:
    total = 0
    card = ctx.s.cards[iid]
    if card.zone != BOARD:
        return 0
    ix = ctx.ix
    mods = ix.mods[card.cid]
    if card.under:
        mods = mods + tuple(m for u in card.under for m in ix.under_mods[ctx.s.cards[u].cid])
    for m in mods:
        if m.stat == stat:
            total += _amount(ctx, m, iid, card.controller)
    for src, ab in _auras(ctx):
        m = ab.modifier
        if m.stat != stat:
            continue
        src_card = ctx.s.cards[src]
        if src_card.zone == ACTIVE:
            # an active event's aura: seen from its controller, no distance
            if matches(ctx, m.applies_to, iid, -1, src_card.controller):
                total += _amount(ctx, m, src, src_card.controller)
        elif matches(ctx, m.applies_to, iid, src, src_card.controller):
            total += _amount(ctx, m, src, src_card.controller)
    return total


def strength_of(ctx: Ctx, iid: int) -> int:
    """Current strength: base (printed or set, gl. ALAPERŐ) + modifiers + "until end of turn"
    boosts; never below 0."""
    card = ctx.s.cards[iid]
    d = ctx.pool[card.cid]
    base = card.base if card.base >= 0 else d.strength
    return max(0, base + _modified(ctx, iid, "strength") + card.bonus)


def life_of(ctx: Ctx, iid: int) -> int:
    """Current (maximum) life: printed + modifiers (auras such as Lehűlés)."""
    card = ctx.s.cards[iid]
    return ctx.pool[card.cid].life + _modified(ctx, iid, "life")


def remaining_life(ctx: Ctx, iid: int) -> int:
    return life_of(ctx, iid) - ctx.s.cards[iid].damage


def special_hits(ctx: Ctx, iid: int) -> int:
    """Hits each special symbol gives this unit's attacks (its own and granted dice rules)."""
    best = 0
    for _, _, ab in abilities(ctx, iid):
        if ab.dice is not None:
            n = ab.dice.special_hits
            if ab.dice.option:
                n = int(ctx.opt(ab.dice.option))  # type: ignore[call-overload]
            best = max(best, n)
    return best


def attack_type(ctx: Ctx, iid: int) -> str:
    return ctx.d(iid).attack or "melee"
