"""Equipment (MK 3.05.3), the Storage (MK 5.09.A, ruling 26) and arming: where an equipment
may be worn (slots, relics), attaching from the Storage in the Sor or while a team is composed,
detaching (not magic items), what happens to it when its wearer leaves Present, and armour
(VÉDŐKÜSZÖB X SFÉ Y, MK 2.17)."""

from __future__ import annotations

from engine.magus import events as E
from engine.magus.ctx import Run, attached_to, goes_to, holder, riders, worn
from engine.magus.state import Item

#: an off-hand weapon takes the shield's place (MK 3.05.3.I)
SLOT_OF = {"offhand": "shield"}


def is_equipment(r: Run, i: int) -> bool:
    d = r.d(i)
    return d.type == "action" and d.subtype == "equipment"


def may_wear(r: Run, equipment: int, host: int) -> bool:
    """MK 3.05.3.F, H-I: an adventurer of the equipment's player, a named one for a relic,
    and a free slot."""
    s = r.s
    d = r.d(equipment)
    h = r.card(host)
    if r.d(host).type != "adventurer" or h.zone not in ("line", "team"):
        return False
    if holder(h) != holder(r.card(equipment)):
        return False
    if d.relic and not r.d(host).named:
        return False
    slot = SLOT_OF.get(d.slot, d.slot)
    return all(SLOT_OF.get(r.d(e).slot, r.d(e).slot) != slot
               for e in worn(s, r.pool, host) if e != equipment)


def sor_equips(r: Run, seat: int) -> list[tuple[int, int]]:
    """(equipment, adventurer) pairs for attaching from the Storage in the Sor (MK 3.05.3.C);
    not an item detached this round (ruling 67)."""
    s = r.s
    p = s.players[seat]
    return [(e, a) for e in sorted(p.storage) if e not in s.detached
            for a in sorted(p.line) if may_wear(r, e, a)]


def arming(r: Run, seat: int) -> list[tuple[int, int]]:
    """Arming while the team is composed (MK 3.05.3.C, MK 4.06 "Kezdeményező csapat" 3): from
    the Storage onto an adventurer picked for the team."""
    p = r.s.players[seat]
    return [(e, a) for e in sorted(p.storage) for a in p.picked if may_wear(r, e, a)]


def detachable(r: Run, seat: int) -> list[int]:
    """MK 3.05.3.C, E: items (not magic items) worn by own adventurers in the Line."""
    s = r.s
    return [e for a in sorted(s.players[seat].line) for e in worn(s, r.pool, a)
            if not r.d(e).magic]


def resolve_equip(r: Run, item: Item) -> None:
    """An attachment from the Storage unwinds: it is worn if all still holds (MK 6.05.R)."""
    c = r.card(item.card)
    if c.zone == "storage" and may_wear(r, item.card, item.target):
        r.emit(E.CardMoved(item.card, "attached", item.player, False, item.target,
                           "MK 3.05.3.C"))


def resolve_unequip(r: Run, item: Item) -> None:
    if r.card(item.card).zone == "attached":
        r.emit(E.CardMoved(item.card, "storage", item.player, False, -1, "MK 3.05.3.C"))


def wearer_leaves(r: Run, adventurer: int) -> None:
    """MK 3.05.3.C, MK 4.01.K: a wearer leaving Present from a manoeuvre destroys its
    equipment; from the Line the equipment returns to the Storage."""
    s = r.s
    in_manoeuvre = r.card(adventurer).zone == "team"
    for x in riders(s, r.pool, adventurer):            # MK 2.06, MK 2.09: no host, no rider
        r.emit(E.CardMoved(x, goes_to(s, r.pool, x), -1, False, -1,
                           "MK 10.01" if r.d(x).build_mp else
                           "MK 2.06" if "mount" in r.d(x).keywords else "MK 2.09"))
    for e in worn(s, r.pool, adventurer):
        if in_manoeuvre:
            r.emit(E.CardMoved(e, goes_to(s, r.pool, e), -1, False, -1, "MK 4.01.K"))
        else:
            r.emit(E.CardMoved(e, "storage", holder(r.card(e)), False, -1, "MK 3.05.3.C"))


def armour_of(r: Run, adventurer: int) -> tuple[int, int]:
    """MK 2.17: the best VÉDŐKÜSZÖB X SFÉ Y among the worn equipment (0, 0: none)."""
    best = (0, 0)
    for e in worn(r.s, r.pool, adventurer):
        a = r.d(e).armour
        if a[1] > best[1] or (a[1] == best[1] and a[0] > best[0]):
            best = a
    return best


def armoured(r: Run, adventurer: int, roll: int, attack: int = -1) -> int:
    """MK 2.17.d: the reduction an attack roll of ``roll`` meets (0 if none); an attack card
    saying armour does not protect against it is weighed against the armour by MK 5.10
    (``numbers.armour_holds``, ruling 72)."""
    from engine.magus.numbers import armour_holds

    threshold, reduction = armour_of(r, adventurer)
    if not reduction or roll > threshold:
        return 0
    if attack >= 0:
        best = [e for e in worn(r.s, r.pool, adventurer) if r.d(e).armour == (threshold,
                                                                              reduction)]
        if best and not armour_holds(r.d(best[0]), r.d(attack)):
            return 0
    return reduction


# ---------------------------------------------------------------------------- quest rewards
def reward_of(r: Run, quest: int) -> int:
    """The equipment attached to a pending quest as its reward (MK 3.02.F), or -1."""
    return next((a for a in attached_to(r.s, quest) if is_equipment(r, a)), -1)


def may_reward(r: Run, seat: int, equipment: int, quest: int) -> bool:
    """MK 3.02.F: an equipment card from the seat's hand onto one of his own pending quests
    that has none yet, its MP value at most the quest's DP."""
    s = r.s
    if equipment >= len(s.cards) or quest >= len(s.cards) or quest < 0:
        return False
    if equipment not in s.players[seat].hand or not is_equipment(r, equipment):
        return False
    return quest in s.players[seat].quests and reward_of(r, quest) < 0 and \
        r.d(equipment).mp <= r.d(quest).dp


def quest_rewards(r: Run, seat: int) -> list[tuple[int, int]]:
    """(equipment, quest) pairs the seat may attach now (MK 3.02.F; a Sor action)."""
    p = r.s.players[seat]
    return [(e, q) for e in sorted(p.hand) if is_equipment(r, e)
            for q in p.quests if may_reward(r, seat, e, q)]


def resolve_reward(r: Run, item: Item) -> None:
    """The attachment unwinds: the equipment goes openly under the quest if that is still the
    player's pending quest without a reward (MK 6.05.R); else it is neutralised."""
    r.emit(E.CardMoved(item.card, "attached", item.player, False, item.target, "MK 3.02.F"))


def reward_holds(r: Run, item: Item) -> bool:
    q = r.card(item.target)
    return q.zone == "quests" and holder(q) == item.player and reward_of(r, item.target) < 0


def take_reward(r: Run, solver: int, quest: int) -> None:
    """MK 3.02.F, ruling 69: the solver puts the quest's equipment into his Storage, free."""
    e = reward_of(r, quest)
    if e >= 0:
        r.emit(E.CardMoved(e, "storage", solver, False, -1, "MK 3.02.F"))


# ---------------------------------------------------------------------------- weapon attacks
def strike_targets(r: Run, weapon: int) -> list[int]:
    """MK 3.05.3.K: who a worn weapon's wearer may attack now: with a melee weapon a front-liner
    at an enemy front-liner, with a ranged one from the protected row at any enemy in the
    combat (the wearer alert in the team, the weapon still on him)."""
    s = r.s
    d = r.d(weapon)
    w = r.card(weapon)
    if w.zone != "attached" or not d.reach or w.host < 0:
        return []
    wearer = r.card(w.host)
    if wearer.zone != "team" or wearer.pos != "alert":
        return []
    side = holder(wearer)
    if d.reach == "melee" and not wearer.front:
        return []
    if d.reach == "ranged" and wearer.front:
        return []
    return [c.iid for c in s.cards if c.zone == "team" and holder(c) != side and
            r.pool[c.cid].type == "adventurer" and (d.reach == "ranged" or c.front)]


def strikes(r: Run, seat: int) -> list[tuple[int, int]]:
    """(weapon, target) pairs for the seat's weapon attacks in a combat round (MK 3.05.3.G:
    the wearer makes the activation; its MP paid), none on the antiss (MK 8.03.D)."""
    from engine.magus.antiss import silenced

    s = r.s
    if silenced(r):
        return []
    mp = s.players[seat].mp
    out = []
    for c in s.cards:
        if c.zone == "attached" and holder(c) == seat and r.pool[c.cid].reach and \
                r.pool[c.cid].strike_mp <= mp:
            out += [(c.iid, t) for t in strike_targets(r, c.iid)]
    return out


def strike(r: Run, seat: int, weapon: int, target: int) -> None:
    """The wearer rotates, the MP is paid, and the attack's virtual item opens the combat
    action's timeline (MK 6.05.C, MK 4.06 "Harci körök")."""
    from engine.magus.timeline import add_item, open_timeline

    d = r.d(weapon)
    wearer = r.card(weapon).host
    if d.strike_mp:
        r.mp(seat, -d.strike_mp, "MK 3.05.3.K")
    r.emit(E.PositionSet(wearer, "resting", "MK 3.05.3.G"))
    r.stamp(seat)
    open_timeline(r, "m_action", "MK 4.06 \"Harci körök\"", recompute=False)
    add_item(r, seat, weapon, "weapon", wearer, target, False, "MK 3.05.3.K")


def strike_holds(r: Run, item: Item) -> bool:
    """MK 6.05.R: the target still an enemy in the combat (a melee target still in front), the
    weapon still on its wearer in the team."""
    w = r.card(item.card)
    if w.zone != "attached" or w.host != item.caster or r.card(item.caster).zone != "team":
        return False
    t = r.card(item.target)
    if t.zone != "team" or holder(t) == item.player:
        return False
    return r.d(item.card).reach == "ranged" or t.front
