"""Scenarios: a board position declared as data (both sides' zones, life, VP, phase, whose
decision). Used by scenario tests, tutorials and rule investigations.

A scenario game's first entry is the ``SetupScenario`` action; its events move every card into
its declared place, so saving, replaying, undoing and verifying work exactly as for any game.

TOML form (``hkk scenario FILE.toml``)::

    title = {hu = "...", en = "..."}
    description = {hu = "...", en = "..."}
    active = 0                 # whose turn (0 or 1)
    phase = "main1"            # main1 | exchange | combat | main2 | healing | prep | draw | end
    step = 0                   # combat: 0 before declaring, 1 declare attackers
    turn = 5
    [[players]]                # exactly two
    life = 20
    vp = 5
    hand = ["card-id", ...]
    reserve = ["card-id", {card = "card-id", active = true, damage = 1, label = "bob",
               counters = {strengthening = 1}, attached = ["aura-id"]}]
    guard = [...]
    perm = [...]               # enchantments, buildings, items
    graveyard = [...]
    deck = [...]               # top card first
"""

from __future__ import annotations

from typing import Any, Union

import msgspec

from engine.hkk import events as E
from engine.hkk.ctx import Ctx
from engine.hkk.state import (
    ATTACHED, GRAVEYARD, GUARD, HAND, PERM, RESERVE, VOID, Attack, Target, Task,
)

PHASES = ("prep", "draw", "main1", "exchange", "combat", "main2", "healing", "end")


class Text(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    hu: str = ""
    en: str = ""


class CardSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    card: str
    active: bool | None = None
    damage: int = 0
    label: str = ""
    counters: dict[str, int] = {}
    attached: tuple[str, ...] = ()


Slot = Union[str, CardSpec]


class SideSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    life: int = 20
    max_life: int = 20
    vp: int = 0
    max_vp: int = 20
    mc: int = 0
    turns: int = 3
    hand: tuple[Slot, ...] = ()
    reserve: tuple[Slot, ...] = ()
    guard: tuple[Slot, ...] = ()
    perm: tuple[Slot, ...] = ()
    graveyard: tuple[Slot, ...] = ()
    void: tuple[Slot, ...] = ()
    deck: tuple[Slot, ...] = ()


class AttackSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    attacker: str          # a label
    target: str            # a label, or "player"


class ScenarioSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    players: tuple[SideSpec, SideSpec]
    active: int = 0
    phase: str = "main1"
    step: int = 0
    turn: int = 5
    starter: int = 0
    title: Text = Text()
    description: Text = Text()
    attacks: tuple[AttackSpec, ...] = ()
    options: dict[str, Any] = {}


class ScenarioError(ValueError):
    """A scenario file or spec is wrong; the message says where and what to do."""


_ZONES = (("hand", HAND), ("reserve", RESERVE), ("guard", GUARD), ("perm", PERM),
          ("graveyard", GRAVEYARD), ("void", VOID))


def _spec(slot: Slot) -> CardSpec:
    return CardSpec(card=slot) if isinstance(slot, str) else slot


def decklists(spec: ScenarioSpec) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Card ids per player in the order :func:`setup_scenario` expects them in the deck."""
    out = []
    for side in spec.players:
        ids: list[str] = []
        for name, _zone in _ZONES:
            for slot in getattr(side, name):
                cs = _spec(slot)
                ids.append(cs.card)
                ids.extend(cs.attached)
        ids.extend(_spec(s).card for s in reversed(side.deck))
        out.append(tuple(ids))
    return out[0], out[1]


def check(spec: ScenarioSpec, pool: dict) -> None:
    if spec.phase not in PHASES:
        raise ScenarioError(f"phase {spec.phase!r} is unknown; use one of: {', '.join(PHASES)}.")
    if spec.active not in (0, 1):
        raise ScenarioError("active must be 0 or 1 (the player whose turn it is).")
    labels = set()
    for p, side in enumerate(spec.players):
        for name, _zone in _ZONES + (("deck", ""),):
            for i, slot in enumerate(getattr(side, name)):
                cs = _spec(slot)
                for cid in (cs.card, *cs.attached):
                    if cid not in pool:
                        raise ScenarioError(f"players[{p}].{name}[{i}]: unknown card {cid!r}; "
                                            f"use a card id from the card pool "
                                            f"(hkk decks list).")
                if cs.label:
                    labels.add(cs.label)
                if name in ("reserve", "guard") and not pool[cs.card].is_creature:
                    raise ScenarioError(f"players[{p}].{name}[{i}]: {cs.card!r} is not a "
                                        f"creature; put it in perm instead.")
    for a in spec.attacks:
        for ref in (a.attacker, a.target):
            if ref != "player" and ref not in labels:
                raise ScenarioError(f"attacks: label {ref!r} is not defined; give the card a "
                                    f"label = \"{ref}\".")


def setup_scenario(ctx: Ctx, spec: ScenarioSpec) -> dict[str, int]:
    """Emit the events that put every card in its declared place; returns label -> iid."""
    s = ctx.s
    labels: dict[str, int] = {}
    creature_actives: list[tuple[int, bool]] = []
    for p, side in enumerate(spec.players):
        deck = list(s.players[p].deck)
        cursor = 0
        for name, zone in _ZONES:
            for slot in getattr(side, name):
                cs = _spec(slot)
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
                for aid in cs.attached:
                    att = deck[cursor]
                    cursor += 1
                    ctx.emit(E.CardMoved(att, ATTACHED, p, True, "scenario", "", iid))
                creature_actives.append((iid, active))
        ctx.emit(E.PlayerSet(p, side.life, side.max_life, side.vp, side.max_vp, side.mc,
                             side.turns))
    ctx.emit(E.TurnSet(spec.turn, spec.active, spec.starter))
    return labels


def target_of(ref: str, labels: dict[str, int], defender: int) -> Target:
    return Target("p", defender) if ref == "player" else Target("c", labels[ref])


def enter_position(ctx: Ctx, spec: ScenarioSpec, labels: dict[str, int]) -> None:
    """Start the declared phase/step so the right decision is pending."""
    from engine.hkk.turn import _enter

    if spec.phase == "combat" and spec.step >= 1:
        ctx.emit(E.CombatBegan())
        for a in spec.attacks:
            ctx.emit(E.AttackDeclared(Attack(labels[a.attacker],
                                             target_of(a.target, labels, 1 - spec.active))))
        ctx.emit(E.StepBegan("combat", spec.step))
        if spec.step == 1:
            ctx.push(Task("declare", spec.active))
        else:
            _enter(ctx, "combat", spec.step)
        return
    _enter(ctx, spec.phase, spec.step)


def load_toml(text: str, source: str = "<scenario>") -> ScenarioSpec:
    """Parse a scenario TOML file; errors name the line or field and what to do."""
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{source}: TOML syntax error: {exc}. Fix the line it names.") \
            from None
    try:
        return msgspec.convert(data, ScenarioSpec)
    except msgspec.ValidationError as exc:
        raise ScenarioError(f"{source}: {exc}. Check that field against the scenario format "
                            f"in engine/hkk/scenario.py.") from None


def labels_of(spec: ScenarioSpec) -> dict[str, int]:
    """label -> card instance id, as :func:`setup_scenario` assigns them."""
    labels: dict[str, int] = {}
    offset = 0
    for side, ids in zip(spec.players, decklists(spec)):
        cursor = 0
        for name, _zone in _ZONES:
            for slot in getattr(side, name):
                cs = _spec(slot)
                if cs.label:
                    labels[cs.label] = offset + cursor
                cursor += 1 + len(cs.attached)
        offset += len(ids)
    return labels


def load_file(path: Any, pool: dict) -> ScenarioSpec:
    """Read and check a scenario file; every error names the file and says what to do."""
    from pathlib import Path

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read the file ({exc.strerror}); check the path.") \
            from None
    spec = load_toml(text, str(path))
    try:
        check(spec, pool)
    except ScenarioError as exc:
        raise ScenarioError(f"{path}: {exc}") from None
    for p, side in enumerate(spec.players):
        if len(side.guard) > 3:
            raise ScenarioError(f"{path}: players[{p}].guard holds {len(side.guard)} creatures; "
                                f"the guard post holds at most 3 (K 5.4.3).")
    return spec
