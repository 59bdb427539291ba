"""What a seat may do now (every stage's legal actions) and doing it: each action is checked
against the legal ones before any event, and refused with the most specific rule in words."""

from __future__ import annotations

from typing import Any

from engine.core.game import IllegalAction
from engine.magus import antiss as A8
from engine.magus import equipment as Q
from engine.magus import events as E
from engine.magus import flow
from engine.magus import keywords as K
from engine.magus import machines as MC
from engine.magus import manoeuvre as M
from engine.magus import mosaic as M7
from engine.magus import planes as P9
from engine.magus.actions import (
    Activate,
    Aim,
    Animate,
    Attach,
    Build,
    Capture,
    ChangeOrder,
    ChooseStarter,
    Concede,
    Condition,
    Cut,
    Discard,
    Done,
    Equip,
    Escape,
    Expedition,
    Fight,
    Focus,
    GoOn,
    Channel,
    EnterAntiss,
    Haunt,
    Invoke,
    Join,
    Keep,
    KeepBeast,
    Mulligan,
    Pass,
    PickTower,
    Play,
    PlayTreasure,
    Protect,
    Raze,
    Reshuffle,
    Ride,
    Siege,
    SolveQuest,
    Store,
    Strike,
    TriggerFirst,
    Unequip,
    UseAlly,
    Victim,
    WallCheck,
    Weave,
)
from engine.magus.ctx import Run, attached_to, free_towers, goes_to, holder, team_of
from engine.magus.effects import (
    beast_attack,
    beast_step,
    beast_victims,
    building_condition,
    clash,
    named_clash,
    one_only_blocked,
    one_only_pair,
)
from engine.magus.timeline import (
    PRIORITY,
    add_item,
    after_unwind,
    context,
    open_timeline,
    pass_priority,
)

LINE_TIMELINES = ("opening", "resource", "action", "closing")


def is_forced(a: Any) -> bool:
    """A lone Pass or Done is taken by the engine (auto-pass)."""
    return isinstance(a, (Pass, Done))


def legal(r: Run, seat: int) -> list[Any]:  # noqa: C901 - one branch per stage
    s = r.s
    if s.result is not None:
        return []
    st = s.stage
    if st == PRIORITY:
        return _priority(r, seat) if seat == s.active else []
    if seat != s.chooser:
        return []
    p = s.players[seat]
    if st == "starter":
        return [ChooseStarter(0), ChooseStarter(1)]
    if st == "towers":
        if len(p.picked) >= 3:
            return [Done()]
        have = {s.cards[i].cid for i in p.picked}
        seen: set[str] = set()
        out: list[Any] = []
        for i in sorted(p.future):
            cid = s.cards[i].cid
            if r.pool[cid].type == "tower" and cid not in have and cid not in seen:
                seen.add(cid)
                out.append(PickTower(i))
        return out
    if st == "cut":
        n = len(s.players[s.cuts[0]].future) if s.cuts else 0
        return [Done()] + ([Reshuffle()] if n > 1 else []) + [Cut(k) for k in range(1, n)]
    if st == "mulligan":
        return [Keep(), Mulligan()] if p.hand_size >= 3 else [Keep()]
    if st == "adjust":
        return [Discard(i) for i in sorted(p.hand)]
    if st == "close_discard":
        return [Discard(i) for i in sorted(p.hand)] + [Done()]
    m = s.manoeuvre
    if st == "team" and m is not None:
        size = M.team_size(r, m, m.step != "init")
        out = []
        if len(p.picked) < size and m.kind == "antiss":                         # MK 8.02
            out = [Join(i) for i in A8.joinable(r, seat, m.step == "init")]
        elif len(p.picked) < size:
            out = [Join(i) for i in p.line if s.cards[i].pos == "alert" and i not in p.picked
                   and r.pool[s.cards[i].cid].type == "adventurer"]
            if m.step == "init" and m.kind == "siege" and p.mp < M.SIEGE_MP and not p.picked:
                out = [j for j in out if "raiding" in r.d(j.card).keywords]     # MK 2.18
        out += [Equip(e, h) for e, h in Q.arming(r, seat)]                # MK 3.05.3.C
        if m.kind == "antiss" and m.step == "init" and \
                not any(A8.wizard(r, i) for i in p.picked):       # MK 8.01.B: a wizard leads
            return out
        if p.picked or m.step == "block":
            out.append(Done())
        return out
    if st == "wall":
        return [WallCheck(True), WallCheck(False)]
    if st == "order" and m is not None:
        team = team_of(s, seat)
        front = [i for i in team if s.cards[i].front]
        out = [Protect(i) for i in front] if len(front) > 1 else []
        return out + [Done()]
    if st in ("goon", "more"):
        return [GoOn(True), GoOn(False)]
    if st == "condition" and m is not None:
        q = r.d(m.target)
        if K.is_treasure(r, m.target):                 # MK 2.07.c: "team level ≥ X" only
            return [Condition(0)]
        return [Condition(i) for i in range(len(q.conditions))] + \
            ([Expedition()] if q.expedition else [])                             # MK 2.03
    if st == "triggers":
        return [TriggerFirst(i) for i in s.triggers if holder(s.cards[i]) == seat]
    if st == "reattach":
        return [KeepBeast(b) for b in s.victorious if holder(s.cards[b]) == seat] + [Done()]
    if st == "store":
        return [Store(t) for t in free_towers(s, r.pool, seat)]
    if st == "raze":
        pair = one_only_pair(r, seat)                                           # MK 1.14.4
        return [Raze(i) for i in sorted(pair or p.buildings)]
    if st == "escape":                                                          # MK 2.16
        return [Escape(True), Escape(False)]
    if st == "focus" and s.paying:                                              # MK 2.19
        card, caster = s.paying[0], s.paying[1]
        out = [Focus(f) for f in K.focus_supply(r, seat, card)]
        if K.card_cost(r, card, caster, seat) <= p.mp:
            out.append(Done())
        return out
    if st == "mosaic" and s.weaving:                                            # MK 7.00
        return [Weave(f, b) for f, b in M7.weaves(r, seat)]
    if st == "aim" and s.aiming:                                                # MK 5.01.B
        return [Aim(t) for t in K.aim_targets(r, s.aiming[1], s.aiming[0])]
    if st == "victim" and s.beast:
        return [Victim(i) for i in beast_victims(r, 1 - seat)]
    return []


def _casters(r: Run, seat: int, d: Any, area: str) -> list[int]:
    s = r.s
    if area == "team" and A8.on_antiss(r) and d.phase == "combat":            # MK 8.03 "E"
        return A8.casters(r, team_of(s, seat))
    pool = team_of(s, seat) if area == "team" else s.players[seat].line
    out = []
    for i in pool:
        c = s.cards[i]
        if c.pos != "alert" or r.pool[c.cid].type != "adventurer":
            continue
        if d.castes and not any(k.split("/")[0] in d.castes for k in r.pool[c.cid].castes):
            continue
        out.append(i)
    return out


def _targets(r: Run, seat: int, kind: str, area: str) -> list[int]:
    s = r.s
    if kind == "":
        return [-1]
    if kind == "item":
        return [it.uid for it in s.timelines[-1].items
                if it.kind in ("card", "activation", "reveal", "copy") and not it.hidden] \
            if s.timelines else []
    zone = "team" if area == "team" else "line"
    out = []
    if kind == "own_adventurer":              # MK 1.14.8: undamaged only if none is damaged
        own = [c for c in s.cards if c.zone == zone and holder(c) == seat and
               r.pool[c.cid].type == "adventurer"]
        hurt = [c.iid for c in own if c.damage > 0]
        return hurt or [c.iid for c in own]
    if kind == "own_any":                                 # any own adventurer (MK 11.00.E)
        return [c.iid for c in s.cards if c.zone == zone and holder(c) == seat and
                r.pool[c.cid].type == "adventurer"]
    for c in s.cards:
        if c.zone != zone or r.pool[c.cid].type != "adventurer":
            continue
        mine = holder(c) == seat
        if kind == "enemy_line" and not mine:
            out.append(c.iid)
        elif kind == "enemy_front" and not mine and c.front:
            out.append(c.iid)
        elif kind == "enemy_combat" and not mine:
            out.append(c.iid)
    return out


def card_cost(r: Run, card: int, caster: int, seat: int = -1) -> int:
    """MK 5.01.C (keywords.card_cost: ŐSERŐ, the spell penalty)."""
    return K.card_cost(r, card, caster, seat)


def _plays(r: Run, seat: int, ctx: str) -> list[Any]:  # noqa: C901
    s = r.s
    p = s.players[seat]
    out: list[Any] = []
    tl = s.timelines[-1].kind if ctx == "timeline" else ""
    recall = [i for i in p.past if "recall" in r.pool[s.cards[i].cid].keywords]    # MK 2.11
    for i in sorted(p.hand) + sorted(recall):
        d = r.pool[s.cards[i].cid]
        special = d.mosaic or d.antiss or d.outer or d.spirit or d.machine or d.build_mp
        if special and K.off(r, d):                       # a §16 subsystem switched off
            continue
        mp = p.mp + (len(K.focus_supply(r, seat, i)) if "focus" in d.keywords else 0)
        simple = "primal" not in d.keywords and not d.outer
        cost = d.mp if simple else K.card_cost(r, i, -1, seat)
        if ctx == "sor":
            if d.type == "adventurer" and cost <= mp and not clash(r, seat, i) and \
                    not named_clash(r, seat, i):
                out.append(Play(i))
            elif d.type == "tower" and cost <= mp and not d.starting_only:
                out.append(Play(i))
            elif d.type == "quest" and len(p.quests) < 3:                          # MK 3.02.C
                out.append(Play(i))
            elif d.type == "event" and cost <= mp:
                out.append(Play(i))
            elif d.type in ("building", "ally") and cost <= mp and \
                    building_condition(r, seat, i) and not named_clash(r, seat, i) and \
                    not one_only_blocked(r, seat, i):                           # MK 1.14.4
                out.append(Play(i))                                  # MK 3.03.A, MK 3.08
            if K.obstacle_like(d) and i in p.hand:                    # MK 3.04.B, MK 2.14
                for h in _hosts(r, seat):
                    out.append(Attach(i, h))
            if K.is_rider(d) and i in p.hand:                          # MK 2.06, MK 2.09
                out += [Ride(i, h) for h in K.rider_hosts(r, seat, i)]
            if d.treasure and i in p.hand and len(p.quests) < 3 and d.mp <= p.mp:  # MK 2.07
                out.append(PlayTreasure(i))
        if d.type != "action":
            continue
        if d.mosaic and ctx == "timeline":                                         # MK 7.03
            out += [Play(i, c, t) for c, t in M7.auras(r, seat, i)]
            continue
        if d.mosaic:                                                              # MK 7.00
            if M7.enabled(r) and ctx != "timeline":
                area = "team" if ctx == "combat" else "line"
                out += [Play(i, c, t) for c in _casters(r, seat, d, area)
                        for t in M7.targets(r, seat, ctx) if M7.castable(r, seat, ctx, c, t)]
            continue
        if ctx == "sor":
            ok, area = d.phase == "sor" or d.speed == "fast", "line"
            if d.target == "item":
                ok = False
        elif ctx == "timeline":
            ok = d.speed == "fast" and d.phase in ("sor", "manoeuvre")
            area = "line" if tl in LINE_TIMELINES else "team"
            if tl == "m_prep":
                ok = ok or d.phase == "prep"
        else:
            ok, area = d.phase in ("combat", "manoeuvre"), "team"
        if not ok:
            continue
        if d.subtype == "equipment" and not d.castes:          # MK 3.05.3.D: no caster
            if ctx == "sor" and cost <= mp:
                out.append(Play(i))
            continue
        for c in _casters(r, seat, d, area):
            if ctx == "combat" and d.subtype == "melee" and not r.card(c).front:
                continue
            if ctx == "combat" and d.subtype == "ranged" and r.card(c).front:
                continue
            if (d.mp if simple and d.subtype != "spell" else K.card_cost(r, i, c, seat)) > mp:
                continue
            for t in _targets(r, seat, d.target, area):
                out.append(Play(i, c, t))
    return out


def _ally_uses(r: Run, seat: int, ctx: str) -> list[Any]:
    """MK 3.08: an ally's ability for its alliance points; MP-bound ones in the Sor of the
    Manoeuvres phase, fast ones wherever fast effects are (not in combat, MK 4.06 "Harci
    körök".D); once per timeline (MK 6.05.P)."""
    s = r.s
    out: list[Any] = []
    if ctx == "combat":
        return out
    tl = s.timelines[-1] if ctx == "timeline" else None
    sor = ctx == "sor" and s.phase == "manoeuvres" and s.manoeuvre is None
    for i in sorted(s.players[seat].allies):
        d = r.d(i)
        if r.card(i).points < d.use_points or (tl is not None and i in tl.used):
            continue
        if d.speed == "mp" and not sor:
            continue
        if d.speed == "fast" and not (sor or tl is not None):
            continue
        area = "line" if tl is None or tl.kind in LINE_TIMELINES else "team"
        out += [UseAlly(i, t) for t in _targets(r, seat, d.target, area)
                if t < 0 or not A8.silenced(r, t)]                              # MK 8.03.D
    return out


def _hosts(r: Run, seat: int) -> list[int]:
    """MK 3.04.A, ruling 23: any pending quest with a free path; own tower levels (2 slots)."""
    s = r.s
    out = []
    for pl in s.players:
        for q in pl.quests:                                         # MK 3.02.E, MK 2.13
            if K.used_slots(r, q) < K.slots(r, q):
                out.append(q)
    for t in s.players[seat].tower:                                               # MK 3.01.C
        if K.used_slots(r, t) < K.slots(r, t):
            out.append(t)
    for b in s.players[seat].buildings:                                           # MK 3.03.D
        if K.used_slots(r, b) < K.slots(r, b):
            out.append(b)
    return out


def _priority(r: Run, seat: int) -> list[Any]:
    s = r.s
    ctx = context(s)
    out = _plays(r, seat, ctx)
    p = s.players[seat]
    m = s.manoeuvre
    if ctx == "sor" and s.phase == "manoeuvres" and m is None:
        alert = any(s.cards[i].pos == "alert" and r.d(i).type == "adventurer" for i in p.line)
        if alert and s.players[1 - seat].tower and (
                p.mp >= M.SIEGE_MP or any("raiding" in r.d(i).keywords and
                                          s.cards[i].pos == "alert" for i in p.line)):
            out.append(Siege())
        out += [SolveQuest(q) for pl in s.players for q in pl.quests            # MK 8.02
                if A8.quest(r, q) and A8.may_attempt(r, seat, q)]
        if alert:
            out += [SolveQuest(q) for pl in s.players for q in pl.quests
                    if not A8.quest(r, q)]
            out += [Capture(b) for b in s.players[1 - seat].buildings              # MK 4.04
                    if M.capture_cost(r, b) <= p.mp]
            if p.fights > 0:                                               # MK 4.01.A
                out.append(Fight())
        out += [Invoke(c, t) for c, t in P9.invocations(r, seat)]                # MK 9.00
        out += [Haunt(c, t) for c, t in P9.hauntings(r, seat)]               # MK 11.00.D
        out += [EnterAntiss(c) for c in A8.entries(r, seat)]                    # MK 8.04
        out += [Channel(c, t) for c, t in A8.channels(r, seat)]                # MK 8.02
        out += [Equip(e, h) for e, h in Q.sor_equips(r, seat)]               # MK 3.05.3.C
        out += [Unequip(e) for e in Q.detachable(r, seat)]
        out += [Attach(e, q) for e, q in Q.quest_rewards(r, seat)]               # MK 3.02.F
    elif ctx == "sor":
        out = [a for a in out if isinstance(a, Play) and r.d(a.card).speed == "fast"]
    out += _ally_uses(r, seat, ctx)
    if ctx == "timeline":                      # MK 3.04.F: onto the opponent's new quest
        for q in s.timelines[-1].entered:
            if holder(s.cards[q]) != seat and s.cards[q].zone == "quests" and \
                    K.used_slots(r, q) < K.slots(r, q):
                out += [Attach(i, q) for i in sorted(p.hand)
                        if K.obstacle_like(r.pool[s.cards[i].cid])]
    if ctx == "timeline" and s.timelines[-1].kind == "m_obst" and m is not None and \
            not A8.silenced(r):                                                  # MK 8.03.D
        enemy = team_of(s, 1 - seat)
        if enemy:
            used = s.timelines[-1].used
            for o in attached_to(s, m.target):
                c = s.cards[o]
                if holder(c) == seat and o not in used and r.pool[c.cid].mp <= p.mp and \
                        r.pool[c.cid].type == "obstacle":
                    out.append(Activate(o))
    out += [Build(c, h) for c, h in MC.builds(r, seat, ctx)]            # MK 10.01-10.02
    if ctx == "combat" and m is not None and not A8.silenced(r):     # MK 2.15, MK 8.03.D
        out += [Animate(o, a) for o, a in K.animations(r, seat)]
    if ctx == "combat" and m is not None:                                 # MK 3.05.3.K
        out += [Strike(w, t) for w, t in Q.strikes(r, seat)]
    if ctx == "combat" and m is not None and p.mp >= 2:
        out += [ChangeOrder(i) for i in team_of(s, seat) if s.cards[i].pos == "alert"]
    out.append(Pass())
    return out


# ---------------------------------------------------------------------------- refusals
def refuse(r: Run, seat: int, a: Any) -> IllegalAction:
    """The most specific rule an illegal action breaks, in words."""
    s = r.s
    st = s.stage
    waiting = s.active if st == PRIORITY else s.chooser
    if seat != waiting:
        if st == PRIORITY:
            return IllegalAction("MK 1.06", f"Only the active player acts now (player "
                                 f"{'AB'[s.active]}); wait for your priority.", "not_active")
        return IllegalAction("MK 1.07", "The game waits for the other player's decision.",
                             "not_your_decision")
    card = getattr(a, "card", -1)
    recall = isinstance(a, Play) and card < len(s.cards) and card in s.players[seat].past
    if isinstance(a, (Play, Attach, Discard)) and not recall and (
            card >= len(s.cards) or card not in s.players[seat].hand):
        return IllegalAction("MK 1.03 \"Kéz\"", "Choose a card from your own hand.",
                             "not_in_hand")
    if isinstance(a, (Play, Attach)) and K.off(r, r.d(card)):
        return IllegalAction(K.off(r, r.d(card)), "That card belongs to a subsystem this game "
                             "switches off (see the game's options).", "subsystem_off")
    if isinstance(a, Play) and st == PRIORITY:
        d = r.d(card)
        if d.mosaic and not M7.enabled(r):
            return IllegalAction("MK 7.00", "Mosaic spells are not played in this game (the "
                                 "option mosaic is off).", "subsystem_off")
        if d.mosaic and context(s) == "timeline":                               # MK 7.03
            return IllegalAction("MK 7.03", "Into a running timeline a mosaic spell goes only "
                                 "as an Aura: when an item of the opposed element (water-fire, "
                                 "air-earth, force-force) would hit your adventurers, cast by "
                                 "an alert caster of its caste beside them, for their number "
                                 "× base MP.", "aura")
        if d.mosaic:
            return IllegalAction("MK 7.00", "A mosaic spell is cast by an alert caster of its "
                                 "caste, in the combat rounds (sword, arrow, eruption, carpet) "
                                 "or in the Sor (plume, shower, dome), at a target its forms "
                                 "allow, for at least base 1.", "mosaic")
        if context(s) == "timeline" and d.speed != "fast":
            return IllegalAction("MK 6.05.A", "Once a timeline has begun only fast effects may "
                                 "be used.", "not_fast")
        if K.card_cost(r, card, a.caster if a.caster < len(s.cards) else -1, seat) > \
                s.players[seat].mp + (len(K.focus_supply(r, seat, card))
                                      if "focus" in d.keywords else 0):
            return IllegalAction("MK 5.01.C", f"It needs {d.mp} MP; you have "
                                 f"{s.players[seat].mp}.", "mp")
        if d.type == "quest":
            return IllegalAction("MK 3.02.C", "You already have 3 pending quests.", "quests")
        if d.type in ("building", "ally") and named_clash(r, seat, card):
            return IllegalAction("MK 1.03 \"Nevesítés szabálya\"", "You already have a card "
                                 "of that name in Present or the Depth.", "named")
        if d.type == "building" and one_only_blocked(r, seat, card):
            return IllegalAction("MK 1.14.4", "A player controls at most one such building: "
                                 "you already control one of this card.", "one_only")
        if d.type == "ally":
            return IllegalAction("MK 3.08", "An ally is played only if its play condition is "
                                 "met by adventurers in your Line.", "condition")
        if d.type == "building":
            return IllegalAction("MK 3.03.A", "A building is played only if its play condition "
                                 "is met by adventurers in your Line.", "condition")
        if d.type == "adventurer" and named_clash(r, seat, card):
            return IllegalAction("MK 1.03 \"Nevesítés szabálya\"", "You already have a card "
                                 "of that name in Present or the Depth.", "named")
        if d.type == "adventurer":
            return IllegalAction("MK 3.07.2", "That adventurer's alignment is opposed to one "
                                 "of yours in Present.", "alignment")
        if d.type == "action":
            return IllegalAction("MK 5.01.B", "Name an alert caster of a listed caste and a "
                                 "legal target for that card (MK 3.05, MK 6.04).", "target")
    if isinstance(a, Attach) and Q.is_equipment(r, card):                       # MK 3.02.F
        return IllegalAction("MK 3.02.F", "An equipment goes openly under one of your own "
                             "pending quests that has none yet, its MP value at most the "
                             "quest's DP, in the Sor of the Manoeuvres phase.", "quest_equipment")
    if isinstance(a, Capture):
        b = a.building
        if b >= len(s.cards) or b not in s.players[1 - seat].buildings:
            return IllegalAction("MK 4.01.C", "Only a building of your opponent can be "
                                 "captured; nobody captures his own.", "capture_target")
        return IllegalAction("MK 4.01.F", f"A capture costs the building's DP "
                             f"({M.capture_cost(r, b)} MP) and needs an alert adventurer in the "
                             "Sor of the Manoeuvres phase.", "manoeuvre")
    if isinstance(a, Unequip) and a.card < len(s.cards) and \
            r.d(a.card).subtype == "equipment" and r.d(a.card).magic:
        return IllegalAction("MK 3.05.3.E", "A magic item cannot be detached.", "magic")
    if isinstance(a, Equip) and a.card < len(s.cards) and a.host < len(s.cards) and \
            a.card in s.players[seat].storage:
        if a.card in s.detached and s.manoeuvre is None:
            return IllegalAction("MK 3.05.3.C", "An item detached to the Storage this round "
                                 "stays there until the next round (ruling 67).", "detached")
        if r.d(a.card).relic and not r.d(a.host).named:
            return IllegalAction("MK 3.05.3.F", "A relic is attached only to a named "
                                 "adventurer.", "relic")
        return IllegalAction("MK 3.05.3.H", "Choose an own adventurer in the Line (or in the "
                             "team being armed) with that equipment's slot free.", "slot")
    if isinstance(a, Strike):
        return _refuse_strike(r, seat, a)
    if isinstance(a, (Equip, Unequip)):
        return IllegalAction("MK 3.05.3.C", "Equipment is attached from your Storage, or "
                             "detached from your adventurers in the Line, in the Sor.", "equip")
    if isinstance(a, (Activate, Animate)) and A8.silenced(r):                 # MK 8.03.D
        return IllegalAction("MK 8.03.D", "On the antiss only permanent and antiss abilities "
                             "work: no obstacle is activated against a team on the antiss.",
                             "antiss_abilities")
    if isinstance(a, UseAlly) and a.target < len(s.cards) and a.target >= 0 and \
            A8.silenced(r, a.target):
        return IllegalAction("MK 8.03.D", "On the antiss only permanent and antiss abilities "
                             "work: an ally's ability cannot reach an adventurer on the antiss.",
                             "antiss_abilities")
    if isinstance(a, UseAlly):
        return IllegalAction("MK 3.08.A", "An ally's ability needs your ally in Present with "
                             "enough alliance points, a legal target, and a moment of its "
                             "speed (once per timeline).", "ally")
    if isinstance(a, Fight):
        return IllegalAction("MK 4.01.A", "A fight may be started only when an effect permits "
                             "it this round, with an alert adventurer in the Sor.", "fight")
    if isinstance(a, Ride):
        return IllegalAction("MK 2.06" if a.card < len(s.cards) and
                             "mount" in r.d(a.card).keywords else "MK 2.09",
                             "A mount (HÁTAS) or a henchman (CSATLÓS) goes from your hand onto "
                             "one of your adventurers in the Line that meets its condition and "
                             "has no such card yet, in the Sor.", "ride")
    if isinstance(a, Animate):
        return IllegalAction("MK 2.15", "Only your own animated (MEGELEVENEDŐ) obstacle, in the "
                             "combat rounds, for its MP and by rotating an alert adventurer of "
                             "your team.", "animate")
    if isinstance(a, PlayTreasure):
        return IllegalAction("MK 2.07.c", "A treasure (KINCS) is played as a pending quest from "
                             "your hand, for its printed MP, while you have fewer than 3 "
                             "pending quests.", "treasure")
    if isinstance(a, Escape):
        return IllegalAction("MK 2.16", "Only the escaping adventurer's controller answers, "
                             "when an escape resolves.", "escape")
    if isinstance(a, Focus):
        return IllegalAction("MK 2.19", "Only your own FÓKUSZ cards in Present pay for a "
                             "FÓKUSZ card, 1 MP each.", "focus")
    if isinstance(a, Build):
        return IllegalAction("MK 10.00", "A build-on goes from your hand onto your Kahrei "
                             "adventurer in the Line in the Sor, or onto your machine obstacle "
                             "while its activation waits (at most its MP value of them), for "
                             "the MP printed before its symbol.", "build")
    if isinstance(a, Invoke):
        return IllegalAction("MK 9.00", "An outer ability is used once a round from your Outer "
                             "plane, in the Sor, for its MP, at a legal target.", "invoke")
    if isinstance(a, Haunt):
        return IllegalAction("MK 11.00.D", "A ghost acts only through its spirit ability, alert, "
                             "in the Sor, for its MP, at a legal target.", "haunt")
    if isinstance(a, EnterAntiss):
        return IllegalAction("MK 8.04", "An antiss wizard enters the antiss from your Line, "
                             "alert, in the Sor of the Manoeuvres phase: he turns resting.",
                             "enter_antiss")
    if isinstance(a, Channel):
        if a.card < len(s.cards) and a.card in s.antiss_acted:
            return IllegalAction("MK 8.03.C", "An adventurer acts on the antiss once a round; "
                                 "this one already has.", "antiss_once")
        return IllegalAction("MK 8.02", "An antiss ability is used by your antiss wizard "
                             "resting in your Line (on the antiss), in the Sor, for its MP, at "
                             "a legal target.", "channel")
    if isinstance(a, Weave) and a.kind == "aura":                                # MK 7.03
        return IllegalAction("MK 7.03", "Aura is only a neutraliser: it is woven into a running "
                             "timeline against an opposed element, never cast on its own.",
                             "aura")
    if isinstance(a, Weave):
        return IllegalAction("MK 7.00", "Choose a form that fits the moment, the caster and the "
                             "target, at a base value whose MP you can pay.", "weave")
    if isinstance(a, Aim):
        return IllegalAction("MK 5.01.B", "Choose a legal target for the effect entering the "
                             "Timeline.", "aim")
    if isinstance(a, Expedition):
        return IllegalAction("MK 2.03", "Only a quest with EXPEDÍCIÓ may be solved by "
                             "expedition, in its condition step.", "expedition")
    if isinstance(a, TriggerFirst):
        return IllegalAction("MK 6.05.E", "Choose one of your own round-start effects waiting "
                             "to enter.", "trigger")
    if isinstance(a, Store):
        return IllegalAction("MK 1.14.3", "A storable quest goes onto one of your own tower "
                             "levels that has none yet.", "store")
    if isinstance(a, Raze) and one_only_pair(r, seat):
        return IllegalAction("MK 1.14.4", "You control two of an \"at most one such building\" "
                             "card: sacrifice one of those two first.", "one_only")
    if isinstance(a, Raze):
        return IllegalAction("MK 3.03.F", "Destroy one of your own buildings.", "raze")
    if isinstance(a, SolveQuest) and a.quest < len(s.cards) and A8.quest(r, a.quest):
        return IllegalAction("MK 8.03", "An antiss quest needs an antiss wizard of yours not yet "
                             "on the antiss this round; each antiss quest is tried once a "
                             "round, and you solve one a round.", "antiss")
    if isinstance(a, (Siege, SolveQuest)):
        return IllegalAction("MK 4.01.B", "A line-leaving manoeuvre is started in the Sor with "
                             "an alert adventurer and its MP (a siege costs 2).", "manoeuvre")
    if isinstance(a, Join):
        m = s.manoeuvre
        size = M.team_size(r, m, m.step != "init") if m is not None else M.TEAM_SIZE
        return IllegalAction("MK 4.01.E", "Only your alert adventurers in the Line may join, "
                             f"at most {size}.", "team")
    if isinstance(a, Activate) and s.timelines and a.card in s.timelines[-1].used:
        return IllegalAction("MK 6.06.D", "That obstacle was already activated in this "
                             "timeline; an ability is activated once per timeline.", "once")
    if isinstance(a, Activate):
        return IllegalAction("MK 3.04.C", "Only your own obstacle on the target, once, in the "
                             "obstacle phase, while an enemy team is there.", "obstacle")
    if isinstance(a, Mulligan):
        return IllegalAction("MK 1.08.D", "A hand of fewer than 3 cards cannot be mulliganed.",
                             "mulligan")
    if isinstance(a, PickTower):
        return IllegalAction("MK 1.08.B", "Pick 3 different tower levels from your Future.",
                             "tower")
    return IllegalAction("MK 1.07", "That is not one of the things you may do now; choose one "
                         "the game offers.", "not_now")


def _refuse_strike(r: Run, seat: int, a: Strike) -> IllegalAction:
    """MK 3.05.3.K and what it rests on, the most specific first."""
    s = r.s
    d = r.d(a.card) if a.card < len(s.cards) else None
    if d is None or not d.reach or r.card(a.card).zone != "attached" or \
            holder(r.card(a.card)) != seat:
        return IllegalAction("MK 3.05.3.G", "Only a weapon worn by one of your adventurers "
                             "attacks; equipment works only attached.", "strike_weapon")
    if A8.silenced(r):
        return IllegalAction("MK 8.03.D", "On the antiss only permanent and antiss abilities "
                             "work: a weapon's attack does not.", "antiss_abilities")
    if context(s) != "combat" or s.manoeuvre is None:
        return IllegalAction("MK 4.06 \"Harci körök\"", "A weapon attacks only in the combat "
                             "rounds, when it is your turn to act.", "strike_when")
    if r.card(r.card(a.card).host).pos != "alert" or r.card(r.card(a.card).host).zone != "team":
        return IllegalAction("MK 6.01", "The wearer must be alert in the combat to attack; "
                             "he rotates as he does.", "strike_alert")
    if d.strike_mp > s.players[seat].mp:
        return IllegalAction("MK 3.05.3.K", f"That weapon's attack needs {d.strike_mp} MP; you "
                             f"have {s.players[seat].mp}.", "mp")
    if d.reach == "melee":
        return IllegalAction("MK 3.05.3.K", "A melee weapon attacks from the front row, at an "
                             "enemy in the front row.", "strike_melee")
    return IllegalAction("MK 3.05.3.K", "A ranged weapon attacks from the protected row, at "
                         "any enemy in the combat.", "strike_ranged")


# ---------------------------------------------------------------------------- doing it
def check_and_perform(r: Run, seat: int, a: Any) -> None:
    if isinstance(a, Concede):
        flow.end_game(r, (1 - seat,), "concede", "MK 1.01")
        return
    if a not in legal(r, seat):
        raise refuse(r, seat, a)
    perform(r, seat, a)
    flow.advance(r)


def perform(r: Run, seat: int, a: Any) -> None:  # noqa: C901 - one branch per action
    s = r.s
    st = s.stage
    t = type(a)
    if t is Pass:
        pass_priority(r, seat)
    elif t is ChooseStarter:
        r.emit(E.StarterChosen(a.seat, seat))
        flow.after_starter(r)
    elif t is PickTower:
        r.emit(E.TowerPicked(seat, a.card))
        r.emit(E.Picked(seat, a.card, "MK 1.08.B"))
    elif t is Done and st == "towers":
        r.emit(E.Picked(seat, -1, "MK 1.08.B"))
        flow.after_towers(r, seat)
    elif t is Keep:
        r.emit(E.HandKept(seat))
        r.stage("hand", -1, "MK 1.08.D")
    elif t is Mulligan:
        p = s.players[seat]
        r.emit(E.HandReturned(seat, tuple(p.hand), p.hand_size - 2))
        r.shuffle(seat, "MK 1.08.D")
        flow.offer_cut(r, (seat,), "hand")
    elif t is Cut:
        r.emit(E.CutAnswered(s.cuts[0], "cut", a.at))
        flow.next_cut(r)
    elif t is Reshuffle:
        owner = s.cuts[0]
        r.shuffle(owner, "MK 1.03 \"Keverési szabály\"")
        r.emit(E.CutAnswered(owner, "reshuffle"))
        flow.next_cut(r)
    elif t is Done and st == "cut":
        r.emit(E.CutAnswered(s.cuts[0], "none"))
        flow.next_cut(r)
    elif t is Discard:
        r.emit(E.CardMoved(a.card, "past", -1, False, -1, "MK 1.03 \"Lap eldobása\""))
        if st == "adjust":
            r.stage("hand", -1, "MK 1.07 \"Kézigazítás lépés\"")
        else:
            r.emit(E.HandKept(seat))
            flow.close_discard_done(r, seat)
    elif t is Done and st == "close_discard":
        r.emit(E.HandKept(seat))
        flow.close_discard_done(r, seat)
    elif t is Play:
        _play(r, seat, a)
    elif t is Attach and context(s) == "timeline":           # an interrupting attachment
        add_item(r, seat, a.card, "attach", -1, a.host, True, "MK 3.04.F")
    elif t is Attach and Q.is_equipment(r, a.card):           # MK 3.02.F: open, MP-bound
        r.stamp(seat)
        open_timeline(r, "action", "MK 3.02.F", recompute=False)
        add_item(r, seat, a.card, "attach", -1, a.host, False, "MK 3.02.F")
    elif t is Attach:
        r.stamp(seat)                                                  # MK 3.04.B, ruling 3
        open_timeline(r, "action", "MK 3.04.B", recompute=False)
        add_item(r, seat, a.card, "attach", -1, a.host, True, "MK 5.01.E")
    elif t is Activate:
        r.mp(seat, -r.d(a.card).mp, "MK 3.04.C")
        r.emit(E.Revealed(a.card, r.card(a.card).cid, "MK 6.05.D"))
        add_item(r, seat, a.card, "activation", -1, -1, False, "MK 6.05.C")
    elif t is Siege:
        M.begin(r, "siege", s.players[1 - seat].tower[0], seat)
    elif t is SolveQuest:
        M.begin(r, "antiss" if A8.quest(r, a.quest) else "quest", a.quest, seat)
    elif t is Equip and st == "team":                                   # arming
        r.emit(E.CardMoved(a.card, "attached", seat, False, a.host, "MK 3.05.3.C"))
    elif t in (Equip, Unequip):                        # an MP-bound Sor action (MK 6.01)
        r.stamp(seat)
        open_timeline(r, "action", "MK 3.05.3.C", recompute=False)
        add_item(r, seat, a.card, "equip" if t is Equip else "unequip", -1,
                 a.host if t is Equip else -1, False, "MK 3.05.3.C")
    elif t is UseAlly:
        _use_ally(r, seat, a)
    elif t is Ride:                                              # MK 2.06, MK 2.09, MK 6.01
        r.stamp(seat)
        open_timeline(r, "action", "MK 6.01", recompute=False)
        add_item(r, seat, a.card, "ride", -1, a.host, False,
                 "MK 2.06" if "mount" in r.d(a.card).keywords else "MK 2.09")
    elif t is PlayTreasure:                              # MK 2.07.b-c, ruling 36
        r.mp(seat, -r.d(a.card).mp, "MK 2.07.b")
        r.stamp(seat)
        open_timeline(r, "action", "MK 6.01", recompute=False)
        add_item(r, seat, a.card, "treasure", -1, -1, False, "MK 2.07.c")
    elif t is Animate:                                                          # MK 2.15
        r.mp(seat, -r.d(a.card).mp, "MK 3.04.C")
        r.emit(E.PositionSet(a.caster, "resting", "MK 2.15"))
        r.stamp(seat)
        r.emit(E.Revealed(a.card, r.card(a.card).cid, "MK 6.05.D"))
        open_timeline(r, "m_action", "MK 2.15", recompute=False)
        add_item(r, seat, a.card, "activation", -1, -1, False, "MK 2.15")
    elif t is Escape:
        K.escape(r, a.go)
        after_unwind(r)
    elif t is Focus:
        K.pay_focus(r, seat, a.card)
    elif t is Done and st == "focus":
        card, caster, target = s.paying[0], s.paying[1], s.paying[2]
        r.emit(E.FocusDone(seat))
        _paid(r, seat, Play(card, caster, target))
        r.stage(PRIORITY, -1, "MK 2.19")
    elif t is Weave:
        _weave(r, seat, a)
    elif t is Build:                                                  # MK 10.00.C
        on_adventurer = r.d(a.host).type == "adventurer"
        r.mp(seat, -r.d(a.card).build_mp, "MK 10.00.C")
        if on_adventurer:
            r.stamp(seat)
            open_timeline(r, "action", "MK 6.01", recompute=False)
        add_item(r, seat, a.card, "build", -1, a.host, False,
                 "MK 10.01" if on_adventurer else "MK 10.02")
    elif t in (Invoke, Haunt):                                  # MK 9.00, MK 11.00.D
        d = r.d(a.card)
        rule = "MK 9.00" if t is Invoke else "MK 11.00.D"
        r.mp(seat, -(d.outer_mp if t is Invoke else d.spirit_mp), rule)
        if t is Haunt:
            r.emit(E.PositionSet(a.card, "resting", rule))
        r.stamp(seat)
        open_timeline(r, "action", "MK 6.01", recompute=False)
        add_item(r, seat, a.card, "outer" if t is Invoke else "spirit", -1, a.target, False,
                 rule)
    elif t is EnterAntiss:                                                    # MK 8.04
        r.stamp(seat)
        r.emit(E.AntissEntered(seat, a.card))
        r.emit(E.PositionSet(a.card, "resting", "MK 8.04"))
        open_timeline(r, "action", "MK 6.01", recompute=False)
    elif t is Channel:                                              # MK 8.01.B, MK 8.02
        r.mp(seat, -r.d(a.card).antiss_mp, "MK 8.01.B")
        r.stamp(seat)
        open_timeline(r, "action", "MK 6.01", recompute=False)
        add_item(r, seat, a.card, "antiss_ability", -1, a.target, False, "MK 8.02")
    elif t is Strike:                                                        # MK 3.05.3.K
        Q.strike(r, seat, a.card, a.target)
    elif t is Aim:
        K.aim(r, a.target)
        after_unwind(r)
    elif t is TriggerFirst:
        add_item(r, seat, a.card, "round", -1, -1, False, "MK 6.05.E")
        flow.feed_triggers(r)
    elif t is KeepBeast:
        M.reattach(r, seat, a.card)
    elif t is Done and st == "reattach":
        M.reattach(r, seat, -1)
    elif t is Store:
        M.store(r, seat, a.tower)
    elif t is Fight:
        M.begin(r, "fight", -1, seat)
    elif t is Capture:
        M.begin(r, "capture", a.building, seat)
    elif t is Raze:
        M.raze(r, seat, a.card)
    elif t is Join:
        r.emit(E.Picked(seat, a.card, "MK 4.01.E"))
    elif t is Done and st == "team":
        M.team_done(r, seat)
    elif t is Protect:
        r.emit(E.OrderSet(a.card, False, "MK 4.06 \"Harci körök\".A"))
    elif t is Done and st == "order":
        M.order_done(r, seat)
    elif t is ChangeOrder:
        r.mp(seat, -2, "MK 4.06 \"Harci körök\".F")
        r.stamp(seat)
        open_timeline(r, "m_action", "MK 4.06 \"Harci körök\".F", recompute=False)
        add_item(r, seat, a.card, "order", a.card, a.card, False, "MK 4.06 \"Harci körök\".F")
    elif t is WallCheck:
        if a.end:
            M.end(r, "wall", "MK 4.03.C")
        else:
            M.block(r)
    elif t is GoOn and st == "more":
        M.more_rounds(r, seat, a.go)
    elif t is GoOn:
        M.goon(r, seat, a.go)
    elif t is Condition:
        M.meet_condition(r, seat, a.index)
    elif t is Expedition:
        M.expedition(r, seat)
    elif t is Victim:
        beast_attack(r, 1 - seat, a.card)
        if beast_step(r, 1 - seat):
            after_unwind(r)
    else:  # pragma: no cover - legal() offers nothing else
        raise IllegalAction("MK 1.07", "That is not one of the things you may do now.",
                            "not_now")


def _use_ally(r: Run, seat: int, a: UseAlly) -> None:
    """MK 3.08: pay the alliance points; the ability's virtual item enters the timeline (a new
    one in the Sor); an ally left with 0 points goes to the Past or the Depth at once."""
    s = r.s
    d = r.d(a.card)
    r.emit(E.AllyPoints(a.card, -d.use_points, "MK 3.08.A"))
    if d.speed == "mp":
        r.stamp(seat)
    if context(s) == "sor":
        open_timeline(r, "action", "MK 6.01", recompute=False)
    add_item(r, seat, a.card, "ally", -1, a.target, False, "MK 3.08")
    if r.card(a.card).points <= 0:
        r.emit(E.CardMoved(a.card, goes_to(s, r.pool, a.card), -1, False, -1, "MK 3.08.A"))


def _play(r: Run, seat: int, a: Play) -> None:
    """MK 5.01: shown, targeted, paid (MP; the caster rotates, MK 3.05), then into the
    timeline: a running one (MK 6.05.B), else a new one (MK 6.00)."""
    if r.d(a.card).mosaic:                         # MK 7.00: form and base come next
        r.emit(E.MosaicAsked(seat, a.card, a.caster, a.target, context(r.s) == "combat"))
        r.stage("mosaic", seat, "MK 7.00")
        return
    if "focus" in r.d(a.card).keywords and K.focus_supply(r, seat, a.card):     # MK 2.19
        r.emit(E.FocusAsked(seat, a.card, a.caster, a.target))
        r.stage("focus", seat, "MK 2.19")
        return
    _paid(r, seat, a)


def _weave(r: Run, seat: int, a: Weave) -> None:
    """MK 7.00: the chosen form and base; pay the form's MP, rotate the caster, and the card
    enters a new timeline (the combat action's, or the Sor's)."""
    card, caster, target, combat = r.s.weaving
    r.emit(E.MosaicWoven(seat, card, a.kind, a.base))
    r.mp(seat, -M7.cost(r, seat, a.kind, a.base, caster, card), "MK 7.00")
    r.emit(E.PositionSet(caster, "resting", "MK 3.05"))
    if a.kind == "aura":                   # MK 7.03: a neutraliser, into the running timeline
        add_item(r, seat, card, "card", caster, target, False, "MK 6.05.B")
        r.stage(PRIORITY, -1, "MK 7.03")
        return
    r.stamp(seat)
    open_timeline(r, "m_action" if combat else "action", "MK 6.01", recompute=False)
    add_item(r, seat, card, "card", caster, target, False, "MK 7.00")


def _paid(r: Run, seat: int, a: Play) -> None:
    s = r.s
    d = r.d(a.card)
    ctx = context(s)
    r.mp(seat, -K.card_cost(r, a.card, a.caster, seat), "MK 5.01.C")
    if a.caster >= 0:
        r.emit(E.PositionSet(a.caster, "resting", "MK 3.05"))
    if d.speed == "mp":
        r.stamp(seat)                                                              # MK 1.06.B
    if ctx == "sor":
        open_timeline(r, "action", "MK 6.01", recompute=False)
    elif ctx == "combat":
        open_timeline(r, "m_action", "MK 6.05.B", recompute=False)
    hidden = d.type in ("tower", "obstacle")                                       # MK 6.05.D
    origin = "past" if r.card(a.card).zone == "past" else "hand"
    add_item(r, seat, a.card, "card", a.caster, a.target, hidden,
             "MK 2.11" if origin == "past" else
             ("MK 6.05.B" if ctx == "timeline" else "MK 6.05.C"), origin)
