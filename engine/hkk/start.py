"""The game's first entry: the normal set-up (K 28) or a scenario's declared position.

Both only emit events (shuffles, draws, cards moved into place), so a game set up either way is
saved, replayed, undone and verified like any other.
"""

from __future__ import annotations

from engine.core import rng
from engine.hkk import events as E
from engine.hkk.ctx import Ctx, refuse
from engine.hkk.decisions import CEDE, DECLARE
from engine.hkk.effects import draw
from engine.hkk.scenario import ZONES, ScenarioSpec, decklists, slot_spec
from engine.hkk.state import ATTACHED, GUARD, OPENING_HAND, PERM, RESERVE, Attack, Target
from engine.hkk.turn import enter_step


# ---------------------------------------------------------------------------- K 28
def setup(ctx: Ctx) -> None:
    """K 28: shuffle (K 2.3.3), opening hands of 5 (K 3.6), who starts (K 3.6-3.7)."""
    s = ctx.s
    for p in (0, 1):
        order, new_state = rng.shuffled(s.rng, s.players[p].deck)
        ctx.emit(E.DeckShuffled(p, tuple(order), new_state))
    for p in (0, 1):
        draw(ctx, p, OPENING_HAND, opening=True)
    starter = int(ctx.opt("starter", -1))
    if starter not in (0, 1):
        starter, new_state = rng.below(s.rng, 2)
        ctx.emit(E.StarterChosen(starter, new_state))
    else:
        ctx.emit(E.StarterChosen(starter, s.rng))
    ctx.push(CEDE.ask(starter))


# ---------------------------------------------------------------------------- scenarios
def start_scenario(ctx: Ctx, spec: ScenarioSpec) -> None:
    """Put every card where ``spec`` declares it and start its phase and step; refused (before
    any event) if the game's decks are not the scenario's (K 2.3.1)."""
    s = ctx.s
    dealt = tuple(tuple(s.cards[i].cid for i in p.deck) for p in s.players)
    if dealt != tuple(decklists(spec)):
        raise refuse("K 2.3.1", "The decks of this game are not the ones its scenario "
                     "declares.", "scenario_decks")
    labels = setup_scenario(ctx, spec)
    enter_position(ctx, spec, labels)


def setup_scenario(ctx: Ctx, spec: ScenarioSpec) -> dict[str, int]:
    """Emit the events that put every card in its declared place; returns label -> iid."""
    s = ctx.s
    labels: dict[str, int] = {}
    for p, side in enumerate(spec.players):
        deck = list(s.players[p].deck)
        cursor = 0
        for name, zone in ZONES:
            for slot in getattr(side, name):
                cs = slot_spec(slot)
                iid = deck[cursor]
                cursor += 1
                d = ctx.pool[cs.card]
                active = cs.active if cs.active is not None else (
                    zone == GUARD or d.type in ("enchantment", "item"))
                ctx.emit(E.CardMoved(iid, zone, p, active and zone in (RESERVE, GUARD, PERM),
                                     "scenario", ""))
                if cs.label:
                    labels[cs.label] = iid
                for kind, n in cs.counters.items():
                    ctx.emit(E.CountersChanged(iid, kind, n))
                if cs.damage:
                    ctx.emit(E.CardDamaged(iid, cs.damage, -1, ""))
                for _ in cs.attached:
                    att = deck[cursor]
                    cursor += 1
                    ctx.emit(E.CardMoved(att, ATTACHED, p, True, "scenario", "", iid))
        ctx.emit(E.PlayerSet(p, side.life, side.max_life, side.vp, side.max_vp, side.mc,
                             side.turns))
    ctx.emit(E.TurnSet(spec.turn, spec.active, spec.starter))
    if s.wounded:                    # declared wounds are the position, not fresh damage
        ctx.emit(E.WoundsChecked())
    return labels


def target_of(ref: str, labels: dict[str, int], defender: int) -> Target:
    """A scenario's attack target: a card label, or "player" (the defender)."""
    return Target("p", defender) if ref == "player" else Target("c", labels[ref])


def enter_position(ctx: Ctx, spec: ScenarioSpec, labels: dict[str, int]) -> None:
    """Start the declared phase/step so the right decision is pending."""
    if spec.phase == "combat" and spec.step >= 1:
        ctx.emit(E.CombatBegan())
        for a in spec.attacks:
            ctx.emit(E.AttackDeclared(Attack(labels[a.attacker],
                                             target_of(a.target, labels, 1 - spec.active))))
        ctx.begin_step("combat", spec.step)
        if spec.step == 1:
            ctx.push(DECLARE.ask(spec.active))
        else:
            enter_step(ctx, "combat", spec.step)
        return
    enter_step(ctx, spec.phase, spec.step)
