"""Targeting (K 21.5): legal targets per target spec, protections (K 80, 132), line items (K 94)."""

from __future__ import annotations

from engine.hkk.ctx import Ctx
from engine.hkk.state import CREATURE_ZONES, GRAVEYARD, GUARD, PERM, TABLE_ZONES, Target
from engine.hkk.stats import has

_CARD_TARGET_SPECS = ("permanent", "enemy_permanent")   # "target card/permanent" (K 80.0)


def protection(ctx: Ctx, iid: int, spec: str, by_spell: bool) -> str:
    """The keyword that keeps card ``iid`` from being this target ("" if none): magic immunity
    against spells (K 132.4), resistance against "target card/permanent" sources (K 80)."""
    if by_spell and has(ctx, iid, "magic_immunity"):      # K 132.4
        return "magic_immunity"
    if spec in _CARD_TARGET_SPECS and has(ctx, iid, "resistance"):   # K 80-80.2
        return "resistance"
    return ""


def _protected(ctx: Ctx, iid: int, spec: str, by_spell: bool) -> bool:
    return bool(protection(ctx, iid, spec, by_spell))


#: target specs only a creature fits (:func:`card_matches`)
_CREATURE_SPECS = frozenset(("creature", "own_creature", "enemy_creature", "any",
                             "guard_creature", "enemy_guard_creature"))


def _table_cards(ctx: Ctx):
    for player in ctx.s.players:
        yield from player.reserve
        yield from player.guard
        for iid in player.perm:
            yield iid
            yield from ctx.s.cards[iid].attachments
        for iid in player.reserve + player.guard:
            yield from ctx.s.cards[iid].attachments


def card_matches(ctx: Ctx, spec: str, player: int, iid: int) -> bool:
    """Does card ``iid`` fit ``spec`` for a source controlled by ``player`` (ignoring
    protections)?"""
    card = ctx.s.cards[iid]
    zone = card.zone
    mine = card.controller == player
    if spec in ("creature", "own_creature", "enemy_creature", "any"):
        if zone not in CREATURE_ZONES:
            return False
        return spec in ("creature", "any") or (spec == "own_creature") == mine
    if spec in ("guard_creature", "enemy_guard_creature"):
        return zone == GUARD and (spec == "guard_creature" or not mine)
    if spec in ("building", "enemy_building"):
        return (zone == PERM and ctx.pool[card.cid].type == "building"
                and (spec == "building" or not mine))
    if spec == "permanent":
        return zone in TABLE_ZONES
    if spec == "enemy_permanent":
        return zone in TABLE_ZONES and not mine
    if spec == "enemy_noncreature":
        return zone in TABLE_ZONES and zone not in CREATURE_ZONES and not mine
    if spec == "graveyard_creature":
        return zone == GRAVEYARD and card.owner == player and ctx.pool[card.cid].is_creature
    return False


def candidates(ctx: Ctx, spec: str, player: int, by_spell: bool,
               responds_to: str = "any") -> list[Target]:
    """All legal targets for one target slot."""
    s = ctx.s
    if spec == "player":
        return [Target("p", 0), Target("p", 1)]
    if spec == "opponent":
        return [Target("p", 1 - player)]
    if spec == "line_item":
        return [Target("l", i) for i in range(len(s.line))
                if can_respond_to(ctx, player, i, responds_to)]
    out: list[Target] = []
    if spec == "graveyard_creature":
        pool = s.players[player].graveyard
    elif spec in _CREATURE_SPECS:
        # only creatures fit: they are in the reserves and guard posts (K 5.4), listed first
        # there by _table_cards, so the order of the targets is the same
        pool = []
        for p in s.players:
            pool += p.reserve
            pool += p.guard
    else:
        pool = _table_cards(ctx)
    for iid in pool:
        if card_matches(ctx, spec, player, iid) and not _protected(ctx, iid, spec, by_spell):
            out.append(Target("c", iid))
    if spec == "any":
        out += [Target("p", 0), Target("p", 1)]
    return out


def shielded(ctx: Ctx, spec: str, player: int, by_spell: bool) -> str:
    """When a slot has no legal target: the protection that keeps the cards that would fit it
    from being targeted (magic_immunity / resistance), or "" if no card fits at all."""
    pool = ctx.s.players[player].graveyard if spec == "graveyard_creature" else _table_cards(ctx)
    for iid in pool:
        if card_matches(ctx, spec, player, iid):
            shield = protection(ctx, iid, spec, by_spell)
            if shield:
                return shield
    return ""


def still_legal(ctx: Ctx, spec: str, player: int, target: Target, by_spell: bool,
                responds_to: str = "any") -> bool:
    if target.k == "p":
        return spec in ("player", "any") or (spec == "opponent" and target.i != player)
    if target.k == "l":
        return target.i < len(ctx.s.line) and can_respond_to(ctx, player, target.i,
                                                               responds_to, resolving=True)
    return (card_matches(ctx, spec, player, target.i)
            and not _protected(ctx, target.i, spec, by_spell))


def can_respond_to(ctx: Ctx, player: int, index: int, responds_to: str,
                   resolving: bool = False) -> bool:
    """May a reaction of ``player`` answer line item ``index``? (K 57.1, 94.0.2, 94.6.1, 94.8,
    §11.6)

    Any action in the line may be reacted to, reactions included (K 94.6.1), by a reaction whose
    text covers it (K 57.1): one that answers "a spell / creature / card your opponent is
    playing" answers such a play whether it started the line or is itself a reaction (a Negate
    answers a Negate); one that answers "your opponent's ability" answers any ability of theirs
    in the line; "a reaction" answers only reactions. A reaction whose text does not say what it
    answers ("any") answers only the opponent's independent action (K 94.0.2). Only
    ``own_card`` answers one's own item: a card one is playing oneself. Reactions to card plays
    answer only cards played from hand (K 94.8).
    """
    item = ctx.s.line[index]
    if item.prevented and not resolving:
        return False
    if responds_to == "own_card":
        return item.controller == player and item.kind == "card" and item.from_hand
    if item.controller == player:
        return False
    if responds_to == "reaction":
        return not item.independent
    if responds_to == "any" and not item.independent:                # K 94.0.2
        return False
    if responds_to == "ability":
        return item.kind != "card"
    if item.kind != "card":
        return responds_to == "any"
    if not item.from_hand:                                          # K 94.8
        return False
    d = ctx.d(item.card)
    if responds_to == "spell":
        return d.is_spell
    if responds_to == "creature":
        return d.is_creature
    return responds_to in ("card", "any")
