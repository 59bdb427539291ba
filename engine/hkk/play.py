"""Playing cards and using abilities (K 21-23, 8.5, 136) and the reaction line (K 94-95).

A play is submitted with every decision made (K 21.6): card and targets. Until it is submitted,
the player can change their mind (cancel before payment, K 23.1). Legality is checked in the order
of the seven steps (K 21.2): timing and announcement, play condition, targets, cost.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from itertools import product

from engine.core.game import IllegalAction
from engine.hkk import events as E
from engine.hkk.cards import Ability, CardDef
from engine.hkk.ctx import Ctx, Refuse, refuse
from engine.hkk.effects import doomed, enter_play, play_related, run_effects, spend_vp
from engine.hkk.state import (
    ATTACHED, DECK, GRAVEYARD, GUARD, HAND, LINE, TABLE_ZONES, VOID, LineItem, Target, Task,
    Trigger,
)
from engine.hkk.stats import abilities_work, cost_of, hp_of, mc_cost_of
from engine.hkk.targets import candidates, card_matches, protection, shielded, still_legal

WINDOWS = ("priority", "respond", "life_saving")
INSTANT_PHASES = ("main1", "combat", "main2", "healing")        # K 8.5.1


# ---------------------------------------------------------------------------- shared checks
def _window(ctx: Ctx, player: int, top: Task | None = None) -> Task:
    """The open window ``player`` acts in: the pending decision (which the decision table has
    checked is ``player``'s window) or the window being asked about."""
    top = top or ctx.top()
    assert top is not None and top.kind in WINDOWS and top.player == player, top
    return top


def closed_phase_refusal(ctx: Ctx, ability: bool, refuse: Refuse = refuse
                         ) -> IllegalAction | bool | None:
    """The phases and combat sub-phases in which no card may be played and no ability used
    unless its text allows it (K 3.8, 29.4.6-29.4.7, 30.2, 32.2, 33.2, 36.2, 40.5); None in the
    main and healing phases and the combat windows before each sub-phase. ``refuse``: how a
    refusal is given (:func:`~engine.hkk.ctx.refuse`, or ``quiet`` while enumerating)."""
    s = ctx.s
    phase = s.phase
    if phase == "setup":
        return refuse("K 3.8", "Nothing can be played before the game starts: the starting "
                      "player first decides on the start and draws, then cards can be played.",
                      "before_first_turn")
    if phase == "prep":
        if ability:
            return refuse("K 29.4.7", "In the preparation phase only abilities whose text "
                          "allows it can be used.", "prep_ability")
        return refuse("K 29.4.6", "No card can be played from hand in the preparation phase.",
                      "prep_phase")
    if phase == "draw":
        return refuse("K 30.2", "In the draw phase no card can be played, and only abilities "
                      "whose text allows it can be used.", "draw_phase")
    if phase == "exchange":
        return refuse("K 32.2", "In the exchange phase no card can be played, and only "
                      "abilities whose text allows it can be used.", "exchange_phase")
    if phase == "end":
        return refuse("K 40.5", "In the end-of-turn phase only actions whose text calls for it "
                      "can be taken.", "end_phase")
    if phase == "combat":
        if s.step >= 7:
            return refuse("K 36.2", "No independent action can be taken in the strike "
                          "sub-phase.", "strike_phase")
        if s.step not in (0, 3, 6):
            return refuse("K 33.2", "In combat, instant actions are taken before each sub-phase "
                          "(declaring attackers, combat abilities, strike), not during one.",
                          "combat_sub_phase")
    return None


def _own_main_phase_refusal(d: CardDef, refuse: Refuse = refuse) -> IllegalAction | bool:
    """Every card but an instant is played only in its player's own main phase, each type under
    its own rule (K 8.1.1, 8.5.2, 8.6, 8.7); the opponent takes only instant actions (K 31.2)."""
    if d.is_creature:
        return refuse("K 8.1.1", "Creatures are played from your hand only in your own main "
                      "phase; in your opponent's turn only instants can be played.",
                      "creature_timing")
    if d.type == "building":
        return refuse("K 8.6", "Buildings are played only in your own main phase; in your "
                      "opponent's turn only instants can be played.", "building_timing")
    if d.type == "item":
        return refuse("K 8.7", "Items are played only in your own main phase; in your "
                      "opponent's turn only instants can be played.", "item_timing")
    return refuse("K 8.5.2", "General spells and enchantments are played only in your own main "
                  "phase; in your opponent's turn only instants can be played.", "spell_timing")


def _not_in_hand_refusal(zone: str, refuse: Refuse = refuse) -> IllegalAction | bool:
    """A card of yours that is not in your hand: why it cannot be played from where it is
    (K 4.4.5, 131.8, 4.2.2, 4.8.4, 4.21.1)."""
    if zone == GRAVEYARD:
        return refuse("K 131.8", "A card in your graveyard cannot be played: only creatures "
                      "with Resurrection may be played from the graveyard.", "from_graveyard")
    if zone == DECK:
        return refuse("K 4.2.2", "A card in your deck cannot be played: cards leave the deck "
                      "only by drawing, searching, a necron cost or discarding.", "from_deck")
    if zone == VOID:
        return refuse("K 4.8.4", "A card in the Void never leaves it.", "from_void")
    if zone == LINE:
        return refuse("K 4.21.1", "That card is already being played: it is in the reaction "
                      "line.", "being_played")
    return refuse("K 4.4.5", "That card is already on the table; cards are played from your "
                  "hand.", "not_in_hand")


def _heals_by_target(effects) -> bool:
    return any(e.do == "heal" and e.to in ("target", "target2") for e in effects)


def _condition_refusal(ctx: Ctx, player: int, d: CardDef, refuse: Refuse = refuse
                       ) -> IllegalAction | bool | None:
    """The play condition must be fulfilled (K 21.4, 91.1); None when it is."""
    c = d.condition
    if c is None:
        return None
    s = ctx.s
    me, opp = s.players[player], s.players[1 - player]
    if c.control_god:
        mine = [i for i in me.reserve + me.guard + me.perm if ctx.d(i).god == c.control_god]
        if not mine:
            return refuse("K 21.4", f"Play condition not met: you must control a {c.control_god}"
                          " permanent.", "cond_god", god=c.control_god)
    if c.min_creatures and len(me.reserve) + len(me.guard) < c.min_creatures:
        return refuse("K 21.4", f"Play condition not met: you need at least {c.min_creatures} "
                      "creatures.", "cond_creatures", n=c.min_creatures)
    if c.max_life and me.life > c.max_life:
        return refuse("K 21.4", f"Play condition not met: your life must be at most "
                      f"{c.max_life}.", "cond_life", n=c.max_life)
    if c.opponent_more_creatures and (len(opp.reserve) + len(opp.guard)
                                      <= len(me.reserve) + len(me.guard)):
        return refuse("K 21.4", "Play condition not met: your opponent must control more "
                      "creatures than you.", "cond_more")
    if c.opponent_guard_min and len(opp.guard) < c.opponent_guard_min:
        return refuse("K 21.4", f"Play condition not met: the opponent's guard post must hold "
                      f"at least {c.opponent_guard_min} creatures.", "cond_guard",
                      n=c.opponent_guard_min)
    if c.own_turn and s.active != player:
        return refuse("K 21.4", "Play condition not met: only in your own turn.", "cond_turn")
    return None


def target_options(ctx: Ctx, player: int, specs: tuple[str, ...], by_spell: bool,
                   responds_to: str, life_saving: bool, heal_slots: AbstractSet[int],
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


def _savable(ctx: Ctx) -> set[int]:
    """The creatures the open life-saving window may still save: those it is for that are still
    damaged (K 37.0)."""
    top = ctx.top()
    if top is None:
        return set()
    cards = ctx.s.cards
    return {i for i in saving_of(ctx, top) if cards[i].damage > 0}


def no_target_refusal(ctx: Ctx, player: int, specs: tuple[str, ...], by_spell: bool,
                      responds_to: str, life_saving: bool, heal_slots: AbstractSet[int], host: bool,
                      ability: bool, why: bool = True, refuse: Refuse = refuse
                      ) -> IllegalAction | bool:
    """Why there is no legal choice of targets, named by the most specific rule: the first slot
    with no legal target (K 21.5.1-21.5.2) because of magic immunity (K 132.4) or resistance
    (K 80), an enchantment with no host (K 8.5.5), nothing a reaction may answer (K 57.1), or no
    dying creature to save (K 37.0). ``why=False``: only the general rule, found at once."""
    for slot, spec in enumerate(specs if why else ()):
        cands = candidates(ctx, spec, player, by_spell, responds_to)
        if cands:
            if life_saving and slot in heal_slots:
                dying = _savable(ctx)
                if not any(t.k == "c" and t.i in dying for t in cands):
                    return refuse("K 37.0", "A life-saving action must raise the HP of a "
                                  "creature that has just taken damage, and this could target "
                                  "none.", "no_dying_target")
            continue
        shield = shielded(ctx, spec, player, by_spell)
        if shield == "magic_immunity":
            return refuse("K 132.4", "Every creature this could target has magic immunity, and "
                          "a creature with magic immunity cannot be the target of a spell.",
                          "no_target_immune")
        if shield == "resistance":
            return refuse("K 80", "Every card this could target has resistance, and a card with "
                          "resistance cannot be the target of a 'target card' or 'target "
                          "permanent' source.", "no_target_resistant")
        if host and slot == 0:
            return refuse("K 8.5.5", "An enchantment 'on X' must be put on a legal X when it is "
                          "played; there is none, so it cannot be played.", "no_host")
        if spec == "line_item":
            return refuse("K 57.1", "Nothing in the reaction line is what this reaction can "
                          "answer: a reaction answers only an opponent's action of the kind its "
                          "text names.", "no_line_target")
        break
    if ability:
        return refuse("K 21.5.2", "There is no legal target for this ability, so it cannot be "
                      "used.", "no_ability_target")
    return refuse("K 21.5.1", "There is no legal target, so this card cannot be played.",
                  "no_target")


def target_refusal(ctx: Ctx, player: int, specs: tuple[str, ...], given: tuple[Target, ...],
                   by_spell: bool, responds_to: str, life_saving: bool, heal_slots: AbstractSet[int],
                   host: bool, ability: bool) -> IllegalAction:
    """Why ``given`` is not a legal choice of targets, named by the most specific rule: the
    number of targets, then the first illegal one (K 21.5, 21.5.2, 132.4, 80, 8.5.5, 57.1, 37.0)."""
    if len(given) != len(specs):
        return refuse("K 21.5", f"This needs {len(specs)} target(s), chosen when it is played "
                      f"or used; {len(given)} were given.", "target_count", n=len(specs),
                      given=len(given))
    bad = len(given)               # the choice as a whole, if no single target is illegal
    for slot, (spec, t) in enumerate(zip(specs, given)):
        if t in candidates(ctx, spec, player, by_spell, responds_to):
            if life_saving and slot in heal_slots and not (
                    t.k == "c" and t.i in _savable(ctx)):
                return refuse("K 37.0", "A life-saving action must raise the HP of a creature "
                              "that has just taken damage.", "not_dying",
                              slot=slot + 1)
            continue
        if t.k == "c" and card_matches(ctx, spec, player, t.i):
            shield = protection(ctx, t.i, spec, by_spell)
            if shield == "magic_immunity":
                return refuse("K 132.4", "A creature with magic immunity cannot be the target of "
                              "a spell.", "magic_immune", slot=slot + 1)
            if shield == "resistance":
                return refuse("K 80", "A card with resistance cannot be the target of a 'target "
                              "card' or 'target permanent' source.", "resistant", slot=slot + 1)
        if spec == "line_item":
            return refuse("K 57.1", f"Target {slot + 1} is not an item of the reaction line this "
                          "reaction can answer: a reaction answers only an opponent's action of "
                          "the kind its text names.", "bad_line_target", slot=slot + 1)
        if host and slot == 0:
            return refuse("K 8.5.5", "An enchantment 'on X' must be put on a legal X: the first "
                          "target is not one.", "bad_host")
        bad = slot + 1
        break
    if ability:
        return refuse("K 21.5.2", f"Target {bad} is not a legal target for this ability.",
                      "bad_ability_targets", slot=bad)
    return refuse("K 21.5", f"Target {bad} is not a legal target for this card.", "bad_targets",
                  slot=bad)


#: per card definition (by identity, the definition kept alive beside its value): its target
#: slots and the slots it heals, asked on every window's listing
_SLOTS: dict[int, tuple[CardDef, tuple[str, ...], frozenset[int]]] = {}


def _slots_of(d: CardDef) -> tuple[CardDef, tuple[str, ...], frozenset[int]]:
    hit = _SLOTS.get(id(d))
    if hit is None or hit[0] is not d:
        if len(_SLOTS) > 4096:
            _SLOTS.clear()
        specs = ((d.attach,) if d.attach else ()) + tuple(d.targets)
        heals = frozenset((0 if e.to == "target" else 1) + (1 if d.attach else 0)
                          for e in d.effects if e.do == "heal")
        hit = _SLOTS[id(d)] = (d, specs, heals)
    return hit


def card_specs(d: CardDef) -> tuple[str, ...]:
    """Target slots of a card: for enchant-X the host comes first (K 8.5.5, 21.6.1)."""
    return _slots_of(d)[1]


def _card_heal_slots(d: CardDef) -> frozenset[int]:
    """The target slots a card heals (a life-saving play must aim them at a dying creature)."""
    return _slots_of(d)[2]


def _ability_heal_slots(ab: Ability) -> set[int]:
    return {0 if e.to == "target" else 1 for e in ab.effects if e.do == "heal"}


def card_target_refusal(ctx: Ctx, player: int, iid: int, targets: tuple[Target, ...],
                        life_saving: bool) -> IllegalAction:
    """Why ``targets`` are not a legal choice for playing card ``iid`` (:func:`target_refusal`)."""
    d = ctx.d(iid)
    return target_refusal(ctx, player, card_specs(d), targets, d.is_spell,
                          d.responds_to or "any", life_saving, _card_heal_slots(d),
                          bool(d.attach), False)


def ability_target_refusal(ctx: Ctx, player: int, iid: int, index: int,
                           targets: tuple[Target, ...], life_saving: bool) -> IllegalAction:
    """Why ``targets`` are not a legal choice for ability ``index`` of ``iid``."""
    ab = ctx.d(iid).abilities[index]
    return target_refusal(ctx, player, ab.targets, targets, False, ab.responds_to, life_saving,
                          _ability_heal_slots(ab), False, True)


# ---------------------------------------------------------------------------- cards
def play_options(ctx: Ctx, player: int, iid: int, window: Task | None = None,
                 why: bool = True) -> list[tuple[Target, ...]]:
    """Legal target tuples for playing ``iid``; raises IllegalAction naming the rule.
    ``window`` asks about a window that is not open yet (default: the pending decision);
    ``why=False`` (listing what can be done) skips finding out why no target is legal."""
    options = play_check(ctx, player, iid, window, why)
    if isinstance(options, IllegalAction):
        raise options
    return options


def play_check(ctx: Ctx, player: int, iid: int, window: Task | None = None, why: bool = True,
               refuse: Refuse = refuse) -> list[tuple[Target, ...]] | IllegalAction | bool:
    """:func:`play_options` without raising: the legal target tuples (never empty) or the
    refusal given by ``refuse`` (``quiet``, as enumeration does: False, nothing built)."""
    s = ctx.s
    top = window or s.tasks[-1]                     # the open window (as _window, inline)
    assert top.kind in WINDOWS and top.player == player, top
    card = s.cards[iid]
    if card.zone != HAND or card.owner != player:
        return _not_in_hand_refusal(card.zone, refuse)
    cid = card.cid
    d = ctx.pool[cid]
    reaction = cid in ctx.index.reactions           # d.is_reaction (known per pool)
    # Step 1: announcement and type timing (K 21.3, 8.5.1, 57, 94)
    if top.kind == "respond":
        if not reaction:
            return refuse("K 94.0", "Only reactions can be added to an open reaction line; play "
                          "other cards when you next have the right to act (§11 item 5).",
                          "only_reactions")
    elif reaction:
        return refuse("K 57.0", "A reaction card can only be played in response to an action.",
                      "reaction_needs_action")
    elif top.kind == "life_saving":
        if d.type != "instant" or not _heals_by_target(d.effects):
            return refuse("K 37.0", "Now only life-saving actions can be used: instants that "
                          "raise the HP of a creature that has just taken damage.",
                          "life_saving_only")
    elif d.type == "instant":
        closed = closed_phase_refusal(ctx, False, refuse)             # K 8.5.1
        if closed is not None:
            return closed
    elif s.active != player or s.phase not in ("main1", "main2"):
        return _own_main_phase_refusal(d, refuse)
    # Step 2: play condition (K 21.4)
    if d.condition is not None:
        unmet = _condition_refusal(ctx, player, d, refuse)
        if unmet is not None:
            return unmet
    # Step 3: targets and decisions (K 21.5-21.6)
    _d, specs, heal_slots = _slots_of(d)
    life_saving = top.kind == "life_saving"
    spell = cid in ctx.index.spells                 # d.is_spell (known per pool)
    options = target_options(ctx, player, specs, spell, d.responds_to or "any",
                             life_saving, heal_slots, saving_of(ctx, top) if life_saving else ())
    if not options:
        return no_target_refusal(ctx, player, specs, spell, d.responds_to or "any",
                                 top.kind == "life_saving", heal_slots, bool(d.attach), False,
                                 why, refuse)
    # Step 4-5: cost (K 21.8, 4.20)
    cost = cost_of(ctx, player, iid)
    me = s.players[player]
    if me.vp < cost:
        return refuse("K 4.20.3", f"This card costs {cost} VP but you have {me.vp}.", "no_vp",
                      cost=cost, vp=me.vp)
    mc = mc_cost_of(ctx, player, iid)
    if me.mc < mc:
        return refuse("K 7.0.1", f"This card costs {mc} monster components but you "
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
    ctx.emit(E.LinePushed(LineItem("card", iid, player, targets=targets,
                                   independent=top.kind != "respond"), counted=True))
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


def _off_table_refusal(zone: str, refuse: Refuse = refuse) -> IllegalAction | bool:
    """A card of yours that is not on the table: its abilities cannot be used from there
    (K 93.4.0, 93.6.0, 4.6.0)."""
    if zone == HAND:
        return refuse("K 93.4.0", "Only abilities whose text says they work in the hand can be "
                      "used from it; this card's abilities work on the table.", "hand_ability")
    if zone == GRAVEYARD:
        return refuse("K 93.6.0", "Only abilities whose text says they work from the graveyard "
                      "can be used from it; this card's abilities work on the table.",
                      "graveyard_ability")
    return refuse("K 4.6.0", "Only the abilities of your permanents, the cards on the table, "
                  "can be used.", "not_on_table")


def _limit_refusal(limit: str, refuse: Refuse = refuse) -> IllegalAction | bool:
    """An ability's once-per-turn icon is used up, or it is not its player's turn (K 90)."""
    if limit == "once_own_turn":
        return refuse("K 90.3", "This ability can be used once per turn, in your own turn "
                      "only.", "limit_own_turn")
    if limit == "once_opp_turn":
        return refuse("K 90.5", "This ability can be used once per turn, in your opponent's "
                      "turn only.", "limit_opp_turn")
    return refuse("K 90.1", "This ability can be used once per turn, and it was used this "
                  "turn.", "limit_used")


def ability_options(ctx: Ctx, player: int, iid: int, index: int,
                    window: Task | None = None, why: bool = True
                    ) -> list[tuple[Target, ...]]:
    """Legal target tuples for using ability ``index`` of ``iid``; raises IllegalAction naming
    the rule (``window``, ``why``: as for :func:`play_options`)."""
    options = ability_check(ctx, player, iid, index, window, why)
    if isinstance(options, IllegalAction):
        raise options
    return options


def ability_check(ctx: Ctx, player: int, iid: int, index: int, window: Task | None = None,
                  why: bool = True, refuse: Refuse = refuse
                  ) -> list[tuple[Target, ...]] | IllegalAction | bool:
    """:func:`ability_options` without raising (as :func:`play_check`)."""
    s = ctx.s
    top = window or s.tasks[-1]                     # the open window (as _window, inline)
    assert top.kind in WINDOWS and top.player == player, top
    card = s.cards[iid]
    if card.zone not in TABLE_ZONES or card.controller != player:
        return _off_table_refusal(card.zone, refuse)
    d = ctx.pool[card.cid]
    if index < 0 or index >= len(d.abilities) or d.abilities[index].when not in (
            "activated", "reaction"):
        return refuse("K 136.0", "That card has no such activated ability.", "no_ability")
    ab = d.abilities[index]
    if not abilities_work(ctx, iid):
        return refuse("K 5.5.8", "A passive non-creature permanent's abilities do not work.",
                      "passive_off")
    if top.kind == "respond" and ab.when != "reaction":
        return refuse("K 94.0", "Only reaction abilities can be used in an open reaction line.",
                      "only_reactions")
    if top.kind == "life_saving" and not _heals_by_target(ab.effects):
        return refuse("K 37.0", "Now only life-saving actions can be used.", "life_saving_only")
    if top.kind == "priority":                                        # K 136.3
        closed = closed_phase_refusal(ctx, True, refuse)
        if closed is not None:
            return closed
    if not _limit_ok(ctx, player, iid, index, ab):
        return _limit_refusal(ab.limit, refuse)
    if ab.passivate and (not card.active or card.zone in (GUARD, ATTACHED)):
        return refuse("K 86.2", "Its cost is to passivate it, but passive, attached or "
                      "guard-post permanents cannot be passivated.", "cannot_passivate")
    heal_slots = _ability_heal_slots(ab)
    life_saving = top.kind == "life_saving"
    options = target_options(ctx, player, ab.targets, False, ab.responds_to, life_saving,
                             heal_slots, saving_of(ctx, top) if life_saving else ())
    if not options:
        return no_target_refusal(ctx, player, ab.targets, False, ab.responds_to,
                                 top.kind == "life_saving", heal_slots, False, True, why,
                                 refuse)
    if s.players[player].vp < ab.cost_vp:
        return refuse("K 4.20.3", f"This ability costs {ab.cost_vp} VP but you have "
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
    ctx.emit(E.LinePushed(LineItem("ability", iid, player, ability=index, targets=targets,
                                   independent=top.kind != "respond", from_hand=False),
                          used=f"a{index}" if ab.limit else ""))        # K 90
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
        return refuse("K 136.6", "That is not a creature in play with regeneration.",
                      "no_regen")
    if card.damage <= 0:
        return refuse("K 136.8", "The creature has no damage to regenerate: regeneration is used "
                      "right after it took damage.", "no_damage")
    if iid not in saving_of(ctx, top):
        return refuse("K 136.8", "Regeneration saves only a creature that has just taken "
                      "damage.", "regen_not_wounded")
    if card.regenerated >= 4:
        return refuse("K 136.7", "Regeneration heals at most 4 HP on a creature per turn.",
                      "regen_max")
    if ctx.s.players[player].vp < n:
        return refuse("K 4.20.3", f"Regeneration costs {n} VP but you have "
                      f"{ctx.s.players[player].vp}.", "no_vp", cost=n,
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
    cards = ctx.s.cards
    whens = ctx.index.whens
    pool = ctx.pool
    for iid in opp.reserve + opp.guard + opp.perm:
        cid = cards[iid].cid
        if "opponent_plays" not in whens[cid]:           # most cards have no such ability
            continue
        d = pool[cid]
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
