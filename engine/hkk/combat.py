"""Combat (K 33-38): declare attackers, hit-back, combat abilities (+X), strike."""

from __future__ import annotations

from engine.core.game import IllegalAction
from engine.hkk import events as E
from engine.hkk.ctx import Ctx, Refuse, refuse
from engine.hkk.effects import damage_card, damage_player, spend_vp
from engine.hkk.state import GUARD, PERM, Attack, Target
from engine.hkk.stats import damage_of, has


def _combat(ctx: Ctx):
    assert ctx.s.combat is not None
    return ctx.s.combat


def attackers_on(ctx: Ctx, defender: int) -> list[int]:
    return [a.attacker for a in _combat(ctx).attacks if a.target == Target("c", defender)]


def breaks_through(ctx: Ctx, attacker: int) -> bool:
    """K 34.4: every creature in the opponent's guard post is attacked (vacuously true when it is
    empty, §11 item 10) — or the attacker is invisible and no enemy guard sees invisibility
    (K 131.3-131.4)."""
    s = ctx.s
    opp = s.players[1 - s.active]
    attacked = {a.target.i for a in _combat(ctx).attacks if a.target.k == "c"}
    if all(g in attacked for g in opp.guard):
        return True
    if has(ctx, attacker, "invisibility"):
        return not any(has(ctx, g, "see_invisibility") for g in opp.guard)
    return False


def _break_through_refusal(ctx: Ctx, attacker: int, what: str, refuse: Refuse = refuse
                           ) -> IllegalAction | bool:
    """Why ``attacker`` cannot break through to ``what`` (the player, a building): the
    opponent's see-invisibility guard (K 131.4) or an unattacked guard (K 34.4)."""
    opp = ctx.s.players[1 - ctx.s.active]
    if has(ctx, attacker, "invisibility") and any(
            has(ctx, g, "see_invisibility") for g in opp.guard):
        return refuse("K 131.4", f"Your creature's invisibility does not work while the "
                      f"opponent's guard post holds a creature that sees invisibility: to attack "
                      f"{what} it must break through by attacking every creature there.",
                      "seen_invisible")
    return refuse("K 34.4", f"To attack {what} you must break through: attack every creature "
                  f"in the opponent's guard post first.", "break_through")


def declare_refusal(ctx: Ctx, player: int, attacker: int, target: Target,
                    refuse: Refuse = refuse) -> IllegalAction | bool | None:
    s = ctx.s
    card = s.cards[attacker]
    if card.zone != GUARD or card.controller != player:
        return refuse("K 34.1", "Only creatures in your guard post can attack.", "not_guard")
    if any(a.attacker == attacker for a in _combat(ctx).attacks):
        return refuse("K 34.1", "That creature is already attacking.", "already_attacking")
    if card.uses.get("w"):
        return refuse("K 34.12", "A withdrawn attacker cannot be declared again this combat.",
                      "withdrawn")
    opp = 1 - player
    if target.k == "c":
        t = s.cards[target.i]
        if t.controller == opp and t.zone == GUARD:
            if len(attackers_on(ctx, target.i)) >= 2:
                return refuse("K 34.5", "At most two creatures may attack the same creature.",
                              "two_attackers")
            return None
        if t.controller == opp and t.zone == PERM and ctx.pool[t.cid].type == "building":
            if not t.active:
                return refuse("K 5.4.2", "Guard-post creatures attack only the opponent's active "
                              "buildings; a passive building cannot be destroyed.",
                              "passive_building")
            if not breaks_through(ctx, attacker):
                return _break_through_refusal(ctx, attacker, "a building", refuse)
            return None
        return refuse("K 34.3", "Only creatures in the opponent's guard post, their active "
                      "buildings or the opponent can be attacked.", "bad_target")
    if target.k == "p" and target.i == opp:
        if not breaks_through(ctx, attacker):
            return _break_through_refusal(ctx, attacker, "the player", refuse)
        return None
    return refuse("K 34.3", "A creature attacks the opponent's guard-post creatures, buildings or "
                  "the opponent, never its own player.", "bad_target")


def declare_options(ctx: Ctx, player: int) -> list[tuple[int, Target]]:
    """Every (attacker, target) :func:`declare_refusal` allows, in guard-post order, each
    attacker's targets in the order: the opponent's guard-post creatures, buildings, the
    opponent. Asked at every declaration, so what does not depend on the pair is asked once:
    which creatures may still attack (K 34.1, 34.12), which guards have two attackers
    (K 34.5), whether the guard post is broken through (K 34.4) and, per attacker, whether
    invisibility lets it past (K 131.3-131.4)."""
    s = ctx.s
    cards = s.cards
    opp_seat = 1 - player
    opp = s.players[opp_seat]
    attacks = _combat(ctx).attacks
    attacking = {a.attacker for a in attacks}
    on: dict[int, int] = {}
    for a in attacks:
        if a.target.k == "c":
            on[a.target.i] = on.get(a.target.i, 0) + 1
    guards = [g for g in opp.guard
              if cards[g].controller == opp_seat and cards[g].zone == GUARD and on.get(g, 0) < 2]
    buildings = [b for b in opp.perm if ctx.d(b).type == "building"]
    open_buildings = [b for b in buildings if cards[b].controller == opp_seat
                      and cards[b].zone == PERM and cards[b].active]
    defending = s.players[1 - s.active].guard        # breaks_through's guard post
    all_attacked = all(g in on for g in defending)
    seeing = None                      # does an enemy guard see invisibility? (asked once)
    player_target = Target("p", opp_seat)
    out = []
    for attacker in s.players[player].guard:
        card = cards[attacker]
        if (card.zone != GUARD or card.controller != player or attacker in attacking
                or card.uses.get("w")):
            continue
        out += [(attacker, Target("c", g)) for g in guards]
        through = all_attacked
        if not through and has(ctx, attacker, "invisibility"):
            if seeing is None:
                seeing = any(has(ctx, g, "see_invisibility") for g in defending)
            through = not seeing
        if through:
            out += [(attacker, Target("c", b)) for b in open_buildings]
            out.append((attacker, player_target))
    return out


def finish_refusal(ctx: Ctx) -> IllegalAction | None:
    """Re-check break-through when the declaration is finished (K 34.4, 34.12)."""
    for a in _combat(ctx).attacks:
        if a.target.k == "p" or (a.target.k == "c" and ctx.s.cards[a.target.i].zone == PERM):
            if not breaks_through(ctx, a.attacker):
                what = "the player" if a.target.k == "p" else "a building"
                return _break_through_refusal(ctx, a.attacker, what)
    return None


def declare(ctx: Ctx, attacker: int, target: Target) -> None:
    ctx.emit(E.AttackDeclared(Attack(attacker, target)))


def double_attacked(ctx: Ctx) -> list[int]:
    """Defenders attacked by two creatures, whose controller must choose hit-back (K 34.8)."""
    seen: dict[int, int] = {}
    for a in _combat(ctx).attacks:
        if a.target.k == "c" and ctx.s.cards[a.target.i].zone == GUARD:
            seen[a.target.i] = seen.get(a.target.i, 0) + 1
    return [d for d, n in seen.items() if n == 2]


def opponent_of(ctx: Ctx, creature: int) -> Target | None:
    """A creature's opponent (K 34.9): the attacked thing for an attacker, the attacker it hits
    back for a defender. None if it has left play (K 36.7)."""
    s = ctx.s
    combat = _combat(ctx)
    card = s.cards[creature]
    if card.zone != GUARD:
        return None
    for a in combat.attacks:
        if a.attacker == creature:
            if a.target.k == "p":
                return a.target
            t = s.cards[a.target.i]
            return a.target if t.zone in (GUARD, PERM) else None
    attackers = attackers_on(ctx, creature)
    if not attackers:
        return None
    chosen = combat.hit_back.get(creature, attackers[0])
    return Target("c", chosen) if s.cards[chosen].zone == GUARD else None


def combatants(ctx: Ctx) -> list[int]:
    combat = _combat(ctx)
    out = [a.attacker for a in combat.attacks]
    for a in combat.attacks:
        if a.target.k == "c" and ctx.s.cards[a.target.i].zone == GUARD and a.target.i not in out:
            out.append(a.target.i)
    return out


def combat_ability_options(ctx: Ctx, player: int) -> list[tuple[int, int]]:
    """Announcements open to ``player``: (creature, VP amount) (K 35.3, 129.2)."""
    s = ctx.s
    combat = _combat(ctx)
    committed = sum(v for c, v in combat.announced.items() if s.cards[c].controller == player)
    budget = s.players[player].vp - committed
    out = []
    for c in combatants(ctx):
        card = s.cards[c]
        x = ctx.pool[card.cid].combat
        if card.controller != player or not x or c in combat.announced:
            continue
        if opponent_of(ctx, c) is None:
            continue
        for amount in range(1, min(x, budget) + 1):
            out.append((c, amount))
    return out


def combat_ability_refusal(ctx: Ctx, player: int, creature: int, amount: int
                           ) -> IllegalAction:
    """Why ``player`` cannot announce ``amount`` VP on ``creature``'s combat ability, by the most
    specific rule (K 35.1, 35.3, 36.7, 129.5, 4.20.3)."""
    s = ctx.s
    combat = _combat(ctx)
    x = ctx.pool[s.cards[creature].cid].combat
    if creature not in combatants(ctx):
        return refuse("K 35.1", "Only attacking and defending creatures use combat abilities.",
                      "not_in_combat")
    if not x:
        return refuse("K 35.1", "That creature has no combat ability (no + ability).",
                      "no_combat_ability")
    if creature in combat.announced:
        return refuse("K 35.3", "That creature's combat ability is already announced, with how "
                      "much it spends.", "already_announced")
    if opponent_of(ctx, creature) is None:
        return refuse("K 36.7", "That creature's opponent has left play, so it takes no further "
                      "part in the combat.", "no_opponent")
    if not 1 <= amount <= x:
        return refuse("K 129.5", f"A direct-damage combat ability +{x} spends from 1 up to {x} "
                      f"VP, not {amount}.", "combat_limit", x=x, amount=amount)
    committed = sum(v for c, v in combat.announced.items() if s.cards[c].controller == player)
    left = s.players[player].vp - committed
    return refuse("K 4.20.3", f"That costs {amount} VP but you have {left} left for combat "
                  f"abilities; a cost is paid in full or not at all.", "combat_vp", cost=amount,
                  vp=left)


def resolve_combat_abilities(ctx: Ctx) -> None:
    """All costs are paid and all effects happen simultaneously (K 35.4); direct damage equal to
    the VP spent hits the creature's opponent (K 35.8, 129.5)."""
    s = ctx.s
    combat = _combat(ctx)
    if not combat.announced:
        return
    per_player = [0, 0]
    hits: list[tuple[Target, int, int]] = []
    for c, amount in combat.announced.items():
        per_player[s.cards[c].controller] += amount
        opp = opponent_of(ctx, c)
        if opp is not None:
            hits.append((opp, amount, c))
    for p in (0, 1):
        spend_vp(ctx, p, per_player[p], "combat ability", "K 35.4")
    _deal(ctx, hits, "K 35.8")


def strike(ctx: Ctx) -> None:
    """Attackers and defenders damage their opponents simultaneously (K 36.1, 36.4), each target
    taking one damage event (K 37.7). Magic defence stops non-magic strikes (K 15.3); a creature
    whose opponent left play does not strike (K 36.7)."""
    hits: list[tuple[Target, int, int]] = []
    for c in combatants(ctx):
        opp = opponent_of(ctx, c)
        if opp is None:
            continue
        amount = damage_of(ctx, c)
        if (opp.k == "c" and has(ctx, opp.i, "magic_defence")
                and not has(ctx, c, "magic_attack")):
            if amount > 0:                                            # K 15.3: told, with its rule
                ctx.emit(E.DamagePrevented(opp.i, amount, c, "magic_defence", "K 15.3"))
            amount = 0
        hits.append((opp, amount, c))
    _deal(ctx, hits, "K 36.4")


def _deal(ctx: Ctx, hits: list[tuple[Target, int, int]], rule: str) -> None:
    total: dict[Target, int] = {}
    source: dict[Target, int] = {}
    for t, amount, c in hits:
        if amount > 0:
            total[t] = total.get(t, 0) + amount
            source.setdefault(t, c)
    for t, amount in total.items():
        if t.k == "p":
            damage_player(ctx, t.i, amount, source[t], rule)
        else:
            damage_card(ctx, t.i, amount, source[t], rule)
