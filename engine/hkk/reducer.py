"""The reducer: the only code that changes HKK state. One small function per event, no rules."""

from __future__ import annotations

from typing import Callable

import msgspec

from engine.hkk import events as E
from engine.hkk.state import (
    ATTACHED, GUARD, HAND, LINE, RESERVE, SHIFTED, TABLE_ZONES, Card, Combat, Result, State,
)


def _zone_list(state: State, card: Card) -> list[int] | None:
    if card.zone in (LINE, ATTACHED):
        return None
    return getattr(state.players[card.controller if card.zone in TABLE_ZONES else card.owner],
                   card.zone)


def _on_table(state: State) -> list[Card]:
    """The cards on the table (K 5.4-5.5): the players' reserves, guard posts and permanents,
    each followed by the cards attached to it. Only these carry what lasts a turn (uses,
    regeneration, damage, pumps, attacks, granted keywords): a card leaving the table forgets
    it (K 93.1, :func:`_reset_on_leaving_table`), so the end- and start-of-turn resets look
    here instead of at every card of the game."""
    cards = state.cards
    out = []
    for p in state.players:
        for row in (p.reserve, p.guard, p.perm):
            for iid in row:
                card = cards[iid]
                out.append(card)
                if card.attachments:
                    _attached(cards, card, out)
    return out


def _attached(cards: list[Card], host: Card, out: list[Card]) -> None:
    for a in host.attachments:
        card = cards[a]
        out.append(card)
        if card.attachments:             # an enchantment on an attached card
            _attached(cards, card, out)


def _reset_on_leaving_table(card: Card) -> None:
    """K 93.1: cards leaving play have no memory."""
    card.damage = 0
    card.counters = {}
    card.pump_damage = card.pump_hp = 0
    card.granted = []
    card.uses = {}
    card.regenerated = 0
    card.attacking = False
    card.damaged_this_turn = False
    card.controller = card.owner
    card.active = False


def _card_moved(state: State, ev: E.CardMoved) -> None:
    card = state.cards[ev.card]
    old = _zone_list(state, card)
    if old is not None:
        old.remove(card.iid)
    if card.zone == ATTACHED and card.host >= 0:
        host = state.cards[card.host]
        if card.iid in host.attachments:
            host.attachments.remove(card.iid)
        card.host = -1
    leaving_table = card.zone in TABLE_ZONES and ev.zone not in TABLE_ZONES
    if leaving_table:
        _reset_on_leaving_table(card)
    card.zone = ev.zone
    card.controller = ev.controller
    card.active = ev.active
    new = _zone_list(state, card)
    if new is not None:
        new.append(card.iid)
    if ev.zone == ATTACHED:
        card.host = ev.host
        state.cards[ev.host].attachments.append(card.iid)


def _deck_shuffled(state: State, ev: E.DeckShuffled) -> None:
    state.players[ev.player].deck = list(ev.order)
    state.rng = ev.rng


def _starter_chosen(state: State, ev: E.StarterChosen) -> None:
    state.starter = ev.player
    state.active = ev.player
    state.rng = ev.rng


def _start_ceded(state: State, ev: E.StartCeded) -> None:
    state.starter = 1 - ev.player
    state.active = 1 - ev.player


def _card_drawn(state: State, ev: E.CardDrawn) -> None:
    player = state.players[ev.player]
    player.deck.remove(ev.card)
    player.hand.append(ev.card)
    state.cards[ev.card].zone = HAND


def _turn_began(state: State, ev: E.TurnBegan) -> None:
    if ev.quiet_rounds >= 0:                 # rules 4: the turn before ended (K 41.5)
        state.quiet_rounds = ev.quiet_rounds
    state.turn = ev.turn
    state.active = ev.player
    state.players[ev.player].turns += 1
    for p in state.players:
        p.cards_played_this_turn = 0
    for card in _on_table(state):
        if card.uses:
            card.uses = {}
        if card.regenerated:
            card.regenerated = 0
    state.player_damaged_this_turn = False


def _step_began(state: State, ev: E.StepBegan) -> None:
    state.phase = ev.phase
    state.step = ev.step


def _turn_ended(state: State, ev: E.TurnEnded) -> None:
    state.quiet_rounds = ev.quiet_rounds


def _game_ended(state: State, ev: E.GameEnded) -> None:
    state.result = Result(ev.winner, ev.reason, ev.rule)
    state.phase = "over"
    state.tasks = []


def _vp_changed(state: State, ev: E.VpChanged) -> None:
    state.players[ev.player].vp += ev.amount


def _mc_changed(state: State, ev: E.McChanged) -> None:
    state.players[ev.player].mc += ev.amount


def _life_changed(state: State, ev: E.LifeChanged) -> None:
    state.players[ev.player].life += ev.amount
    if ev.amount < 0:
        state.player_damaged_this_turn = True


def _max_life_changed(state: State, ev: E.MaxLifeChanged) -> None:
    state.players[ev.player].max_life += ev.amount


def _task_pushed(state: State, ev: E.TaskPushed) -> None:
    state.tasks.append(ev.task)


def _task_popped(state: State, ev: E.TaskPopped) -> None:
    state.tasks.pop()


def _task_replaced(state: State, ev: E.TaskReplaced) -> None:
    state.tasks[-1] = ev.task


def _advanced(state: State, ev: E.Advanced) -> None:
    """An entry's task-stack and step bookkeeping, folded (applied after its other events,
    none of which reads the stack or the step). A game that ended in the entry stays over."""
    tasks = state.tasks
    del tasks[ev.keep:]
    tasks.extend(ev.push)
    if ev.steps:
        phase, state.step = E.STEPS[ev.steps[-1]]
        if state.result is None:
            state.phase = phase


def _tasks_cleared(state: State, ev: E.TasksCleared) -> None:
    state.tasks = []
    state.triggers = []
    state.wounded = []


def _card_turned(state: State, ev: E.CardTurned) -> None:
    state.cards[ev.card].active = ev.active


def _player_activated(state: State, ev: E.PlayerActivated) -> None:
    player = ev.player
    for card in _on_table(state):
        if card.controller == player:
            card.active = True


def _guard_moved(state: State, ev: E.GuardMoved) -> None:
    card = state.cards[ev.card]
    player = state.players[card.controller]
    if ev.to_guard:
        player.reserve.remove(card.iid)
        player.guard.append(card.iid)
        card.zone = GUARD
        card.active = True                   # guard-post creatures are always active (K 5.4.5)
    else:
        player.guard.remove(card.iid)
        player.reserve.append(card.iid)
        card.zone = RESERVE
    if ev.used:
        _use(card, ev.used)


def _wounded(state: State, iid: int) -> None:
    if iid not in state.wounded:
        state.wounded.append(iid)


def _card_damaged(state: State, ev: E.CardDamaged) -> None:
    card = state.cards[ev.card]
    card.damage += ev.amount
    card.damaged_this_turn = True
    _wounded(state, ev.card)


def _wounds_checked(state: State, ev: E.WoundsChecked) -> None:
    state.wounded = []


def _components_waived(state: State, ev: E.ComponentsWaived) -> None:
    """Waiving changes nothing: the components simply are not taken (K 67.4)."""


def _creature_shifted(state: State, ev: E.CreatureShifted) -> None:
    card = state.cards[ev.card]
    row = getattr(state.players[card.controller], card.zone)
    row.remove(card.iid)
    row.insert(ev.index, card.iid)
    _use(card, SHIFTED)                      # rules 5: counted (K 32.4, at most N-1 places)


def _draw_offered(state: State, ev: E.DrawOffered) -> None:
    state.players[ev.player].draw_offer_turn = state.turn


def _draw_answered(state: State, ev: E.DrawDeclined | E.DrawAgreed) -> None:
    """The answer itself changes nothing (an agreed draw is recorded by the GameEnded event that
    follows it)."""


def _card_healed(state: State, ev: E.CardHealed) -> None:
    state.cards[ev.card].damage -= ev.amount


def _counters_changed(state: State, ev: E.CountersChanged) -> None:
    counters = state.cards[ev.card].counters
    if (ev.kind == "weakening" and ev.amount > 0) or (
            ev.kind == "strengthening" and ev.amount < 0):  # its maximum HP fell (K 37.0)
        _wounded(state, ev.card)
    n = counters.get(ev.kind, 0) + ev.amount
    if n:
        counters[ev.kind] = n
    else:
        counters.pop(ev.kind, None)


def _pumped(state: State, ev: E.Pumped) -> None:
    card = state.cards[ev.card]
    card.pump_damage += ev.damage
    card.pump_hp += ev.hp
    if ev.hp < 0:                                          # its maximum HP fell (K 37.0)
        _wounded(state, ev.card)


def _keyword_granted(state: State, ev: E.KeywordGranted) -> None:
    card = state.cards[ev.card]
    card.granted = card.granted + [ev.keyword]


def _repaired(state: State, ev: E.Repaired) -> None:
    for card in _on_table(state):
        if card.damaged_this_turn or card.damage:
            card.damage = 0
            card.damaged_this_turn = False


def _turn_effects_expired(state: State, ev: E.TurnEffectsExpired) -> None:
    for card in _on_table(state):
        if card.pump_damage or card.pump_hp:
            card.pump_damage = card.pump_hp = 0
        if card.attacking:
            card.attacking = False
        if card.granted:
            card.granted = []


def _ability_used(state: State, ev: E.AbilityUsed) -> None:
    _use(state.cards[ev.card], ev.key)


def _use(card: Card, key: str) -> None:
    uses = card.uses
    uses[key] = uses.get(key, 0) + 1


def _regenerated(state: State, ev: E.Regenerated) -> None:
    card = state.cards[ev.card]
    card.regenerated += ev.amount
    card.damage -= ev.amount


def _random_picked(state: State, ev: E.RandomPicked) -> None:
    state.rng = ev.rng


def _cards_played_counted(state: State, ev: E.CardsPlayedCounted) -> None:
    state.players[ev.player].cards_played_this_turn += 1


def _line_pushed(state: State, ev: E.LinePushed) -> None:
    item = ev.item
    state.line.append(item)
    if ev.counted:
        state.players[item.controller].cards_played_this_turn += 1
    if ev.used:
        _use(state.cards[item.card], ev.used)


def _line_popped(state: State, ev: E.LinePopped) -> None:
    state.line.pop()


def _line_item_prevented(state: State, ev: E.LineItemPrevented) -> None:
    item = state.line[ev.index]
    state.line[ev.index] = _replace(item, prevented=True)


def _line_item_retargeted(state: State, ev: E.LineItemRetargeted) -> None:
    item = state.line[ev.index]
    state.line[ev.index] = _replace(item, targets=ev.targets)


def _replace(item, **changes):
    return msgspec.structs.replace(item, **changes)


def _trigger_queued(state: State, ev: E.TriggerQueued) -> None:
    state.triggers.append(ev.trigger)


def _trigger_taken(state: State, ev: E.TriggerTaken) -> None:
    del state.triggers[ev.index]


def _combat_began(state: State, ev: E.CombatBegan) -> None:
    state.combat = Combat()


def _attack_declared(state: State, ev: E.AttackDeclared) -> None:
    assert state.combat is not None
    state.combat.attacks.append(ev.attack)
    state.cards[ev.attack.attacker].attacking = True


def _attack_withdrawn(state: State, ev: E.AttackWithdrawn) -> None:
    assert state.combat is not None
    state.combat.attacks = [a for a in state.combat.attacks if a.attacker != ev.attacker]
    state.cards[ev.attacker].attacking = False
    if ev.used:
        _use(state.cards[ev.attacker], ev.used)


def _hit_back_chosen(state: State, ev: E.HitBackChosen) -> None:
    assert state.combat is not None
    state.combat.hit_back[ev.defender] = ev.attacker


def _combat_ability_announced(state: State, ev: E.CombatAbilityAnnounced) -> None:
    assert state.combat is not None
    state.combat.announced[ev.card] = state.combat.announced.get(ev.card, 0) + ev.amount


def _combat_ended(state: State, ev: E.CombatEnded) -> None:
    state.combat = None


def _conceded(state: State, ev: E.Conceded) -> None:
    """The concession itself changes nothing; the GameEnded event that follows records it."""


def _player_set(state: State, ev: E.PlayerSet) -> None:
    p = state.players[ev.player]
    p.life, p.max_life, p.vp, p.max_vp, p.mc, p.turns = (
        ev.life, ev.max_life, ev.vp, ev.max_vp, ev.mc, ev.turns)


def _nothing(state: State, ev: object) -> None:
    """An event that only tells (DamagePrevented): the state stays as it is."""


def _turn_set(state: State, ev: E.TurnSet) -> None:
    state.turn, state.active, state.starter = ev.turn, ev.active, ev.starter


REDUCERS: dict[type, Callable[[State, object], None]] = {
    E.DeckShuffled: _deck_shuffled, E.StarterChosen: _starter_chosen,
    E.StartCeded: _start_ceded, E.CardDrawn: _card_drawn, E.TurnBegan: _turn_began,
    E.StepBegan: _step_began, E.TurnEnded: _turn_ended, E.GameEnded: _game_ended,
    E.VpChanged: _vp_changed, E.McChanged: _mc_changed, E.LifeChanged: _life_changed,
    E.MaxLifeChanged: _max_life_changed, E.TaskPushed: _task_pushed,
    E.TaskPopped: _task_popped, E.TaskReplaced: _task_replaced,
    E.TasksCleared: _tasks_cleared, E.Advanced: _advanced, E.CardMoved: _card_moved,
    E.CardTurned: _card_turned,
    E.PlayerActivated: _player_activated, E.GuardMoved: _guard_moved,
    E.CardDamaged: _card_damaged, E.WoundsChecked: _wounds_checked,
    E.ComponentsWaived: _components_waived, E.CreatureShifted: _creature_shifted,
    E.DrawOffered: _draw_offered, E.DrawDeclined: _draw_answered, E.DrawAgreed: _draw_answered,
    E.CardHealed: _card_healed,
    E.CountersChanged: _counters_changed, E.Pumped: _pumped,
    E.KeywordGranted: _keyword_granted, E.Repaired: _repaired,
    E.TurnEffectsExpired: _turn_effects_expired, E.AbilityUsed: _ability_used,
    E.Regenerated: _regenerated, E.RandomPicked: _random_picked,
    E.CardsPlayedCounted: _cards_played_counted, E.LinePushed: _line_pushed,
    E.LinePopped: _line_popped, E.LineItemPrevented: _line_item_prevented,
    E.LineItemRetargeted: _line_item_retargeted, E.TriggerQueued: _trigger_queued,
    E.TriggerTaken: _trigger_taken, E.CombatBegan: _combat_began,
    E.AttackDeclared: _attack_declared, E.AttackWithdrawn: _attack_withdrawn,
    E.HitBackChosen: _hit_back_chosen, E.CombatAbilityAnnounced: _combat_ability_announced,
    E.CombatEnded: _combat_ended, E.Conceded: _conceded, E.PlayerSet: _player_set,
    E.TurnSet: _turn_set, E.DamagePrevented: _nothing,
}

def apply(state: State, event: object) -> None:
    """Apply one event to the state (the only way state changes)."""
    REDUCERS[type(event)](state, event)
