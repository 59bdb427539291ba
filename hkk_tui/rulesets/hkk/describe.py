"""HKK's events, actions and targets in words, in Hungarian or English.

Every sentence comes from HKK's catalog (``hkk_tui/rulesets/hkk/i18n``, then the app's); card
names come from the card data in the chosen language. The UI never shows an event's Python name.
"""

from __future__ import annotations

from typing import Any, Sequence

from engine.hkk import actions as A
from engine.hkk import events as E
from engine.hkk.cardtext import KEYWORD_NAMES, keyword_name
from engine.hkk.rulebook import rule_of
from engine.hkk.state import Target
from hkk_tui.rulesets.hkk.words import t


class Namer:
    """Names of cards (by instance id) and players for one game, in one language."""

    def __init__(self, pool: dict, cids: Sequence[str], players: Sequence[str], lang: str,
                 viewer: int = -1):
        self.pool = pool
        self.cids = list(cids)
        self.players = list(players)
        self.lang = lang
        self.viewer = viewer

    def card(self, iid: int) -> str:
        if iid is None or iid < 0 or iid >= len(self.cids):
            return t("word.a_card", self.lang)
        return self.cid(self.cids[iid])

    def cid(self, cid: str) -> str:
        d = self.pool.get(cid)
        return d.name.get(self.lang) if d is not None else cid

    def player(self, p: int) -> str:
        if 0 <= p < len(self.players):
            return self.players[p]
        return t("word.nobody", self.lang)

    def target(self, tg: Target, line: Sequence[Any] = ()) -> str:
        if tg.k == "p":
            return self.player(tg.i)
        if tg.k == "l":
            if 0 <= tg.i < len(line):
                card = line[tg.i].card
                card = getattr(card, "iid", card)
                return t("target.line_item", self.lang, n=tg.i + 1, card=self.card(card))
            return t("target.line_index", self.lang, n=tg.i + 1)
        return self.card(tg.i)

    def targets(self, tgs: Sequence[Target], line: Sequence[Any] = ()) -> str:
        return ", ".join(self.target(x, line) for x in tgs)

    def zone_to(self, zone: str) -> str:
        return t(f"zone_to.{zone}", self.lang)

    def reason(self, reason: str) -> str:
        key = "reason." + reason.replace(" ", "_")
        text = t(key, self.lang)
        return reason if text.startswith("⟨") else text


def _tg(n: Namer, tgs: Sequence[Target]) -> str:
    return t("ev.targeting", n.lang, targets=n.targets(tgs)) if tgs else ""


def describe_event(ev: Any, n: Namer) -> str | None:  # noqa: C901 - one table of events
    """One event as a sentence (without the rule number); None if it is not worth a log line."""
    L = n.lang
    P, C = n.player, n.card
    match ev:
        case E.DeckShuffled(player=p):
            return t("ev.deck_shuffled", L, player=P(p))
        case E.StarterChosen(player=p):
            return t("ev.starter_chosen", L, player=P(p))
        case E.StartCeded(player=p):
            return t("ev.start_ceded", L, player=P(p))
        case E.CardDrawn(player=p, card=c, opening=o):
            if c < 0:
                return t("ev.drawn_hidden_opening" if o else "ev.drawn_hidden", L, player=P(p))
            return t("ev.drawn_opening" if o else "ev.drawn", L, player=P(p), card=C(c))
        case E.TurnBegan(player=p, turn=turn):
            return t("ev.turn_began", L, player=P(p), turn=turn)
        case E.StepBegan(phase=ph, step=st):
            # stages with a Kódex number (K 29.2, 41.0) and the combat sub-phases (K 33.1);
            # the internal windows between them are not worth a log line
            if ph in ("prep", "end") and st:
                if st > 4:
                    return None
                text = t("ev.stage_began", L, phase=t(f"phase.{ph}", L), n=st,
                         name=t(f"stage.{ph}{st}", L))
                return text[:1].upper() + text[1:]
            if ph == "combat":
                return t(f"stage.combat{st}", L) if st in (1, 4, 7) else None
            return t("ev.step_began", L, phase=t(f"phase.{ph}", L))
        case E.TurnEnded(player=p):
            return t("ev.turn_ended", L, player=P(p))
        case E.GameEnded(winner=w, reason=r):
            why = t(f"result.{r}", L)
            if w < 0:
                return t("ev.game_drawn", L, reason=why)
            return t("ev.game_won", L, player=P(w), reason=why)
        case E.VpChanged(player=p, amount=a, reason=r):
            key = "ev.vp_gained" if a >= 0 else "ev.vp_lost"
            return t(key, L, player=P(p), n=abs(a), reason=n.reason(r))
        case E.McChanged(player=p, amount=a, reason=r):
            key = "ev.mc_gained" if a >= 0 else "ev.mc_lost"
            return t(key, L, player=P(p), n=abs(a), reason=n.reason(r))
        case E.LifeChanged(player=p, amount=a, source=s):
            if a >= 0:
                return t("ev.life_healed", L, player=P(p), n=a)
            if s >= 0:
                return t("ev.life_damaged_by", L, player=P(p), n=-a, source=C(s))
            return t("ev.life_damaged", L, player=P(p), n=-a)
        case E.MaxLifeChanged(player=p, amount=a):
            return t("ev.max_life", L, player=P(p), n=f"{a:+d}")
        case (E.TaskPushed() | E.TaskPopped() | E.TaskReplaced() | E.TasksCleared()
              | E.Advanced()):
            return t("ev.bookkeeping", L)
        case E.CardMoved(card=c, zone=z, reason=r):
            return t("ev.card_moved", L, card=C(c), zone=n.zone_to(z), reason=n.reason(r))
        case E.CardTurned(card=c, active=a):
            return t("ev.card_activated" if a else "ev.card_passivated", L, card=C(c))
        case E.PlayerActivated(player=p):
            return t("ev.player_activated", L, player=P(p))
        case E.GuardMoved(card=c, to_guard=g):
            return t("ev.to_guard" if g else "ev.to_reserve", L, card=C(c))
        case E.CardDamaged(card=c, amount=a, source=s):
            if s >= 0:
                return t("ev.card_damaged_by", L, card=C(c), n=a, source=C(s))
            return t("ev.card_damaged", L, card=C(c), n=a)
        case E.DamagePrevented(card=c, amount=a, source=s, keyword=k):
            word = keyword_name(k, L) if k in KEYWORD_NAMES else k
            return t("prevented.damage", L, card=C(c), n=a, source=C(s),
                     keyword=word.lower() if L == "en" else word)
        case E.CardHealed(card=c, amount=a):
            return t("ev.card_healed", L, card=C(c), n=a)
        case E.CountersChanged(card=c, kind=k, amount=a):
            return t("ev.counters", L, card=C(c), n=f"{a:+d}", kind=t(f"counter.{k}", L))
        case E.Pumped(card=c, damage=d, hp=h):
            return t("ev.pumped", L, card=C(c), d=f"{d:+d}", h=f"{h:+d}")
        case E.KeywordGranted(card=c, keyword=k):
            name = keyword_name(k, L) if k in KEYWORD_NAMES else k
            name = name.lower() if L == "en" else name
            return t("ev.keyword_granted", L, card=C(c), keyword=name)
        case E.Repaired():
            return t("ev.repaired", L)
        case E.TurnEffectsExpired():
            return t("ev.effects_expired", L)
        case E.AbilityUsed() | E.CardsPlayedCounted() | E.TriggerTaken() | E.WoundsChecked():
            return t("ev.bookkeeping", L)
        case E.ComponentsWaived(player=p, card=c, amount=a):
            return t("ev.components_waived", L, player=P(p), n=a, card=C(c))
        case E.CreatureShifted(card=c, index=i):
            return t("ev.creature_shifted", L, card=C(c), n=i + 1)
        case E.DrawOffered(player=p):
            return t("ev.draw_offered", L, player=P(p))
        case E.DrawDeclined(player=p):
            return t("ev.draw_declined", L, player=P(p))
        case E.DrawAgreed(player=p):
            return t("ev.draw_agreed", L, player=P(p))
        case E.Regenerated(card=c, amount=a):
            return t("ev.regenerated", L, card=C(c), n=a)
        case E.RandomPicked(n=k, picked=i):
            return t("ev.random_picked", L, i=i + 1, n=k)
        case E.LinePushed(item=item):
            key = {"card": "ev.line_card", "ability": "ev.line_ability",
                   "auto": "ev.line_auto", "regen": "ev.line_regen"}.get(item.kind, "ev.line_card")
            return t(key, L, player=P(item.controller), card=C(item.card)) + _tg(n, item.targets)
        case E.LinePopped():
            return t("ev.line_popped", L)
        case E.LineItemPrevented(index=i, by=b):
            return t("ev.line_prevented", L, n=i + 1, card=C(b))
        case E.LineItemRetargeted(index=i, targets=tgs):
            return t("ev.line_retargeted", L, n=i + 1, targets=n.targets(tgs))
        case E.TriggerQueued(trigger=tr):
            return t("ev.trigger_queued", L, card=C(tr.card))
        case E.CombatBegan():
            return t("ev.combat_began", L)
        case E.AttackDeclared(attack=a):
            return t("ev.attack_declared", L, card=C(a.attacker), target=n.target(a.target))
        case E.AttackWithdrawn(attacker=a):
            return t("ev.attack_withdrawn", L, card=C(a))
        case E.HitBackChosen(defender=d, attacker=a):
            return t("ev.hit_back", L, card=C(d), target=C(a))
        case E.CombatAbilityAnnounced(card=c, amount=a):
            return t("ev.combat_ability", L, card=C(c), n=a)
        case E.CombatEnded():
            return t("ev.combat_ended", L)
        case E.PlayerSet(player=p, life=life, vp=vp):
            return t("ev.player_set", L, player=P(p), life=life, vp=vp)
        case E.TurnSet(turn=turn, active=a):
            return t("ev.turn_set", L, turn=turn, player=P(a))
        case E.Conceded(player=p):
            return t("ev.conceded", L, player=P(p))
    return t("ev.unknown", L, name=type(ev).__name__)


def event_line(ev: Any, n: Namer) -> tuple[str | None, str]:
    """(sentence or None, rule number) for the log."""
    return describe_event(ev, n), rule_of(ev)


def is_bookkeeping(ev: Any) -> bool:
    return isinstance(ev, E.BOOKKEEPING_EVENTS)


def describe_action(action: Any, n: Namer, line: Sequence[Any] = ()) -> str:
    """An action as a menu entry or a log line, e.g. "Play Fire Ball → Orc"."""
    L = n.lang
    C = n.card
    match action:
        case A.Pass():
            return t("act.pass", L)
        case A.CedeStart(cede=c):
            return t("act.cede" if c else "act.keep", L)
        case A.PlayCard(card=c, targets=tg):
            return t("act.play", L, card=C(c)) + _arrow(n, tg, line)
        case A.Activate(card=c, ability=i, targets=tg):
            return t("act.activate", L, card=C(c), n=i + 1) + _arrow(n, tg, line)
        case A.Regenerate(card=c):
            return t("act.regenerate", L, card=C(c))
        case A.SacrificeForMc(card=c):
            return t("act.sacrifice", L, card=C(c))
        case A.MoveToGuard(card=c):
            return t("act.to_guard", L, card=C(c))
        case A.MoveToReserve(card=c):
            return t("act.to_reserve", L, card=C(c))
        case A.DeclareAttack(attacker=a, target=tg):
            return t("act.attack", L, card=C(a), target=n.target(tg, line))
        case A.WithdrawAttack(attacker=a):
            return t("act.withdraw", L, card=C(a))
        case A.ChooseHitBack(defender=d, attacker=a):
            return t("act.hit_back", L, card=C(d), target=C(a))
        case A.UseCombatAbility(card=c, amount=k):
            return t("act.combat_ability", L, card=C(c), n=k)
        case A.ChooseTarget(targets=tg):
            return n.targets(tg, line) or t("act.no_target", L)
        case A.OrderTrigger(index=i):
            return t("act.order_trigger", L, n=i + 1)
        case A.ExtractMc(card=c, amount=k):
            return t("act.extract_amount", L, card=C(c), n=k)
        case A.ShiftCreature(card=c, left=left):
            return t("act.shift_card_left" if left else "act.shift_card_right", L, card=C(c))
        case A.OfferDraw():
            return t("act.offer_draw", L)
        case A.AcceptDraw():
            return t("act.accept_draw", L)
        case A.DeclineDraw():
            return t("act.decline_draw", L)
        case A.Concede():
            return t("act.concede", L)
        case A.Start() | A.SetupScenario():
            return t("act.start", L)
    return type(action).__name__


def _arrow(n: Namer, tgs: Sequence[Target], line: Sequence[Any]) -> str:
    return " → " + n.targets(tgs, line) if tgs else ""


def target_words(tgs: Sequence[Target], n: Namer, line: Sequence[Any] = ()) -> str:
    return n.targets(tgs, line) if tgs else t("act.no_target", n.lang)
