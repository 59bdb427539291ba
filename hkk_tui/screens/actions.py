"""The legal actions grouped per decision: one group per card (or per choice), then its options.

Choosing a group with one option submits it; a group with several (targets, amounts, attack
targets) opens a second list. Nothing here decides legality: the groups are built only from
``game.legal_actions``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.hkk import actions as A
from hkk_tui.describe import Namer, describe_action, target_words
from hkk_tui.i18n import t


@dataclass
class Group:
    label: str
    card: int = -1                      # the card the group is about (-1: none)
    cid: str = ""
    kind: str = ""
    actions: list[Any] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)

    @property
    def single(self) -> bool:
        return len(self.actions) == 1


def pass_label(kind: str, lang: str) -> str:
    key = {"exchange": "act.done_exchange", "sacrifice_mc": "act.done_sacrifice",
           "declare": "act.done_declare", "combat_abilities": "act.done_combat"}.get(kind,
                                                                                     "act.pass")
    return t(key, lang)


def build_groups(legal: list[Any], kind: str, namer: Namer, view: Any, pool: dict) -> list[Group]:
    L = namer.lang
    groups: dict[tuple, Group] = {}
    line = view.line if view is not None else []
    passes: list[Group] = []
    cids = namer.cids

    def group(key: tuple, label: str, card: int = -1, gkind: str = "") -> Group:
        if key not in groups:
            cid = cids[card] if 0 <= card < len(cids) else ""
            groups[key] = Group(label, card, cid, gkind)
        return groups[key]

    for a in legal:
        match a:
            case A.Pass():
                passes.append(Group(pass_label(kind, L), kind="pass", actions=[a],
                                    labels=[pass_label(kind, L)]))
                continue
            case A.PlayCard(card=c, targets=tg):
                d = pool.get(cids[c])
                cost = f" ({view.find(c).cost if view and view.find(c) else d.cost} VP)" if d else ""
                g = group(("play", c), t("act.play", L, card=namer.card(c)) + cost, c, "play")
                g.labels.append(target_words(tg, namer, line))
            case A.Activate(card=c, ability=i, targets=tg):
                g = group(("act", c, i), _ability_label(c, i, namer, pool), c, "activate")
                g.labels.append(target_words(tg, namer, line))
            case A.DeclareAttack(attacker=c, target=tg):
                g = group(("atk", c), t("act.attack_with", L, card=namer.card(c)), c, "attack")
                g.labels.append(namer.target(tg, line))
            case A.UseCombatAbility(card=c, amount=n):
                g = group(("ca", c), t("act.combat_of", L, card=namer.card(c)), c, "combat")
                g.labels.append(t("act.spend_vp", L, n=n))
            case A.ChooseHitBack(defender=d, attacker=c):
                g = group(("hb", c), describe_action(a, namer, line), c, "hit_back")
                g.labels.append(describe_action(a, namer, line))
            case A.OrderTrigger(index=i):
                trig = view.triggers[i] if view is not None and i < len(view.triggers) else None
                card = trig.card.iid if trig is not None else -1
                label = t("act.trigger_first", L, card=namer.card(card)) if trig else \
                    describe_action(a, namer, line)
                g = group(("ot", i), label, card, "order")
                g.labels.append(label)
            case A.ChooseTarget(targets=tg):
                card = tg[0].i if tg and tg[0].k == "c" else -1
                g = group(("tg", tuple(tg)), target_words(tg, namer, line), card, "target")
                g.labels.append(g.label)
            case _:
                card = getattr(a, "card", getattr(a, "attacker", -1))
                label = describe_action(a, namer, line)
                g = group(("one", repr(a)), label, card, type(a).__name__)
                g.labels.append(label)
        g.actions.append(a)
    out = list(groups.values())
    if kind == "declare":
        attacks = [g for g in out if g.kind == "attack"]
        rest = [g for g in out if g.kind != "attack"]
        return attacks + passes + rest
    return out + passes


def _ability_label(card: int, index: int, namer: Namer, pool: dict) -> str:
    from engine.hkk.cardtext import ability_text

    d = pool.get(namer.cids[card])
    text = ""
    if d is not None and index < len(d.abilities):
        try:
            text = ability_text(d, d.abilities[index], namer.lang)
        except Exception:  # noqa: BLE001 - a label must never crash the menu
            text = ""
    if len(text) > 60:
        text = text[:57] + "…"
    return t("act.activate", namer.lang, card=namer.card(card), n=index + 1) + (
        f": {text}" if text else "")
