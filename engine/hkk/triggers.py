"""Related effects (K 22, 133): queueing them, who orders them, their targets, carrying them out.

Queued effects wait in ``State.triggers``. Asking a player to order them or to choose their
targets is a decision (:mod:`engine.hkk.decisions`); this module only knows the effects.
"""

from __future__ import annotations

from engine.hkk import events as E
from engine.hkk.ctx import Ctx
from engine.hkk.effects import run_effects
from engine.hkk.play import target_options
from engine.hkk.state import TABLE_ZONES, Target, Task, Trigger
from engine.hkk.stats import abilities_work

#: The rule under which a related effect happens, by when it triggers.
_RULES = {"play": "K 134.0", "start_of_turn": "K 29.4", "end_of_turn": "K 41.2",
          "death": "K 22.1", "attack": "K 110.0", "opponent_played": "K 22.1"}


def queue_triggers(ctx: Ctx, player: int, when: str) -> None:
    """Queue the ``when`` related effects of ``player``'s permanents, attached cards included
    (they work for their controller), e.g. at the start or end of the turn (K 29.4, 41.2)."""
    s = ctx.s
    cards = s.cards
    for iid in ctx.facts.by_when.get(when, ()):      # is any such card of theirs on the table?
        card = cards[iid]
        if card.controller == player and card.zone in TABLE_ZONES:
            break
    else:
        return
    me = s.players[player]
    sources = me.reserve + me.guard + me.perm
    for p in s.players:
        for host in p.reserve + p.guard + p.perm:
            attachments = cards[host].attachments
            if attachments:
                sources += [a for a in attachments if cards[a].controller == player]
    whens = ctx.index.whens
    for iid in sources:
        # a card with no ``when`` ability has nothing to queue (sifted by its definition)
        if when not in whens[cards[iid].cid] or not abilities_work(ctx, iid):
            continue
        for i, ab in enumerate(ctx.d(iid).abilities):
            if ab.when == when:
                ctx.emit(E.TriggerQueued(Trigger(iid, i, player)))


def trigger_chooser(ctx: Ctx) -> int:
    """Who orders the waiting related effects: the player who played the card they relate to
    (K 22.1.2, whoever is active); otherwise the active player orders theirs first, then the
    opponent theirs (K 4.10.4, 22.1.1)."""
    s = ctx.s
    for t in s.triggers:
        if t.played_by >= 0:
            return t.played_by
    return s.active if any(t.controller == s.active for t in s.triggers) else 1 - s.active


def orderable(ctx: Ctx, chooser: int) -> list[int]:
    """Indexes of the waiting related effects ``chooser`` may take next: those related to the
    card they played (K 22.1.2), whoever controls them; else their own (K 22.1.1)."""
    triggers = ctx.s.triggers
    related = [i for i, t in enumerate(triggers) if t.played_by == chooser]
    return related or [i for i, t in enumerate(triggers) if t.controller == chooser]


def trigger_options(ctx: Ctx, trigger: Trigger) -> list[tuple[Target, ...]]:
    """Every legal choice of targets for a related effect (K 21.5)."""
    ab = ctx.d(trigger.card).abilities[trigger.ability]
    return target_options(ctx, trigger.controller, ab.targets, False, ab.responds_to, False,
                          set())


def execute_trigger(ctx: Ctx, index: int) -> Trigger | None:
    """Take queued related effect ``index`` and carry it out (K 22, 133). One with targets is
    returned instead, for its controller to choose them first (K 21.5); one without any legal
    target does nothing."""
    trigger = ctx.s.triggers[index]
    ctx.emit(E.TriggerTaken(index))
    ab = ctx.d(trigger.card).abilities[trigger.ability]
    if ab.targets:
        options = trigger_options(ctx, trigger)
        if options == [] or options == [()]:
            return None                              # no legal target: nothing happens
        return trigger
    run_trigger_effects(ctx, trigger, ())
    return None


def run_trigger_effects(ctx: Ctx, trigger: Trigger, targets: tuple[Target, ...]) -> None:
    """The effects of a related effect whose targets are chosen."""
    ab = ctx.d(trigger.card).abilities[trigger.ability]
    run_effects(ctx, ab.effects, trigger.controller, trigger.card, targets, False,
                _RULES.get(ab.when, "K 22"), trigger.trigger_card, trigger.trigger_player)
    ctx.push(Task("check_deaths"))
