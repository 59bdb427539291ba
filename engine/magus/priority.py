"""MP priority and the active player (MK 1.05-1.06, spec §5): who acts, and why, in words a UI
can show ("A: 10 MP > 8", "tie: B acted longer ago", "B passed")."""

from __future__ import annotations

from engine.magus.state import State

#: why -> the rule it cites
WHY_RULES = {"more_mp": "MK 1.06.A", "older_stamp": "MK 1.06.B", "initiator": "MK 1.06.C",
             "passed": "MK 1.06.D", "added": "MK 1.06.D", "momentum": "MK 2.10"}
SEAT = "AB"


def compute_active(s: State) -> tuple[int, str, int, int]:
    """Who is active after a recompute (MK 1.06.A-C) and why: (seat, why, a, b) where a and b
    are the two MP totals for ``more_mp`` (the active player's first)."""
    a, b = s.players[0].mp, s.players[1].mp
    if a != b:
        p = 0 if a > b else 1
        return p, "more_mp", max(a, b), min(a, b)
    if s.manoeuvre is not None:
        return s.manoeuvre.initiator, "initiator", a, b
    p = 0 if s.players[0].stamp < s.players[1].stamp else 1
    return p, "older_stamp", a, b


def explain(s: State, lang: str = "en") -> str:
    """Why the active player is active, for a screen (MK 1.06)."""
    p = SEAT[s.active]
    o = SEAT[1 - s.active]
    hu = lang == "hu"
    if s.why == "more_mp":
        return f"{p}: {s.why_a} MP > {s.why_b}"
    if s.why == "older_stamp":
        return (f"egyenlő MP: {p} cselekedett régebben" if hu
                else f"tie: {p} acted longer ago")
    if s.why == "initiator":
        return f"egyenlő MP: {p} a kezdeményező" if hu else f"tie: {p} leads the manoeuvre"
    if s.why == "momentum":
        return (f"{p}: LENDÜLET {s.why_a} > {s.why_b}" if hu
                else f"{p}: MOMENTUM {s.why_a} > {s.why_b}")
    if s.why in ("passed", "added"):
        return f"{o} passzolt" if hu else f"{o} passed"
    return ""
