"""The closed effect vocabulary (cards.EFFECTS) and the zone moves it needs (K 4, 97-111)."""

from __future__ import annotations

from typing import NamedTuple

from engine.core import rng
from engine.hkk import events as E
from engine.hkk.cards import Effect
from engine.hkk.ctx import Ctx
from engine.hkk.state import (
    ATTACHED, CREATURE_ZONES, GRAVEYARD, GUARD, HAND, PERM, RESERVE, TABLE_ZONES, VOID,
    Target, Task, Trigger,
)
from engine.hkk.stats import abilities_work, has, max_hp_of, statics
from engine.hkk.verbs import VERBS


#: The decision in which the entitled player takes a dead creature's monster components
#: (declared in :mod:`engine.hkk.decisions`; asked from here, where creatures die).
EXTRACT_MC = "extract_mc"


class Extraction(NamedTuple):
    """The parameters of an ``extract_mc`` decision (K 67.1, 67.4): the creature that died (task
    field ``card``) and how many monster components it yields (task field ``data[0]``)."""

    card: int
    available: int

    @classmethod
    def of(cls, task: Task) -> Extraction:
        return cls(task.card, task.data[0])

    def task(self, kind: str, player: int) -> Task:
        return Task(kind, player, card=self.card, data=(self.available,))


# ---------------------------------------------------------------------------- players
def draw(ctx: Ctx, player: int, n: int = 1, opening: bool = False) -> int:
    """Draw ``n`` cards (K 4.12); an empty deck simply does not draw (K 30.5)."""
    drawn = 0
    for _ in range(n):
        deck = ctx.s.players[player].deck
        if not deck:
            break
        ctx.emit(E.CardDrawn(player, deck[-1], opening))
        drawn += 1
    return drawn


def gain_vp(ctx: Ctx, player: int, amount: int, reason: str, rule: str = "K 3.18") -> None:
    """Gain VP; anything above the maximum is lost (K 3.18)."""
    p = ctx.s.players[player]
    gain = max(0, min(amount, p.max_vp - p.vp))
    if gain:
        ctx.emit(E.VpChanged(player, gain, reason, rule))


def spend_vp(ctx: Ctx, player: int, amount: int, reason: str, rule: str = "K 4.20") -> None:
    if amount:
        ctx.emit(E.VpChanged(player, -amount, reason, rule))


def damage_player(ctx: Ctx, player: int, amount: int, source: int, rule: str) -> None:
    if amount > 0:
        ctx.emit(E.LifeChanged(player, -amount, source, rule))


def heal_player(ctx: Ctx, player: int, amount: int, source: int) -> None:
    """Healing never goes above maximum life (K 3.18, 4.26)."""
    p = ctx.s.players[player]
    gain = max(0, min(amount, p.max_life - p.life))
    if gain:
        ctx.emit(E.LifeChanged(player, gain, source, "K 4.26"))


# ---------------------------------------------------------------------------- cards
def damage_card(ctx: Ctx, iid: int, amount: int, source: int, rule: str,
                by_spell: bool = False) -> int:
    """Damage a creature or building; returns the damage actually dealt.

    "Cannot be damaged" makes all damage 0 (K 132.13); magic immunity: damaging spells deal none
    (K 132.4). Damage a rule makes 0 is told by a DamagePrevented event, with its rule.
    """
    if amount <= 0 or ctx.s.cards[iid].zone not in TABLE_ZONES:
        return 0
    if has(ctx, iid, "cannot_be_damaged"):                           # K 132.13
        ctx.emit(E.DamagePrevented(iid, amount, source, "cannot_be_damaged", "K 132.13"))
        return 0
    if by_spell and has(ctx, iid, "magic_immunity"):                  # K 132.4
        ctx.emit(E.DamagePrevented(iid, amount, source, "magic_immunity", "K 132.4"))
        return 0
    ctx.emit(E.CardDamaged(iid, amount, source, rule))
    return amount


def heal_card(ctx: Ctx, iid: int, amount: int, source: int) -> None:
    card = ctx.s.cards[iid]
    amount = min(amount, card.damage)
    if amount > 0:
        ctx.emit(E.CardHealed(iid, amount, source))


def enters_active(ctx: Ctx, iid: int) -> bool:
    """Flying, or a card whose text says it enters play active, enters active (K 79.1, 134.2);
    the latter is no flier (K 131.6.2)."""
    d = ctx.d(iid)
    return d.enters_active or "flying" in d.keywords


def enter_play(ctx: Ctx, iid: int, controller: int, host: int = -1) -> None:
    """Put a permanent onto the table in its type's position (K 8.1.2, 8.5.4-8.5.5, 8.6, 8.7)."""
    d = ctx.d(iid)
    active = enters_active(ctx, iid)                                  # K 79.1, 134.2
    if d.type == "creature":
        rule = "K 134.2" if d.enters_active else "K 8.1.2"
        ctx.emit(E.CardMoved(iid, RESERVE, controller, active, "enters", rule))
    elif d.type == "building":
        rule = "K 134.2" if d.enters_active else "K 8.6"
        ctx.emit(E.CardMoved(iid, PERM, controller, active, "enters", rule))
    elif host >= 0:
        ctx.emit(E.CardMoved(iid, ATTACHED, controller, True, "enters", "K 8.5.5", host))
    else:                                                             # enchantment, item
        ctx.emit(E.CardMoved(iid, PERM, controller, True, "enters", "K 8.5.4"))


def leave_table(ctx: Ctx, iid: int, zone: str, reason: str, rule: str,
                extract: bool = True) -> None:
    """Move a permanent off the table. Attached cards fall off to the graveyard (K 5.5.5); a
    creature dying lets its opponent decide how many of its monster components to extract
    (K 67.1, 67.4) unless it died in the preparation phase (K 29.4.11, 67.2) or was sacrificed
    (K 67.3, 105.2); "death" related effects are queued (K 22)."""
    card = ctx.s.cards[iid]
    if card.zone not in TABLE_ZONES:
        return
    d = ctx.pool[card.cid]
    controller = card.controller
    for att in list(card.attachments):
        ctx.emit(E.CardMoved(att, GRAVEYARD, ctx.s.cards[att].owner, False, "host left",
                             "K 5.5.5"))
    was_creature = card.zone in CREATURE_ZONES
    ctx.emit(E.CardMoved(iid, zone, card.owner, False, reason, rule))
    if was_creature and zone in (GRAVEYARD, VOID):
        if extract and d.mc and ctx.s.phase != "prep":
            ctx.push(Extraction(iid, d.mc).task(EXTRACT_MC, 1 - controller))
        for index, ab in enumerate(d.abilities):
            if ab.when == "death":
                ctx.emit(E.TriggerQueued(Trigger(iid, index, controller, iid, controller)))


def play_related(ctx: Ctx, player: int, iid: int) -> list[Trigger]:
    """The related effects a card ``player`` played and that has taken effect causes: the
    "after a card played by your opponent has taken effect" abilities of the opponent's working
    permanents, attached cards included (K 22.1). The card's player orders them (K 22.1.2)."""
    s = ctx.s
    opp = 1 - player
    cards = s.cards
    for i in ctx.facts.by_when.get("opponent_played", ()):   # any such card of theirs in play?
        card = cards[i]
        if card.controller == opp and card.zone in TABLE_ZONES:
            break
    else:
        return []
    played = ctx.d(iid)
    me = s.players[opp]
    sources = me.reserve + me.guard + me.perm
    for p in s.players:
        for host in p.reserve + p.guard + p.perm:
            sources += [a for a in s.cards[host].attachments if s.cards[a].controller == opp]
    out = []
    whens = ctx.index.whens
    pool = ctx.pool
    for source in sources:
        cid = cards[source].cid
        if "opponent_played" not in whens[cid]:         # most cards have no such ability
            continue
        d = pool[cid]
        for index, ab in enumerate(d.abilities):
            if ab.when != "opponent_played" or not abilities_work(ctx, source):
                continue
            if (ab.on == "spell" and not played.is_spell) or (
                    ab.on == "creature" and not played.is_creature):
                continue
            out.append(Trigger(source, index, opp, iid, player, played_by=player))
    return out


def queue_play_related(ctx: Ctx, player: int, iid: int) -> bool:
    """Queue :func:`play_related`; True if any was queued."""
    related = play_related(ctx, player, iid)
    for trigger in related:
        ctx.emit(E.TriggerQueued(trigger))
    return bool(related)


# ---------------------------------------------------------------------------- interpreter
def _recipients(ctx: Ctx, to: str, source: int, controller: int,
                targets: tuple[Target, ...], trigger_card: int, trigger_player: int
                ) -> list[Target]:
    if to in ("target", "target2"):
        slot = 0 if to == "target" else 1
        return [targets[slot]] if slot < len(targets) else []
    s = ctx.s
    opp = 1 - controller
    if to == "self":
        return [Target("c", source)]
    if to == "host":
        host = s.cards[source].host
        return [Target("c", host)] if host >= 0 else []
    if to == "controller":
        return [Target("p", controller)]
    if to == "opponent_player":
        return [Target("p", opp)]
    if to == "each_player":
        return [Target("p", controller), Target("p", opp)]
    if to == "trigger_player":
        return [Target("p", trigger_player)] if trigger_player >= 0 else []
    if to == "trigger_card":
        return [Target("c", trigger_card)] if trigger_card >= 0 else []
    owners = {"all_creatures": (0, 1), "own_creatures": (controller,),
              "enemy_creatures": (opp,), "enemy_guard_creatures": (opp,),
              "own_guard_creatures": (controller,), "other_own_creatures": (controller,),
              "other_creatures": (0, 1)}[to]
    guard_only = to.endswith("guard_creatures")
    out = []
    for p in owners:
        zones = (s.players[p].guard,) if guard_only else (s.players[p].reserve, s.players[p].guard)
        for zone in zones:
            out += [Target("c", iid) for iid in zone]
    if to.startswith("other_"):                       # "other creatures": not this one
        out = [t for t in out if t.i != source]
    return out


def run_effects(ctx: Ctx, effects: tuple[Effect, ...], controller: int, source: int,
                targets: tuple[Target, ...], by_spell: bool, rule: str,
                trigger_card: int = -1, trigger_player: int = -1) -> None:
    """Execute effects in printed order, as much as possible (K 21.17.2, 4.24.2)."""
    for eff in effects:
        if eff.do == "turn_break":                    # not aimed at anything (K 40.3)
            ctx.turn_break = True
            return
        for t in _recipients(ctx, eff.to, source, controller, targets, trigger_card,
                             trigger_player):
            _apply(ctx, eff, t, controller, source, by_spell, rule)
            if ctx.turn_break:
                return


def _apply(ctx: Ctx, eff: Effect, t: Target, controller: int, source: int, by_spell: bool,
           rule: str) -> None:
    do = eff.do
    s = ctx.s
    if t.k == "p":
        player = t.i
        if do == "damage":
            damage_player(ctx, player, eff.amount, source, rule)
        elif do == "heal":
            heal_player(ctx, player, eff.amount, source)
        elif do == "draw":
            draw(ctx, player, eff.amount)
        elif do == "gain_vp":
            gain_vp(ctx, player, eff.amount, "effect")
        elif do == "lose_vp":
            lose = min(eff.amount, s.players[player].vp)
            if lose:
                ctx.emit(E.VpChanged(player, -lose, "effect", "K 115"))
        elif do == "gain_mc":
            ctx.emit(E.McChanged(player, eff.amount, "effect", rule))
        elif do == "gain_life_max":
            ctx.emit(E.MaxLifeChanged(player, eff.amount, source))
            p = s.players[player]
            if p.life > p.max_life:
                ctx.emit(E.LifeChanged(player, p.max_life - p.life, source, "K 3.18"))
        elif do == "discard_random":
            for _ in range(eff.amount):
                hand = s.players[player].hand
                if not hand:
                    break
                pick, new_rng = rng.below(s.rng, len(hand))
                ctx.emit(E.RandomPicked(len(hand), pick, new_rng))
                ctx.emit(E.CardMoved(hand[pick], GRAVEYARD, player, False, "discarded",
                                     "K 4.17"))
        elif do == "turn_break":
            ctx.turn_break = True
        return
    if t.k == "l":
        if do == "prevent" and t.i < len(s.line) and not s.line[t.i].prevented:
            ctx.emit(E.LineItemPrevented(t.i, source))
        return
    iid = t.i
    card = s.cards[iid]
    if do == "resurrect":                             # as it would enter from hand (K 8.1.2.1)
        if card.zone == GRAVEYARD:
            ctx.emit(E.CardMoved(iid, RESERVE, card.owner, enters_active(ctx, iid),
                                 "resurrected", rule))
        return
    if card.zone not in TABLE_ZONES:
        return
    verb = VERBS.get(do)
    if verb is not None:
        verb.apply(ctx, eff, iid, rule)
        return
    if do == "damage":
        damage_card(ctx, iid, eff.amount, source, rule, by_spell)
    elif do == "heal":
        heal_card(ctx, iid, eff.amount, source)
    elif do == "destroy":
        leave_table(ctx, iid, GRAVEYARD, "destroyed", "K 104.1")
    elif do == "return_to_hand":
        leave_table(ctx, iid, HAND, "returned", "K 4.14")
    elif do == "void":
        leave_table(ctx, iid, VOID, "voided", "K 4.8")
    elif do == "counter":
        kind = eff.kind or "strengthening"
        ctx.emit(E.CountersChanged(iid, kind, eff.amount or 1))
    elif do == "pump":
        ctx.emit(E.Pumped(iid, eff.damage, eff.hp))
    elif do == "passivate":
        # K 86.2: passive, attached or guard-post permanents cannot be passivated.
        if card.active and card.zone not in (GUARD, ATTACHED):
            ctx.emit(E.CardTurned(iid, False, "K 5.5.7.1"))
    elif do == "activate":
        if not card.active:
            ctx.emit(E.CardTurned(iid, True, "K 5.5.7"))
    elif do == "gain_vp":
        gain_vp(ctx, card.controller, eff.amount, "effect")


def doomed(ctx: Ctx) -> list[int]:
    """Creatures at <= 0 HP and buildings at <= 0 SP on the table (K 35.10, 36.9, 37.5)."""
    known = ctx.doomed_at
    if known is not None:            # no event since that could change it: the same answer
        return list(known)
    out: list[int] = []
    # does a static shrink HP? Never without a card that could (asked when it matters); by
    # how much at most: every shrinking static in force, as if all reached the same card
    shrinking = None if ctx.facts.shrinks else False
    shrink = 0
    cards = ctx.s.cards
    pool = ctx.pool
    for player in ctx.s.players:
        perm = player.perm
        for zone in (player.reserve, player.guard, perm):
            for iid in zone:
                card = cards[iid]
                # only a damaged, countered or pumped card can be at <= 0 unless a static
                # shrinks HP: a creature whose printed HP outlasts every shrinking static
                # together (the defence bonus only adds, K 38.0) cannot be either
                if not (card.damage or card.counters or card.pump_hp):
                    if shrinking is None:
                        found = statics(ctx)
                        shrink = sum(eff.hp for _s, _a, eff in found
                                     if eff.do == "buff" and eff.hp < 0)
                        shrinking = shrink < 0
                    if not shrinking:
                        continue
                    d = pool[card.cid]
                    if d.type != "building" and d.hp + shrink > 0:
                        continue
                if zone is perm and pool[card.cid].type != "building":
                    continue
                if max_hp_of(ctx, iid) - card.damage <= 0:
                    out.append(iid)
    ctx.doomed_at = out[:]
    return out
