"""Summoner Wars' card detail (``i``): name, class line, faction, cost, strength and attack type,
life, the event's phase, every ability with its text, and — for a card in play — its live state:
square, life left, damage, charges, strength now, what it did this turn, the cards under it."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.sw.board import name as square_name
from hkk_tui.i18n import has_tr
from hkk_tui.rulesets.sw.words import NS, t
from hkk_tui.widgets.footer import I18nFooter


def class_line(d: Any, lang: str) -> str:
    """The card's class line (gl. OSZTÁLY): "Common unit • Structure", "Epic event"…"""
    if d.kind == "event":
        key = "class.epic_event" if d.epic else "class.common_event"
    else:
        key = f"class.{d.kind}"
    text = t(key, lang)
    if d.kind != "structure" and d.structure:
        text += " • " + t("class.structure", lang)
    if d.gate or any(a.keyword == "gate" for a in d.abilities):
        text += " • " + t("class.gate", lang)
    return text


@lru_cache(maxsize=1)
def _factions() -> dict[str, Any]:
    """Faction id → the name of the ready deck of its summoner (the faction's name in both
    languages)."""
    from engine.sw.pool import default_pool, list_decks

    try:
        pool = default_pool()
        return {pool[cid].faction: deck.name for deck in list_decks(pool)
                for cid in deck.cards if cid in pool and pool[cid].kind == "summoner"}
    except Exception:  # noqa: BLE001 - a name is a nicety; broken content is told elsewhere
        return {}


def faction_name(faction: str, lang: str) -> str:
    """A faction's name: the catalog's ``faction.<id>``, else its ready deck's name."""
    key = f"faction.{faction}"
    if has_tr(NS, key, lang):
        return t(key, lang)
    name = _factions().get(faction)
    return name.get(lang) if name is not None else faction


def numbers_line(d: Any, lang: str) -> str:
    parts = []
    if d.kind != "summoner":
        parts.append(t("card.cost", lang, n=d.cost))
    if d.is_unit:
        kind = t(f"attack.{d.attack}", lang) if d.attack else ""
        parts.append(t("card.strength", lang, n=d.strength, kind=kind).strip())
    if d.life:
        parts.append(t("card.life", lang, n=d.life))
    if d.kind == "event" and d.phase:
        parts.append(t("card.phase", lang, phase=t(f"phase.{d.phase}", lang)))
    if d.active:
        parts.append(t("card.active", lang))
    return " · ".join(parts)


def card_text(d: Any, lang: str) -> Text:
    """The printed card in words: name, class, numbers, abilities and event text."""
    body = Text()
    body.append(d.name.get(lang) + "\n", style="bold")
    faction = faction_name(d.faction, lang) if d.faction else ""
    body.append(class_line(d, lang) + (f" · {faction}" if faction else "") + "\n",
                style="italic")
    body.append(numbers_line(d, lang) + "\n")
    if d.text is not None:
        body.append("\n" + d.text.get(lang) + "\n")
    for ability in d.abilities:
        body.append("\n" + ability.name.get(lang), style="bold")
        body.append(": " + ability.text.get(lang) + "\n")
    return body


class CardScreen(ModalScreen[None]):
    """The full card, with its live state when it is in play."""

    BINDINGS: ClassVar = [Binding("escape,i,q,enter", "close", "key.close")]

    def __init__(self, card: Any, lang: str, cv: Any = None, table: Any = None):
        super().__init__()
        self.card, self.lang, self.cv, self.table = card, lang, cv, table

    def compose(self) -> ComposeResult:
        d, L, cv = self.card, self.lang, self.cv
        body = card_text(d, L)
        if cv is not None:
            body.append("\n" + t("card.now", L) + "\n", style="bold")
            body.append_text(self._live(cv))
        if d.flavor is not None:
            body.append("\n" + d.flavor.get(L), style="dim italic")
        with Vertical(id="dialog"), VerticalScroll():
            yield Static(body, id="card-body")
        yield I18nFooter()

    def _live(self, cv: Any) -> Text:
        L, tb = self.lang, self.table
        out = Text()
        where = t(f"zone.{cv.zone}", L)
        if cv.zone == "board" and cv.square >= 0:
            where += " " + square_name(cv.square)
        owner = tb.player(cv.controller) if tb is not None else str(cv.controller + 1)
        out.append("  " + t("card.where", L, where=where, player=owner) + "\n")
        if cv.zone == "board":
            if cv.life:
                out.append("  " + t("card.life_now", L, left=cv.life - cv.damage, life=cv.life,
                                    damage=cv.damage) + "\n")
            if self.card.is_unit:
                out.append("  " + t("card.strength_now", L, n=cv.strength) + "\n")
            if cv.charges:
                out.append("  " + t("card.charges", L, n=cv.charges) + "\n")
            if cv.moved:
                out.append("  " + t("card.moved", L) + "\n")
            if cv.attacks:
                out.append("  " + t("card.attacked", L, n=cv.attacks) + "\n")
            if cv.extra:
                out.append("  " + t("card.extra", L, n=cv.extra) + "\n")
            if cv.under and tb is not None:
                names = ", ".join(tb.card_name(u.cid, u.name) for u in cv.under)
                out.append("  " + t("card.under", L, cards=names) + "\n")
        elif cv.charges:
            out.append("  " + t("card.charges", L, n=cv.charges) + "\n")
        return out

    def action_close(self) -> None:
        self.dismiss(None)
