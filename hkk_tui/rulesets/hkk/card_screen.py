"""HKK's card detail: name, type, cost and stats, rules text, keywords explained, live state."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.hkk.cardtext import card_lines, keyword_help, keyword_name, stat_line, type_line
from hkk_tui.rulesets.hkk.words import t
from hkk_tui.widgets.footer import I18nFooter


class CardScreen(ModalScreen[None]):
    """Full card detail: name, type, cost and stats, rules text, keywords explained, live state."""

    BINDINGS = [Binding("escape,i,q,enter", "close", "key.close")]

    def __init__(self, card: Any, lang: str, cv: Any = None, namer: Any = None):
        super().__init__()
        self.card, self.lang, self.cv, self.namer = card, lang, cv, namer

    def compose(self) -> ComposeResult:
        d, L, cv = self.card, self.lang, self.cv
        body = Text()
        body.append(d.name.get(L) + "\n", style="bold")
        body.append(type_line(d, L) + " · " + t("card.god", L) + " " +
                    _god(d.god, L) + "\n", style="italic")
        body.append(stat_line(d, L) + "\n\n")
        for line in card_lines(d, L):
            body.append(line + "\n")
        kws = list(dict.fromkeys(list(d.keywords) + (list(cv.keywords) if cv else [])))
        if kws:
            body.append("\n" + t("card.keywords", L) + "\n", style="bold")
            for kw in kws:
                try:
                    body.append(f"  {keyword_name(kw, L)}: {keyword_help(kw, L)}\n")
                except KeyError:
                    body.append(f"  {kw}\n")
        if cv is not None:
            body.append("\n" + t("card.now", L) + "\n", style="bold")
            body.append("  " + t(f"zone.{cv.zone}", L))
            if cv.zone in ("reserve", "guard", "perm", "attached"):
                body.append(" · " + t("card.active" if cv.active else "card.passive", L))
            body.append("\n")
            if d.is_creature and cv.zone in ("reserve", "guard"):
                body.append("  " + t("card.live_stats", L, damage=cv.damage, hp=cv.hp,
                                     max_hp=cv.max_hp, wounds=cv.wounds) + "\n")
            if cv.defence_bonus:
                body.append("  " + t("card.defence_bonus", L) + "\n")
            for kind, n in cv.counters.items():
                body.append(f"  {t('counter.' + kind, L)}: {n}\n")
            if cv.attachments and self.namer:
                body.append("  " + t("card.attachments", L) + " " +
                            ", ".join(self.namer.card(a) for a in cv.attachments) + "\n")
            if cv.host >= 0 and self.namer:
                body.append("  " + t("card.host", L) + " " + self.namer.card(cv.host) + "\n")
        if d.flavor is not None:
            body.append("\n" + d.flavor.get(L), style="dim italic")
        with Vertical(id="dialog"):
            with VerticalScroll():
                yield Static(body, id="card-body")
        yield I18nFooter()

    def action_close(self) -> None:
        self.dismiss(None)


def _god(god: str, lang: str) -> str:
    from engine.hkk.cardtext import god_name

    try:
        return god_name(god, lang)
    except KeyError:
        return god
