"""What an item does when it is unwound (MK 6.05.G, R-T): cards entering Present, effects as
data (damage, attack rolls, heals, neutralising, draws, MP, death effects), obstacle
activations with their beasts' attacks (MK 4.06 "Bestia"), tower reveal abilities."""

from __future__ import annotations

from engine.magus import events as E
from engine.magus.cards import OPPOSED, Effect
from engine.magus.ctx import Run, current_level, goes_to, holder, names, team_of, value
from engine.magus.state import Item


def target_ok(r: Run, player: int, kind: str, target: int) -> bool:
    s = r.s
    if kind == "":
        return True
    if kind == "item":
        return bool(s.timelines) and any(it.uid == target for it in s.timelines[-1].items)
    if not 0 <= target < len(s.cards):
        return False
    c = s.cards[target]
    if r.pool[c.cid].type != "adventurer":
        return False
    mine = holder(c) == player
    if kind == "enemy_line":
        return c.zone == "line" and not mine
    if kind in ("own_adventurer", "own_any"):
        return c.zone in ("line", "team") and mine
    if kind == "enemy_front":
        return c.zone == "team" and not mine and c.front
    if kind == "enemy_combat":
        return c.zone == "team" and not mine
    return False


def targets_hold(r: Run, item: Item) -> bool:
    """MK 6.05.R: an item that lost its target is neutralised."""
    if item.kind == "attach" and r.d(item.card).subtype == "equipment":        # MK 3.02.F
        from engine.magus.equipment import reward_holds

        return reward_holds(r, item)
    if item.kind == "attach":
        host = r.card(item.target)
        return host.zone in ("quests", "tower", "buildings")
    if item.kind == "ride":                                            # MK 2.06, MK 2.09
        from engine.magus.keywords import rider_hosts

        return item.target in rider_hosts(r, item.player, item.card)
    if item.kind == "build":                                              # MK 10.01-10.02
        from engine.magus.machines import host_holds

        return host_holds(r, item.player, item.target)
    if item.kind == "enter" and item.target >= 0:                                # MK 6.05.R
        return target_ok(r, item.player, r.d(item.card).trigger_target, item.target)
    if item.kind == "weapon":                                                  # MK 3.05.3.K
        from engine.magus.equipment import strike_holds

        return strike_holds(r, item)
    if item.kind in ("outer", "spirit", "antiss_ability") and \
            r.d(item.card).target:                                # MK 9.00, 11.00.D, 8.02
        return target_ok(r, item.player, r.d(item.card).target, item.target)
    if item.kind == "ally" and r.d(item.card).target:
        return target_ok(r, item.player, r.d(item.card).target, item.target)
    if item.kind in ("card", "copy"):
        d = r.d(item.card)
        if d.mosaic and item.target >= 0:                       # MK 7.00, MK 6.05.R
            t = r.card(item.target)
            return t.zone in ("team", "line") and holder(t) != item.player
        if d.type in ("action", "event") and d.target:
            return target_ok(r, item.player if item.kind == "card" else
                             _original_side(r, item), d.target, item.target)
    return True


def _original_side(r: Run, item: Item) -> int:
    """A copy keeps its original's targets, so they are judged from the original's side."""
    d = r.d(item.card)
    t = r.card(item.target) if 0 <= item.target < len(r.s.cards) else None
    if t is not None and d.target.startswith("enemy"):
        return 1 - holder(t)
    return holder(t) if t is not None else item.player


def clash(r: Run, player: int, card: int) -> bool:
    """MK 3.07.2: two opposed alignments among one player's own adventurers in Present."""
    al = r.d(card).alignment
    if not al:
        return False
    s = r.s
    opposed = OPPOSED[al]
    return any(s.cards[i].owner == player and r.pool[s.cards[i].cid].alignment == opposed
               for i in s.players[player].line + team_of(s, player))


def named_clash(r: Run, player: int, card: int) -> bool:
    """MK 1.03 "Nevesítés szabálya": no second same-named card of one player in Present or
    the Depth (hidden cards ignored)."""
    d = r.d(card)
    if not d.named:
        return False
    s = r.s
    mine = names(d)
    return any(o.iid != card and o.owner == player and not o.face_down and
               bool(mine & names(r.pool[o.cid])) and
               o.zone in ("line", "team", "tower", "quests", "solved", "depth", "buildings",
                          "ghosts",
                          "allies")
               for o in s.cards)


def resolve(r: Run, item: Item) -> bool:
    """Carry out an unwound item; False while a beast waits for its victim (a decision)."""
    s = r.s
    if item.kind == "attach" and r.d(item.card).subtype == "equipment":        # MK 3.02.F
        from engine.magus.equipment import resolve_reward

        resolve_reward(r, item)
        return True
    if item.kind == "attach":                                                   # MK 3.04.B
        r.emit(E.CardMoved(item.card, "attached", item.player, True, item.target, "MK 3.04.B"))
        return True
    if item.kind == "ride":                                   # open, permanent (MK 2.06.b)
        r.emit(E.CardMoved(item.card, "attached", item.player, False, item.target,
                           "MK 2.06" if "mount" in r.d(item.card).keywords else "MK 2.09"))
        return True
    if item.kind == "build":                               # open, for good or this use
        r.emit(E.CardMoved(item.card, "attached", item.player, False, item.target,
                           "MK 10.01" if r.d(item.target).type == "adventurer" else "MK 10.02"))
        return True
    if item.kind == "treasure":                                             # MK 2.07.c
        r.emit(E.CardMoved(item.card, "quests", item.player, False, -1, "MK 2.07.c"))
        return True
    if item.kind == "order":                                       # MK 4.06 "Harci körök".F
        c = r.card(item.target)
        if c.zone == "team":
            r.emit(E.OrderSet(item.target, not c.front, "MK 4.06 \"Harci körök\".F"))
        return True
    if item.kind in ("equip", "unequip"):                                    # MK 3.05.3.C
        from engine.magus import equipment

        (equipment.resolve_equip if item.kind == "equip" else equipment.resolve_unequip)(r, item)
        return True
    if item.kind == "copy":                                                   # MK 6.05.O
        run_effects(r, item, r.d(item.card).effects)
        return True
    if item.kind == "reveal":                          # MK 4.06 "Toronyszint felfedése".B
        run_effects(r, item, r.d(item.card).reveal)
        return True
    if item.kind in ("enter", "round"):          # timed effects (MK 5.07.K, MK 6.02)
        d = r.d(item.card)
        run_effects(r, item, d.on_enter if item.kind == "enter" else d.on_round)
        return True
    if item.kind == "weapon":                                # MK 3.05.3.G, K: the attack
        run_effects(r, item, r.d(item.card).effects)
        return True
    if item.kind in ("outer", "spirit", "antiss_ability"):   # MK 9.00, MK 11.00.D, MK 8.02
        run_effects(r, item, r.d(item.card).effects)
        return True
    if item.kind == "ally":                      # an ally's ability (MK 3.08, MK 6.05.T)
        run_effects(r, item, r.d(item.card).effects)
        return True
    if item.kind == "activation":
        d = r.d(item.card)
        if d.kind == "beast":
            r.emit(E.BeastBegan(item.card, d.number))
            return beast_step(r, item.player)
        run_effects(r, item, d.effects)                  # MK 4.06 "Csapda aktivizálás"
        from engine.magus.machines import scrap

        scrap(r, item.card)                                                   # MK 10.02
        r.emit(E.CardMoved(item.card, goes_to(s, r.pool, item.card), -1, False, -1,
                           "MK 3.04.G"))
        return True
    d = r.d(item.card)
    if d.type == "adventurer" and d.outer and s.options.get("outer_plane", True):
        r.emit(E.CardMoved(item.card, "outer", item.player, False, -1, "MK 9.00.B"))
    elif d.type == "adventurer":
        if clash(r, item.player, item.card) or named_clash(r, item.player, item.card):
            r.emit(E.CardMoved(item.card, "past", -1, False, -1,
                               "MK 3.07.2" if clash(r, item.player, item.card)
                               else "MK 1.03 \"Nevesítés szabálya\""))
        else:
            r.emit(E.CardMoved(item.card, "line", item.player, False, -1, "MK 3.07"))
            entered(r, item)
            return r.s.stage != "aim"
    elif d.type == "tower":
        r.emit(E.CardMoved(item.card, "tower", item.player, True, -1, "MK 3.01.D"))
    elif d.type == "quest":
        r.emit(E.CardMoved(item.card, "quests", item.player, False, -1, "MK 3.02.A"))
    elif d.type == "building":
        if named_clash(r, item.player, item.card):
            r.emit(E.CardMoved(item.card, "past", -1, False, -1,
                               "MK 1.03 \"Nevesítés szabálya\""))
            return True
        r.emit(E.CardMoved(item.card, "buildings", item.player, False, -1, "MK 3.03.A"))
        entered(r, item)
        return not over_cap(r, item.player) and r.s.stage != "aim"
    elif d.type == "ally":                                                       # MK 3.08
        if named_clash(r, item.player, item.card):
            r.emit(E.CardMoved(item.card, "past", -1, False, -1,
                               "MK 1.03 \"Nevesítés szabálya\""))
            return True
        r.emit(E.CardMoved(item.card, "allies", item.player, False, -1, "MK 3.08"))
        r.emit(E.AllyPoints(item.card, d.points, "MK 3.08.A"))
        entered(r, item)
        return r.s.stage != "aim"
    elif d.subtype == "equipment":                             # MK 3.05.3.B: to the Storage
        r.emit(E.CardMoved(item.card, "storage", item.player, False, -1, "MK 3.05.3.B"))
    else:
        from engine.magus.timeline import leaves_to

        if d.mosaic:                                                            # MK 7.00
            from engine.magus import mosaic

            mosaic.resolve(r, item)
        run_effects(r, item, d.effects)
        r.emit(E.CardMoved(item.card, leaves_to(r, item), -1, False, -1,
                           "MK 2.11" if item.origin == "past" else "MK 5.06.D"))
        return r.s.stage != "escape"                 # MK 2.16: its controller decides
    return True


def run_effects(r: Run, item: Item, effects: tuple[Effect, ...]) -> None:
    """The effect primitives, parameters read now (MK 6.05.S; a departed caster's printed
    values are its last known ones, MK 6.05.T)."""
    s = r.s
    for e in effects:
        t = item.target
        if e.op == "damage":
            from engine.magus.mosaic import absorb

            amount = absorb(r, item.card, t, e.amount)                            # MK 7.03
            if amount:
                r.emit(E.Damaged(t, amount, "MK 3.05.F"))
        elif e.op == "attack":                                                     # MK 1.09.D
            from engine.magus.equipment import armoured

            over = r.d(item.card).overstrike
            will = r.d(item.card).will
            if will:                              # MK 2.04: replaces the roll, changes Line
                from engine.magus.keywords import will_transfer

                if e.amount:
                    r.emit(E.Damaged(t, e.amount, "MK 2.04"))
                will_transfer(r, _side(r, item), t, will)
                continue
            if over:                        # MK 2.05, MK 5.12.D, ruling 15: replaces the roll
                ok, cut = current_level(r.pool, r.card(t), s) <= over, 0
                r.emit(E.OverstrikeJudged(t, current_level(r.pool, r.card(t), s), over, ok))
            else:
                from engine.magus.antiss import on_antiss

                attr = "astral" if on_antiss(r) else "physique"                 # MK 8.03 "E"
                threshold = value(s, r.pool, r.card(item.caster), attr) \
                    if item.caster >= 0 else 0
                total, ok = r.roll(item.player, "attack", threshold, 0, "MK 1.09.D")
                d = r.d(item.card)
                cut = armoured(r, t, total, item.card) \
                    if d.subtype in ("melee", "ranged") or d.reach else 0
            if ok and e.amount - cut > 0:
                from engine.magus.mosaic import absorb

                left = absorb(r, item.card, t, e.amount - cut)                    # MK 7.03
                if left:
                    r.emit(E.Damaged(t, left, "MK 2.17.d" if cut else "MK 3.05.1"))
        elif e.op == "heal":
            amount = min(e.amount, r.card(t).damage)
            if amount:
                r.emit(E.Healed(t, amount, "MK 1.14.8"))
        elif e.op == "copy":
            # MK 6.05.O: a copy of the targeted item joins the timeline on top: no cost, the
            # original's targets, the copier's caster (it may not copy a copy of itself)
            for it in s.timelines[-1].items:
                if it.uid == t and it.kind in ("card", "copy") and \
                        r.pool[s.cards[it.card].cid].type == "action":
                    from engine.magus.timeline import add_item

                    add_item(r, item.player, it.card, "copy", item.caster, it.target,
                             False, "MK 6.05.O")
                    break
        elif e.op == "neutralise":
            for it in s.timelines[-1].items:
                if it.uid == t:
                    from engine.magus.timeline import neutralise

                    neutralise(r, it)
                    break
        elif e.op == "draw":
            for _ in range(e.amount):
                fut = s.players[item.player].future
                if fut:
                    r.emit(E.Drew(item.player, fut[0], "MK 3.06"))
        elif e.op == "escape":                                                    # MK 2.16
            from engine.magus.keywords import escape_offer

            escape_offer(r, t)
        elif e.op == "sacrifice":                                            # MK 11.00.E
            from engine.magus.planes import sacrifice

            sacrifice(r, t)
        elif e.op == "descend":                                               # MK 9.00.F
            from engine.magus.planes import descend

            descend(r, item.player, item.card)
        elif e.op == "allow_fight":                  # MK 4.01.A: this round, its player
            r.emit(E.FightsGranted(item.player, e.amount, "MK 4.01.A"))
        elif e.op == "gain_mp":
            r.mp(item.player, e.amount, "MK 1.14.1.A")
        elif e.op == "doom":
            r.emit(E.Doomed(t, "MK 6.05.L"))
        elif e.op in ("end_combat", "end_manoeuvre") and s.manoeuvre is not None:
            r.emit(E.EndWaits(e.op[4:], "MK 6.05.Q"))
        elif e.op == "damage_team":
            extra = 0
            if item.kind == "activation":                                       # MK 10.02
                from engine.magus.machines import extra_damage

                extra = extra_damage(r, item.card)
            for v in team_of(s, 1 - item.player):
                if current_level(r.pool, r.card(v), r.s) >= 1:
                    r.emit(E.Damaged(v, e.amount + extra, "MK 10.02" if extra else
                                     "MK 4.06 \"Csapda aktivizálás\""))


def _side(r: Run, item: Item) -> int:
    """The controller of the keyword card: its player (a copy's, the copier)."""
    return item.player


def entered(r: Run, item: Item) -> None:
    """MK 1.14.12, ruling 32: an on-entering effect joins the running timeline normally."""
    from engine.magus.timeline import add_item

    d = r.d(item.card)
    if d.on_enter and d.trigger_target:                             # MK 5.01.B, MK 6.05.R
        from engine.magus.keywords import enter_targeted

        enter_targeted(r, item.player, item.card)
    elif d.on_enter:
        add_item(r, item.player, item.card, "enter", -1, -1, False, "MK 1.14.12")


# ---------------------------------------------------------------------------- buildings
BUILDING_CAP = 3                                                               # MK 3.03.F


def one_only_pair(r: Run, player: int) -> list[int]:
    """MK 1.14.4, ruling 70: the player's buildings of an "at most one such building" card he
    controls two of (empty when he controls no such pair)."""
    seen: dict[str, list[int]] = {}
    for b in r.s.players[player].buildings:
        if r.d(b).one_only:
            seen.setdefault(r.card(b).cid, []).append(b)
    return next((v for v in seen.values() if len(v) > 1), [])


def one_only_blocked(r: Run, player: int, card: int) -> bool:
    """MK 1.14.4: an "at most one such building" card is not played while its player controls
    one of that card."""
    cid = r.card(card).cid
    return r.d(card).one_only and any(r.card(b).cid == cid
                                      for b in r.s.players[player].buildings)


def over_cap(r: Run, player: int) -> bool:
    """MK 1.14.4 first (a second "at most one such building": sacrifice one of the two before
    anything else), then MK 3.03.F, ruling 37: a player who gains a fourth building destroys one
    of his choice before anyone acts, without a timeline (the decision ``raze``)."""
    if one_only_pair(r, player):
        r.stage("raze", player, "MK 1.14.4")
        return True
    if len(r.s.players[player].buildings) > BUILDING_CAP:
        r.stage("raze", player, "MK 3.03.F")
        return True
    return False


def building_condition(r: Run, player: int, card: int) -> bool:
    """MK 3.03.A-B: a building's play condition, met by distinct own alert-or-not adventurers
    in the Line (castes only)."""
    from engine.magus.cards import parse_condition

    d = r.d(card)
    if not d.conditions:
        return True
    line = [i for i in r.s.players[player].line if r.d(i).type == "adventurer"]
    used: set[int] = set()
    for part in parse_condition(d.conditions[0]):
        found = next((i for i in line if i not in used and any(
            k.split("/")[0] in part for k in r.d(i).castes)), None)
        if found is None:
            return False
        used.add(found)
    return True


# ---------------------------------------------------------------------------- beasts
def beast_victims(r: Run, owner: int) -> list[int]:
    """MK 4.06 "Bestia".B, H: members of the enemy team at current level ≥ 1, not doomed."""
    return [v for v in team_of(r.s, 1 - owner)
            if current_level(r.pool, r.card(v), r.s) >= 1 and not r.card(v).doomed]


def beast_step(r: Run, owner: int) -> bool:
    """Attack until NUMBER attacks are made or no victim is left; the defender picks each
    victim (one candidate: no question). The beast is one damage source (I)."""
    s = r.s
    while s.beast and s.beast[1] > 0:
        victims = beast_victims(r, owner)
        if not victims:
            break
        if len(victims) > 1:
            r.stage("victim", 1 - owner, "MK 4.06 \"Bestia\".E")
            return False
        beast_attack(r, owner, victims[0])
    card = s.beast[0]
    for v, total in sorted(s.beast_hits.items()):
        total -= s.beast_armour.get(v, 0)                          # MK 2.17.d, ruling 39
        if total > 0:
            r.emit(E.Damaged(v, total, "MK 4.06 \"Bestia\".I"))
    hit = bool(s.beast_hits)
    r.emit(E.BeastEnded(card))
    from engine.magus.machines import scrap

    scrap(r, card)                                        # MK 10.02: even a victorious one
    animated = s.manoeuvre is not None and s.manoeuvre.step == "rounds"         # ruling 51
    if hit and not animated and not beast_victims(r, owner):   # MK 4.06 "Bestia".J, ruling 22
        r.emit(E.BeastVictorious(card, "MK 4.06 \"Bestia\".J"))
        return True
    r.emit(E.CardMoved(card, goes_to(s, r.pool, card), -1, False, -1, "MK 3.04.G"))
    return True


def beast_attack(r: Run, owner: int, victim: int) -> None:
    """MK 4.06 "Bestia".C-D: 2d6 ≤ ATTACK hits; DAMAGE range a-b on 1d6 (ruling 38)."""
    d = r.d(r.s.beast[0])
    r.emit(E.BeastAttacked(victim))
    roll, ok = r.roll(owner, "beast", d.attack, 0, "MK 4.06 \"Bestia\".C")
    if not ok:
        return
    from engine.magus.equipment import armoured
    lo, hi = d.dmg
    amount = lo
    if hi > lo:
        face = r.die(owner, "beast_damage", "MK 4.06 \"Bestia\".D")
        amount = lo + (face - 1) * (hi - lo + 1) // 6
    from engine.magus.machines import extra_damage

    amount += extra_damage(r, r.s.beast[0])                                      # MK 10.02
    if amount:
        r.emit(E.BeastHit(victim, amount, armour=armoured(r, victim, roll)))
