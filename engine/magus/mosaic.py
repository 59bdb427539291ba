"""Mosaic spells (MK 7.00-7.04, spec §16.1), the game option ``mosaic``: a mosaic card names its
element; the caster picks the form and the base value (alapérték) as he casts it, and the form
sets the MP requirement, the targets and the half-save (MK 7.01).

A mosaic card is played like any action card (``Play`` with its caster and, for the one-target
forms, its target; -1 for the area forms); the decision ``mosaic`` then asks for ``Weave(form,
base)`` among the forms that fit the moment, the caster and the target, at a price the player can
pay. Aura (a neutraliser only, MK 7.00) is not among our forms (ruling 58).
"""

from __future__ import annotations

from engine.magus import events as E
from engine.magus.ctx import Run, current_level, holder, team_of

#: combat forms and Line forms (MK 7.00); each: (one target?, half-save?)
COMBAT_FORMS = ("sword", "arrow", "eruption", "carpet")
LINE_FORMS = ("plume", "shower", "dome")
FORMS = COMBAT_FORMS + LINE_FORMS
SINGLE = ("sword", "arrow", "plume")
HALF_SAVE = ("sword", "arrow", "plume")                                      # MK 7.01
ELEMENTS = ("fire", "air", "earth", "water", "force")
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


def cost(r: Run, seat: int, form: str, base: int, caster: int) -> int:
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
    raise ValueError(form)


def forms_for(r: Run, seat: int, ctx: str, caster: int, target: int) -> list[str]:
    """The forms that fit: combat forms in the combat rounds, Line forms in the Sor; sword needs
    a front-line caster and target; one-target forms need a target, area forms none."""
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
    s = r.s
    card, caster, target, ctx = s.weaving[0], s.weaving[1], s.weaving[2], \
        ("combat" if s.weaving[3] else "sor")
    mp = s.players[seat].mp
    return [(f, b) for f in forms_for(r, seat, ctx, caster, target)
            for b in range(1, MAX_BASE + 1) if cost(r, seat, f, b, caster) <= mp
            and card >= 0]


def castable(r: Run, seat: int, ctx: str, caster: int, target: int) -> bool:
    mp = r.s.players[seat].mp
    return any(cost(r, seat, f, 1, caster) <= mp
               for f in forms_for(r, seat, ctx, caster, target))


def resolve(r: Run, item: object) -> None:
    """MK 7.00-7.01: the woven form hits its targets; a one-target form allows the target a
    base-level save (2d6 ≤ its base level) that halves the damage, rounded up."""
    s = r.s
    card = getattr(item, "card")
    form_i, base = s.woven.get(card, (0, 0))
    form = FORMS[form_i]
    player = getattr(item, "player")
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
        if amount and current_level(r.pool, r.card(t), s) >= 1:
            r.emit(E.Damaged(t, amount, "MK 7.00"))
