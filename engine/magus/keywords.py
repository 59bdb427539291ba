"""Keywords of chapter 2 with rules of their own (MK 2.02-2.19), as data-driven primitives:
costs (ŐSERŐ, KINCS, the spell penalty), obstacle slots (AKADÁLYOK), riders attached to
adventurers (HÁTAS mounts, CSATLÓS henchmen), feral cards attached as obstacles (ELVADULT),
animated obstacles in combat (MEGELEVENEDŐ), will transfer (AKARATÁTVITEL) and escape
(MENEKÜLÉS). IGAZ NÉV lives in ``ctx.names``, TÖRZSSZÖVETSÉG in ``ctx.tribal``.

Cards say which keyword they carry in ``CardDef`` fields (``keywords``, ``will``,
``obstacles``, ``rider``, ``tribe``, ``true_name``, ``treasure``); nothing here knows a card.
"""

from __future__ import annotations

import functools

from engine.magus import events as E
from engine.magus.cards import PRIMAL_RACES, CardDef
from engine.magus.ctx import (
    Run,
    attached_to,
    current_level,
    goes_to,
    holder,
    riders,
    team_of,
)

TOWER_SLOTS = 2                                                                # MK 3.01.C
TREASURE_SLOTS = 4                                                             # MK 2.07.c


# ---------------------------------------------------------------------------- §16 options
@functools.lru_cache(maxsize=4096)
def subsystem(d: CardDef) -> tuple[str, str]:
    """The §16 subsystem a card belongs to: (its game option, its rule), or ("", "")."""
    if d.mosaic:
        return "mosaic", "MK 7.00"
    if d.antiss:
        return "antiss", "MK 8.00"
    if d.outer:
        return "outer_plane", "MK 9.00"
    if d.spirit:
        return "ghosts", "MK 11.00"
    if d.machine or d.build_mp:
        return "machines", "MK 10.00"
    return "", ""


def off(r: Run, d: CardDef) -> str:
    """The rule of a card's subsystem when its option is off in this game, else ""."""
    if not (d.mosaic or d.antiss or d.outer or d.spirit or d.machine or d.build_mp):
        return ""
    option, rule = subsystem(d)
    return rule if option and not r.s.options.get(option, True) else ""


def deck_problems(cards: list[str], pool: dict[str, CardDef], options: dict) -> list[str]:
    """The validator's answer for a game's options: every card of a switched-off subsystem,
    named with the option and its rule."""
    out = []
    for cid in sorted(set(cards)):
        d = pool.get(cid)
        if d is None:
            continue
        option, rule = subsystem(d)
        if option and not options.get(option, True):
            out.append(f"{d.name.en} belongs to a subsystem this game switches off (option "
                       f"{option} = false, {rule}); take it out or switch the option on")
    return out


# ---------------------------------------------------------------------------- costs
def primal(r: Run, seat: int) -> bool:
    """MK 2.12: ŐSERŐ is free for a player who controls an aquir or dragon adventurer."""
    s = r.s
    return any(c.zone in ("line", "team") and holder(c) == seat and
               r.pool[c.cid].type == "adventurer" and r.pool[c.cid].race in PRIMAL_RACES
               for c in s.cards)


def card_cost(r: Run, card: int, caster: int = -1, seat: int = -1) -> int:
    """MK 5.01.C: the MP requirement; free with ŐSERŐ (MK 2.12); a front-liner casting a spell
    pays double, after every other modifier (MK 3.05.6.B)."""
    d = r.d(card)
    if seat < 0:
        seat = holder(r.card(card))
    if d.outer:                         # MK 9.00.B: exactly its MP value, unmodifiable
        return d.mp
    base = 0 if "primal" in d.keywords and primal(r, seat) else d.mp
    if d.subtype == "spell" and caster >= 0 and r.card(caster).zone == "team" and \
            r.card(caster).front:
        return 2 * base
    return base


def solve_cost(r: Run, seat: int, quest: int) -> int:
    """The solving MP (MK 4.06 "Küldetés feltétel teljesítés fázis"): a treasure played as a
    quest solves for 0 (MK 2.07.c); ŐSERŐ solves free for a solver with an aquir or dragon
    (MK 2.12)."""
    d = r.d(quest)
    if is_treasure(r, quest) or ("primal" in d.keywords and primal(r, seat)):
        return 0
    return d.solve_mp


# ---------------------------------------------------------------------------- treasure
def is_treasure(r: Run, card: int) -> bool:
    """MK 2.07.c: a KINCS card lying among the pending quests is a treasure quest."""
    return r.d(card).treasure > 0 and r.card(card).zone == "quests"


def hunt(r: Run, player: int, value: int) -> None:
    """MK 1.14.14.B-D: the team's treasure hunting adds up (each member's once a round, C);
    when it reaches the solved treasure quest's value the whole team goes home alert and every
    member's hunting is spent for the round."""
    s = r.s
    team = team_of(s, player)
    total = sum(r.d(i).hunting for i in team if i not in s.hunted)
    if total and total >= value:
        r.emit(E.TreasureHunted(player, tuple(team), total, value))


def treasure_playable(d: CardDef) -> bool:
    """The types our treasures may have: the ones that stay in Present once solved
    (MK 2.07.e; ruling 50)."""
    return d.type in ("adventurer", "building", "ally") or d.subtype == "equipment"


# ---------------------------------------------------------------------------- slots
def slots(r: Run, host: int) -> int:
    """Obstacle slots of a host: AKADÁLYOK X (MK 2.13), a treasure quest's 4 (MK 2.07.c), the
    paths of a quest or building (MK 3.02.E, MK 3.03.D), 2 on a tower level (MK 3.01.C)."""
    d = r.d(host)
    if d.obstacles:
        return d.obstacles
    if is_treasure(r, host):
        return TREASURE_SLOTS
    if r.card(host).zone == "tower":
        return TOWER_SLOTS
    return d.paths


def used_slots(r: Run, host: int) -> int:
    """Attached obstacles (own ones too) and feral cards fill slots (MK 2.13); stored quests
    and equipment do not."""
    return sum(1 for a in attached_to(r.s, host) if obstacle_like(r.d(a)))


def obstacle_like(d: CardDef) -> bool:
    """What may be attached as an obstacle: an obstacle, or any card with ELVADULT (MK 2.14)."""
    return d.type == "obstacle" or "feral" in d.keywords


# ---------------------------------------------------------------------------- riders
def rider_hosts(r: Run, seat: int, card: int) -> list[int]:
    """MK 2.06, MK 2.09: an own adventurer in the Line meeting the rider's condition (a caste,
    or any) and carrying no rider of the same kind (one mount per adventurer, MK 2.06.d)."""
    s = r.s
    d = r.d(card)
    kind = "mount" if "mount" in d.keywords else "henchman"
    out = []
    for i in s.players[seat].line:
        h = r.d(i)
        if h.type != "adventurer" or i == card:
            continue
        if d.rider and not any(k.split("/")[0] == d.rider for k in h.castes):
            continue
        if any(kind in r.d(x).keywords for x in riders(s, r.pool, i)):
            continue
        out.append(i)
    return out


def is_rider(d: CardDef) -> bool:
    return "mount" in d.keywords or "henchman" in d.keywords


# ---------------------------------------------------------------------------- animated
def animations(r: Run, seat: int) -> list[tuple[int, int]]:
    """MK 2.15: in the combat rounds an own MEGELEVENEDŐ obstacle, wherever attached, may be
    activated against the enemy team for its MP and by rotating an alert adventurer of its
    player's team (once per obstacle, it lasts until used)."""
    s = r.s
    m = s.manoeuvre
    if m is None or not team_of(s, 1 - seat) or not _has_animated(r.pool):
        return []
    mp = s.players[seat].mp
    rotors = [i for i in team_of(s, seat) if s.cards[i].pos == "alert"]
    out = []
    for c in s.cards:
        d = r.pool[c.cid]
        if c.zone == "attached" and holder(c) == seat and d.type == "obstacle" and \
                "animated" in d.keywords and d.mp <= mp and \
                r.card(c.host).zone in ("tower", "quests", "buildings"):
            out += [(c.iid, a) for a in rotors]
    return out


_ANIMATED: dict[int, bool] = {}


def _has_animated(pool: dict[str, CardDef]) -> bool:
    key = id(pool)
    if key not in _ANIMATED:
        _ANIMATED[key] = any("animated" in d.keywords for d in pool.values())
    return _ANIMATED[key]


# ---------------------------------------------------------------------------- effects
def will_transfer(r: Run, caster_side: int, target: int, limit: int) -> None:
    """MK 2.04: AKARATÁTVITEL X replaces the attack roll: a target whose current level is at
    most X moves, resting, to the Line of the keyword card's controller."""
    c = r.card(target)
    level = current_level(r.pool, c, r.s)
    ok = level <= limit
    r.emit(E.WillJudged(target, level, limit, ok))
    if not ok:
        return
    from engine.magus.equipment import wearer_leaves

    wearer_leaves(r, target)
    r.emit(E.CardMoved(target, "line", caster_side, False, -1, "MK 2.04"))
    if r.card(target).pos != "resting":
        r.emit(E.PositionSet(target, "resting", "MK 2.04"))


def escape_offer(r: Run, target: int) -> bool:
    """MK 2.16: MENEKÜLÉS: the target adventurer may return to its Line; its controller decides
    at resolution (the decision ``escape``). False when there is nothing to decide."""
    c = r.card(target)
    if c.zone != "team":
        return False
    r.emit(E.EscapeOffered(target))
    r.stage("escape", holder(c), "MK 2.16")
    return True


def escape(r: Run, go: bool) -> None:
    """MK 2.16: the answer; an escaping adventurer goes home resting (MK 4.01.G)."""
    from engine.magus.timeline import go_home

    target = r.s.escape
    r.emit(E.EscapeAnswered(target, go))
    if go and r.card(target).zone == "team":
        go_home(r, target, "MK 2.16")


# ---------------------------------------------------------------------------- FÓKUSZ
FOCUS_ZONES = ("line", "buildings", "allies")


def focus_supply(r: Run, seat: int, card: int) -> list[int]:
    """MK 2.19: the FÓKUSZ cards its player controls in Present (not the card being paid)."""
    return [c.iid for c in r.s.cards if c.iid != card and c.zone in FOCUS_ZONES and
            holder(c) == seat and "focus" in r.pool[c.cid].keywords]


def pay_focus(r: Run, seat: int, card: int) -> None:
    """MK 2.19, ruling 15: the used FÓKUSZ card pays 1 MP and goes to the bottom of its owner's
    Future (its equipment back to the Storage first, MK 3.05.3.C)."""
    from engine.magus.equipment import wearer_leaves

    if r.card(card).zone == "line":
        wearer_leaves(r, card)
        for x in riders(r.s, r.pool, card):
            r.emit(E.CardMoved(x, goes_to(r.s, r.pool, x), -1, False, -1, "MK 2.09"))
    r.emit(E.FocusPaid(seat, card))


# ---------------------------------------------------------------------------- targeted triggers
def aim_targets(r: Run, seat: int, card: int) -> list[int]:
    """MK 5.01.B, MK 6.04: the legal targets of a card's targeted on-entering effect."""
    from engine.magus.legal import _targets

    return [t for t in _targets(r, seat, r.d(card).trigger_target, "line") if t >= 0]


def enter_targeted(r: Run, player: int, card: int) -> None:
    """MK 1.14.12 with MK 5.01.B: a timed effect with a target chooses it as it enters the
    timeline; no legal target, it does not enter (MK 6.04); one, it is taken; several, its
    player chooses (the decision ``aim``). It is checked again at resolution (MK 6.05.R)."""
    from engine.magus.timeline import add_item

    targets = aim_targets(r, player, card)
    if not targets:
        return
    if len(targets) == 1:
        r.emit(E.TargetChosen(card, targets[0]))
        add_item(r, player, card, "enter", -1, targets[0], False, "MK 1.14.12")
        return
    r.emit(E.TargetAsked(card, player))
    r.stage("aim", player, "MK 5.01.B")


def aim(r: Run, target: int) -> None:
    from engine.magus.timeline import add_item

    card, player = r.s.aiming
    r.emit(E.TargetChosen(card, target))
    add_item(r, player, card, "enter", -1, target, False, "MK 1.14.12")


# ---------------------------------------------------------------------------- validation
def check(d: CardDef) -> list[str]:
    """What is wrong with a card's keyword fields, each in words with its rule."""
    from engine.magus.cards import (
        AIMED_TRIGGER_OPS,
        BOOSTABLE,
        CASTES,
        TARGETS,
        TRIGGER_OPS,
    )

    out: list[str] = []
    for b in d.boosts if d.subtype != "equipment" else ():
        if b.attr not in BOOSTABLE:
            out.append(f"a boost changes one of {', '.join(BOOSTABLE)}, not {b.attr!r}")
    if d.will and not (d.type == "action" and 1 <= d.will <= 7 and
                       any(e.op == "attack" for e in d.effects)):
        out.append("AKARATÁTVITEL X belongs to an attacking action card, X 1-7 (MK 2.04)")
    if d.will and d.overstrike:
        out.append("one attack roll is replaced once: AKARATÁTVITEL or TÚLÜTÉS, not both "
                   "(MK 5.12.C)")
    if d.obstacles and not (d.type in ("quest", "building", "tower") and 1 <= d.obstacles <= 6):
        out.append("AKADÁLYOK X belongs to a quest, building or tower level, X 1-6 (MK 2.13)")
    if "mount" in d.keywords and not (d.type == "obstacle" and d.kind == "beast"):
        out.append("HÁTAS belongs to a beast obstacle (MK 2.06)")
    if "henchman" in d.keywords and d.type != "adventurer":
        out.append("CSATLÓS belongs to an adventurer card (MK 2.09)")
    if d.rider and (d.rider not in CASTES or not is_rider(d)):
        out.append(f"a HÁTAS/CSATLÓS condition is one of {', '.join(CASTES)} on a mount or "
                   "henchman (MK 2.06, MK 2.09)")
    if d.tribe and not (d.type == "adventurer" and d.boosts):
        out.append("TÖRZSSZÖVETSÉG belongs to an adventurer whose boosts it switches on "
                   "(MK 2.08)")
    if d.true_name is not None and not d.named:
        out.append("IGAZ NÉV counts for the named rule, so its card is named (MK 2.02)")
    if "feral" in d.keywords and d.type == "obstacle":
        out.append("ELVADULT lets a card of another type be attached as an obstacle (MK 2.14)")
    if "animated" in d.keywords and d.type != "obstacle":
        out.append("MEGELEVENEDŐ belongs to an obstacle (MK 2.15)")
    if d.treasure and not (treasure_playable(d) and 1 <= d.treasure <= 42 and
                           not d.trigger_target):
        out.append("KINCS X belongs to an adventurer, ally or equipment without a targeted "
                   "effect, X 1-42 (MK 2.07, ruling 50)")
    if d.trigger_target:
        if d.trigger_target not in TARGETS or d.trigger_target in ("", "item") or \
                d.trigger_target.startswith("enemy_") and d.trigger_target != "enemy_line":
            out.append("a timed effect aims at enemy_line or own_adventurer (MK 5.01.B)")
        if not d.on_enter:
            out.append("trigger_target needs an on-entering effect (MK 1.14.12)")
        for e in d.on_enter:
            if e.op not in TRIGGER_OPS + AIMED_TRIGGER_OPS:
                out.append(f"a targeted timed effect does one of "
                           f"{', '.join(TRIGGER_OPS + AIMED_TRIGGER_OPS)}, not {e.op!r}")
    if d.mosaic:
        from engine.magus.mosaic import ELEMENTS

        if d.mosaic not in ELEMENTS or d.type != "action" or d.subtype != "spell" or \
                d.target or d.effects or not d.castes:
            out.append(f"a mosaic spell is an action card of subtype spell with castes, no "
                       f"target and no effects; its element is one of {', '.join(ELEMENTS)} "
                       "(MK 7.00)")
    if d.outer and not (d.type == "adventurer" and d.effects and not d.treasure and
                        not d.spirit and not {"recall", "focus"} & set(d.keywords)):
        out.append("an outer-plane card is an adventurer with an outer ability (effects), no "
                   "KINCS, SPIRIT, MÚLTIDÉZÉS or FÓKUSZ (MK 9.00.A)")
    if d.spirit and not (d.type == "adventurer" and 1 <= d.spirit <= 5 and d.effects):
        out.append("SPIRIT n belongs to an adventurer with a spirit ability (effects), n 1-5 "
                   "(MK 11.00)")
    if d.antiss and d.type not in ("adventurer", "quest"):
        out.append("the antiss mark belongs to an adventurer (an antiss wizard) or a quest (an "
                   "antiss quest) (MK 8.01)")
    if d.machine and d.type != "obstacle":
        out.append("a machine is an obstacle (MK 10.00)")
    if (d.build_mp or d.build_dmg) and not (d.type == "obstacle" and d.machine and
                                            d.build_mp >= 1 and d.build_dmg >= 0):
        out.append("a build-on is a machine obstacle with the MP printed before its symbol, "
                   "at least 1 (MK 10.00.C)")
    if any(e.op == "descend" for e in d.effects) and not d.outer:
        out.append("descend brings an outer-plane card into the Line (MK 9.00.F)")
    if d.type == "adventurer" and d.effects and not (d.outer or d.spirit or d.antiss_mp):
        out.append("an adventurer's effects are its outer, spirit or antiss ability (MK 9.00, "
                   "MK 11.00, MK 8.01.B)")
    if d.antiss_mp and not (d.type == "adventurer" and d.antiss and d.effects and
                            not (d.outer or d.spirit) and 1 <= d.antiss_mp <= 9):
        out.append("an antiss ability belongs to an adventurer with the antiss mark, with its "
                   "effects and an MP of 1-9, and no outer or spirit ability (MK 8.01.B)")
    if d.hunting and not (d.type == "adventurer" and 1 <= d.hunting <= 9):
        out.append("KINCSKERESÉS X belongs to an adventurer, X 1-9 (MK 1.14.14.A)")
    if any(e.op == "sacrifice" for e in d.effects) and not (
            d.type in ("action", "event") and d.target == "own_any"):
        out.append("a sacrifice gives up an own adventurer: an action or event card aimed at "
                   "own_any (MK 11.00.E)")
    if any(e.op == "escape" for e in d.effects) and not (
            d.type == "action" and d.target == "own_adventurer" and
            d.phase in ("manoeuvre", "combat")):
        out.append("MENEKÜLÉS sends an own adventurer home from a manoeuvre: an action card of "
                   "the manoeuvre or combat phase aimed at own_adventurer (MK 2.16)")
    return out
