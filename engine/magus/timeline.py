"""The Időfonal (MK 6.00-6.07, spec §8): opening, adding items, passing, unwinding the top item,
ending a timeline with its deaths and wounds, nested inside line-leaving manoeuvres."""

from __future__ import annotations

from engine.magus import events as E
from engine.magus.ctx import Run, current_level, goes_to, holder, in_combat
from engine.magus.state import Item, State

PRIORITY = "priority"


def context(s: State) -> str:
    """Where a pass counts (MK 6.07.F): a running timeline, the combat rounds, or the Sor."""
    if s.timelines and s.timelines[-1].kind != "m_surround":
        return "timeline"
    m = s.manoeuvre
    if m is not None and m.step == "rounds":
        return "combat"
    return "sor"


def open_timeline(r: Run, kind: str, rule: str = "MK 6.00", recompute: bool = True) -> None:
    """MK 6.00 / 6.03: a timeline begins; a phase timeline decides the active player again
    (ruling 4); an action's timeline leaves priority with the actor (spec §5.2 trace)."""
    r.emit(E.TimelineOpened(kind, rule))
    if recompute:
        r.recompute()
    if kind != "m_surround":
        r.stage(PRIORITY, -1, "MK 6.05.F")


def add_item(r: Run, player: int, card: int, kind: str = "card", caster: int = -1,
             target: int = -1, hidden: bool = False, rule: str = "MK 6.05.E",
             origin: str = "hand") -> None:
    """MK 6.05.C-E: the card itself or a virtual activation item becomes the top. The adder
    keeps priority (ruling 2) unless the option hands it over."""
    r.emit(E.ItemAdded(player, card, kind, caster, target, hidden, r.s.uid, rule, origin))
    if r.s.options.get("priority_after_add") == "pass" and r.s.active == player:
        r.emit(E.ActiveSet(1 - player, "added", 0, 0, "MK 1.06.D"))


def pass_priority(r: Run, player: int) -> None:
    """MK 6.07: a pass hands over; two in a row unwind, end the timeline, end the combat round
    or end the Manoeuvres phase."""
    s = r.s
    ctx = context(s)
    count = (s.timelines[-1].passes if ctx == "timeline" else s.context_passes) + 1
    r.emit(E.Passed(player, ctx, "MK 6.07.D" if count < 2 else "MK 6.07.F", count >= 2))
    if count < 2:
        return
    from engine.magus import flow, manoeuvre

    if ctx == "timeline":
        if s.timelines[-1].items:
            unwind(r)
        else:
            end_timeline(r)
    elif ctx == "combat":
        manoeuvre.end_combat_round(r)
    else:
        flow.end_manoeuvres_phase(r)


# ---------------------------------------------------------------------------- unwinding
def unwind(r: Run) -> None:
    """MK 6.05.G: the top item leaves the timeline and takes effect (or is neutralised)."""
    from engine.magus import effects

    item = r.s.timelines[-1].items[-1]
    lost = not effects.targets_hold(r, item)                                 # MK 6.05.R
    r.emit(E.ItemUnwound(item.uid, lost, "MK 6.05.R" if lost else "MK 6.05.G"))
    if lost:
        if item.kind in ("card", "attach", "ride", "treasure", "build"):
            r.emit(E.CardMoved(item.card, leaves_to(r, item), -1, False, -1, "MK 6.05.R"))
        after_unwind(r)
        return
    if effects.resolve(r, item):
        after_unwind(r)


def after_unwind(r: Run) -> None:
    """MK 1.06.E, 6.05.G-H: recompute; the active player acts first in the new window."""
    from engine.magus import flow

    r.recompute()
    if flow.check_immediate_end(r):
        return
    r.stage(PRIORITY, -1, "MK 6.05.H")


def leaves_to(r: Run, it: Item) -> str:
    """Where a card leaving the timeline goes: a RECALL card played from the Past goes to the
    Depth (MK 2.11), others to the Past or Depth (MK 1.03 "Múlt/Mélység kerül")."""
    if it.origin == "past" and "recall" in r.d(it.card).keywords:
        return "depth"
    return goes_to(r.s, r.pool, it.card)


def neutralise(r: Run, it: Item) -> None:
    r.emit(E.ItemUnwound(it.uid, True, "MK 5.07.I"))
    if it.kind in ("card", "attach", "ride", "treasure", "build"):
        r.emit(E.CardMoved(it.card, leaves_to(r, it), -1, False, -1, "MK 5.07.I"))
    elif it.kind == "activation" and r.card(it.card).zone == "attached":
        from engine.magus.machines import scrap

        scrap(r, it.card)                                                      # MK 10.02
        # an obstacle lasts until used (MK 3.04.G): a neutralised activation used it up
        r.emit(E.CardMoved(it.card, goes_to(r.s, r.pool, it.card), -1, False, -1, "MK 3.04.G"))


# ---------------------------------------------------------------------------- the end
def end_timeline(r: Run) -> None:
    """MK 6.05.I-N, spec §8.6: deaths, then wounds (Line) or kept damage (inner manoeuvre
    timelines), the timeline closes, front-line promotion, the win check, then the context
    that opened it goes on."""
    from engine.magus import flow, manoeuvre

    s = r.s
    kind = s.timelines[-1].kind
    deaths(r)
    wound_line(r)
    r.emit(E.TimelineEnded(kind, "MK 6.05.I"))
    if in_combat(s):
        manoeuvre.promote_front(r)
    if flow.check_immediate_end(r):
        return
    r.recompute()
    if s.ending and s.manoeuvre is not None and kind.startswith("m_"):          # MK 6.05.Q
        manoeuvre.honour_ending(r, kind)
    elif kind.startswith("m_") and kind != "m_surround":
        manoeuvre.after_timeline(r, kind)
    else:
        flow.after_timeline(r, kind)


def deaths(r: Run) -> None:
    """MK 6.05.J-L: an adventurer whose damage reached its base level, or under a death effect,
    dies now (Past or Depth)."""
    from engine.magus.antiss import saved
    from engine.magus.equipment import wearer_leaves
    from engine.magus.machines import overbuilt
    from engine.magus.planes import becomes_ghost

    s = r.s
    present = [i for p in s.players for i in p.line]
    if s.manoeuvre is not None:
        present += s.manoeuvre.attackers + s.manoeuvre.blockers
    for c in [s.cards[i] for i in sorted(present)]:
        over = r.pool[c.cid].race == "kahrei" and overbuilt(r, c.iid)             # MK 10.01
        if r.pool[c.cid].type == "adventurer" and (current_level(r.pool, c, s) <= 0 or
                                                    c.doomed or over):
            if saved(r, c.iid):                                         # MK 8.03 "E"
                continue
            r.emit(E.Died(c.iid, "MK 10.01" if over else
                          "MK 6.05.L" if c.doomed and c.damage < r.pool[c.cid].level
                          else "MK 6.05.K"))
            wearer_leaves(r, c.iid)
            if not becomes_ghost(r, c.iid):                                     # MK 11.00
                r.emit(E.CardMoved(c.iid, goes_to(s, r.pool, c.iid), -1, False, -1,
                                   "MK 6.05.K"))


def wound_line(r: Run) -> None:
    """MK 6.05.N with rulings 7 and 41: a damaged survivor in the Line turns wounded and loses
    its damage. Manoeuvre participants keep their damage across inner timelines (MK 6.06.C)."""
    s = r.s
    ever = s.options.get("wounded_if_ever_damaged", True)
    for c in [s.cards[i] for i in sorted(i for p in s.players for i in p.line)]:
        if c.damage > 0 or (ever and c.hurt):
            if c.pos != "wounded":
                r.emit(E.PositionSet(c.iid, "wounded", "MK 6.05.N"))
            if s.options.get("wounded_clears_damage", True):
                r.emit(E.DamageCleared(c.iid, "MK 6.05.N"))


def go_home(r: Run, i: int, rule: str = "MK 4.01.G") -> None:
    """MK 4.01.G: back to its player's Line, resting."""
    c = r.card(i)
    r.emit(E.CardMoved(i, "line", holder(c), False, -1, rule))
    if c.pos != "resting":
        r.emit(E.PositionSet(i, "resting", rule))
