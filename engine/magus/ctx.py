"""The working context of one submitted action: the state, the card pool, the events emitted so
far (each applied at once through the reducer), dice, and the queries every rule module shares."""

from __future__ import annotations

from typing import Any

from engine.core import rng
from engine.magus import events as E
from engine.magus.cards import CardDef
from engine.magus.priority import WHY_RULES, compute_active
from engine.magus.reducer import apply
from engine.magus.state import Card, State


class Run:
    def __init__(self, s: State, pool: dict[str, CardDef]) -> None:
        self.s = s
        self.pool = pool
        self.out: list[Any] = []

    # -- events ------------------------------------------------------------------------------
    def emit(self, ev: Any) -> None:
        apply(self.s, ev)
        self.out.append(ev)

    def stage(self, stage: str, chooser: int = -1, rule: str = "MK 1.07") -> None:
        if (self.s.stage, self.s.chooser) != (stage, chooser):
            self.emit(E.StageSet(stage, chooser, rule))

    def recompute(self) -> None:
        """MK 1.06.A-C (and MK 1.06.E after an unwound item)."""
        p, why, a, b = compute_active(self.s)
        s = self.s
        if (s.active, s.why, s.why_a, s.why_b) != (p, why, a, b):
            self.emit(E.ActiveSet(p, why, a, b, WHY_RULES[why]))

    def mp(self, player: int, delta: int, rule: str = "MK 5.01.C") -> None:
        if delta:
            self.emit(E.MpChanged(player, delta, rule))

    def stamp(self, player: int) -> None:
        self.emit(E.Stamped(player, self.s.clock))

    # -- dice (MK 1.09) ------------------------------------------------------------------------
    def die(self, player: int, purpose: str, rule: str = "MK 1.09.A") -> int:
        face, state = rng.below(self.s.rng, 6)
        self.emit(E.DieRolled(player, purpose, face + 1, state, rule))
        return face + 1

    def roll(self, player: int, purpose: str, high: int, low: int = 0,
             rule: str = "MK 1.09") -> tuple[int, bool]:
        """2d6, die by die, judged against (low, high]: success, borderline (MK 1.09.B-E)."""
        total = self.die(player, purpose, rule) + self.die(player, purpose, rule)
        ok = low < total <= high
        self.emit(E.RollJudged(player, purpose, total, low, high, ok, ok and total == high, rule))
        return total, ok

    def shuffle(self, player: int, rule: str = "MK 1.08.C") -> None:
        order, state = rng.shuffled(self.s.rng, self.s.players[player].future)
        self.emit(E.Shuffled(player, tuple(order), state, rule))

    # -- queries ---------------------------------------------------------------------------
    def card(self, i: int) -> Card:
        return self.s.cards[i]

    def d(self, i: int) -> CardDef:
        return self.pool[self.s.cards[i].cid]


def names(d: CardDef) -> set[str]:
    """A card's names for the named rule and by-name references: its own and its IGAZ NÉV
    (MK 2.02, both directions)."""
    return {d.name.en, d.true_name.en} if d.true_name is not None else {d.name.en}


def holder(c: Card) -> int:
    return c.controller if c.controller >= 0 else c.owner


def worn(s: State, pool: dict[str, CardDef], i: int) -> list[int]:
    """The equipment attached to adventurer ``i`` (MK 3.05.3.G: it works only attached)."""
    return [c.iid for c in s.cards if c.zone == "attached" and c.host == i and
            pool[c.cid].subtype == "equipment"]


def value(s: State | None, pool: dict[str, CardDef], c: Card, attr: str) -> int:
    """A printed number of an adventurer through the pipeline of MK 5.11 (numbers.py): the
    modifiers of its worn equipment, in the order they were attached (card ids)."""
    from engine.magus.numbers import Mod, compute

    base = getattr(pool[c.cid], attr)
    if s is None:
        return base
    i = c.iid
    mods = [Mod("add", b.amount, strong=b.strong, time=o.iid)           # worn and ridden
            for o in s.cards if o.host == i and o.zone == "attached"
            for b in pool[o.cid].boosts if b.attr == attr and _gives(pool[o.cid])]
    d = pool[c.cid]
    if d.tribe and d.boosts and tribal(s, pool, c):                               # MK 2.08
        mods += [Mod("add", b.amount, strong=b.strong, time=c.iid) for b in d.boosts
                 if b.attr == attr]
    return compute(base, mods) if mods else base


def _gives(d: CardDef) -> bool:
    """Attached cards whose boosts reach their host: equipment (MK 3.05.3.G), mounts and
    henchmen (MK 2.06, MK 2.09)."""
    return d.subtype == "equipment" or "mount" in d.keywords or "henchman" in d.keywords or \
        d.build_mp > 0


def riders(s: State, pool: dict[str, CardDef], i: int) -> list[int]:
    """Mounts (HÁTAS, MK 2.06) and henchmen (CSATLÓS, MK 2.09) on adventurer ``i``."""
    return [c.iid for c in s.cards if c.zone == "attached" and c.host == i and
            ("mount" in pool[c.cid].keywords or "henchman" in pool[c.cid].keywords or
             pool[c.cid].build_mp > 0)]


def tribal(s: State, pool: dict[str, CardDef], c: Card) -> bool:
    """MK 2.08: TÖRZSSZÖVETSÉG [race] works while its player controls at least three
    adventurers of that race ("*": three sharing one race); each adventurer counts once."""
    who = holder(c)
    mine = [pool[o.cid] for o in s.cards if o.zone in ("line", "team") and holder(o) == who
            and pool[o.cid].type == "adventurer"]
    races = [d.race or "human" for d in mine]
    want = pool[c.cid].tribe
    if want == "*":
        return any(races.count(x) >= 3 for x in set(races))
    return races.count(want) >= 3


def current_level(pool: dict[str, CardDef], c: Card, s: State | None = None) -> int:
    """MK 3.07.5: base level (with its equipment's modifiers when ``s`` is given) − damage."""
    return value(s, pool, c, "level") - c.damage


def dp(s: State, pool: dict[str, CardDef], p: int) -> int:
    """Derived DP (spec §1.3): solved quests' DP and controlled buildings' DP (MK 3.03.E)."""
    pl = s.players[p]
    stored = [c.iid for c in s.cards if c.zone == "attached" and c.host in pl.tower and
              pool[c.cid].type == "quest"]                                   # MK 1.14.3
    return sum(pool[s.cards[i].cid].dp for i in pl.solved + pl.buildings + stored)


def free_towers(s: State, pool: dict[str, CardDef], p: int) -> list[int]:
    """MK 1.14.3: own tower levels without a stored quest (one each)."""
    return [t for t in s.players[p].tower
            if not any(c.zone == "attached" and c.host == t and pool[c.cid].type == "quest"
                       for c in s.cards)]


def team_of(s: State, p: int) -> list[int]:
    m = s.manoeuvre
    if m is None:
        return []
    return list(m.attackers) if p == m.initiator else list(m.blockers)


def in_combat(s: State) -> bool:
    m = s.manoeuvre
    return m is not None and m.step in ("prep", "order", "rounds", "result")


def attached_to(s: State, host: int) -> list[int]:
    return [c.iid for c in s.cards if c.zone == "attached" and c.host == host]


def goes_to(s: State, pool: dict[str, CardDef], i: int) -> str:
    """MK 1.03 "Múlt/Mélység kerül": named to the Depth unless a same-named card is already in
    Present or the Depth; otherwise the Past."""
    c = s.cards[i]
    if not pool[c.cid].named:
        return "past"
    name = names(pool[c.cid])
    for o in s.cards:
        if o.iid != i and o.owner == c.owner and name & names(pool[o.cid]) and \
                o.zone in ("depth", "line", "team", "tower", "quests", "solved", "storage",
                           "buildings", "allies", "ghosts"):
            return "past"
    return "depth"
