"""Timed effects (MK 5.07.K, MK 6.02): on entering Present (MK 1.14.12, ruling 32) they join the
running timeline; at the start of the round they enter the Round-opening timeline together,
the active player's first, each player ordering his own (MK 6.05.E)."""

from __future__ import annotations

import pytest

from engine.core.game import IllegalAction
from engine.magus import actions as X
from engine.magus import events as E
from tests.mk.helpers import KEEP, A, B, C, Table
from tests.mk.helpers import drive as _drive


def test_mk_1_14_12_an_on_entering_effect_joins_the_running_timeline():
    t = Table([C(A, "a-herald")] + KEEP, mp=[10, 8])
    herald = t.idx(A, "a-herald")
    hand = len(t.s.players[A].hand)
    t.act(A, X.Play(herald))
    _drive(t, lambda d: False if not t.s.timelines else None)
    kinds = [(e.kind, e.card) for e in t.of(E.ItemAdded)]
    assert kinds == [("card", herald), ("enter", herald)]
    added = [e for e in t.of(E.ItemAdded) if e.kind == "enter"][0]
    assert added.rule == "MK 1.14.12"
    assert len(t.of(E.Stamped)) == 1                          # only the play is an action
    drew = [e for e in t.of(E.Drew) if e.player == A]
    assert len(drew) == 1 and len(t.s.players[A].hand) == hand     # -1 played, +1 drawn
    assert t.card(herald).zone == "line"


def _to_next_round(t: Table, answer) -> list:
    """Through Round closing into the next round's Manoeuvres phase."""
    return _drive(t, lambda d: answer(d) if d.kind == "triggers" else
                  X.Done() if d.kind == "close_discard" else
                  False if t.s.phase == "manoeuvres" and t.s.round > 2 else None)


def _round_items(t: Table) -> list[int]:
    return [e.card for e in t.of(E.ItemAdded) if e.kind == "round"]


def test_mk_6_05_e_round_start_effects_enter_the_active_player_s_first():
    # A (active: more MP) and B each hold a Toll Bridge (+1 MP at the start of the round)
    t = Table([C(A, "b-toll-bridge", "buildings"), C(B, "b-toll-bridge", "buildings")] + KEEP,
              mp=[10, 8])
    a_bridge, b_bridge = t.idx(A, "b-toll-bridge"), t.idx(B, "b-toll-bridge")
    _to_next_round(t, lambda d: None)
    assert t.of(E.TriggersPending)[0].rule == "MK 6.05.E"
    assert _round_items(t) == [a_bridge, b_bridge]   # A's lies lower: it resolves later
    unwound = [e for e in t.events if isinstance(e, E.MpChanged) and e.delta == 1]
    assert [e.player for e in unwound] == [B, A]


def test_mk_6_05_e_a_player_orders_his_own_simultaneous_entries():
    t = Table([C(A, "b-toll-bridge", "buildings"), C(A, "b-lantern-chapel", "buildings")]
              + KEEP, mp=[10, 8])
    bridge, chapel = t.idx(A, "b-toll-bridge"), t.idx(A, "b-lantern-chapel")
    seen: list = []

    def answer(d):
        seen.append((d.player, tuple(t.legal(A))))
        return X.TriggerFirst(chapel)

    _to_next_round(t, answer)
    assert seen and seen[0] == (A, (X.TriggerFirst(bridge), X.TriggerFirst(chapel)))
    assert _round_items(t) == [chapel, bridge]
    gains = [e for e in t.events if isinstance(e, E.MpChanged) and e.player == A and
             e.delta == 1]
    assert len(gains) == 2                                          # both resolved


def test_mk_6_05_e_only_your_own_waiting_effects_may_be_ordered():
    t = Table([C(A, "b-toll-bridge", "buildings"), C(A, "b-lantern-chapel", "buildings"),
               C(B, "b-toll-bridge", "buildings")] + KEEP, mp=[10, 8])
    _to_next_round(t, lambda d: False)
    assert t.rules.pending(t.s).kind == "triggers"
    with pytest.raises(IllegalAction) as exc:
        t.act(A, X.TriggerFirst(t.idx(B, "b-toll-bridge")))
    assert exc.value.rule == "MK 6.05.E"
