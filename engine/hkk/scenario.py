"""The scenario format: a board position declared as data (both sides' zones, life, VP, phase,
whose decision). Used by scenario tests, tutorials and rule investigations.

This module only reads and checks the format. A scenario game's first entry is the
``SetupScenario`` action; :mod:`engine.hkk.start` emits the events that move every card into its
declared place, so saving, replaying, undoing and verifying work exactly as for any game.

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
    guard = [...]              # may hold more than 3: effects over-fill it (K 5.4.3.1)
    perm = [...]               # enchantments, buildings, items
    graveyard = [...]
    deck = [...]               # top card first
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Union

import msgspec

from engine.hkk.state import GRAVEYARD, GUARD, HAND, PERM, RESERVE, VOID

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


#: The zones a side declares, in the order their cards are dealt from the deck (then the deck).
ZONES = (("hand", HAND), ("reserve", RESERVE), ("guard", GUARD), ("perm", PERM),
        ("graveyard", GRAVEYARD), ("void", VOID))


def slot_spec(slot: Slot) -> CardSpec:
    """A slot written as a bare card id, as a full card spec."""
    return CardSpec(card=slot) if isinstance(slot, str) else slot


def decklists(spec: ScenarioSpec) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Card ids per player in the order :func:`engine.hkk.start.setup_scenario` expects them in
    the deck."""
    out = []
    for side in spec.players:
        ids: list[str] = []
        for name, _zone in ZONES:
            for slot in getattr(side, name):
                cs = slot_spec(slot)
                ids.append(cs.card)
                ids.extend(cs.attached)
        ids.extend(slot_spec(s).card for s in reversed(side.deck))
        out.append(tuple(ids))
    return out[0], out[1]


def check(spec: ScenarioSpec, pool: dict) -> None:
    if spec.phase not in PHASES:
        raise ScenarioError(f"phase {spec.phase!r} is unknown; use one of: {', '.join(PHASES)}.")
    if spec.active not in (0, 1):
        raise ScenarioError("active must be 0 or 1 (the player whose turn it is).")
    labels = set()
    for p, side in enumerate(spec.players):
        for name, _zone in ZONES + (("deck", ""),):
            for i, slot in enumerate(getattr(side, name)):
                cs = slot_spec(slot)
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


def load_toml(text: str, source: str = "<scenario>") -> ScenarioSpec:
    """Parse a scenario TOML file; errors name the line or field and what to do."""
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
    """label -> card instance id, as :func:`engine.hkk.start.setup_scenario` assigns them."""
    labels: dict[str, int] = {}
    offset = 0
    for side, ids in zip(spec.players, decklists(spec)):
        cursor = 0
        for name, _zone in ZONES:
            for slot in getattr(side, name):
                cs = slot_spec(slot)
                if cs.label:
                    labels[cs.label] = offset + cursor
                cursor += 1 + len(cs.attached)
        offset += len(ids)
    return labels


def load_file(path: Any, pool: dict) -> ScenarioSpec:
    """Read and check a scenario file; every error names the file and says what to do."""
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
    # an over-full guard post is a legal position (K 5.4.3.1): its controller cuts it back in
    # their own exchange phase (K 5.4.4)
    return spec
