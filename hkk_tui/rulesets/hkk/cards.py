"""HKK's short card labels readable without colour: markers are words/letters, colour only helps."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from hkk_tui.rulesets.hkk.words import t


def card_def(pool: dict, cid: str) -> Any:
    return pool.get(cid)


def keyword_marks(cv: Any, d: Any, lang: str) -> str:
    """A creature's keywords in short form (``Fly MDef``) and its combat ability (``+1``):
    what changes the combat maths, readable on a board line (the card's detail explains each)."""
    words = [t(f"kw_short.{kw}", lang) for kw in cv.keywords]
    if d is not None and getattr(d, "combat", 0):
        words.append(f"+{d.combat}")
    return " ".join(words)


def card_label(cv: Any, pool: dict, lang: str, *, with_cost: bool = False) -> Text:
    """E.g. ``Orc 3/2 -1 [Fly +1] [P] [ATK]``: damage/current HP, wounds, keywords in short
    form, passive and attacking marks."""
    d = pool.get(cv.cid)
    name = d.name.get(lang) if d else cv.cid
    text = Text(name, style="bold" if cv.active else "dim")
    if d is not None and d.is_creature:
        text.append(f" {cv.damage}/{cv.hp}")
        if cv.wounds:
            text.append(f" -{cv.wounds}", style="red")
    elif d is not None and d.type == "building":
        text.append(f" {cv.hp}{t('mark.sp', lang)}")
    marks = keyword_marks(cv, d, lang)
    if marks:
        text.append(f" [{marks}]", style="magenta")
    if with_cost:
        text.append(f" {cv.cost}{t('mark.vp', lang)}")
    if cv.defence_bonus:
        text.append(" " + t("mark.defence", lang), style="cyan")
    for kind, n in sorted(cv.counters.items()):
        if n:
            text.append(f" {t('counter_short.' + kind, lang)}{n}")
    if not cv.active and cv.zone in ("reserve", "guard", "perm", "attached"):
        text.append(" " + t("mark.passive", lang), style="yellow")
    if cv.attacking:
        text.append(" " + t("mark.attacking", lang), style="red bold")
    if not cv.working:
        text.append(" " + t("mark.off", lang))
    return text
