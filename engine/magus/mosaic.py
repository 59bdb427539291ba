"""Mosaic spells (MK 7.00-7.04, spec §16.1), the game option ``mosaic``: a mosaic card names its
element; the caster picks the form and the base value (alapérték) as he casts it, and the form
sets the MP requirement, the targets and the half-save (MK 7.01).

A mosaic card is played like any action card (``Play`` with its caster and, for the one-target
forms, its target; -1 for the area forms); the decision ``mosaic`` then asks for ``Weave(form,
base)`` among the forms that fit the moment, the caster and the target, at a price the player can
pay.

Aura (MK 7.03, ruling 64) is the one form cast into a running timeline: only as a neutraliser,
when an item of the opposed element (water-fire, air-earth, force-force) on the top timeline
would hit adventurers of the caster's player. It is played with target -1 by an alert caster in
the same play area as those adventurers (the Line or the manoeuvre team) and costs their number
× base; as it unwinds (before the threat, LIFO) each of them gets ``base`` points of protection
that take action-card damage off as it comes, depleting, until that timeline ends.
"""

from __future__ import annotations

from engine.magus import events as E
from engine.magus.ctx import Run, current_level, holder, team_of

#: combat forms and Line forms (MK 7.00); each: (one target?, half-save?)
COMBAT_FORMS = ("sword", "arrow", "eruption", "carpet")
LINE_FORMS = ("plume", "shower", "dome")
FORMS = COMBAT_FORMS + LINE_FORMS + ("aura",)          # aura: MK 7.03, into a running timeline
SINGLE = ("sword", "arrow", "plume")
HALF_SAVE = ("sword", "arrow", "plume")                                      # MK 7.01
ELEMENTS = ("fire", "air", "earth", "water", "force")
OPPOSED_ELEMENT = {"fire": "water", "water": "fire", "air": "earth", "earth": "air",
                   "force": "force"}                                         # MK 7.03
MAX_BASE = 7


def enabled(r: Run) -> bool:
    return bool(r.s.options.get("mosaic", True))


def area_targets(r: Run, seat: int, form: str) -> list[int]:
    """Who an area form hits (read at resolution too, MK 6.05.S): eruption every adventurer in
    the combat, carpet every enemy there, shower every adventurer in every Line (ruling 29),
    dome every adventurer in the enemy's Line."""
    s = r.s
    if form == "eruption":
        return team_of(s, 0) + team_of(s, 1)
    if form == "carpet":
        return team_of(s, 1 - seat)
    if form == "shower":
        return [i for p in s.players for i in p.line if r.d(i).type == "adventurer"]
    if form == "dome":
        return [i for i in s.players[1 - seat].line if r.d(i).type == "adventurer"]
    return []


def hits(r: Run, item: object) -> list[int]:
    """Whom a woven mosaic item on a timeline would hit if it unwound now (MK 7.03 "hatna")."""
    card = getattr(item, "card")
    woven = r.s.woven.get(card)
    if woven is None or getattr(item, "kind") not in ("card", "copy"):
        return []
    form = FORMS[woven[0]]
    if form == "aura":
        return []
    if form in SINGLE:
        return [getattr(item, "target")]
    return area_targets(r, getattr(item, "player"), form)


def threatened(r: Run, seat: int, element: str) -> list[int]:
    """MK 7.03: the seat's adventurers that an item of the element opposed to ``element`` on
    the top timeline would hit; an Aura may be cast only for them."""
    s = r.s
    if not s.timelines or element not in OPPOSED_ELEMENT:
        return []
    out: list[int] = []
    for it in s.timelines[-1].items:
        if r.d(it.card).mosaic != OPPOSED_ELEMENT[element]:
            continue
        for t in hits(r, it):
            c = r.card(t)
            if t not in out and c.zone in ("line", "team") and holder(c) == seat:
                out.append(t)
    return sorted(out)


def aura_area(r: Run, seat: int, element: str) -> tuple[str, list[int]]:
    """The play area an Aura works in (that of the threatened adventurers: the manoeuvre team
    first) and its targets there (MK 7.03: same play area as the caster)."""
    hit = threatened(r, seat, element)
    team = [t for t in hit if r.card(t).zone == "team"]
    return ("team", team) if team else ("line", hit)


def cost(r: Run, seat: int, form: str, base: int, caster: int, card: int = -1) -> int:
    """MK 7.00 table: the MP requirement of a form at a base value; an arrow cast by a
    front-liner pays double (MK 3.05.6.B), a sword does not."""
    if form == "sword":
        return base + 1
    if form == "arrow":
        front = caster >= 0 and r.card(caster).zone == "team" and r.card(caster).front
        return (base + 1) * (2 if front else 1)
    if form in ("eruption", "plume"):
        return base + 2
    if form == "carpet":
        return len(area_targets(r, seat, form)) * base + 1
    if form == "shower":
        return len(area_targets(r, seat, form)) * base + 1
    if form == "dome":
        return len(area_targets(r, seat, form)) * base + 5
    if form == "aura":                                                          # MK 7.03
        return len(aura_area(r, seat, r.d(card).mosaic)[1]) * base if card >= 0 else 0
    raise ValueError(form)


def forms_for(r: Run, seat: int, ctx: str, caster: int, target: int) -> list[str]:
    """The forms that fit: combat forms in the combat rounds, Line forms in the Sor; sword needs
    a front-line caster and target; one-target forms need a target, area forms none."""
    if ctx == "timeline":                                 # MK 7.03: the neutraliser form
        return ["aura"] if target < 0 else []
    out = []
    for form in COMBAT_FORMS if ctx == "combat" else LINE_FORMS:
        if (form in SINGLE) != (target >= 0):
            continue
        if form == "sword" and not (r.card(caster).front and r.card(target).front):
            continue
        if form not in SINGLE and not area_targets(r, seat, form):
            continue
        out.append(form)
    return out


def targets(r: Run, seat: int, ctx: str) -> list[int]:
    """Play targets of a mosaic card: -1 (an area form) and each enemy a one-target form may
    aim at (MK 7.00: sword/arrow an enemy in the combat, plume an enemy in a Line)."""
    s = r.s
    if ctx == "combat":
        return [-1] + team_of(s, 1 - seat)
    return [-1] + [i for i in s.players[1 - seat].line if r.d(i).type == "adventurer"]


def weaves(r: Run, seat: int) -> list[tuple[str, int]]:
    """The (form, base) answers to the decision ``mosaic`` the player can pay."""
    from engine.magus.timeline import context

    s = r.s
    card, caster, target = s.weaving[0], s.weaving[1], s.weaving[2]
    ctx = "timeline" if context(s) == "timeline" else ("combat" if s.weaving[3] else "sor")
    if ctx == "timeline" and not aura_area(r, seat, r.d(card).mosaic)[1]:
        return []
    mp = s.players[seat].mp
    return [(f, b) for f in forms_for(r, seat, ctx, caster, target)
            for b in range(1, MAX_BASE + 1) if cost(r, seat, f, b, caster, card) <= mp
            and card >= 0]


def castable(r: Run, seat: int, ctx: str, caster: int, target: int, card: int = -1) -> bool:
    mp = r.s.players[seat].mp
    return any(cost(r, seat, f, 1, caster, card) <= mp
               for f in forms_for(r, seat, ctx, caster, target))


def auras(r: Run, seat: int, card: int) -> list[tuple[int, int]]:
    """MK 7.03: (caster, -1) plays of a mosaic card as an Aura into the running timeline: a
    threat of the opposed element, an alert caster in the threatened play area whose mosaic
    card it is, and MP for base 1."""
    from engine.magus.legal import _casters

    s = r.s
    if not enabled(r) or not s.timelines or s.timelines[-1].kind == "m_surround":
        return []
    d = r.d(card)
    area, hit = aura_area(r, seat, d.mosaic)
    if not hit or len(hit) > s.players[seat].mp:
        return []
    return [(c, -1) for c in _casters(r, seat, d, area)]


def absorb(r: Run, source: int, target: int, amount: int) -> int:
    """MK 7.03: an Aura on the target takes action-card damage off, as far as it lasts; the
    damage left over."""
    a = r.s.auras.get(target)
    if a is None or amount <= 0 or source < 0 or r.d(source).type != "action":
        return amount
    cut = min(a[0], amount)
    r.emit(E.AuraAbsorbed(target, cut))
    return amount - cut


def resolve(r: Run, item: object) -> None:
    """MK 7.00-7.01: the woven form hits its targets; a one-target form allows the target a
    base-level save (2d6 ≤ its base level) that halves the damage, rounded up."""
    s = r.s
    card = getattr(item, "card")
    form_i, base = s.woven.get(card, (0, 0))
    form = FORMS[form_i]
    player = getattr(item, "player")
    if form == "aura":                                                          # MK 7.03
        for t in aura_area(r, player, r.d(card).mosaic)[1]:
            r.emit(E.AuraRaised(card, t, base))
        return
    if form in SINGLE:
        hit = [getattr(item, "target")]
    else:
        hit = area_targets(r, player, form)
    for t in hit:
        amount = base
        if form in HALF_SAVE:
            level = r.d(t).level
            _, saved = r.roll(holder(r.card(t)), "half_save", level, 0, "MK 7.01")
            if saved:
                amount = (base + 1) // 2
        amount = absorb(r, card, t, amount)                                     # MK 7.03
        if amount and current_level(r.pool, r.card(t), s) >= 1:
            r.emit(E.Damaged(t, amount, "MK 7.00"))
