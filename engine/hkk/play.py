"""Playing cards and using abilities (K 21-23, 8.5, 136) and the reaction line (K 94-95).

A play is submitted with every decision made (K 21.6): card and targets. Until it is submitted,
the player can change their mind (cancel before payment, K 23.1). Legality is checked in the order
of the seven steps (K 21.2): timing and announcement, play condition, targets, cost.
"""

from __future__ import annotations

from itertools import product

from engine.core.game import IllegalAction
from engine.hkk import events as E
from engine.hkk.cards import Ability, CardDef
from engine.hkk.ctx import Ctx, refuse
from engine.hkk.effects import doomed, enter_play, play_related, run_effects, spend_vp
from engine.hkk.state import (
    ATTACHED, GRAVEYARD, GUARD, HAND, LINE, TABLE_ZONES, LineItem, Target, Task, Trigger,
)
from engine.hkk.stats import abilities_work, cost_of, mc_cost_of
from engine.hkk.targets import candidates, still_legal

WINDOWS = ("priority", "respond", "life_saving")
INSTANT_PHASES = ("main1", "combat", "main2", "healing")        # K 8.5.1


# ---------------------------------------------------------------------------- shared checks
def _window(ctx: Ctx, player: int, top: Task | None = None) -> Task:
    top = top or ctx.top()
    if top is None or top.kind not in WINDOWS or top.player != player:
        raise refuse("K 4.11.6", "You do not have the right to act now; wait for your turn to "
                     "act.", "not_your_window")
    return top


def _heals_by_target(effects) -> bool:
    return any(e.do == "heal" and e.to in ("target", "target2") for e in effects)


def _check_condition(ctx: Ctx, player: int, d: CardDef) -> None:
    """The play condition must be fulfilled (K 21.4, 91.1)."""
    c = d.condition
    if c is None:
        return
    s = ctx.s
    me, opp = s.players[player], s.players[1 - player]
    if c.control_god:
        mine = [i for i in me.reserve + me.guard + me.perm if ctx.d(i).god == c.control_god]
        if not mine:
            raise refuse("K 21.4", f"Play condition not met: you must control a {c.control_god}"
                         " permanent.", "cond_god", god=c.control_god)
    if c.min_creatures and len(me.reserve) + len(me.guard) < c.min_creatures:
        raise refuse("K 21.4", f"Play condition not met: you need at least {c.min_creatures} "
                     "creatures.", "cond_creatures", n=c.min_creatures)
    if c.max_life and me.life > c.max_life:
        raise refuse("K 21.4", f"Play condition not met: your life must be at most "
                     f"{c.max_life}.", "cond_life", n=c.max_life)
    if c.opponent_more_creatures and (len(opp.reserve) + len(opp.guard)
                                      <= len(me.reserve) + len(me.guard)):
        raise refuse("K 21.4", "Play condition not met: your opponent must control more "
                     "creatures than you.", "cond_more")
    if c.opponent_guard_min and len(opp.guard) < c.opponent_guard_min:
        raise refuse("K 21.4", f"Play condition not met: the opponent's guard post must hold "
                     f"at least {c.opponent_guard_min} creatures.", "cond_guard",
                     n=c.opponent_guard_min)
    if c.own_turn and s.active != player:
        raise refuse("K 21.4", "Play condition not met: only in your own turn.", "cond_turn")


def target_options(ctx: Ctx, player: int, specs: tuple[str, ...], by_spell: bool,
                   responds_to: str, life_saving: bool, heal_slots: set[int],
                   saving: tuple[int, ...] = ()) -> list[tuple[Target, ...]]:
    """Every combination of legal targets; an empty list means no legal target (K 21.5.1).
    In a life-saving window (``life_saving``) a healing slot may aim only at a creature the
    window is for (``saving``: the ones that have just taken damage, K 37.0) whose HP can still
    be raised (it is still damaged)."""
    if not specs:
        return [()]
    per_slot = []
    for slot, spec in enumerate(specs):
        cands = candidates(ctx, spec, player, by_spell, responds_to)
        if life_saving and slot in heal_slots:
            cards = ctx.s.cards
            cands = [t for t in cands if t.k == "c" and t.i in saving and cards[t.i].damage > 0]
        if not cands:
            return []
        per_slot.append(cands)
    return [tuple(combo) for combo in product(*per_slot)]


def saving_of(ctx: Ctx, window: Task) -> tuple[int, ...]:
    """The creatures a life-saving window is for (K 37.0): those it names; a window opened by
    rules version 1 (a save recorded before the window named them) is for the dying ones."""
    return window.data or tuple(doomed(ctx))


def card_specs(d: CardDef) -> tuple[str, ...]:
    """Target slots of a card: for enchant-X the host comes first (K 8.5.5, 21.6.1)."""
    return ((d.attach,) if d.attach else ()) + tuple(d.targets)


# ---------------------------------------------------------------------------- cards
def play_options(ctx: Ctx, player: int, iid: int, window: Task | None = None
                 ) -> list[tuple[Target, ...]]:
    """Legal target tuples for playing ``iid``; raises IllegalAction naming the rule.
    ``window`` asks about a window that is not open yet (default: the pending decision)."""
    s = ctx.s
    top = _window(ctx, player, window)
    card = s.cards[iid]
    if card.zone != HAND or card.owner != player:
        raise refuse("K 4.4.5", "You can only play cards from your own hand.", "not_in_hand")
    d = ctx.pool[card.cid]
    # Step 1: announcement and type timing (K 21.3, 8.5.1, 57, 94)
    if top.kind == "respond":
        if not d.is_reaction:
            raise refuse("K 94.0", "Only reactions can be added to an open reaction line; play "
                         "other cards when you next have the right to act (§11 item 5).",
                         "only_reactions")
    elif d.is_reaction:
        raise refuse("K 57.0", "A reaction card can only be played in response to an action.",
                     "reaction_needs_action")
    elif top.kind == "life_saving":
        if d.type != "instant" or not _heals_by_target(d.effects):
            raise refuse("K 37.0", "Now only life-saving actions can be used: instants that "
                         "raise the HP of a creature that has just taken damage.",
                         "life_saving_only")
    elif d.type == "instant":
        if s.phase not in INSTANT_PHASES:
            raise refuse("K 8.5.1", "Instants can be played only in a main, combat or healing "
                         "phase.", "instant_timing")
    else:
        if s.active != player:
            raise refuse("K 8.5.1", "Only instants can be played in your opponent's turn.",
                         "not_own_turn")
        if s.phase not in ("main1", "main2"):
            raise refuse("K 8.5.1", "This card can be played only in your own main phase.",
                         "main_only")
    # Step 2: play condition (K 21.4)
    _check_condition(ctx, player, d)
    # Step 3: targets and decisions (K 21.5-21.6)
    specs = card_specs(d)
    heal_slots = {(0 if e.to == "target" else 1) + (1 if d.attach else 0)
                  for e in d.effects if e.do == "heal"}
    life_saving = top.kind == "life_saving"
    options = target_options(ctx, player, specs, d.is_spell, d.responds_to or "any",
                             life_saving, heal_slots, saving_of(ctx, top) if life_saving else ())
    if not options:
        raise refuse("K 21.5.1", "There is no legal target, so this card cannot be played.",
                     "no_target")
    # Step 4-5: cost (K 21.8, 4.20)
    cost = cost_of(ctx, player, iid)
    me = s.players[player]
    if me.vp < cost:
        raise refuse("K 4.20.3", f"This card costs {cost} VP but you have {me.vp}.", "no_vp",
                     cost=cost, vp=me.vp)
    mc = mc_cost_of(ctx, player, iid)
    if me.mc < mc:
        raise refuse("K 7.0.1", f"This card costs {mc} monster components but you "
                     f"have {me.mc}.", "no_mc", cost=mc, mc=me.mc)
    return options


def perform_play(ctx: Ctx, player: int, iid: int, targets: tuple[Target, ...]) -> None:
    top = ctx.top()
    assert top is not None
    spend_vp(ctx, player, cost_of(ctx, player, iid), "cost", "K 21.14")
    mc = mc_cost_of(ctx, player, iid)
    if mc:
        ctx.emit(E.McChanged(player, -mc, "cost", "K 7.0.1"))
    ctx.emit(E.CardMoved(iid, LINE, player, True, "played", "K 4.21.1"))
    ctx.emit(E.CardsPlayedCounted(player))
    ctx.emit(E.LinePushed(LineItem("card", iid, player, targets=targets,
                                   independent=top.kind != "respond")))
    _after_action(ctx, player, top)


# ---------------------------------------------------------------------------- abilities
def _limit_ok(ctx: Ctx, player: int, iid: int, index: int, ab: Ability) -> bool:
    used = ctx.s.cards[iid].uses.get(f"a{index}", 0)
    if ab.limit == "once_per_turn":
        return used < 1
    if ab.limit == "once_own_turn":
        return used < 1 and ctx.s.active == player
    if ab.limit == "once_opp_turn":
        return used < 1 and ctx.s.active != player
    return True


def ability_options(ctx: Ctx, player: int, iid: int, index: int,
                    window: Task | None = None) -> list[tuple[Target, ...]]:
    s = ctx.s
    top = _window(ctx, player, window)
    card = s.cards[iid]
    if card.zone not in TABLE_ZONES or card.controller != player:
        raise refuse("K 136.1", "You can only use abilities of permanents you control.",
                     "not_controller")
    d = ctx.pool[card.cid]
    if index < 0 or index >= len(d.abilities) or d.abilities[index].when not in (
            "activated", "reaction"):
        raise refuse("K 136.0", "That card has no such activated ability.", "no_ability")
    ab = d.abilities[index]
    if not abilities_work(ctx, iid):
        raise refuse("K 5.5.8", "A passive non-creature permanent's abilities do not work.",
                     "passive_off")
    if top.kind == "respond" and ab.when != "reaction":
        raise refuse("K 94.0", "Only reaction abilities can be used in an open reaction line.",
                     "only_reactions")
    if top.kind == "life_saving" and not _heals_by_target(ab.effects):
        raise refuse("K 37.0", "Now only life-saving actions can be used.", "life_saving_only")
    if top.kind == "priority" and s.phase not in INSTANT_PHASES:
        raise refuse("K 136.3", "Abilities can be used when an instant could be played.",
                     "instant_timing")
    if not _limit_ok(ctx, player, iid, index, ab):
        raise refuse("K 90", "This ability's usage limit for this turn is used up.",
                     "limit_used")
    if ab.passivate and (not card.active or card.zone in (GUARD, ATTACHED)):
        raise refuse("K 86.2", "Its cost is to passivate it, but passive, attached or "
                     "guard-post permanents cannot be passivated.", "cannot_passivate")
    heal_slots = {0 if e.to == "target" else 1 for e in ab.effects if e.do == "heal"}
    life_saving = top.kind == "life_saving"
    options = target_options(ctx, player, ab.targets, False, ab.responds_to, life_saving,
                             heal_slots, saving_of(ctx, top) if life_saving else ())
    if not options:
        raise refuse("K 21.5.1", "There is no legal target for this ability.", "no_target")
    if s.players[player].vp < ab.cost_vp:
        raise refuse("K 4.20.3", f"This ability costs {ab.cost_vp} VP but you have "
                     f"{s.players[player].vp}.", "no_vp", cost=ab.cost_vp,
                     vp=s.players[player].vp)
    return options


def perform_activate(ctx: Ctx, player: int, iid: int, index: int,
                     targets: tuple[Target, ...]) -> None:
    """Pay the cost (K 136.4) and put the ability into the reaction line."""
    top = ctx.top()
    assert top is not None
    ab = ctx.d(iid).abilities[index]
    spend_vp(ctx, player, ab.cost_vp, "ability cost", "K 136.4")
    if ab.passivate:
        ctx.emit(E.CardTurned(iid, False, "K 86.1"))
    if ab.limit:
        ctx.emit(E.AbilityUsed(iid, f"a{index}"))
    ctx.emit(E.LinePushed(LineItem("ability", iid, player, ability=index, targets=targets,
                                   independent=top.kind != "respond", from_hand=False)))
    _after_action(ctx, player, top)


def regenerate_refusal(ctx: Ctx, player: int, iid: int, window: Task | None = None
                       ) -> IllegalAction | None:
    """Regeneration 1/2: pay 1/2 VP, heal 1 HP, at most 4 per turn, only as a life-saving action
    right after damage (K 136.6-136.8). ``window`` asks about a window not open yet."""
    top = window or ctx.top()
    card = ctx.s.cards[iid]
    n = ctx.pool[card.cid].regeneration
    if top is None or top.kind != "life_saving" or top.player != player:
        return refuse("K 136.8", "Regeneration can be used only as a life-saving action, right "
                      "after the creature took damage.", "regen_timing")
    if not n or card.controller != player or card.zone not in ("reserve", "guard"):
        return refuse("K 136.6", "That is not a regenerating creature of yours.", "no_regen")
    if card.damage <= 0:
        return refuse("K 136.8", "The creature has no damage to regenerate.", "no_damage")
    if iid not in saving_of(ctx, top):
        return refuse("K 136.8", "Regeneration saves only a creature that has just taken "
                      "damage.", "regen_not_wounded")
    if card.regenerated >= 4:
        return refuse("K 136.8", "A creature regenerates at most 4 HP per turn.", "regen_max")
    if ctx.s.players[player].vp < n:
        return refuse("K 4.20.3", f"Regeneration costs {n} VP.", "no_vp", cost=n,
                      vp=ctx.s.players[player].vp)
    return None


def perform_regenerate(ctx: Ctx, player: int, iid: int) -> None:
    top = ctx.top()
    assert top is not None
    spend_vp(ctx, player, ctx.d(iid).regeneration, "regeneration", "K 136.6")
    ctx.emit(E.LinePushed(LineItem("regen", iid, player, from_hand=False)))
    _after_action(ctx, player, top)


# ---------------------------------------------------------------------------- the line
def _after_action(ctx: Ctx, player: int, top: Task) -> None:
    """After an action is paid for: alternation (K 2.6.3) and the reaction window (K 21.15)."""
    other = 1 - player
    _automatic_reactions(ctx, player)                                # K 95.0, 95.2
    if top.kind == "respond":
        ctx.replace(Task("respond", other, 0))
        return
    ctx.replace(Task(top.kind, other, 0, data=top.data))   # a life-saving window keeps its
    ctx.push(Task("resolve_line"))                          # creatures (K 37.2)
    ctx.push(Task("respond", other, 0))


def _automatic_reactions(ctx: Ctx, actor: int) -> None:
    """Automatic reactions of the actor's opponent fire before reaction actions (K 95); of
    several with the same effect only one fires per action (K 95.1)."""
    item = ctx.s.line[-1]
    if item.kind != "card":
        return
    played = ctx.d(item.card)
    opp = ctx.s.players[1 - actor]
    seen: set[tuple[str, int]] = set()
    for iid in opp.reserve + opp.guard + opp.perm:
        d = ctx.d(iid)
        for index, ab in enumerate(d.abilities):
            if ab.when != "opponent_plays" or not abilities_work(ctx, iid):
                continue
            if ab.on == "spell" and not played.is_spell:
                continue
            if ab.on == "creature" and not played.is_creature:
                continue
            if (d.id, index) in seen:
                continue
            seen.add((d.id, index))
            ctx.emit(E.LinePushed(LineItem("auto", iid, 1 - actor, ability=index,
                                           independent=False, from_hand=False,
                                           trigger_player=actor)))


def item_specs(ctx: Ctx, item: LineItem) -> tuple[tuple[str, ...], bool, str]:
    """Target specs of a line item, whether it is a spell, and what it responds to."""
    d = ctx.d(item.card)
    if item.kind == "card":
        return card_specs(d), d.is_spell, d.responds_to or "any"
    if item.kind in ("ability", "auto"):
        ab = d.abilities[item.ability]
        return ab.targets, False, ab.responds_to
    return (), False, "any"


def illegal_slots(ctx: Ctx, item: LineItem) -> list[int]:
    specs, by_spell, responds_to = item_specs(ctx, item)
    return [i for i, (spec, t) in enumerate(zip(specs, item.targets))
            if not still_legal(ctx, spec, item.controller, t, by_spell, responds_to)]


def retarget_options(ctx: Ctx, index: int) -> list[tuple[Target, ...]]:
    """K 21.5.3: new targets for the slots that became illegal; the rest stay."""
    item = ctx.s.line[index]
    specs, by_spell, responds_to = item_specs(ctx, item)
    bad = set(illegal_slots(ctx, item))
    per_slot = []
    for i, spec in enumerate(specs):
        if i in bad:
            cands = [t for t in candidates(ctx, spec, item.controller, by_spell, responds_to)
                     if not (t.k == "l" and t.i >= index)]
            if not cands:
                return []
            per_slot.append(cands)
        else:
            per_slot.append([item.targets[i]])
    return [tuple(c) for c in product(*per_slot)]


def resolve_top(ctx: Ctx) -> int | None:
    """Resolve the last item of the reaction line completely (K 94.7, 94.7.1). If some of its
    targets became illegal and new ones can be chosen, it is left in the line and its index is
    returned: its controller chooses them first (K 21.5.3)."""
    s = ctx.s
    index = len(s.line) - 1
    item = s.line[index]
    if item.prevented:                                                # K 4.21.2
        ctx.emit(E.LinePopped())
        if item.kind == "card":
            ctx.emit(E.CardMoved(item.card, GRAVEYARD, s.cards[item.card].owner, False,
                                 "prevented", "K 4.21.2"))
        return None
    if illegal_slots(ctx, item):
        if retarget_options(ctx, index):
            return index
        ctx.emit(E.LinePopped())                                      # withdrawn, K 21.5.3
        if item.kind == "card":
            ctx.emit(E.CardMoved(item.card, GRAVEYARD, s.cards[item.card].owner, False,
                                 "withdrawn", "K 21.5.3"))
        return None
    ctx.emit(E.LinePopped())
    d = ctx.d(item.card)
    if item.kind == "card":
        if d.is_permanent:
            host = item.targets[0].i if d.attach else -1
            enter_play(ctx, item.card, item.controller, host)
            for n, ab in enumerate(d.abilities):                      # K 21.18, 134
                if ab.when == "play":
                    ctx.emit(E.TriggerQueued(Trigger(item.card, n, item.controller)))
        else:
            targets = item.targets
            run_effects(ctx, d.effects, item.controller, item.card, targets, True, "K 21.17")
            if s.cards[item.card].zone == LINE:                      # K 8.5.3
                ctx.emit(E.CardMoved(item.card, GRAVEYARD, s.cards[item.card].owner, False,
                                     "resolved", "K 8.5.3"))
    elif item.kind in ("ability", "auto"):
        ab = d.abilities[item.ability]
        run_effects(ctx, ab.effects, item.controller, item.card, item.targets, False,
                    "K 136.5" if item.kind == "ability" else "K 95.2",
                    trigger_player=item.trigger_player)
    elif item.kind == "regen":
        card = s.cards[item.card]
        if card.zone in TABLE_ZONES and card.damage > 0:
            ctx.emit(E.Regenerated(item.card, 1))
    if item.kind == "card" and play_related(ctx, item.controller, item.card):
        # K 22.1: once the card's own abilities (on-play ones included) have happened
        ctx.push(Task("play_related", item.controller, card=item.card))
    ctx.push(Task("check_deaths"))
    ctx.push(Task("run_triggers"))
    return None
