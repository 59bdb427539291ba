"""Computed characteristics: actual damage, HP/SP, keywords and costs (K 14-15, 21.8, 38, 130)."""

from __future__ import annotations

from engine.hkk.cards import Ability, CardDef, Effect
from engine.hkk.ctx import Ctx
from engine.hkk.state import ATTACHED, CREATURE_ZONES, GUARD, PERM, TABLE_ZONES, Card


def abilities_work(ctx: Ctx, iid: int) -> bool:
    """Passive non-creature permanents' abilities do not work (K 5.5.8); attached cards are
    always active (K 5.5.4); creatures keep their abilities when passive (§11 item 27)."""
    card = ctx.s.cards[iid]
    if card.zone not in TABLE_ZONES:
        return False
    if card.zone == ATTACHED or card.zone in CREATURE_ZONES:
        return True
    return card.active


def statics(ctx: Ctx) -> list[tuple[int, Ability, Effect]]:
    """Every working static effect in play (K 130), cached until the table changes."""
    if ctx._statics is None:
        found: list[tuple[int, Ability, Effect]] = []
        cards = ctx.s.cards
        for iid in ctx.facts.static_cards:
            if cards[iid].zone in TABLE_ZONES:
                break
        else:                        # no card with a static ability is on the table
            ctx._statics = found
            return found
        has = ctx.index.statics
        for player in ctx.s.players:
            for zone in (player.reserve, player.guard, player.perm):
                for iid in zone:
                    card = cards[iid]
                    if has[card.cid]:
                        _collect(ctx, iid, found)
                    if card.attachments:
                        for att in card.attachments:
                            _collect(ctx, att, found)
        ctx._statics = found
    return ctx._statics


def _collect(ctx: Ctx, iid: int, found: list) -> None:
    pairs = ctx.index.statics[ctx.s.cards[iid].cid]
    if pairs and abilities_work(ctx, iid):
        for ab, eff in pairs:
            found.append((iid, ab, eff))


def _in_scope(ctx: Ctx, source: int, scope: str, iid: int) -> bool:
    src = ctx.s.cards[source]
    card = ctx.s.cards[iid]
    if scope == "self":
        return iid == source
    if scope == "host":
        return src.host == iid
    if card.zone not in CREATURE_ZONES:
        return False
    if scope == "all_creatures":
        return True
    if scope == "own_creatures":
        return card.controller == src.controller
    if scope == "other_own_creatures":
        return card.controller == src.controller and iid != source
    if scope == "other_creatures":
        return iid != source
    if scope == "enemy_creatures":
        return card.controller != src.controller
    if scope == "own_guard_creatures":
        return card.controller == src.controller and card.zone == GUARD
    if scope == "enemy_guard_creatures":
        return card.controller != src.controller and card.zone == GUARD
    return False


def _buffs(ctx: Ctx, iid: int) -> tuple[int, int]:
    dmg = hp = 0
    found = ctx._statics
    if found is None:
        found = statics(ctx)
    for source, _ab, eff in found:
        if eff.do == "buff" and _in_scope(ctx, source, eff.to, iid):
            dmg += eff.damage
            hp += eff.hp
    return dmg, hp


def _counter_bonus(counters: dict[str, int]) -> int:
    return counters.get("strengthening", 0) - counters.get("weakening", 0)


def defence_bonus(ctx: Ctx, iid: int) -> int:
    """K 38.0: in the opponent's turn every creature has +1 damage and +1 HP (§11 item 2)."""
    card = ctx.s.cards[iid]
    return 1 if card.zone in CREATURE_ZONES and card.controller != ctx.s.active else 0


def _bonus(ctx: Ctx, card: Card, iid: int, which: int) -> int:
    """What counters, static buffs (``which``: 0 their damage, 1 their HP) and the defence
    bonus (K 38.0) add to a card's printed value: asked for every creature at every step, so
    the static walk is skipped when no static works."""
    counters = card.counters
    value = _counter_bonus(counters) if counters else 0
    found = ctx._statics
    if found is None:
        found = statics(ctx)
    if found:
        value += _buffs(ctx, iid)[which]
    return value + defence_bonus(ctx, iid)


def damage_of(ctx: Ctx, iid: int) -> int:
    """Actual damage = base + every modifier, summed (K 14.3-14.5)."""
    card = ctx.s.cards[iid]
    return max(0, ctx.pool[card.cid].damage + card.pump_damage + _bonus(ctx, card, iid, 0))


def max_hp_of(ctx: Ctx, iid: int) -> int:
    """Maximum HP of a creature / SP of a building (K 15.1, 38.0, 117)."""
    card = ctx.s.cards[iid]
    d = ctx.pool[card.cid]
    if d.type == "building":
        return d.sp
    return d.hp + card.pump_hp + _bonus(ctx, card, iid, 1)


def hp_of(ctx: Ctx, iid: int) -> int:
    return max_hp_of(ctx, iid) - ctx.s.cards[iid].damage


def has(ctx: Ctx, iid: int, keyword: str) -> bool:
    """Printed keyword, one granted until end of turn (K 41.4) or one granted by a working
    static effect (K 128.1)."""
    if keyword in ctx.d(iid).keywords or keyword in ctx.s.cards[iid].granted:
        return True
    for source, _ab, eff in statics(ctx):
        if eff.do == "grant" and eff.keyword == keyword and _in_scope(ctx, source, eff.to, iid):
            return True
    return False


def keywords_of(ctx: Ctx, iid: int) -> list[str]:
    kws = list(ctx.d(iid).keywords)
    kws += [k for k in ctx.s.cards[iid].granted if k not in kws]
    for source, _ab, eff in statics(ctx):
        if (eff.do == "grant" and eff.keyword not in kws
                and _in_scope(ctx, source, eff.to, iid)):
            kws.append(eff.keyword)
    return kws


def cost_of(ctx: Ctx, player: int, iid: int) -> int:
    """Modified VP cost = base + every modifier, clamped at 0 (K 21.8, §11 item 9)."""
    return cost_of_def(ctx, player, ctx.pool[ctx.s.cards[iid].cid])


def cost_of_def(ctx: Ctx, player: int, d: CardDef) -> int:
    mods = _cost_mods(ctx, player, d)
    if not mods:
        return max(0, d.cost)
    return max(0, d.cost + sum(eff.amount for eff in mods))


def mc_cost_of(ctx: Ctx, player: int, iid: int) -> int:
    """Modified monster-component cost (K 7.0.1, 21.8.3), clamped at 0 (§11 item 9)."""
    return mc_cost_of_def(ctx, player, ctx.pool[ctx.s.cards[iid].cid])


def mc_cost_of_def(ctx: Ctx, player: int, d: CardDef) -> int:
    mods = _cost_mods(ctx, player, d)
    if not mods:
        return max(0, d.cost_mc)
    return max(0, d.cost_mc + sum(eff.mc for eff in mods))


_NONE: list[Effect] = []      # never appended to: "no modifier" without a new list


def any_cost_mods(ctx: Ctx) -> bool:
    """Is any cost modifier working on the table (K 21.8.3)? Without one every card costs
    what its definition says."""
    found = ctx._statics
    if found is None:
        found = statics(ctx)
    return bool(found) and any(eff.do == "cost_mod" for _s, _a, eff in found)


def _cost_mods(ctx: Ctx, player: int, d: CardDef) -> list[Effect]:
    """The working cost modifiers that apply to ``player`` playing ``d`` (K 21.8.3)."""
    found = ctx._statics if ctx._statics is not None else statics(ctx)
    if not found:
        return _NONE
    out = []
    for source, _ab, eff in found:
        if eff.do != "cost_mod" or (eff.card_type and eff.card_type != d.type):
            continue
        src_controller = ctx.s.cards[source].controller
        applies = (src_controller == player) if eff.applies_to == "own" else (
            src_controller != player)
        if applies:
            out.append(eff)
    return out


def is_table(ctx: Ctx, iid: int) -> bool:
    return ctx.s.cards[iid].zone in TABLE_ZONES


def is_building(ctx: Ctx, iid: int) -> bool:
    card = ctx.s.cards[iid]
    return card.zone == PERM and ctx.pool[card.cid].type == "building"
