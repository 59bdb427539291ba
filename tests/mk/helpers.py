"""Shared helpers of the M.A.G.U.S. tests: build a position, act, and read the events."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from engine.magus.scenario import build

A, B = 0, 1


def C(owner: int, cid: str, zone: str = "hand", **kw: Any) -> dict[str, Any]:
    return {"owner": owner, "cid": cid, "zone": zone, **kw}


def TOWERS() -> list[dict[str, Any]]:
    """Two face-down tower levels each, so no game ends by MK 1.01.A."""
    return [C(A, "t-ember-keep", "tower"), C(A, "t-salt-gate", "tower"),
            C(B, "t-glass-spire", "tower"), C(B, "t-moss-bastion", "tower")]


def FUTURES() -> list[dict[str, Any]]:
    return [C(A, "a-geza", "future"), C(B, "a-geza", "future")]


class Table:
    """A position and the events of every action submitted to it."""

    def __init__(self, cards: list[dict[str, Any]], **spec: Any) -> None:
        self.cards = cards + TOWERS() + FUTURES()
        self.rules, self.s = build({"cards": self.cards, **spec})
        self.events: list[Any] = []

    def idx(self, owner: int, cid: str, nth: int = 0) -> int:
        found = [n for n, c in enumerate(self.cards) if c["owner"] == owner and c["cid"] == cid]
        return found[nth]

    def act(self, seat: int, action: Any) -> list[Any]:
        out = self.rules.submit(self.s, seat, action)
        self.events += out
        return out

    def legal(self, seat: int) -> list[Any]:
        return self.rules.legal_actions(self.s, seat)

    def of(self, kind: type, events: list[Any] | None = None) -> list[Any]:
        return [e for e in (self.events if events is None else events) if isinstance(e, kind)]

    def card(self, i: int) -> Any:
        return self.s.cards[i]


def active_chain(events: list[Any]) -> list[tuple[str, int, str]]:
    """The passes and priority changes in order: ("pass", seat, context) / ("active", seat,
    why)."""
    out = []
    for e in events:
        if isinstance(e, E.Passed):
            out.append(("pass", e.player, e.context))
            if not e.second:                      # a first pass hands priority over
                out.append(("active", 1 - e.player, "passed"))
        elif isinstance(e, E.ActiveSet):
            out.append(("active", e.player, e.why))
        elif isinstance(e, (E.ItemUnwound, E.TimelineEnded, E.PhaseBegan)):
            out.append((type(e).__name__, -1, getattr(e, "kind", getattr(e, "phase", ""))))
    return out


#: a tower level each player holds but cannot play: the round never auto-ends for lack of cards
KEEP = [C(A, "t-raven-loft"), C(B, "t-raven-loft")]


def drive(t: Table, answer: Any, limit: int = 600) -> list[Any]:
    """Answer the pending decisions with ``answer(decision)`` — an action, None for a pass, or
    False to stop — for at most ``limit`` decisions; the events they gave."""
    out: list[Any] = []
    for _ in range(limit):
        d = t.rules.pending(t.s)
        if d is None:
            break
        a = answer(d)
        if a is False:
            break
        out += t.act(d.player, a if a is not None else X.Pass())
    return out


def resolve(t: Table) -> list[Any]:
    """Both pass until no timeline is open or a decision other than priority comes."""
    return drive(t, lambda d: False if not t.s.timelines or d.kind != "priority" else None)


def next_manoeuvres(t: Table) -> list[Any]:
    """Pass through Round closing (no discard, keep the hand) into the next round's Manoeuvres
    phase."""
    start = t.s.round
    return drive(t, lambda d: X.Done() if d.kind == "close_discard" else
                 X.Keep() if d.kind == "mulligan" else
                 False if t.s.phase == "manoeuvres" and t.s.round > start and
                 not t.s.timelines else None)


def to_combat_rounds(t: Table, blocker: int) -> list[Any]:
    """Drive a manoeuvre whose team has joined: B blocks with ``blocker``, both end their team
    and battle order, and stop at A's priority in the combat rounds."""
    return drive(t, lambda d: (X.Join(blocker) if d.kind == "team" and d.player == B and
                               X.Join(blocker) in t.legal(B) else
                               X.Done() if d.kind in ("team", "order") else
                               False if t.s.manoeuvre and t.s.manoeuvre.step == "rounds" and
                               d.player == A and d.kind == "priority" else None))


def refused(t: Table, seat: int, action: Any, rule: str, key: str | None = None) -> Any:
    """``action`` is refused under ``rule`` (and ``key``) and nothing is logged; the refusal."""
    before = len(t.events)
    with pytest.raises(IllegalAction) as exc:
        t.act(seat, action)
    assert exc.value.rule == rule, exc.value
    if key is not None:
        assert exc.value.key == key, exc.value
    assert len(t.events) == before
    return exc.value


def squire_game(header: Any, seed: int) -> Any:
    """A whole squire-against-squire game of ``header``, each bot from its seat's view."""
    from engine.core.game import Game
    from engine.magus.bot import SquireBot
    from engine.magus.plugin import PLUGIN

    rules = PLUGIN.ruleset_for(header)
    game = Game.new(rules, header)
    bots = [SquireBot(rules.pool, seed), SquireBot(rules.pool, seed + 7)]
    while (d := game.pending()) is not None:
        view = rules.view(game.state, d.player)
        game.submit(d.player, bots[d.player].choose(view, game.legal_actions(d.player)))
    return game
