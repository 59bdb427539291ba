"""A game's public headline counters over its turns: each seat's headline (the ruleset's
``summary(state)["headlines"]``: life, VP, magic, hand and deck sizes… — public counters only)
at the start, at the end of every turn and at the end.

The result screen's graph (hkk_tui.widgets.headline_graph) draws it from a local game's record;
a server sends it with the result of a finished game (``headlines`` of
:class:`engine.net.messages.Update` and ``Snapshot``), since a networked client holds only its
redacted events and could not replay them.
"""

from __future__ import annotations

from typing import Any

import msgspec


class HeadlinePoint(msgspec.Struct, frozen=True, array_like=True):
    """Every seat's public headline counters (by name) at one point of a game: ``turn`` is the
    turn that point ends (0: the start)."""

    turn: int
    seats: list[dict[str, Any]]


def turn_headlines(ruleset: Any, header: Any, entries: list[Any]) -> list[HeadlinePoint]:
    """The headlines at the start, at the end of every turn (the state just before the event
    that begins the next one) and after the last entry; a turn sampled twice keeps the later
    point. Replays the recorded events (no rules code runs)."""
    state = ruleset.initial_state(header)
    points: list[HeadlinePoint] = []

    def sample(summary: dict[str, Any]) -> None:
        heads = summary.get("headlines") or []
        if not heads:
            return
        point = HeadlinePoint(int(summary.get("turn") or 0), [dict(h) for h in heads])
        if points and points[-1].turn == point.turn:
            points[-1] = point
        else:
            points.append(point)

    apply, summary_of = ruleset.apply, ruleset.summary
    before = summary_of(state)
    applied = False
    for entry in entries:
        for ev in entry.events:
            apply(state, ev)
            now = summary_of(state)
            if now.get("turn") != before.get("turn") and applied:
                sample(before)          # the last turn's end (or the start)
            before, applied = now, True
    sample(before)
    return points
