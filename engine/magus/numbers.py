"""Overrides between contradicting effects (MK 5.10, spec §14) and the number pipeline
(MK 5.11, spec §15.1): setting, modifying and limited modifiers in a weak, then a strong tier.

Our cards carry explicit flags instead of Hungarian keyword scanning (ruling 25): ``strong``
("in any case"), ``prohibit`` ("not"), and a timestamp (resolution from a timeline, or entry into
play). Numbers: equipment and rider boosts (``cards.Boost.strong``) go through :func:`compute`.
Contradicting effects that are no numbers (MK 5.10, ruling 72): a card's :class:`cards.Stance`
becomes a :class:`Claim`, and :func:`prevail` picks the one that holds — first a text that
settles the conflict itself (MK 5.10.A), then strong over weak, prohibiting over permitting, the
later over the earlier. The engine uses it for armour against an attack that says armour does
not protect (MK 2.17, :func:`armour_holds`).
"""

from __future__ import annotations

from typing import Any, Sequence

import msgspec


class Mod(msgspec.Struct, frozen=True):
    """One effect on a number: ``set`` (becomes ``value``) or ``add`` (± ``value``), with an
    optional limit on that modifier alone ("but not below/above n", MK 5.11.A)."""

    kind: str                     # set / add
    value: int
    strong: bool = False          # MK 5.10.C-E
    prohibit: bool = False        # MK 5.10.F-G
    time: int = 0                 # MK 5.10.H
    floor: int | None = None
    ceil: int | None = None


def winner(effects: Sequence[Mod]) -> Mod:
    """MK 5.10: strong beats weak; then prohibiting beats permitting; then the later wins."""
    return max(effects, key=lambda m: (m.strong, m.prohibit, m.time))


def compute(base: int, mods: Sequence[Mod], allow_negative: bool = False) -> int:
    """MK 5.11: for the weak tier, then the strong one (D, ruling 24: independent tiers): the
    winning setter (B), limited modifiers first remembering their unused parts, then the others
    in time order, an opposite-sign modifier first cancelling unused parts (C)."""
    v = base
    for strong in (False, True):
        tier = sorted((m for m in mods if m.strong == strong), key=lambda m: m.time)
        setters = [m for m in tier if m.kind == "set"]
        if setters:
            v = winner(setters).value
        unused = 0                      # signed total of the limited modifiers' unused parts
        for m in tier:
            if m.kind != "add" or (m.floor is None and m.ceil is None):
                continue
            want = v + m.value
            got = want
            if m.floor is not None:
                got = max(got, m.floor)
            if m.ceil is not None:
                got = min(got, m.ceil)
            unused += want - got
            v = got
        for m in tier:
            if m.kind != "add" or m.floor is not None or m.ceil is not None:
                continue
            delta = m.value
            if unused and (delta > 0) != (unused > 0):
                cancel = min(abs(delta), abs(unused))
                delta += cancel if delta < 0 else -cancel
                unused += -cancel if unused > 0 else cancel
            v += delta
    return v if allow_negative else max(0, v)                               # MK 1.10.A


class Claim(msgspec.Struct, frozen=True):
    """One effect's say in a contradiction (MK 5.10): what it wants (``value``), its strength
    (C-E), its polarity (F-G), its time (H), and whether its text settles the conflict itself
    (A: "partial conflicts are reconciled by the texts")."""

    value: Any
    strong: bool = False
    prohibit: bool = False
    time: int = 0
    settles: bool = False


def prevail(claims: Sequence[Claim]) -> Claim:
    """MK 5.10.A, C-H: the claim that holds among contradicting ones."""
    return max(claims, key=lambda c: (c.settles, c.strong, c.prohibit, c.time))


def armour_holds(armour: Any, attack: Any) -> bool:
    """MK 2.17 against MK 5.10: does a worn armour (its card's ``armour_stance``) protect against
    an attack whose card says it does not (``pierce``)? The armour was in play before the attack
    resolves, so on a full tie the attack, later, wins (H)."""
    pierce = getattr(attack, "pierce", None)
    if pierce is None:
        return True
    mine = getattr(armour, "armour_stance", None)
    protects = Claim(True, mine.strong, mine.prohibit, 0, mine.settles) if mine is not None \
        else Claim(True)
    against = Claim(False, pierce.strong, True, 1, pierce.settles)
    return bool(prevail([protects, against]).value)
