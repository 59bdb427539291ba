"""Overrides between contradicting effects (MK 5.10, spec §14) and the number pipeline
(MK 5.11, spec §15.1): setting, modifying and limited modifiers in a weak, then a strong tier.

Our cards carry explicit flags instead of Hungarian keyword scanning (ruling 25): ``strong``
("in any case"), ``prohibit`` ("not"), and a timestamp (resolution from a timeline, or entry into
play). Part 1 of issue 18 provides these as tested primitives; no starter card modifies a number
yet, so the engine reads printed values (the next part wires card modifiers through here).
"""

from __future__ import annotations

from typing import Sequence

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
