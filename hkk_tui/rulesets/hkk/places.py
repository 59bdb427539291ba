"""Where a card is and what it is doing, in words, for menu lines that must never be ambiguous
(issue 14): "Spined Wolf (AI, guard post 2, attacking)"; the full cost of a card ("2 VP + 1 mc");
a combat preview of an attack or of the strike (engine.hkk.preview) in a few words."""

from __future__ import annotations

from typing import Any

from engine.hkk.cardtext import KEYWORD_NAMES, keyword_name
from engine.hkk.state import Target
from hkk_tui.rulesets.hkk.words import t

#: zones whose cards have a position worth naming (the order of the list on the table)
_ORDERED = ("hand", "reserve", "guard", "perm", "graveyard", "void")


def position(view: Any, cv: Any) -> int:
    """The 1-based place of ``cv`` in its zone's list (0 if it has none)."""
    if view is None or cv.zone not in _ORDERED:
        return 0
    holder = cv.controller if cv.zone in ("reserve", "guard", "perm") else cv.owner
    if not 0 <= holder < len(view.players):
        return 0
    for n, other in enumerate(getattr(view.players[holder], cv.zone), 1):
        if other.iid == cv.iid:
            return n
    return 0


def status(cv: Any, lang: str) -> list[str]:
    """What a card on the table is doing: attacking, passive (exhausted, K 4.3), attacked."""
    out = []
    if cv.attacking:
        out.append(t("place.attacking", lang))
    if not cv.active and cv.zone in ("reserve", "guard", "perm"):
        out.append(t("place.passive", lang))
    return out


def place(view: Any, iid: int, name: str, players: list[str], lang: str) -> str:
    """``name`` with its controller, zone, position and status: unique among the cards in
    view, since no two cards share a zone position."""
    cv = view.find(iid) if view is not None else None
    if cv is None:
        return name
    who = cv.controller if cv.zone in ("reserve", "guard", "perm", "attached") else cv.owner
    owner = players[who] if 0 <= who < len(players) else "?"
    zone = t(f"place.{cv.zone}", lang)
    n = position(view, cv)
    where = f"{zone} {n}" if n else zone
    attacked = view.combat is not None and any(
        a.target == Target("c", iid) for a in view.combat.attacks)
    words = [owner, where] + status(cv, lang) + ([t("place.attacked", lang)] if attacked else [])
    return f"{name} ({', '.join(words)})"


def cost_words(vp: int, mc: int, lang: str) -> str:
    """The full cost, every cost type: "2 VP", "2 VP + 1 mc"."""
    text = f"{vp} {t('mark.vp', lang)}"
    if mc:
        text += f" + {mc} {t('mark.mc', lang)}"
    return text


def _damage(forecast: Any, target: Target, name: Any, lang: str) -> list[str]:
    """What ``target`` takes in the forecast: damage, damage made 0 (with its keyword and
    rule), death."""
    out = []
    hits = forecast.on(target)
    dealt = sum(h.amount for h in hits)
    if dealt:
        out.append(t("preview.takes", lang, target=name, n=dealt))
    for h in hits:
        if h.keyword:
            out.append(t("preview.prevented", lang, target=name, n=h.prevented,
                          keyword=keyword_name(h.keyword, lang)
                          if h.keyword in KEYWORD_NAMES else h.keyword, rule=h.rule))
    if target.k == "c" and target.i in forecast.dies:
        out.append(t("preview.dies", lang, target=name))
    if target.k == "p" and target.i in forecast.loses:
        out.append(t("preview.loses", lang, target=name))
    if target.k == "c" and target.i in forecast.bonus:
        out.append(t("preview.bonus", lang, target=name))
    return out


def attack_preview(forecast: Any, names: Any, lang: str) -> str:
    """An attack that could be declared: what the target and the attacker would take."""
    me = Target("c", forecast.attacker)
    parts = _damage(forecast, forecast.target, names(forecast.target), lang)
    parts += _damage(forecast, me, names(me), lang)
    return "; ".join(parts) or t("preview.nothing", lang)


def strike_preview(forecast: Any, names: Any, lang: str) -> str:
    """The strike of the combat as declared: every target's damage, prevention and death."""
    seen: list[Target] = []
    for h in forecast.hits:
        if h.target not in seen:
            seen.append(h.target)
    parts = [p for tg in seen for p in _damage(forecast, tg, names(tg), lang)]
    return "; ".join(parts) or t("preview.nothing", lang)
