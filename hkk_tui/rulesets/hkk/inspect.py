"""HKK's state inspector for the rules debugger: zones, cards, counters, effects with durations,
the reaction line, combat, the decision and the task stack. It reads the full state: the
debugger's explicit omniscient view."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from hkk_tui.i18n import has_tr
from hkk_tui.rulesets.hkk.words import NS, t


def _word(key: str, lang: str, fallback: str) -> str:
    """A catalog word if the catalog has it, else the engine's own name."""
    return t(key, lang) if has_tr(NS, key, lang) else fallback


def state_text(s: Any, ruleset: Any, names: list[str], lang: str) -> Text:
    """The state inspector's text for state ``s``."""
    L = lang
    pool = ruleset.pool

    def card(iid: int) -> str:
        c = s.cards[iid]
        bits = [pool[c.cid].name.get(L), f"#{iid}"]
        if c.zone in ("reserve", "guard", "perm", "attached"):
            bits.append(t("inspect.active" if c.active else "inspect.passive", L))
        if c.damage:
            bits.append(f"-{c.damage}")
        if c.counters:
            bits.append(",".join(f"{_word('counter_short.' + k, L, k)}:{v}"
                                 for k, v in c.counters.items()))
        if c.pump_damage or c.pump_hp:
            bits.append(t("debug.until_eot", L, d=c.pump_damage, h=c.pump_hp))
        if c.attachments:
            bits.append("+" + ",".join(f"#{a}" for a in c.attachments))
        return " ".join(bits)

    out = Text()
    out.append(t("debug.state", L, turn=s.turn, phase=t(f"phase.{s.phase}", L), step=s.step,
                 active=names[s.active]) + "\n", style="bold")
    for p, pl in enumerate(s.players):
        out.append(f"{names[p]}: ", style="bold")
        out.append(t("inspect.headline", L, life=pl.life, max_life=pl.max_life, vp=pl.vp,
                     max_vp=pl.max_vp, mc=pl.mc)
                   + f" · {t('debug.own_turns', L, n=pl.turns)}\n")
        for zone in ("hand", "reserve", "guard", "perm", "graveyard", "void"):
            ids = getattr(pl, zone)
            if ids:
                out.append(f"  {t('zone.' + zone, L)}: "
                           + "; ".join(card(i) for i in ids) + "\n")
        out.append(f"  {t('zone.deck', L)}: {len(pl.deck)}\n")
    if s.line:
        out.append(t("zone.line", L) + ":\n", style="bold")
        for item in reversed(s.line):
            out.append(f"  {_word('line.' + item.kind, L, item.kind)} {card(item.card)} "
                       f"({names[item.controller]})"
                       f"{' ' + t('line.prevented', L) if item.prevented else ''}\n")
    if s.combat is not None:
        out.append(t("debug.combat", L) + " ", style="bold")
        out.append(", ".join(f"#{a.attacker}→{a.target.k}{a.target.i}"
                             for a in s.combat.attacks) + "\n")
    if s.triggers:
        out.append(t("debug.triggers", L) + " ", style="bold")
        out.append(", ".join(card(tr.card) for tr in s.triggers) + "\n")
    d = ruleset.pending(s)
    out.append(t("debug.pending", L) + " ", style="bold")
    out.append(f"{names[d.player]} — {t('decision.' + d.kind, L)} [{d.rule}]\n"
               if d else "—\n")
    out.append(t("debug.tasks", L) + " " + " / ".join(
        f"{tk.kind}:{tk.player}" for tk in s.tasks) + "\n", style="dim")
    if s.result is not None:
        out.append(f"{_word('result.' + s.result.reason, L, s.result.reason)} "
                   f"[{s.result.rule}]\n", style="bold")
    return out
